"""Time-bank clocks (service/timecontrol.py): the terms players write, the arithmetic of a bank, and a bank
deciding deadlines, reminders and losses on time across vacations and daylight-saving changes."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from zoneinfo import ZoneInfo

import pytest

from service import EndReason, GameSettings, Service, TimerKind
from service.errors import BadClock
from service.timecontrol import DAY, Kind, TimeControl, moves_made, parse_clock
from tests.service.conftest import ALICE, BOB, CAROL, FakeClock

ROME = ZoneInfo("Europe/Rome")


class TestReadingTerms:
    @pytest.mark.parametrize(
        ("text", "expected"),
        [
            ("10d+1d max 20d", TimeControl(Kind.FISCHER, 10, 1, 20)),
            ("10d + 1d MAX 20d", TimeControl(Kind.FISCHER, 10, 1, 20)),
            ("10+1", TimeControl(Kind.FISCHER, 10, 1, None)),
            ("7 days + 2 days", TimeControl(Kind.FISCHER, 7, 2, None)),
            ("20 moves in 30d", TimeControl(Kind.PERIODS, 30, moves=20)),
            ("1 move in 3 days", TimeControl(Kind.PERIODS, 3, moves=1)),
            ("20/30d", TimeControl(Kind.PERIODS, 30, moves=20)),
            ("3", TimeControl(Kind.PER_MOVE, 3, 3, 3)),
            ("5d", TimeControl(Kind.PER_MOVE, 5, 5, 5)),
        ],
    )
    def test_accepted(self, text: str, expected: TimeControl) -> None:
        terms = parse_clock(text)
        assert terms == expected
        assert parse_clock(terms.text()) == terms  # the stored form reads back the same

    @pytest.mark.parametrize(
        ("text", "reason"),
        [
            ("", BadClock.UNREADABLE),
            ("ten days", BadClock.UNREADABLE),
            ("10d+1d max", BadClock.UNREADABLE),
            ("10h+1h", BadClock.UNREADABLE),
            ("-3", BadClock.UNREADABLE),
            ("x" * 200, BadClock.UNREADABLE),
            ("0", BadClock.OUT_OF_RANGE),
            ("15", BadClock.OUT_OF_RANGE),  # days per move stay within the server limits (1-14)
            ("200d+1d", BadClock.OUT_OF_RANGE),
            ("0 moves in 10d", BadClock.OUT_OF_RANGE),
            ("10d+1d max 5d", BadClock.CAP_BELOW_BASE),
        ],
    )
    def test_refused(self, text: str, reason: str) -> None:
        with pytest.raises(BadClock) as caught:
            parse_clock(text)
        assert caught.value.reason == reason and caught.value.text == text


class TestBankArithmetic:
    def test_increment_is_added_and_the_cap_holds(self) -> None:
        terms = parse_clock("10d+1d max 20d")
        assert terms.after_move(4 * DAY, 1) == 5 * DAY
        assert terms.after_move(19.5 * DAY, 7) == 20 * DAY  # never above the cap
        assert terms.after_move(-3.0, 2) == 1 * DAY  # a clock that ran past zero counts as empty

    def test_periods_add_a_period_after_each_nth_move_and_keep_unused_time(self) -> None:
        terms = parse_clock("3 moves in 10d")
        left = terms.start_bank
        banks = []
        for move in range(1, 8):
            left = terms.after_move(left - DAY, move)  # each move takes a day
            banks.append(left / DAY)
        assert banks == [9, 8, 17, 16, 15, 24, 23]

    def test_days_per_move_never_keep_unused_time(self) -> None:
        terms = parse_clock("3")
        assert terms.after_move(2.5 * DAY, 4) == 3 * DAY

    def test_moves_made_per_side(self) -> None:
        # plies 1..5 played, white first: white made moves 1, 2, 3 (plies 1, 3, 5), black 1, 2 (plies 2, 4)
        assert [moves_made(p, True) for p in (1, 3, 5)] == [1, 2, 3]
        assert [moves_made(p, False) for p in (2, 4)] == [1, 2]


async def _bank_game(service: Service, clock: str) -> int:
    challenge = await service.challenges.create(ALICE, BOB, settings=GameSettings(color="white", clock=clock))
    assert challenge.clock == parse_clock(clock).text()
    started = await service.challenges.accept(challenge.id, BOB)
    return started.game.id


@pytest.mark.asyncio
async def test_a_bank_sets_deadlines_and_both_banks(service: Service, clock: FakeClock) -> None:
    start = clock.now
    game_id = await _bank_game(service, "10d+1d max 10d")
    game = await service.queries.game(game_id)
    assert game.move_deadline == start + timedelta(days=10)
    assert (game.white_bank, game.black_bank) == (10 * DAY, 10 * DAY)
    clock.advance(days=2)
    moved = await service.games.play(game_id, ALICE, "21-18")
    # Alice used 2 of her 10 days and earned 1: 9 left for her next turn; Bob's turn runs on his 10.
    assert moved.game.white_bank == 9 * DAY
    assert moved.game.move_deadline == clock.now + timedelta(days=10)
    clock.advance(hours=12)
    moved = await service.games.play(game_id, BOB, "10-14")
    assert moved.game.black_bank == 10 * DAY  # 9.5 + 1 is over the 10-day maximum
    assert moved.game.move_deadline == clock.now + timedelta(days=9)  # Alice's turn runs on her bank


@pytest.mark.asyncio
async def test_loss_on_time_after_a_vacation_across_the_end_of_summer_time(
    service: Service, clock: FakeClock
) -> None:
    # Friday 24 October 2025, noon in Rome (UTC+2); summer time ends on Sunday the 26th (UTC+1 after).
    clock.now = datetime(2025, 10, 24, 12, 0, tzinfo=ROME).astimezone(UTC)
    start = clock.now
    game_id = await _bank_game(service, "5d+1d")
    deadline = (await service.queries.game(game_id)).move_deadline
    assert deadline == start + timedelta(days=5)
    assert deadline is not None and deadline.astimezone(ROME).hour == 11  # 5 x 24 real hours: 11:00 on the wall
    clock.advance(days=1)
    await service.games.play(game_id, ALICE, "21-18")  # Alice: 5 - 1 + 1 = 5 days; Bob's turn on his 5
    clock.advance(days=2)
    await service.clock.start_vacation(BOB)  # 3 days left on Bob's clock, paused
    clock.advance(days=3)
    await service.clock.end_vacation(BOB)
    bob_deadline = start + timedelta(days=1 + 2 + 3 + 3)
    assert (await service.queries.game(game_id)).move_deadline == bob_deadline
    early = await service.clock.run_due_timers(bob_deadline - timedelta(seconds=1))
    assert [e.kind for e in early] == [TimerKind.REMINDER]  # a third of a 3-day turn before the end
    events = await service.clock.run_due_timers(bob_deadline)
    assert [(e.kind, e.player_id) for e in events] == [(TimerKind.TIMEOUT, BOB)]
    finished = events[0].finished
    assert finished is not None
    assert finished.ended.result == "1-0" and finished.ended.termination is EndReason.TIMEOUT


@pytest.mark.asyncio
async def test_plain_days_in_the_clock_option_are_days_per_move(service: Service) -> None:
    challenge = await service.challenges.create(ALICE, BOB, settings=GameSettings(clock="5d"))
    assert challenge.clock is None and challenge.days_per_move == 5


@pytest.mark.asyncio
async def test_bad_clock_text_changes_nothing(service: Service) -> None:
    with pytest.raises(BadClock):
        await service.challenges.create(ALICE, BOB, settings=GameSettings(clock="whenever"))
    assert await service.challenges.open_for(ALICE) == []


@pytest.mark.asyncio
async def test_a_tournament_gives_its_games_the_clock(service: Service, clock: FakeClock) -> None:
    event = await service.tournaments.create(
        ALICE,
        "Bank cup",
        settings=GameSettings(clock="5d+1d max 8d"),
        guild_id=9,
        channel_id=9,
    )
    assert event.clock == "5d+1d max 8d"
    for player in (ALICE, BOB, CAROL):
        await service.tournaments.join(event.id, player)
    await service.tournaments.start(event.id, ALICE)
    games = [mine.game for mine in await service.queries.my_games(ALICE)]
    assert len(games) == 2
    for game in games:
        assert (game.clock, game.white_bank, game.black_bank) == ("5d+1d max 8d", 5 * DAY, 5 * DAY)
        assert game.move_deadline == clock.now + timedelta(days=5)
    with pytest.raises(BadClock):
        await service.tournaments.create(ALICE, "Bad cup", settings=GameSettings(clock="soon"), guild_id=9)
