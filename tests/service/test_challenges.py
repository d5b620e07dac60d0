"""Challenges: named, open and bot opponents; accept, decline, cancel, expiry after 24 hours."""

from __future__ import annotations

from datetime import timedelta

import pytest

from data import Database
from service import (
    BOT_ID,
    AlreadyAnswered,
    CannotChallengeSelf,
    ChallengeExpired,
    ChallengeNotFound,
    InvalidSetting,
    NotAParticipant,
    Service,
    TimerKind,
)
from tests.service.conftest import ALICE, BOB, CAROL, START, FakeClock, FixedChoice


@pytest.mark.asyncio
async def test_named_challenge_accepted_starts_a_game(service: Service) -> None:
    challenge = await service.challenges.create(ALICE, BOB, color="black", days_per_move=5)
    assert challenge.status == "open" and challenge.opponent_id == BOB
    assert challenge.expires_at - challenge.created_at == timedelta(hours=24)
    started = await service.challenges.accept(challenge.id, BOB)
    assert started.challenge.status == "accepted" and started.challenge.game_id == started.game.id
    assert (started.game.white_id, started.game.black_id) == (BOB, ALICE)
    assert started.game.days_per_move == 5
    assert started.game.move_deadline == START + timedelta(days=5)
    assert started.game.ply == 0 and started.game.variant == "italian"


@pytest.mark.asyncio
async def test_open_challenge_may_be_taken_by_anyone_but_its_author(service: Service) -> None:
    challenge = await service.challenges.create(ALICE, None, color="white")
    assert challenge.is_open
    assert [c.id for c in await service.challenges.open_for(CAROL)] == [challenge.id]
    with pytest.raises(CannotChallengeSelf):
        await service.challenges.accept(challenge.id, ALICE)
    started = await service.challenges.accept(challenge.id, CAROL)
    assert (started.game.white_id, started.game.black_id) == (ALICE, CAROL)
    assert started.challenge.opponent_id == CAROL


@pytest.mark.asyncio
async def test_accepting_twice_is_refused(service: Service) -> None:
    challenge = await service.challenges.create(ALICE, None)
    await service.challenges.accept(challenge.id, BOB)
    with pytest.raises(AlreadyAnswered):
        await service.challenges.accept(challenge.id, CAROL)
    with pytest.raises(AlreadyAnswered):
        await service.challenges.accept(challenge.id, BOB)


@pytest.mark.asyncio
async def test_a_named_challenge_is_only_for_the_named_player(service: Service) -> None:
    challenge = await service.challenges.create(ALICE, BOB)
    with pytest.raises(NotAParticipant):
        await service.challenges.accept(challenge.id, CAROL)
    with pytest.raises(NotAParticipant):
        await service.challenges.decline(challenge.id, CAROL)
    with pytest.raises(NotAParticipant):
        await service.challenges.cancel(challenge.id, BOB)


@pytest.mark.asyncio
async def test_challenging_yourself_is_refused(service: Service) -> None:
    with pytest.raises(CannotChallengeSelf):
        await service.challenges.create(ALICE, ALICE)


@pytest.mark.asyncio
async def test_decline_and_cancel(service: Service) -> None:
    first = await service.challenges.create(ALICE, BOB)
    assert (await service.challenges.decline(first.id, BOB)).status == "declined"
    with pytest.raises(AlreadyAnswered):
        await service.challenges.accept(first.id, BOB)
    second = await service.challenges.create(ALICE, BOB)
    assert (await service.challenges.cancel(second.id, ALICE)).status == "cancelled"
    with pytest.raises(AlreadyAnswered):
        await service.challenges.accept(second.id, BOB)


@pytest.mark.asyncio
async def test_unknown_challenge(service: Service) -> None:
    with pytest.raises(ChallengeNotFound):
        await service.challenges.accept(12345, BOB)


@pytest.mark.asyncio
async def test_a_challenge_expires_after_24_hours(service: Service, clock: FakeClock) -> None:
    challenge = await service.challenges.create(ALICE, BOB)
    clock.advance(hours=23, minutes=59)
    assert await service.clock.run_due_timers() == []
    clock.advance(minutes=1)
    with pytest.raises(ChallengeExpired):  # even before the timer has run
        await service.challenges.accept(challenge.id, BOB)
    assert (await service.challenges.get(challenge.id)).status == "expired"
    assert await service.clock.run_due_timers() == []  # already expired: nothing more to post


@pytest.mark.asyncio
async def test_the_expiry_timer_reports_once(service: Service, clock: FakeClock) -> None:
    challenge = await service.challenges.create(ALICE, BOB)
    events = await service.clock.run_due_timers(clock.advance(hours=25))
    assert [(e.kind, e.challenge.id if e.challenge else None) for e in events] == [
        (TimerKind.CHALLENGE_EXPIRY, challenge.id)
    ]
    assert await service.clock.run_due_timers(clock.advance(hours=1)) == []
    with pytest.raises(ChallengeExpired):
        await service.challenges.accept(challenge.id, BOB)


@pytest.mark.asyncio
@pytest.mark.parametrize("pick", ["white", "black"])
async def test_random_colour_comes_from_the_rng(db: Database, clock: FakeClock, pick: str) -> None:
    service = Service(db, clock=clock, rng=FixedChoice(pick))
    challenge = await service.challenges.create(ALICE, BOB, color="random")
    game = (await service.challenges.accept(challenge.id, BOB)).game
    assert game.color_of(ALICE).name.lower() == pick  # type: ignore[union-attr]


@pytest.mark.asyncio
async def test_bad_settings_are_refused(service: Service) -> None:
    with pytest.raises(InvalidSetting):
        await service.challenges.create(ALICE, BOB, days_per_move=15)
    with pytest.raises(InvalidSetting):
        await service.challenges.create(ALICE, BOB, days_per_move=0)
    with pytest.raises(InvalidSetting):
        await service.challenges.create(ALICE, BOB, color="green")


@pytest.mark.asyncio
async def test_server_default_days_per_move(service: Service) -> None:
    await service.players.update_server(9, days_per_move=7)
    challenge = await service.challenges.create(ALICE, BOB, guild_id=9)
    assert challenge.days_per_move == 7
    no_server = await service.challenges.create(ALICE, BOB)
    assert no_server.days_per_move == 3


@pytest.mark.asyncio
async def test_bot_challenge_starts_at_once(service: Service) -> None:
    started = await service.challenges.play_bot_game(ALICE, level=3, color="white")
    assert started.challenge.against_bot and started.challenge.status == "accepted"
    assert started.game.black_id == BOT_ID and started.game.bot_level == 3
