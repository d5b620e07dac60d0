"""Challenges: named, open and bot opponents; accept, decline, cancel, expiry after 24 hours."""

from __future__ import annotations

import dataclasses
from datetime import timedelta

import pytest

from data import Database
from rules import InvalidPositionError
from service import (
    BOT_ID,
    AlreadyAnswered,
    BallotWithPosition,
    CannotChallengeSelf,
    ChallengeExpired,
    ChallengeNotFound,
    EmptySide,
    GameSettings,
    InvalidSetting,
    NotAParticipant,
    Service,
    TimerKind,
    UnplayablePosition,
)
from tests.service.conftest import ALICE, BOB, CAROL, START, FakeClock, FixedChoice


@pytest.mark.asyncio
async def test_named_challenge_accepted_starts_a_game(service: Service) -> None:
    challenge = await service.challenges.create(ALICE, BOB, settings=GameSettings(color="black", days_per_move=5))
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
    challenge = await service.challenges.create(ALICE, None, settings=GameSettings(color="white"))
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
    challenge = await service.challenges.create(ALICE, BOB, settings=GameSettings(color="random"))
    game = (await service.challenges.accept(challenge.id, BOB)).game
    assert game.color_of(ALICE).name.lower() == pick  # type: ignore[union-attr]


@pytest.mark.asyncio
async def test_bad_settings_are_refused(service: Service) -> None:
    with pytest.raises(InvalidSetting):
        await service.challenges.create(ALICE, BOB, settings=GameSettings(days_per_move=15))
    with pytest.raises(InvalidSetting):
        await service.challenges.create(ALICE, BOB, settings=GameSettings(days_per_move=0))
    with pytest.raises(InvalidSetting):
        await service.challenges.create(ALICE, BOB, settings=GameSettings(color="green"))


@pytest.mark.asyncio
async def test_server_default_days_per_move(service: Service) -> None:
    await service.players.update_server(9, days_per_move=7)
    challenge = await service.challenges.create(ALICE, BOB, guild_id=9)
    assert challenge.days_per_move == 7
    no_server = await service.challenges.create(ALICE, BOB)
    assert no_server.days_per_move == 3


@pytest.mark.asyncio
async def test_bot_challenge_starts_at_once(service: Service) -> None:
    started = await service.challenges.play_bot_game(ALICE, settings=GameSettings(bot_level=3, color="white"))
    assert started.challenge.against_bot and started.challenge.status == "accepted"
    assert started.game.black_id == BOT_ID and started.game.bot_level == 3


# Italian squares: 1-4 is Black's back row (a8 = 1), 29-32 White's; White moves up (towards 1-4).
# A teaching ending: White king on 14 and man on 22, Black men on 5 and 6, Black to move.
TEACHING = "B:WK14,22:B5,6"


@pytest.mark.asyncio
async def test_a_challenge_can_start_from_a_fen(service: Service) -> None:
    challenge = await service.challenges.create(
        ALICE,
        BOB,
        settings=GameSettings(color="white", variant="italian", start_fen=TEACHING),
    )
    started = await service.challenges.accept(challenge.id, BOB)
    game = started.game
    assert game.start_fen == game.fen and game.ply == 0
    assert game.to_move_id == BOB  # Black (BOB) moves first, as the FEN says
    assert game.position.white.bit_count() == 2 and game.position.black.bit_count() == 2
    pdn = await service.queries.export_pdn(game.id)
    assert '[SetUp "1"]' in pdn or '[FEN "' in pdn


@pytest.mark.asyncio
async def test_the_bot_moves_first_when_a_fen_gives_it_the_move(service: Service) -> None:
    started = await service.challenges.play_bot_game(
        ALICE,
        settings=GameSettings(color="white", variant="italian", start_fen=TEACHING),
    )
    # ALICE is White; Black (the bot) is to move in the FEN, so it has already answered
    assert started.bot_move is not None and started.game.ply == 1 and started.game.to_move_id == ALICE


@pytest.mark.parametrize(
    ("fen", "error"),
    [
        ("W:W33:B1", InvalidPositionError),  # Italian has 32 squares
        ("W:W21,21:B1", InvalidPositionError),  # a square given twice
        ("W:W2:B30", InvalidPositionError),  # a white man on Black's back row (its crowning row) cannot be
        ("hello", InvalidPositionError),
        ("B:WK1:B", EmptySide),  # Black has no piece: over before it starts
        ("W:W22", EmptySide),  # Black has no piece: White's first move would end it
        ("B:W:B5", EmptySide),
        # White's man on 29 (b1) steps to 25 (a2) or 26 (c2), both taken; it cannot jump 26 because 22 (d3)
        # behind it is taken too, and it cannot jump 25 off the board
        ("W:W29:B22,25,26", UnplayablePosition),
    ],
)
@pytest.mark.asyncio
async def test_impossible_start_positions_are_refused_and_nothing_is_stored(
    service: Service, db: Database, fen: str, error: type[Exception]
) -> None:
    with pytest.raises(error):
        await service.challenges.create(ALICE, BOB, settings=GameSettings(variant="italian", start_fen=fen))
    assert await service.challenges.open_for(ALICE) == []


@pytest.mark.asyncio
async def test_game_settings_are_judged_once_as_the_value_is_made(service: Service) -> None:
    # refused before any service sees them, with the typed errors the service raised for them
    with pytest.raises(InvalidSetting) as bad_colour:
        GameSettings(color="green")
    assert (bad_colour.value.name, bad_colour.value.value) == ("color", "green")
    with pytest.raises(BallotWithPosition):
        GameSettings(ballot=True, start_fen="W:W21:B10")
    with pytest.raises(dataclasses.FrozenInstanceError):
        GameSettings().rated = True  # type: ignore[misc]
    assert await service.challenges.open_for(ALICE) == []  # nothing was written
    # one value carries the same terms to a challenge and to a tournament's games
    terms = GameSettings(variant="russian", days_per_move=5, rated=True)
    challenge = await service.challenges.create(ALICE, BOB, terms)
    event = await service.tournaments.create(ALICE, "Autumn", terms)
    assert (challenge.variant, challenge.days_per_move, challenge.rated) == ("russian", 5, True)
    assert (event.variant, event.days_per_move, event.rated) == ("russian", 5, True)
