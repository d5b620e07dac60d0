"""Journey 4: a move deadline passes. The clock is shortened through the repository API while the bot is
stopped (timers are durable rows, so the restarted bot picks them up): a reminder, then a loss on time."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from data import Database
from data.timeutil import to_db
from tests.e2e.helpers import check_board_image, field, game_id_of, rows, slash_move, start_game, wait_dms
from tests.fakediscord.fixtures import bot_launcher, fake_discord  # noqa: F401

pytestmark = pytest.mark.asyncio
# Seconds left on bob's clock when the bot comes back. A restart slower than this (a loaded CI machine took
# over 2 s) makes both timers due in one tick, and the DM and the channel post then go out side by side.
LEFT = 6.0


async def shorten_clock(path: Path, game_id: int, seconds_left: float) -> None:
    """The deadline is `seconds_left` from now and the reminder (due when a third of the time is left)
    is already due: as if two days of a three-day move had gone by."""
    now = datetime.now(UTC)
    deadline = to_db(now + timedelta(seconds=seconds_left))
    db = await Database.open(path)
    try:
        async with db.write() as repos:
            await repos.games.set_clock(game_id, deadline, None)
            await repos.timers.cancel_for_game(game_id)
            await repos.timers.add("reminder", to_db(now - timedelta(seconds=1)), to_db(now), game_id=game_id)
            await repos.timers.add("timeout", deadline, to_db(now), game_id=game_id)
    finally:
        await db.close()


async def test_reminder_then_loss_on_time(fake_discord, bot_launcher) -> None:  # noqa: F811
    fake = fake_discord
    bot = await bot_launcher.process("bot")
    alice, bob = fake.alice, fake.bob
    board = await start_game(fake, alice, bob)
    game = game_id_of(board)
    await slash_move(fake, alice, "22-18")
    await wait_dms(fake, bob, 1)  # "Your move in game #1."
    await bot.stop()

    await shorten_clock(bot.database_path, game, LEFT)
    restarted_at = datetime.now(UTC)
    await bot.start()

    reminder = (await wait_dms(fake, bob, 2))[-1]
    assert reminder.content.startswith(f"Reminder: game #{game} is waiting for your move. Deadline:")
    check_board_image(reminder)

    lost = await fake.wait_for_message(fake.channel, predicate=lambda m: "Time is up." in m.content,
                                       after=board, timeout=LEFT + 15)
    assert "Time is up. White wins." in lost.content, lost.content
    assert field(lost, "Result") == "1-0 · White wins: Black ran out of time."
    check_board_image(lost)
    assert lost.custom_ids() == [f"dama:rematch:{game}", f"dama:study:{game}"]  # no move buttons
    assert reminder.id < lost.id and reminder.created_at <= lost.created_at  # the reminder came first
    status, result, termination, finished_at = rows(
        bot.database_path, "SELECT status, result, termination, finished_at FROM games WHERE id = ?", (game,)
    )[0]
    assert (status, result, termination) == ("finished", "1-0", "timeout")
    # not before the deadline
    assert datetime.fromisoformat(finished_at) >= restarted_at + timedelta(seconds=LEFT) - timedelta(seconds=1)
    # and each fires once: one reminder DM, one result message
    assert len([m for m in fake.dm_messages(bob) if m.content.startswith("Reminder:")]) == 1
    assert len([m for m in fake.messages(fake.channel) if "Time is up." in m.content]) == 1
    refused = await fake.wait_for_reply(await fake.slash(bob, "move", move="11-14", game=game))
    assert refused.ephemeral and refused.content == f"Game #{game} is over. White wins: Black ran out of time."
