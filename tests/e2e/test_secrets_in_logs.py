"""Logs hold no secrets at any level (issue 12): a whole game at LOG_LEVEL=DEBUG, then the bot's log is
searched for the bot token, every interaction token the fake handed out, and webhook URLs with a token."""

from __future__ import annotations

import re

import pytest

from tests.e2e.helpers import game_id_of, slash_move, start_game, wait_dms
from tests.fakediscord.fixtures import bot_launcher, fake_discord  # noqa: F401

pytestmark = pytest.mark.asyncio


async def test_a_debug_log_of_a_whole_game_holds_no_secret(fake_discord, bot_launcher) -> None:  # noqa: F811
    fake = fake_discord
    bot = await bot_launcher.process("bot", env={"LOG_LEVEL": "DEBUG"})
    alice, bob = fake.alice, fake.bob
    board = await start_game(fake, alice, bob)
    game = game_id_of(board)
    for user, move in ((alice, "22-18"), (bob, "11-14"), (alice, "18x11")):
        await slash_move(fake, user, move)
    await wait_dms(fake, bob, 2)
    await fake.wait_for_reply(await fake.slash(bob, "hint", game=game))
    await fake.wait_for_reply(await fake.slash(bob, "resign", game=game))
    log = bot.output()
    assert "DEBUG" in log and "INTERACTION_CREATE" in log  # the chatty loggers did run
    tokens = list(fake.by_token)
    assert len(tokens) >= 6
    assert fake.token not in log
    assert not [token for token in tokens if token in log]
    assert not re.search(r"/webhooks/\d+/(?!<redacted>)", log)
    assert "<redacted>" in log  # what was there is masked, not dropped
