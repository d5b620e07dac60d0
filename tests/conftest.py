"""The suite's tiers, marked on every test at collection (`pytest -m unit`, `-m database`, …; docs/TESTING.md):

- `database`: runs on PostgreSQL (a test parametrised over both stores has its PostgreSQL half here);
- `e2e`: starts the real `python -m bot` against the loopback Discord;
- `browser`: drives headless Chromium;
- `systemd`: checks the example systemd units with systemd-analyze (marked by hand);
- `slow`: the long checks (marked by hand);
- `unit`: everything else, which needs nothing beyond the virtualenv.

`make test` (tests/tiers.py) runs the tiers this machine can run, without the slow one; `make test-all` runs all.
"""

from __future__ import annotations

import os

import pytest

# A bot the tests start must not spend minutes building endgame table files (engine/tablebuild.py).
os.environ["ENGINE_TABLES"] = "off"

SERVERS = ("database", "e2e", "browser", "systemd", "slow")


def _on_postgres(item: pytest.Item) -> bool:
    fixtures = set(getattr(item, "fixturenames", ()))
    callspec = getattr(item, "callspec", None)
    params = callspec.params.values() if callspec is not None else ()
    return "postgres_session_database" in fixtures or any(isinstance(v, str) and v == "postgresql" for v in params)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        fixtures = set(getattr(item, "fixturenames", ()))
        if _on_postgres(item):
            item.add_marker(pytest.mark.database)
        if "browser" in fixtures or item.path.name == "test_browser.py":
            item.add_marker(pytest.mark.browser)
        if "bot_launcher" in fixtures or "e2e" in item.path.parts:
            item.add_marker(pytest.mark.e2e)
        if not any(item.get_closest_marker(name) for name in SERVERS):
            item.add_marker(pytest.mark.unit)
