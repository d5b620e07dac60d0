"""SIGTERM while commands are in flight: the bot finishes what it started, then exits cleanly."""

from __future__ import annotations

import asyncio

import pytest

from tests.e2e.helpers import start_game
from tests.fakediscord.fixtures import bot_launcher, fake_discord  # noqa: F401

pytestmark = [pytest.mark.asyncio, pytest.mark.slow]


async def test_sigterm_during_a_hint_finishes_it_and_exits_cleanly(fake_discord, bot_launcher) -> None:  # noqa: F811
    bot = await bot_launcher.process("bot")
    fake = fake_discord
    await start_game(fake, fake.alice, fake.bob)
    hint = await fake.slash(fake.alice, "hint")
    await fake.wait_for_ack(hint)
    await asyncio.sleep(0.2)  # the engine is thinking now
    code = await bot.stop(timeout=20)
    assert code == 0, bot.tail()
    reply = await fake.wait_for_reply(hint, timeout=1)
    assert (reply.content or "").startswith("Hint for game #1"), reply.content
    assert not bot.tracebacks(), bot.tracebacks()[0]
