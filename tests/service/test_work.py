"""A graceful stop hands back what the process claimed (issue 31): its outbox rows (due at once), the timers it
leased and its leases on bot replies, and nothing another process holds; the others take them at once instead
of when the leases run out. Also the figures the operator's metrics read. On both stores."""

from __future__ import annotations

from datetime import timedelta

import pytest

from data import Database
from data.timeutil import to_db
from service import Service, ServiceConfig, TimerKind
from tests.service.conftest import START, FakeClock, new_game

LEASE = timedelta(seconds=60)
DELIVERY_LEASE = 120.0


def process(db: Database, clock: FakeClock) -> Service:
    return Service(db, clock=clock, config=ServiceConfig(work_lease=LEASE))


@pytest.mark.asyncio
async def test_a_stop_hands_back_its_claims_and_only_its_own(db: Database, clock: FakeClock) -> None:
    stopping, other = process(db, clock), process(db, clock)
    games = [await new_game(stopping) for _ in range(2)]
    pending, oldest = await other.work.outbox_backlog()
    assert pending >= 2 and oldest == START
    due = clock.advance(days=2)  # the reminders are due, and the start news long since
    assert await other.work.timers_due() == 2

    claimed = await stopping.outbox.claim_due("outbox-of-stopping", lease=DELIVERY_LEASE)
    assert claimed
    async with db.write() as repos:
        timers = await repos.timers.claim_due(to_db(due), stopping.ctx.worker, to_db(due + LEASE))
        assert await repos.leases.claim(f"bot-move:{games[0].id}", stopping.ctx.worker, to_db(due), to_db(due + LEASE))
        assert await repos.leases.claim(f"bot-move:{games[1].id}", other.ctx.worker, to_db(due), to_db(due + LEASE))
    assert len(timers) == 2
    assert await other.outbox.claim_due("outbox-of-other", lease=DELIVERY_LEASE) == []  # all leased away
    assert await other.clock.run_due_timers(due) == []
    assert await stopping.work.held("outbox-of-stopping") == len(claimed) + 2 + 1

    released = await stopping.work.release("outbox-of-stopping")
    assert (released.outbox, released.timers, released.leases) == (len(claimed), 2, 1)
    assert await stopping.work.held("outbox-of-stopping") == 0
    assert await other.work.held() == 1  # the other process's own lease is untouched

    # at the same moment, long before any lease runs out, the other process takes everything over
    taken = await other.outbox.claim_due("outbox-of-other", lease=DELIVERY_LEASE)
    assert sorted(p.id for p in taken) == sorted(p.id for p in claimed)
    assert all(p.attempts == 2 for p in taken)  # a retry: the announcer first looks for an earlier copy
    events = await other.clock.run_due_timers(due)
    assert sorted((e.kind, e.game.id if e.game else 0) for e in events) == sorted(
        (TimerKind.REMINDER, g.id) for g in games)
    async with db.write() as repos:
        assert await repos.leases.claim(f"bot-move:{games[0].id}", other.ctx.worker, to_db(due), to_db(due + LEASE))
        assert not await repos.leases.claim(f"bot-move:{games[1].id}", stopping.ctx.worker, to_db(due),
                                            to_db(due + LEASE))
    assert await other.work.timers_due() == 0


@pytest.mark.asyncio
async def test_a_stop_holding_nothing_changes_nothing(db: Database, clock: FakeClock) -> None:
    stopping = process(db, clock)
    await new_game(stopping)
    before = await stopping.work.outbox_backlog()
    released = await stopping.work.release("outbox-of-stopping")
    assert (released.outbox, released.timers, released.leases) == (0, 0, 0)
    assert await stopping.work.outbox_backlog() == before
    assert await stopping.work.ping() is True
