"""LOG_FORMAT=json (issue 31): a game at LOG_LEVEL=DEBUG on a real process; every log line is one JSON object
with time, level, logger and message, lines written while handling a player's command carry the shard, server
and game, and no secret reaches any line (the bot token, interaction tokens, webhook URLs)."""

from __future__ import annotations

import json
import re
from datetime import datetime
from typing import Any

import pytest

from tests.e2e.helpers import game_id_of, slash_move, start_game, wait_dms
from tests.fakediscord.fixtures import bot_launcher, fake_discord  # noqa: F401

pytestmark = pytest.mark.asyncio
LAUNCH_BANNER = re.compile(r"^===== start #\d+: python -m bot =====$")


def json_lines(output: str) -> list[dict[str, Any]]:
    entries = []
    for line in output.splitlines():
        if not line.strip() or LAUNCH_BANNER.match(line):
            continue
        entry = json.loads(line)  # fails the test on any line that is not one JSON object
        assert isinstance(entry, dict), line
        entries.append(entry)
    return entries


async def test_json_lines_with_context_and_no_secret(fake_discord, bot_launcher) -> None:  # noqa: F811
    fake = fake_discord
    bot = await bot_launcher.process("bot", env={"LOG_LEVEL": "DEBUG", "LOG_FORMAT": "json"})
    alice, bob = fake.alice, fake.bob
    game = game_id_of(await start_game(fake, alice, bob))
    for user, move in ((alice, "22-18"), (bob, "11-14")):
        await slash_move(fake, user, move, game=game)
    await wait_dms(fake, alice, 2)
    await bot.stop()

    output = bot.output()
    entries = json_lines(output)
    assert len(entries) > 50
    for entry in entries:
        assert {"time", "level", "logger", "message"} <= entry.keys(), entry
        assert datetime.fromisoformat(entry["time"]).utcoffset() is not None
        assert entry["level"] in ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL")
    inline = [e for e in entries if e["message"].startswith(f"inline delivery for game {game}:")]
    # written inside the handlers of the Accept click (its custom id names the challenge) and the two /move
    assert [entry.get("game") for entry in inline] == [None, game, game], inline
    for entry in inline:
        assert entry["server"] == fake.guild_id and entry["shard"] == 0, entry
    assert any(e["logger"] == "discord.gateway" and "INTERACTION_CREATE" in e["message"] for e in entries)
    assert not any("server" in e for e in entries if e["message"].startswith("connected as"))

    tokens = list(fake.by_token)
    assert len(tokens) >= 4
    assert fake.token not in output
    assert not [token for token in tokens if token in output]
    assert not re.search(r"/webhooks/\d+/(?!<redacted>)", output)
    assert "<redacted>" in output
