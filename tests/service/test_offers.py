"""Resigning, draw offers and takeback requests."""

from __future__ import annotations

import pytest

from rules import find_variant, format_fen, parse_fen
from service import (
    CannotAnswerOwnOffer,
    EndReason,
    GameOver,
    GameSettings,
    NoPendingOffer,
    NotAParticipant,
    NothingToTakeBack,
    OfferAlreadyPending,
    Service,
)
from tests.service.conftest import ALICE, BOB, CAROL, new_game

START_FEN = format_fen(parse_fen(find_variant("italian"), find_variant("italian").start_fen))


@pytest.mark.asyncio
async def test_resigning_gives_the_game_to_the_opponent(service: Service) -> None:
    game = await new_game(service)
    with pytest.raises(NotAParticipant):
        await service.games.resign(game.id, CAROL)
    finished = await service.games.resign(game.id, ALICE)
    assert finished.ended.result == "0-1" and finished.ended.winner_id == BOB
    assert finished.ended.termination is EndReason.RESIGNATION
    with pytest.raises(GameOver):
        await service.games.resign(game.id, BOB)


@pytest.mark.asyncio
async def test_draw_offer_accepted(service: Service) -> None:
    game = await new_game(service)
    offer = await service.games.offer_draw(game.id, ALICE)
    assert offer.offer.status == "pending" and offer.offer.from_id == ALICE
    with pytest.raises(OfferAlreadyPending):
        await service.games.offer_draw(game.id, ALICE)
    with pytest.raises(CannotAnswerOwnOffer):
        await service.games.answer_draw(game.id, ALICE, True)
    answer = await service.games.answer_draw(game.id, BOB, True)
    assert answer.finished is not None
    assert answer.finished.ended.result == "1/2-1/2"
    assert answer.finished.ended.termination is EndReason.AGREEMENT


@pytest.mark.asyncio
async def test_draw_offer_declined_and_mutual_offers(service: Service) -> None:
    game = await new_game(service)
    await service.games.offer_draw(game.id, ALICE)
    declined = await service.games.answer_draw(game.id, BOB, False)
    assert declined.offer.status == "declined" and declined.game.active
    with pytest.raises(NoPendingOffer):
        await service.games.answer_draw(game.id, BOB, True)
    await service.games.offer_draw(game.id, BOB)
    mutual = await service.games.offer_draw(game.id, ALICE)  # both offered: agreed
    assert mutual.finished is not None and mutual.finished.ended.result == "1/2-1/2"


@pytest.mark.asyncio
async def test_moving_declines_the_opponents_draw_offer(service: Service) -> None:
    game = await new_game(service)
    await service.games.offer_draw(game.id, BOB)
    await service.games.play(game.id, ALICE, "21-18")
    assert await service.games.pending_offers(game.id) == []


@pytest.mark.asyncio
async def test_takeback_accepted_restores_the_position(service: Service) -> None:
    game = await new_game(service)
    with pytest.raises(NothingToTakeBack):
        await service.games.request_takeback(game.id, ALICE)
    await service.games.play(game.id, ALICE, "21-18")
    request = await service.games.request_takeback(game.id, ALICE)
    assert request.offer.kind == "takeback" and request.offer.status == "pending"
    answer = await service.games.answer_takeback(game.id, BOB, True)
    assert [m.notation for m in answer.undone] == ["21-18"]
    assert answer.game.ply == 0 and answer.game.to_move_id == ALICE
    assert format_fen(answer.game.position) == START_FEN
    assert await service.queries.history(game.id) == []
    again = await service.games.play(game.id, ALICE, "22-18")
    assert again.move.ply == 1


@pytest.mark.asyncio
async def test_takeback_after_the_reply_undoes_both_moves(service: Service) -> None:
    game = await new_game(service)
    first = await service.games.play(game.id, ALICE, "21-18")
    await service.games.play(game.id, BOB, "10-13")
    await service.games.play(game.id, ALICE, "24-20")
    await service.games.request_takeback(game.id, BOB)
    answer = await service.games.answer_takeback(game.id, ALICE, True)
    assert [m.notation for m in answer.undone] == ["10-13", "24-20"]
    assert answer.game.fen == first.game.fen and answer.game.to_move_id == BOB


@pytest.mark.asyncio
async def test_takeback_declined_changes_nothing(service: Service) -> None:
    game = await new_game(service)
    moved = await service.games.play(game.id, ALICE, "21-18")
    await service.games.request_takeback(game.id, ALICE)
    answer = await service.games.answer_takeback(game.id, BOB, False)
    assert answer.offer.status == "declined" and answer.game.version == moved.game.version
    assert len(await service.queries.history(game.id)) == 1


@pytest.mark.asyncio
async def test_the_bot_allows_takebacks_in_unrated_games(service: Service) -> None:
    started = await service.challenges.play_bot_game(ALICE, settings=GameSettings(color="white"))
    await service.games.play(started.game.id, ALICE, "21-18")
    answer = await service.games.request_takeback(started.game.id, ALICE)
    assert answer.offer.status == "accepted" and len(answer.undone) == 2
    assert answer.game.ply == 0


@pytest.mark.asyncio
async def test_the_bot_declines_draws(service: Service) -> None:
    started = await service.challenges.play_bot_game(ALICE, settings=GameSettings(color="white"))
    answer = await service.games.offer_draw(started.game.id, ALICE)
    assert answer.offer.status == "declined" and answer.game.active
