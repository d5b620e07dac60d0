"""The correspondence clock: deadlines, reminders, timeouts, restarts and vacations."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

import pytest

from data import Database
from service import (
    AlreadyOnVacation,
    EndReason,
    GameOver,
    NotOnVacation,
    NoVacationLeft,
    Service,
    TimerKind,
)
from tests.service.conftest import ALICE, BOB, START, FakeClock, new_game


@pytest.mark.asyncio
async def test_deadline_reminder_and_timeout(service: Service, clock: FakeClock) -> None:
    game = await new_game(service, rated=True)  # 3 days per move by default
    assert game.move_deadline == START + timedelta(days=3)
    assert await service.clock.next_timer_at() == START + timedelta(days=2)  # a third (1 day) left
    assert await service.clock.run_due_timers(START + timedelta(days=1, hours=23)) == []
    events = await service.clock.run_due_timers(START + timedelta(days=2))
    assert [(e.kind, e.player_id) for e in events] == [(TimerKind.REMINDER, ALICE)]
    assert await service.clock.run_due_timers(START + timedelta(days=2, hours=1)) == []  # once only
    events = await service.clock.run_due_timers(START + timedelta(days=3))
    assert [(e.kind, e.player_id) for e in events] == [(TimerKind.TIMEOUT, ALICE)]
    finished = events[0].finished
    assert finished is not None
    assert finished.ended.result == "0-1" and finished.ended.termination is EndReason.TIMEOUT
    assert len(finished.rating_changes) == 2
    assert await service.clock.run_due_timers(START + timedelta(days=30)) == []


@pytest.mark.asyncio
async def test_a_move_restarts_the_clock_for_the_opponent(service: Service, clock: FakeClock) -> None:
    game = await new_game(service, days=2)
    moved_at = clock.advance(hours=30)
    result = await service.games.play(game.id, ALICE, "21-18")
    assert result.game.move_deadline == moved_at + timedelta(days=2)
    # Alice's reminder and timeout are gone: at her old deadline nothing happens.
    assert await service.clock.run_due_timers(START + timedelta(days=2)) == []
    events = await service.clock.run_due_timers(moved_at + timedelta(days=2))
    assert [(e.kind, e.player_id) for e in events] == [(TimerKind.REMINDER, BOB), (TimerKind.TIMEOUT, BOB)]


@pytest.mark.asyncio
async def test_moving_after_the_deadline_loses_on_time(service: Service, clock: FakeClock) -> None:
    game = await new_game(service)
    clock.advance(days=3, seconds=1)
    with pytest.raises(GameOver) as caught:
        await service.games.play(game.id, ALICE, "21-18")
    assert caught.value.game.termination is EndReason.TIMEOUT and caught.value.game.result == "0-1"
    assert await service.queries.history(game.id) == []


@pytest.mark.asyncio
async def test_timers_survive_a_restart(tmp_path: Path, clock: FakeClock) -> None:
    path = tmp_path / "restart.sqlite3"
    db = await Database.open(path)
    game = await new_game(Service(db, clock=clock))
    await db.close()
    db = await Database.open(path)
    try:
        events = await Service(db, clock=clock).clock.run_due_timers(START + timedelta(days=4))
    finally:
        await db.close()
    assert [(e.kind, e.game.id if e.game else None) for e in events] == [
        (TimerKind.REMINDER, game.id),
        (TimerKind.TIMEOUT, game.id),
    ]


@pytest.mark.asyncio
async def test_two_dispatchers_fire_a_timer_once(service: Service, db: Database, clock: FakeClock) -> None:
    await new_game(service)
    other = Service(db, clock=clock)
    late = START + timedelta(days=5)
    first, second = await service.clock.run_due_timers(late), await other.clock.run_due_timers(late)
    assert len(first) + len(second) == 2


@pytest.mark.asyncio
async def test_vacation_pauses_and_resumes_the_clock(service: Service, clock: FakeClock) -> None:
    game = await new_game(service)
    clock.advance(days=1)  # two days left on Alice's clock
    vacation = await service.clock.start_vacation(ALICE)
    assert vacation.on_vacation and vacation.ends_at == clock.now + timedelta(days=14)
    with pytest.raises(AlreadyOnVacation):
        await service.clock.start_vacation(ALICE)
    paused = await service.queries.game(game.id)
    assert paused.move_deadline is None and paused.clock_paused
    assert await service.clock.run_due_timers(START + timedelta(days=5)) == []  # no timeout while away
    back = clock.advance(days=5)
    after = await service.clock.end_vacation(ALICE)
    assert not after.on_vacation
    assert after.seconds_left == pytest.approx(timedelta(days=9).total_seconds())
    resumed = await service.queries.game(game.id)
    assert resumed.move_deadline == back + timedelta(days=2)
    with pytest.raises(NotOnVacation):
        await service.clock.end_vacation(ALICE)


@pytest.mark.asyncio
async def test_a_turn_that_starts_during_vacation_starts_paused(service: Service, clock: FakeClock) -> None:
    game = await new_game(service)
    await service.clock.start_vacation(BOB)
    result = await service.games.play(game.id, ALICE, "21-18")
    assert result.game.move_deadline is None and result.game.clock_paused
    back = clock.advance(days=2)
    await service.clock.end_vacation(BOB)
    assert (await service.queries.game(game.id)).move_deadline == back + timedelta(days=3)


@pytest.mark.asyncio
async def test_vacation_allowance_runs_out(service: Service, clock: FakeClock) -> None:
    game = await new_game(service)
    await service.clock.start_vacation(ALICE)
    end = clock.advance(days=14)
    events = await service.clock.run_due_timers()
    assert [(e.kind, e.player_id) for e in events] == [(TimerKind.VACATION_END, ALICE)]
    assert (await service.queries.game(game.id)).move_deadline == end + timedelta(days=3)
    with pytest.raises(NoVacationLeft):
        await service.clock.start_vacation(ALICE)
