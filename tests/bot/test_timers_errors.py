"""Deadline events posted by the timer loop, and the one error handler for unexpected failures."""

from __future__ import annotations

import logging
from typing import Any
from unittest.mock import MagicMock

import discord
import pytest

from bot.client import DamaBot
from bot.ui import errors
from service import GameSettings
from tests.bot import support
from tests.bot.support import ALICE, BOB, CHANNEL, Recorder, interaction
from tests.bot.test_commands import new_game

pytestmark = pytest.mark.asyncio


async def test_reminder_then_loss_on_time(bot: DamaBot, log: Recorder, clock: Any) -> None:
    game_id = await new_game(bot.service)  # 3 days per move; the reminder comes a third of it before the end
    await bot.service.players.set_preferences(ALICE, notifications="channel")
    clock.advance(days=2, hours=1)
    events = await bot.timers.tick()
    assert [e.kind.value for e in events] == ["reminder"]
    await bot.outbox.drain()  # the outbox worker's job (not running in these tests)
    reminder = log.last()
    assert reminder.via == "channel" and reminder.to == CHANNEL
    assert reminder.content is not None and reminder.content.startswith(f"<@101> Reminder: game #{game_id}")
    clock.advance(days=1)
    events = await bot.timers.tick()
    assert [e.kind.value for e in events] == ["timeout"]
    await bot.outbox.drain()
    final = log.boards()[-1]
    assert final.via == "channel" and final.content == "Time is up. Black wins."
    assert (await bot.service.queries.game(game_id)).result == "0-1"


async def test_reminder_by_dm(bot: DamaBot, log: Recorder, clock: Any) -> None:
    await new_game(bot.service)
    clock.advance(days=2, hours=1)
    await bot.timers.tick()
    await bot.outbox.drain()
    dm = log.last()
    assert dm.via == "dm" and dm.to == ALICE and dm.filenames[0].endswith(".png")


async def test_expired_challenge_loses_its_buttons(bot: DamaBot, log: Recorder, clock: Any) -> None:
    challenge = await bot.service.challenges.create(ALICE, BOB, channel_id=CHANNEL)
    await bot.service.challenges.set_message(challenge.id, CHANNEL, 1234)
    partial = MagicMock(spec=discord.PartialMessage)
    channel = MagicMock(spec=discord.PartialMessageable)
    channel.get_partial_message.return_value = partial
    bot.get_partial_messageable = MagicMock(return_value=channel)  # type: ignore[method-assign]
    clock.advance(hours=25)
    events = await bot.timers.tick()
    assert [e.kind.value for e in events] == ["challenge_expiry"]
    await bot.outbox.drain()
    channel.get_partial_message.assert_called_once_with(1234)
    kwargs = partial.edit.await_args.kwargs
    assert kwargs["view"] is None and kwargs["content"] == "<@101>'s challenge has expired."


async def test_unexpected_errors_are_logged_and_apologised_for(
    bot: DamaBot, log: Recorder, caplog: pytest.LogCaptureFixture
) -> None:
    inter = interaction(bot, ALICE, log)
    with caplog.at_level(logging.ERROR, logger="bot.ui.errors"):
        await errors.report(inter, ZeroDivisionError("boom"))
    assert log.last().ephemeral and log.last().content == "Sorry, something went wrong on my side. It has been logged."
    record = caplog.records[-1]
    assert record.exc_info is not None and record.exc_info[0] is ZeroDivisionError


async def test_discord_refusing_a_permission_is_explained(bot: DamaBot, log: Recorder) -> None:
    response = MagicMock(status=403, reason="Forbidden")
    await errors.report(interaction(bot, ALICE, log), discord.Forbidden(response, "Missing Permissions"))
    assert log.last().ephemeral and "missing a permission" in (log.last().content or "")


async def test_posting_to_a_channel_without_permissions(bot: DamaBot, log: Recorder) -> None:
    # The game lives in another channel where the bot may not attach files.

    elsewhere = support.text_channel(3000, log, discord.Permissions(send_messages=True, embed_links=True))
    bot.test_channels[3000] = elsewhere  # type: ignore[attr-defined]
    challenge = await bot.service.challenges.create(
        ALICE,
        BOB,
        settings=GameSettings(color="white"),
        channel_id=3000,
    )
    await bot.service.challenges.accept(challenge.id, BOB)
    await support.run_command(bot, "move", interaction(bot, ALICE, log), move="22-18")
    assert log.last().ephemeral
    told = log.last().content or ""
    assert told.startswith("I can't do that in <#3000>: I need the Attach Files permission. Done: that is stored")
    assert (await bot.service.queries.game(1)).ply == 1  # the move is kept; its board waits for the permission
    assert await bot.service.outbox.stream_pending("game:1", 10**9) >= 1
