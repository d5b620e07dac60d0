"""The tiers `make test` and `make test-all` choose from (tests/tiers.py, tests/conftest.py)."""

from __future__ import annotations

import socket

import pytest

from tests import tiers


def _closed_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def test_a_server_that_does_not_answer_is_named_in_a_sentence(monkeypatch: pytest.MonkeyPatch) -> None:
    url = f"postgresql://postgres@127.0.0.1:{_closed_port()}/postgres"
    monkeypatch.setattr(tiers, "ADMIN_URL", url)
    reason = tiers.postgres_missing()
    assert reason is not None and reason.startswith(f"no PostgreSQL answers at {url}")


def test_test_all_stops_with_a_sentence_without_its_servers(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(tiers, "ADMIN_URL", f"postgresql://postgres@127.0.0.1:{_closed_port()}/postgres")
    monkeypatch.setenv("PATH", "")
    assert tiers.chromium_missing() == (
        "chromium and chromedriver not installed (Debian: apt-get install chromium chromium-driver)"
    )
    assert tiers.systemd_missing() == "systemd-analyze not installed (Debian: apt-get install systemd)"
    assert tiers.require_all() == 1
    said = capsys.readouterr().err
    assert said.startswith("make test-all runs every tier and cannot here: no PostgreSQL answers at")
    assert "chromium-driver); systemd-analyze not installed" in said and "Traceback" not in said


@pytest.mark.parametrize("store", ["sqlite", "postgresql"])
def test_the_postgresql_half_of_a_test_on_both_stores_is_in_the_database_tier(
    store: str, request: pytest.FixtureRequest
) -> None:
    node = request.node
    assert (node.get_closest_marker("database") is not None) == (store == "postgresql")
    assert (node.get_closest_marker("unit") is not None) == (store == "sqlite")


def test_make_test_leaves_the_long_tiers_and_says_why() -> None:
    expression, left = tiers.first_hour_selection(None, None, None)
    assert expression == "not slow and not browser and not e2e"
    assert [reason.split(" ")[0] for reason in left] == ["slow", "browser", "e2e"]
    expression, left = tiers.first_hour_selection("no PostgreSQL answers", None, "systemd-analyze not installed")
    assert expression.endswith("and not database and not systemd")
    assert "database (no PostgreSQL answers)" in left and "systemd (systemd-analyze not installed)" in left
