"""Work without an interaction, shared by several processes: timers and overdue bot moves are leased, so
each runs once; a process that dies holding a lease leaves its work to the others when the lease runs out."""

from __future__ import annotations

import asyncio
from datetime import timedelta

import pytest

from data import BOT_ID, Database
from data.timeutil import to_db
from service import GameSettings, Service, ServiceConfig, TimerKind
from tests.service.conftest import ALICE, BOB, START, FakeClock, new_game

LEASE = timedelta(seconds=60)


def worker(db: Database, clock: FakeClock) -> Service:
    """Another process's service: same database, its own worker name."""
    return Service(db, clock=clock, config=ServiceConfig(work_lease=LEASE))


@pytest.mark.asyncio
async def test_timers_leased_by_a_dead_process_are_taken_over_after_the_lease(
    db: Database, clock: FakeClock
) -> None:
    alive, dead = worker(db, clock), worker(db, clock)
    assert alive.ctx.worker != dead.ctx.worker
    games = [await new_game(alive) for _ in range(3)]
    due = START + timedelta(days=2)  # the reminders are due
    async with db.write() as repos:  # the dead process leased them, then was killed before firing any
        leased = await repos.timers.claim_due(to_db(due), dead.ctx.worker, to_db(due + LEASE))
    assert sorted(t.game_id for t in leased) == sorted(g.id for g in games)
    assert await alive.clock.run_due_timers(due) == []  # still leased: not ours
    assert await alive.clock.run_due_timers(due + LEASE - timedelta(seconds=1)) == []
    assert await alive.clock.next_timer_at() == due + LEASE  # the loop sleeps until the lease runs out
    events = await alive.clock.run_due_timers(due + LEASE)
    assert sorted((e.kind, e.game.id if e.game else 0) for e in events) == sorted(
        (TimerKind.REMINDER, g.id) for g in games
    )
    # The dead process, were it to wake up, fires nothing a second time.
    async with db.write() as repos:
        assert not any([await repos.timers.claim(t.id, to_db(due + LEASE), dead.ctx.worker) for t in leased])
    assert await alive.clock.run_due_timers(due + LEASE + timedelta(seconds=1)) == []


@pytest.mark.asyncio
async def test_many_dispatchers_at_once_fire_every_timer_exactly_once(db: Database, clock: FakeClock) -> None:
    services = [worker(db, clock) for _ in range(6)]
    games = [await new_game(services[0]) for _ in range(10)]
    late = START + timedelta(days=5)  # every game: reminder and timeout
    batches = await asyncio.gather(*(s.clock.run_due_timers(late) for s in services))
    fired = sorted((e.kind, e.game.id if e.game else 0) for batch in batches for e in batch)
    expected = sorted([(TimerKind.REMINDER, g.id) for g in games] + [(TimerKind.TIMEOUT, g.id) for g in games])
    assert fired == expected
    for game in games:
        assert (await services[1].queries.game(game.id)).status == "finished"


@pytest.mark.asyncio
async def test_an_overdue_bot_reply_is_played_once(db: Database, clock: FakeClock) -> None:
    first, second = worker(db, clock), worker(db, clock)
    started = await first.challenges.play_bot_game(ALICE, settings=GameSettings(color="white"))
    game = started.game
    # ALICE moves; the process that should have let the bot answer dies before it does.
    result = await first.games.play(game.id, ALICE, game.position.legal_moves()[0], bot_reply=False)
    assert result.next_player_id == BOT_ID
    assert await first.games.overdue_bot_moves() == []  # within the grace: the live process will answer
    clock.advance(seconds=31)
    claimed = [await s.games.overdue_bot_moves() for s in (first, second)]
    assert sorted(map(len, claimed)) == [0, 1] and claimed[0] + claimed[1] == [game.id]
    taker = first if claimed[0] else second
    reply = await taker.games.play_bot(game.id)
    assert reply is not None and reply.move.player_id == BOT_ID
    clock.advance(seconds=120)
    assert await second.games.overdue_bot_moves() == []  # the bot has answered: nothing overdue
    history = await second.queries.history(game.id)
    assert [m.player_id for m in history] == [ALICE, BOT_ID]
    # A game between people is never the bot's work.
    await new_game(first)
    clock.advance(days=1)
    assert await first.games.overdue_bot_moves() == []
    assert BOB  # the players of new_game
