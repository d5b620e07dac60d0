"""Ballot challenges: one drawn ballot, two games between people with colours reversed, announced together."""

from __future__ import annotations

import json

import pytest

from rules import find_variant
from rules.openings import ballot_deck, find_ballot
from service import BOT_ID, BallotWithPosition, GameSettings, NoBallots, Service
from tests.service.conftest import ALICE, BOB

GUILD = 5000
ENGLISH = find_variant("english")


@pytest.mark.asyncio
async def test_accepting_starts_two_games_from_one_ballot_with_colours_reversed(service: Service) -> None:
    challenge = await service.challenges.create(
        ALICE,
        BOB,
        settings=GameSettings(variant="english", color="white", ballot=True),
    )
    assert challenge.ballot is not None
    ballot = find_ballot(ENGLISH, challenge.ballot)
    assert ballot is not None and ballot.playable
    started = await service.challenges.accept(challenge.id, BOB)
    first, second = started.game, started.pair
    assert second is not None
    assert (first.white_id, first.black_id) == (ALICE, BOB)
    assert (second.white_id, second.black_id) == (BOB, ALICE)
    assert first.ballot == second.ballot == ballot.number
    assert (first.ballot_pair_id, second.ballot_pair_id) == (second.id, first.id)
    for game in (first, second):
        history = await service.queries.history(game.id)
        assert tuple(m.notation for m in history) == ballot.moves
        # Black opens in English draughts: the ballot's first and third moves are Black's.
        assert [m.player_id for m in history] == [game.black_id, game.white_id, game.black_id]
        assert game.ply == 3 and game.to_move_id == game.white_id
        assert game.move_deadline is not None
    assert first.fen == second.fen


@pytest.mark.asyncio
async def test_both_boards_are_queued_in_the_accepting_transaction(service: Service) -> None:
    challenge = await service.challenges.create(
        ALICE,
        BOB,
        settings=GameSettings(variant="english", ballot=True),
        guild_id=GUILD,
    )
    started = await service.challenges.accept(challenge.id, BOB)
    assert started.pair is not None
    async with service.ctx.db.read() as repos:
        rows = await repos.conn.execute_fetchall("SELECT kind, payload FROM outbox ORDER BY id")
    boards = [json.loads(r["payload"]) for r in rows if r["kind"] == "game_started"]
    assert {b["game"]["id"] for b in boards} == {started.game.id, started.pair.id}


@pytest.mark.asyncio
async def test_barred_ballots_are_never_drawn(service: Service) -> None:
    deck = {b.number for b in ballot_deck(ENGLISH)}
    drawn = set()
    for _ in range(40):
        challenge = await service.challenges.create(
            ALICE,
            None,
            settings=GameSettings(variant="english", ballot=True),
        )
        assert challenge.ballot is not None
        drawn.add(challenge.ballot)
    assert drawn <= deck and len(drawn) > 10


@pytest.mark.asyncio
async def test_ballots_where_none_are_published_or_with_a_position_are_refused(service: Service) -> None:
    with pytest.raises(NoBallots):
        await service.challenges.create(ALICE, BOB, settings=GameSettings(variant="russian", ballot=True))
    with pytest.raises(BallotWithPosition):
        await service.challenges.create(
            ALICE,
            BOB,
            settings=GameSettings(variant="english", ballot=True, start_fen="B:W21:B9"),
        )
    assert await service.challenges.open_for(ALICE) == []


@pytest.mark.asyncio
async def test_the_bot_plays_a_ballot_as_one_game(service: Service) -> None:
    started = await service.challenges.play_bot_game(
        ALICE,
        settings=GameSettings(variant="italian", color="black", ballot=True),
    )
    assert started.pair is None
    game = started.game
    assert game.ballot is not None
    ballot = find_ballot(find_variant("italian"), game.ballot)
    assert ballot is not None
    history = await service.queries.history(game.id)
    assert tuple(m.notation for m in history[: len(ballot.moves)]) == ballot.moves
    # After the two-move ballot White (the bot) is to move: it has answered already.
    assert len(history) == len(ballot.moves) + 1 and history[-1].player_id == BOT_ID


@pytest.mark.asyncio
async def test_ratings_count_both_ballot_games(service: Service) -> None:
    challenge = await service.challenges.create(
        ALICE,
        BOB,
        settings=GameSettings(variant="english", rated=True, ballot=True),
    )
    started = await service.challenges.accept(challenge.id, BOB)
    assert started.pair is not None
    await service.games.resign(started.game.id, BOB)
    await service.games.resign(started.pair.id, BOB)
    [alice] = [r for r in await service.queries.ratings(ALICE) if r.variant == "english"]
    assert alice.games == 2
