"""A graceful stop (issue 31), on real `python -m bot` processes against the loopback Discord: SIGTERM while a
move is in flight. New interactions are answered that the bot is restarting; the move is stored once and its
board delivered once, by this process within SHUTDOWN_GRACE or, once it hands back its claims, by another
process at once (long before the 120 s delivery lease would have run out); the process exits 0 in time."""

from __future__ import annotations

import asyncio
import signal
import time

import pytest

from messages.i18n import ENGLISH
from messages.lifecycle import cut_short, restarting
from tests.e2e.helpers import game_id_of, rows, start_game, wait_dms
from tests.e2e.test_cluster import rows as pg_rows
from tests.fakediscord.fake import FakeDiscord
from tests.fakediscord.fixtures import bot_launcher, fake_discord  # noqa: F401
from tests.fakediscord.model import FakeChannel
from tests.fakediscord.process import BotProcess
from tests.stores import postgres_database

pytestmark = [pytest.mark.asyncio, pytest.mark.slow]


def boards(fake: FakeDiscord, channel: FakeChannel, game: int) -> list[str]:
    return [a.filename for m in fake.messages(channel, include_ephemeral=False) for a in m.attachments
            if a.filename.startswith(f"game-{game}-")]


async def start_game_in(fake: FakeDiscord, channel: FakeChannel) -> int:
    """alice challenges bob in `channel`, bob accepts, alice plays 22-18; returns the game's number."""
    challenge = await fake.slash(fake.alice, "challenge", channel=channel, opponent=fake.bob, colour="white")
    offer = await fake.wait_for_reply(challenge)
    accept = next(c for c in offer.custom_ids() if c.startswith("dama:accept:"))
    board = (await fake.wait_for_followups(await fake.click(fake.bob, offer, accept), 1))[0]
    game = game_id_of(board)
    reply = await fake.wait_for_reply(await fake.slash(fake.alice, "move", channel=channel, move="22-18", game=game))
    assert reply.embeds, reply.content
    return game


async def sigterm(fake: FakeDiscord, bot: BotProcess) -> float:
    """Send SIGTERM and wait until the process has begun its stop; returns when the signal was sent."""
    assert bot.proc is not None
    bot._expected_exit = True
    bot.proc.send_signal(signal.SIGTERM)
    sent = time.monotonic()
    await fake.wait_until(lambda: "stopping: new interactions are told" in bot.output() or None,
                          what="the stop to begin")
    return sent


async def exit_code(bot: BotProcess, started: float, within: float) -> tuple[int, float]:
    assert bot.proc is not None
    code = await asyncio.wait_for(bot.proc.wait(), within)
    return code, time.monotonic() - started


async def test_a_move_in_flight_is_finished_within_the_grace(fake_discord, bot_launcher) -> None:  # noqa: F811
    fake = fake_discord
    bot = await bot_launcher.process("bot", env={"SHUTDOWN_GRACE": "10"})
    game = game_id_of(await start_game(fake, fake.alice, fake.bob))
    await wait_dms(fake, fake.alice, 1)
    fake.hold_message_posts = True
    move = await fake.slash(fake.alice, "move", move="22-18")
    await fake.wait_until(lambda: fake.held_posts or None, what="the board's post to reach Discord")
    started = await sigterm(fake, bot)

    late = await fake.slash(fake.bob, "games")  # arrives during the stop: told, not served
    assert (await fake.wait_for_reply(late)).content == restarting(ENGLISH)
    await asyncio.sleep(1.0)
    fake.hold_message_posts = False  # Discord answers: the post finishes inside the grace

    code, took = await exit_code(bot, started, within=15)
    assert code == 0, bot.tail()
    assert took < 10 + 5, took
    assert fake.dropped_posts == 0
    assert boards(fake, fake.channel, game) == [f"game-{game}-0.png", f"game-{game}-1.png"]
    reply = await fake.wait_for_reply(move, timeout=1)
    assert reply.embeds and game_id_of(reply) == game
    assert rows(bot.database_path, "SELECT ply, player_id FROM moves WHERE game_id = ?", (game,)) == [
        (1, fake.alice.id)]
    assert rows(bot.database_path, "SELECT COUNT(*) FROM outbox WHERE kind = 'moved' AND status = 'delivered'") \
        == [(1,)]
    assert "stopping: handed back" in bot.output()
    assert not bot.tracebacks(), bot.tracebacks()[0]


@pytest.mark.database
async def test_a_post_cut_short_by_the_stop_is_sent_by_another_process_at_once(
    fake_discord, bot_launcher  # noqa: F811
) -> None:
    fake = fake_discord
    mine = fake.add_guild("stopping server", shard=(0, 2))[1]
    fake.add_guild("other server", shard=(1, 2))
    async with postgres_database() as url:
        common = {"DATABASE_URL": url, "SHARD_COUNT": "2", "WORK_LEASE_SECONDS": "2"}
        stopping = await bot_launcher.process("bot", env={**common, "SHARD_IDS": "0", "SHUTDOWN_GRACE": "3"})
        other = await bot_launcher.process("bot", env={**common, "SHARD_IDS": "1"})
        try:
            await handed_over(fake, url, mine, stopping)
        finally:
            for process in (stopping, other):  # before the database goes
                await process.stop()
        for process in (stopping, other):
            assert not process.tracebacks(), process.tracebacks()[0][-2000:]


async def handed_over(fake: FakeDiscord, url: str, mine: FakeChannel, stopping: BotProcess) -> None:
    """bob moves while Discord holds the post; the stopping process cuts it short and hands it back."""
    game = await start_game_in(fake, mine)  # ends with alice's 22-18: a board and a DM
    await fake.wait_until(lambda: len(fake.dm_messages(fake.bob)) >= 1 or None, what="bob's DM")

    fake.hold_message_posts = True
    await fake.slash(fake.bob, "move", channel=mine, move="11-14", game=game)
    await fake.wait_until(lambda: fake.held_posts or None, what="the board's post to reach Discord")
    started = await sigterm(fake, stopping)
    pid = stopping.pid
    code, took = await exit_code(stopping, started, within=3 + 10)
    exited = time.monotonic()
    assert code == 0, stopping.tail()
    assert took < 3 + 5, took
    # the board's post was cut short, and so was the try to tell bob so (Discord holds every post): neither made
    await fake.wait_until(lambda: fake.dropped_posts == 2 or None, timeout=2, what="both posts to be dropped")
    held = await pg_rows(url, "SELECT (SELECT COUNT(*) FROM outbox WHERE claimed_by LIKE $1 AND status = 'pending') "
                              "+ (SELECT COUNT(*) FROM leases WHERE holder LIKE $1)", f"%:{pid}:%")
    assert held[0][0] == 0  # handed back, not left to run out its lease

    fake.hold_message_posts = False
    await fake.wait_until(lambda: f"game-{game}-2.png" in boards(fake, mine, game) or None, timeout=15,
                          what="the board, from the other process")
    assert time.monotonic() - exited < 10  # the delivery lease is 120 s
    await asyncio.sleep(2.0)  # time for a second copy to show up, were there one
    assert boards(fake, mine, game) == [f"game-{game}-0.png", f"game-{game}-1.png", f"game-{game}-2.png"]
    moves = await pg_rows(url, "SELECT ply, player_id FROM moves WHERE game_id = $1 ORDER BY ply", game)
    assert [(m[0], m[1]) for m in moves] == [(1, fake.alice.id), (2, fake.bob.id)]
    await fake.wait_until(lambda: len(fake.dm_messages(fake.alice)) >= 2 or None, what="alice's DM")


async def test_sigint_stops_as_gracefully_as_sigterm(fake_discord, bot_launcher) -> None:  # noqa: F811
    bot = await bot_launcher.process("bot", env={"SHUTDOWN_GRACE": "5"})
    await start_game(fake_discord, fake_discord.alice, fake_discord.bob)
    assert bot.proc is not None
    bot._expected_exit = True
    bot.proc.send_signal(signal.SIGINT)  # Ctrl+C in a terminal
    code = await asyncio.wait_for(bot.proc.wait(), 5 + 10)
    assert code == 0, bot.tail()
    assert "stopping: handed back" in bot.output()
    assert not bot.tracebacks(), bot.tracebacks()[0]


async def test_an_interaction_the_grace_cuts_short_is_told_so(fake_discord, bot_launcher) -> None:  # noqa: F811
    fake = fake_discord
    bot = await bot_launcher.process("bot", env={"SHUTDOWN_GRACE": "0.5"})
    await start_game(fake, fake.alice, fake.bob)
    hint = await fake.slash(fake.alice, "hint")  # the engine thinks for 1.5 s: longer than the grace
    assert await fake.wait_for_ack(hint) == 5  # "thinking"
    started = await sigterm(fake, bot)
    code, took = await exit_code(bot, started, within=10)
    assert code == 0, bot.tail()
    assert took < 0.5 + 5, took
    reply = await fake.wait_for_reply(hint, timeout=1)
    assert reply.content == cut_short(ENGLISH) and reply.ephemeral, reply.content
    assert not hint.refusals, hint.refusals
    assert "did not finish in time and were cancelled" in bot.output()
    assert not bot.tracebacks(), bot.tracebacks()[0]
