"""Chaos (issue 12): five games, twenty moves, while the loopback Discord answers 500 to every message post
(channel messages and interaction follow-ups) for two minutes and the bot is SIGKILLed and restarted in the
middle. Afterwards every board and every "your move" DM has arrived exactly once, in order within each game,
and no move is lost. The outage must last two minutes, so this test takes about three."""

from __future__ import annotations

import asyncio
import time
from collections import Counter

import pytest

from tests.e2e.helpers import game_id_of, rows, start_game
from tests.fakediscord import FakeDiscord, FakeUser, MessagePostFault
from tests.fakediscord.fixtures import bot_launcher, fake_discord  # noqa: F401

pytestmark = [pytest.mark.asyncio, pytest.mark.slow]
OUTAGE = 120.0  # seconds
GAMES = 5
OPENING = ["24-20", "12-16", "22-18", "11-14"]  # Italian, four plies per game: 20 moves in all
ENV = {"OUTBOX_MAX_BACKOFF": "5", "OUTBOX_LEASE": "40"}


def boards(fake: FakeDiscord, game: int) -> list[str]:
    return [a.filename for m in fake.messages(fake.channel, include_ephemeral=False) for a in m.attachments
            if a.filename.startswith(f"game-{game}-")]


def turn_dms(fake: FakeDiscord, user: FakeUser, game: int) -> list[str]:
    return [m.content for m in fake.dm_messages(user) if m.content.startswith(f"Your move in game #{game}.")]


def plies(database, games: list[int]) -> dict[int, int]:  # type: ignore[no-untyped-def]
    marks = ",".join("?" * len(games))
    return dict(rows(database, f"SELECT id, ply FROM games WHERE id IN ({marks})", tuple(games)))


async def test_outage_and_sigkill_lose_nothing_and_repeat_nothing(fake_discord, bot_launcher) -> None:  # noqa: F811
    fake = fake_discord
    bot = await bot_launcher.process("bot", env=ENV)
    alice, bob = fake.alice, fake.bob
    games = [game_id_of(await start_game(fake, alice, bob)) for _ in range(GAMES)]
    await fake.wait_until(lambda: all(turn_dms(fake, alice, g) for g in games), timeout=30, what="the start DMs")

    fault = MessagePostFault(status=500)
    fake.message_post_fault = fault
    began = time.monotonic()
    replies = []
    for ply, move in enumerate(OPENING, start=1):
        if ply == 3:  # halfway: the bot dies without a word, and comes back while Discord still fails
            await bot.kill()
            await bot.start()
        mover = alice if ply % 2 else bob
        sent = await asyncio.gather(*(fake.slash(mover, "move", move=move, game=g) for g in games))
        replies.extend(sent)
        await fake.wait_until(lambda p=ply: all(n == p for n in plies(bot.database_path, games).values()),
                              timeout=60, what=f"ply {ply} stored in every game")
    assert all(boards(fake, g) == [f"game-{g}-0.png"] for g in games)  # nothing got through meanwhile
    await asyncio.sleep(max(0.0, OUTAGE - (time.monotonic() - began)))
    fake.message_post_fault = None
    outage = time.monotonic() - began
    assert outage >= OUTAGE and fault.failed > 0

    await fake.wait_until(
        lambda: rows(bot.database_path, "SELECT COUNT(*) FROM outbox WHERE status <> 'delivered'") == [(0,)],
        timeout=120, what="every announcement delivered after the outage")
    recovered = time.monotonic() - began - outage

    for game in games:
        assert [r[0] for r in rows(bot.database_path, "SELECT path FROM moves WHERE game_id = ? ORDER BY ply",
                                   (game,))] == OPENING
        assert boards(fake, game) == [f"game-{game}-{ply}.png" for ply in range(5)], boards(fake, game)
        # bob hears of alice's moves, alice of bob's: each once, in the order they were played
        bobs = turn_dms(fake, bob, game)
        alices = turn_dms(fake, alice, game)
        assert len(bobs) == 2 and "played 24-20" in bobs[0] and "played 22-18" in bobs[1], bobs
        assert len(alices) == 3 and "played 12-16" in alices[1] and "played 11-14" in alices[2], alices
    everything = [(m.channel_id, m.content, tuple(a.filename for a in m.attachments))
                  for m in fake.messages_by_id.values() if not (m.ephemeral or m.deleted or m.loading)]
    assert not [seen for seen, count in Counter(everything).items() if count > 1]
    # every row records the message Discord made of it
    assert rows(bot.database_path, "SELECT COUNT(*) FROM outbox WHERE message_id IS NULL") == [(0,)]
    # the movers whose bot lived to answer heard that their move was stored
    answered = [r for r in replies if r.reply is not None]
    assert answered and all("is stored in game #" in (r.reply.content if r.reply else "") for r in answered)
    print(f"chaos: outage {outage:.0f} s, {fault.failed} posts refused, all delivered {recovered:.1f} s after")
