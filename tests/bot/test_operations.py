"""The operator's settings (METRICS_PORT, METRICS_HOST, SHUTDOWN_GRACE, LOG_FORMAT) and the JSON log lines'
masking of secrets, field by field."""

from __future__ import annotations

import json
import logging
import re
import sys
from pathlib import Path

import pytest

from bot import metrics
from bot.logs import MASK, JsonFormatter, RedactingFormatter, log_context
from bot.settings import SettingsError, load_settings

TOKEN = "MTA5ODc2NTQzMjEwOTg3NjU0.GaBcDe.abcdefghijklmnopqrstuvwxyz012345678"
INTERACTION = "aW50ZXJhY3Rpb246MTIzNDU2Nzg5MDEyMzQ1Njc4OTpzZWNyZXQtdG9rZW4tdmFsdWU"


def settings(**env: str):  # type: ignore[no-untyped-def]
    return load_settings(env, env_file=None)


def test_defaults_serve_nothing_and_wait_twenty_seconds() -> None:
    chosen = settings()
    assert chosen.metrics_port is None
    assert chosen.metrics_host == "127.0.0.1"
    assert chosen.shutdown_grace == 20.0
    assert chosen.log_format == "text"


def test_operator_settings_are_read() -> None:
    chosen = settings(METRICS_PORT="9464", METRICS_HOST="0.0.0.0", SHUTDOWN_GRACE="5.5", LOG_FORMAT="JSON")
    assert (chosen.metrics_port, chosen.metrics_host) == (9464, "0.0.0.0")
    assert chosen.shutdown_grace == 5.5
    assert chosen.log_format == "json"


@pytest.mark.parametrize(
    ("name", "value"),
    [("METRICS_PORT", "http"), ("METRICS_PORT", "70000"), ("METRICS_PORT", "0"), ("SHUTDOWN_GRACE", "-1"),
     ("SHUTDOWN_GRACE", "soon"), ("SHUTDOWN_GRACE", "601"), ("LOG_FORMAT", "xml")],
)
def test_bad_values_name_the_setting(name: str, value: str) -> None:
    with pytest.raises(SettingsError, match=name):
        settings(**{name: value})


def record(message: str, *args: object, exc: bool = False) -> logging.LogRecord:
    info = None
    if exc:
        try:
            raise RuntimeError(f"failed posting to /webhooks/123456789012345678/{INTERACTION}")
        except RuntimeError:
            info = sys.exc_info()
    return logging.LogRecord("discord.gateway", logging.DEBUG, __file__, 1, message, args, info)


def test_json_lines_mask_tokens_even_inside_escaped_quotes() -> None:
    formatter = RedactingFormatter(JsonFormatter(), (TOKEN,))
    payload = {"op": 2, "d": {"token": TOKEN}}
    event = {"t": "INTERACTION_CREATE", "d": {"token": INTERACTION}}
    line = formatter.format(record("identify %s then %s", json.dumps(payload), event, exc=True))
    entry = json.loads(line)
    assert TOKEN not in line and INTERACTION not in line
    assert MASK in entry["message"] and MASK in entry["exception"]
    assert entry["logger"] == "discord.gateway" and entry["level"] == "DEBUG"
    assert "RuntimeError" in entry["exception"]


def test_json_lines_carry_what_they_are_about() -> None:
    formatter = JsonFormatter()
    assert {"shard", "server", "game"}.isdisjoint(json.loads(formatter.format(record("plain"))))
    with log_context(shard=1, server=42, game=None):
        with log_context(game=7):
            entry = json.loads(formatter.format(record("inside")))
        outer = json.loads(formatter.format(record("outer")))
    assert (entry["shard"], entry["server"], entry["game"]) == (1, 42, 7)
    assert "game" not in outer and outer["server"] == 42
    after = json.loads(formatter.format(record("after")))
    assert "server" not in after


def test_every_metric_is_documented() -> None:
    text = (Path(__file__).resolve().parents[2] / "docs" / "OPERATIONS.md").read_text()
    names = [family.name for family in metrics.REGISTRY.collect()]
    assert len(names) > 15
    for name in names:
        documented = name.startswith("dama_process_") or f"`{name}`" in text or f"`{name}_total`" in text
        assert documented, name


def test_every_button_of_dama_has_its_own_name_in_the_metrics() -> None:
    from bot.exts import FEATURES  # noqa: PLC0415 - the features load the whole bot
    from bot.ui.prompts import PROMPT_ID  # noqa: PLC0415 - likewise

    prompts = re.search(r"\^dama-\(\?:([a-z|]+)\)", PROMPT_ID.pattern)  # the move picker's prompts
    assert prompts, PROMPT_ID.pattern
    actions: set[str] = set(prompts.group(1).split("|"))
    for feature in FEATURES:
        for item in feature.dynamic_items:
            pattern = item.__discord_ui_compiled_template__.pattern
            found = re.match(r"dama[:-](?:\(\?P<action>([a-z|]+)\)|([a-z]+))", pattern)
            assert found, pattern
            actions |= set((found.group(1) or found.group(2)).split("|"))
    assert len(actions) >= 10
    assert actions <= metrics.COMPONENT_ACTIONS, actions - metrics.COMPONENT_ACTIONS
    for action in actions:
        assert metrics.component_name({"custom_id": f"dama:{action}:12"}) == action
    assert metrics.component_name({"custom_id": "dama:anything_else:12"}) == "other"
    assert metrics.component_name({"custom_id": "1234567890"}) == "other"
    assert metrics.game_in({"custom_id": "dama:move:12"}) == 12
    assert metrics.game_in({"custom_id": "dama:offer:draw:yes:34"}) == 34
    assert metrics.game_in({"custom_id": "dama:accept:56"}) is None  # a challenge's number
