"""The operator's examples in docs/examples/ (issue 31) say what the bot does: the systemd units restart it,
stop it with SIGTERM and wait longer than its graceful stop takes; systemd itself accepts them
(systemd-analyze verify); the environment file holds settings the bot accepts; the Prometheus targets are the
ports the units serve. (The Grafana dashboard is checked against a real scrape in tests/e2e/test_metrics.py.)"""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest

from bot.client import RELEASE_TIMEOUT
from bot.settings import load_settings, read_env_file

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "docs" / "examples"
UNITS = ("dama.service", "dama@.service")
STOP_MARGIN = 10.0  # seconds for the gateway to close and the engine pool to stop after the grace


def unit(path: Path) -> dict[str, dict[str, list[str]]]:
    """systemd's unit syntax: [Section] headers, Key=Value lines (a key may repeat), # and ; comments."""
    sections: dict[str, dict[str, list[str]]] = {}
    current: dict[str, list[str]] | None = None
    for number, raw in enumerate(path.read_text().splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith(("#", ";")):
            continue
        header = re.fullmatch(r"\[([A-Za-z]+)\]", line)
        if header:
            current = sections.setdefault(header.group(1), {})
            continue
        key, sep, value = line.partition("=")
        assert sep and current is not None and re.fullmatch(r"[A-Za-z]+", key), f"{path.name}:{number}: {raw!r}"
        current.setdefault(key, []).append(value)
    return sections


def environment(service: dict[str, list[str]]) -> dict[str, str]:
    return dict(item.split("=", 1) for item in service.get("Environment", []))


def seconds(value: str) -> float:
    found = re.fullmatch(r"(\d+)(s|min)?", value)
    assert found, value
    return float(found.group(1)) * (60 if found.group(2) == "min" else 1)


@pytest.mark.parametrize("name", UNITS)
def test_the_unit_restarts_and_stops_the_bot_gracefully(name: str) -> None:
    sections = unit(EXAMPLES / name)
    assert set(sections) == {"Unit", "Service", "Install"}
    service = sections["Service"]
    assert service["Restart"] == ["always"]
    assert service["KillSignal"] == ["SIGTERM"]
    assert service["ExecStart"][0].endswith("/.venv/bin/python -m bot")
    env = environment(service)
    grace = float(env.get("SHUTDOWN_GRACE", "20"))
    assert seconds(service["TimeoutStopSec"][0]) >= grace + RELEASE_TIMEOUT + STOP_MARGIN
    assert env.get("LOG_FORMAT") == "json"
    assert re.fullmatch(r"946(\d|%i)", env["METRICS_PORT"])


def test_the_cluster_unit_runs_one_shard_per_instance() -> None:
    env = environment(unit(EXAMPLES / "dama@.service")["Service"])
    assert env["SHARD_IDS"] == "%i"
    assert env["METRICS_PORT"] == "946%i"


@pytest.mark.systemd
@pytest.mark.parametrize("name", UNITS)
def test_systemd_accepts_the_unit(name: str, tmp_path: Path) -> None:
    # paths where this checkout is, so that systemd finds the program it would run
    text = (EXAMPLES / name).read_text().replace("/opt/dama", str(ROOT))
    copy = tmp_path / name.replace("@.", "@0.")
    copy.write_text(text)
    try:
        done = subprocess.run(["systemd-analyze", "verify", str(copy)], capture_output=True, text=True, timeout=60)
    except FileNotFoundError:
        pytest.fail("this test needs systemd-analyze (Debian: apt install systemd)", pytrace=False)
    assert done.returncode == 0, done.stderr
    assert done.stderr.strip() == "", done.stderr  # systemd warns, and ignores, a line it cannot parse


def test_the_environment_file_holds_settings_the_bot_accepts() -> None:
    values = read_env_file(EXAMPLES / "dama.env")
    assert {"DISCORD_TOKEN", "DATABASE_URL", "SHARD_COUNT"} <= values.keys()
    values["DISCORD_TOKEN"] = "x" * 30
    for service in (unit(EXAMPLES / n)["Service"] for n in UNITS):
        chosen = load_settings({**values, **environment(service)} | {"SHARD_IDS": "1", "METRICS_PORT": "9461"},
                               env_file=None)
        assert chosen.database_url.get().startswith("postgresql://")
        assert chosen.shard_count == 2


def test_prometheus_scrapes_the_ports_the_units_serve() -> None:
    targets = re.findall(r"127\.0\.0\.1:(\d+)", (EXAMPLES / "prometheus.yml").read_text())
    single = environment(unit(EXAMPLES / "dama.service")["Service"])["METRICS_PORT"]
    shards = [environment(unit(EXAMPLES / "dama@.service")["Service"])["METRICS_PORT"].replace("%i", str(n))
              for n in range(2)]
    assert sorted(targets) == sorted([single, *shards])
