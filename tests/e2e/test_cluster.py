"""Cluster mode on the loopback Discord: three `python -m bot` processes with SHARD_COUNT=3 and SHARD_IDS=0, 1
and 2 share one PostgreSQL database. Servers are spread over the shards. Every interaction reaches the process
of its server's shard and is answered once; reminders and losses on time fire once across the processes; one
process is SIGKILLed in the middle, and the work it had leased (timers, a bot reply) is taken over."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta
from typing import Any

import asyncpg
import pytest

from data import BOT_ID, Database
from data.timeutil import to_db
from service import SYSTEM, GameSettings, Service, acting_as
from tests.e2e.helpers import game_id_of
from tests.fakediscord.fake import FakeDiscord
from tests.fakediscord.fixtures import bot_launcher, fake_discord  # noqa: F401
from tests.fakediscord.model import FakeChannel, SentInteraction
from tests.stores import postgres_database

pytestmark = [pytest.mark.asyncio, pytest.mark.slow, pytest.mark.database]
SHARDS = 3
LEASE = 2.0  # WORK_LEASE_SECONDS: the processes poll every second
LEFT = 4.0  # seconds left on each clock when the deadlines are shortened
DEAD = "killed-process:0:000000"  # the worker name the killed process's leases carry below


def shard_of(guild_id: int | None) -> int:
    return 0 if guild_id is None else (guild_id >> 22) % SHARDS


def answered_once_by_its_shard(inter: SentInteraction) -> None:
    assert inter.shard == (shard_of(inter.guild_id), SHARDS), (inter, inter.shard)
    assert inter.callback_type is not None and not inter.refusals, (inter, inter.refusals)


async def start_game(fake: FakeDiscord, channel: FakeChannel) -> int:
    alice, bob = fake.alice, fake.bob
    challenge = await fake.slash(alice, "challenge", channel=channel, opponent=bob, colour="white")
    offer = await fake.wait_for_reply(challenge)
    accept = next(c for c in offer.custom_ids() if c.startswith("dama:accept:"))
    click = await fake.click(bob, offer, accept)
    board = (await fake.wait_for_followups(click, 1))[0]
    move = await fake.slash(alice, "move", channel=channel, move="22-18", game=game_id_of(board))
    reply = await fake.wait_for_reply(move)
    assert "played 22-18" in reply.content or reply.embeds, reply.content
    for inter in (challenge, click, move):
        answered_once_by_its_shard(inter)
    return game_id_of(board)


async def shorten_clocks(url: str, games: list[int], leased: set[int]) -> datetime:
    """Each game: the reminder is due now, the loss on time LEFT seconds from now. The reminders of `leased`
    games were leased by a process that was then killed (the state it leaves behind): nobody may fire them
    before the lease runs out."""
    now = datetime.now(UTC)
    deadline = to_db(now + timedelta(seconds=LEFT))
    async with await Database.open(url, migrate=False) as db, db.write() as repos:
        for game in games:
            await repos.games.set_clock(game, deadline, None)
            await repos.timers.cancel_for_game(game)
            timer = await repos.timers.add("reminder", to_db(now - timedelta(seconds=1)), to_db(now), game_id=game)
            if game in leased:
                lease_until = to_db(now + timedelta(seconds=LEASE))
                await repos.conn.execute(
                    "UPDATE timers SET claimed_by = ?, lease_until = ? WHERE id = ?", (DEAD, lease_until, timer)
                )
            await repos.timers.add("timeout", deadline, to_db(now), game_id=game)
    return now


async def bot_game_left_unanswered(url: str, user_id: int, guild_id: int, channel_id: int) -> int:
    """A game against the bot where the player moved and the process that should have answered died: the
    move is stored, the bot's reply is not, and a minute has gone by."""
    async with await Database.open(url, migrate=False) as db:
        service = Service(db)
        with acting_as(SYSTEM):  # the test stands in for the process that died: work without a person
            started = await service.challenges.play_bot_game(
                user_id,
                settings=GameSettings(color="white"),
                guild_id=guild_id,
                channel_id=channel_id,
            )
            game = started.game
            await service.games.play(game.id, user_id, "22-18", bot_reply=False)
            async with db.write() as repos:
                await repos.conn.execute(
                    "UPDATE games SET last_move_at = ? WHERE id = ?",
                    (to_db(datetime.now(UTC) - timedelta(minutes=1)), game.id),
                )
            return game.id


async def rows(url: str, sql: str, *args: Any) -> list[asyncpg.Record]:
    conn = await asyncpg.connect(url)
    try:
        return list(await conn.fetch(sql, *args))
    finally:
        await conn.close()


async def test_three_processes_share_the_shards_and_the_work(fake_discord, bot_launcher) -> None:  # noqa: F811
    fake = fake_discord
    channels = [fake.channel] + [fake.add_guild(f"server {s}.{n}", shard=(s, SHARDS))[1]
                                 for s in range(SHARDS) for n in range(2)]
    assert {shard_of(c.guild_id) for c in channels} == set(range(SHARDS))
    async with postgres_database() as url:
        processes = []
        for shard in range(SHARDS):
            env = {"DATABASE_URL": url, "SHARD_COUNT": str(SHARDS), "SHARD_IDS": str(shard),
                   "WORK_LEASE_SECONDS": str(LEASE)}
            processes.append(await bot_launcher.process("bot", env=env))
        assert sorted(s.shard for s in fake.sessions if s.ready) == [(i, SHARDS) for i in range(SHARDS)]

        games = {channel.id: await start_game(fake, channel) for channel in channels}
        assert len(set(games.values())) == len(channels)

        # Kill the process of shard 1 outright; its leased reminders and an unanswered bot game remain.
        victim = processes[1]
        assert victim.proc is not None
        victim._expected_exit = True
        victim.proc.kill()
        await victim.proc.wait()
        on_dead_shard = [games[c.id] for c in channels if shard_of(c.guild_id) == 1]
        survivor_channel = next(c for c in channels if shard_of(c.guild_id) == 0)
        bot_game = await bot_game_left_unanswered(url, fake.alice.id, survivor_channel.guild_id or 0,
                                                  survivor_channel.id)
        started = await shorten_clocks(url, list(games.values()), set(on_dead_shard))

        # The servers of the live shards keep being answered, by their own processes.
        for channel in channels:
            if shard_of(channel.guild_id) != 1:
                answered_once_by_its_shard(await _ask_games(fake, channel))

        def reminders() -> dict[int, int]:
            counts = dict.fromkeys(games.values(), 0)
            for message in fake.dm_messages(fake.bob):
                for game in counts:
                    if message.content.startswith(f"Reminder: game #{game} "):
                        counts[game] += 1
            return counts

        def losses() -> dict[int, int]:
            return {game: len([m for m in fake.messages(cid) if "Time is up." in m.content])
                    for cid, game in games.items()}

        await fake.wait_until(lambda: all(reminders().values()) and all(losses().values()),
                              timeout=LEFT + 30, what="every reminder and every loss on time")
        await asyncio.sleep(2 * LEASE)  # time for a duplicate to show up, were there one
        assert set(reminders().values()) == {1}, reminders()
        assert set(losses().values()) == {1}, losses()

        fired = await rows(url, "SELECT game_id, fired_at, claimed_by FROM timers WHERE event = 'reminder'")
        for game_id, fired_at, claimed_by in fired:
            assert claimed_by != DEAD  # taken over by a live process
            if game_id in on_dead_shard:  # not before the dead process's lease ran out
                assert datetime.fromisoformat(fired_at) >= started + timedelta(seconds=LEASE)
        finished = await rows(url, "SELECT COUNT(*) FROM games WHERE status = 'finished' AND termination = 'timeout'")
        assert finished[0][0] == len(games)

        # The bot's overdue reply was played once, by a survivor, and its board posted.
        await fake.wait_until(
            lambda: [m for m in fake.messages(survivor_channel) if f"Game #{bot_game}" in str(m.embeds)] or None,
            timeout=30, what="the bot's overdue reply")
        moves = await rows(url, "SELECT ply, player_id FROM moves WHERE game_id = $1 ORDER BY ply", bot_game)
        assert [(m[0], m[1]) for m in moves] == [(1, fake.alice.id), (2, BOT_ID)]
        for process in processes:  # before the database goes
            await process.stop()
            if process is not victim:
                assert not process.tracebacks(), process.tracebacks()[0][-2000:]


async def _ask_games(fake: FakeDiscord, channel: FakeChannel) -> SentInteraction:
    inter = await fake.slash(fake.alice, "games", channel=channel)
    await fake.wait_for_reply(inter)
    return inter
