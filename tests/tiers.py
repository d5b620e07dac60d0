"""Which test tiers this machine can run (tests/conftest.py marks them), for the Makefile.

`python -m tests.tiers first-hour [PYTEST ARGS]` is `make test`: every tier but the slow, browser and end-to-end
ones, and the database tier only when PostgreSQL answers; its last line names the tiers it left to `make test-all`
and why.
`python -m tests.tiers require-all` is `make test-all`'s first step: it stops with a sentence when PostgreSQL,
Chromium, chromedriver or systemd-analyze is missing, since test-all keeps every tier.
"""

from __future__ import annotations

import asyncio
import shutil
import subprocess
import sys

import asyncpg

from tests.stores import ADMIN_URL

SLOW = "slow (the long checks: deep perft, 100,000-position agreement runs, crash tests, the puzzle check)"
E2E = "e2e (about 90 journeys of the real bot against the loopback Discord, each starting bot processes: minutes more)"


def postgres_missing() -> str | None:
    """Why the PostgreSQL tests cannot run here, or None when the server answers."""
    async def probe() -> None:
        conn = await asyncpg.connect(ADMIN_URL, timeout=5)
        await conn.close()

    try:
        asyncio.run(probe())
    except (OSError, asyncpg.PostgresError, TimeoutError) as error:
        reason = str(error) or type(error).__name__
        return f"no PostgreSQL answers at {ADMIN_URL} ({reason}; DAMA_TEST_POSTGRES names another server)"
    return None


def chromium_missing() -> str | None:
    """Why the browser tests cannot run here, or None when Chromium and chromedriver are installed."""
    missing = [name for name, found in (
        ("chromium", shutil.which("chromium") or shutil.which("chromium-browser")),
        ("chromedriver", shutil.which("chromedriver")),
    ) if found is None]
    if missing:
        return f"{' and '.join(missing)} not installed (Debian: apt-get install chromium chromium-driver)"
    return None


def systemd_missing() -> str | None:
    """Why the example units cannot be checked here, or None when systemd-analyze is installed."""
    if shutil.which("systemd-analyze") is None:
        return "systemd-analyze not installed (Debian: apt-get install systemd)"
    return None


def first_hour_selection(
    no_postgres: str | None, no_chromium: str | None, no_systemd: str | None
) -> tuple[str, list[str]]:
    """make test's marker expression, and each tier it leaves to make test-all with the reason."""
    left = [SLOW, "browser (" + (no_chromium or "it runs with the slow tier") + ")", E2E]
    expression = "not slow and not browser and not e2e"
    if no_postgres:
        left.append(f"database ({no_postgres})")
        expression += " and not database"
    if no_systemd:
        left.append(f"systemd ({no_systemd})")
        expression += " and not systemd"
    return expression, left


def first_hour(pytest_args: list[str]) -> int:
    expression, left = first_hour_selection(postgres_missing(), chromium_missing(), systemd_missing())
    code = subprocess.call([sys.executable, "-m", "pytest", "-m", expression, *pytest_args])
    print(f"make test left to make test-all: {'; '.join(left)}.", flush=True)
    return code


def require_all() -> int:
    missing = [reason for reason in (postgres_missing(), chromium_missing(), systemd_missing()) if reason]
    if missing:
        print(f"make test-all runs every tier and cannot here: {'; '.join(missing)}.", file=sys.stderr)
        return 1
    return 0


def main(argv: list[str]) -> int:
    if argv[:1] == ["first-hour"]:
        return first_hour(argv[1:])
    if argv == ["require-all"]:
        return require_all()
    print("usage: python -m tests.tiers first-hour [PYTEST ARGS] | require-all", file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
