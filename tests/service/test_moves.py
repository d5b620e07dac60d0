"""Moves through the service: accepted moves are stored atomically; every refusal changes nothing."""

from __future__ import annotations

import pytest

from data import Database
from rules import IllegalMoveError, NotationError, Reason, find_variant, format_move, parse_fen
from service import (
    BOT_ID,
    EndReason,
    GameNotFound,
    GameOver,
    GameSettings,
    NotAParticipant,
    NotYourTurn,
    Service,
    StaleGame,
)
from tests.service.conftest import ALICE, BOB, CAROL, new_game, set_position

ITALIAN = find_variant("italian")


async def _unchanged(service: Service, game_id: int, version: int) -> None:
    game = await service.queries.game(game_id)
    assert game.version == version
    assert game.ply == 0
    assert await service.queries.history(game_id) == []


@pytest.mark.asyncio
async def test_a_legal_move_is_stored_with_its_notation_and_position(service: Service) -> None:
    game = await new_game(service)
    result = await service.games.play(game.id, ALICE, "21-18")
    assert result.move.notation == "21-18"
    assert result.move.ply == 1 and result.move.player_id == ALICE
    assert result.next_player_id == BOB
    assert result.ended is None
    assert result.game.version == game.version + 1
    # White's man left 21 and stands on 18; Black is to move.
    assert result.position.piece_at(result.position.board.parse_square("18")) is not None
    assert result.position.piece_at(result.position.board.parse_square("21")) is None
    assert result.game.fen.startswith("B:")
    history = await service.queries.history(game.id)
    assert [m.notation for m in history] == ["21-18"]
    assert history[0].fen_after == result.game.fen


@pytest.mark.asyncio
async def test_moving_the_opponents_man_is_refused_with_the_rules_reason(service: Service) -> None:
    game = await new_game(service)
    with pytest.raises(IllegalMoveError) as caught:
        await service.games.play(game.id, ALICE, "10-13")  # a black man
    assert caught.value.reason is Reason.NOT_YOUR_PIECE
    await _unchanged(service, game.id, game.version)


@pytest.mark.asyncio
async def test_unreadable_text_is_a_notation_error(service: Service) -> None:
    game = await new_game(service)
    with pytest.raises(NotationError):
        await service.games.play(game.id, ALICE, "hello")
    await _unchanged(service, game.id, game.version)


@pytest.mark.asyncio
async def test_unknown_game(service: Service) -> None:
    with pytest.raises(GameNotFound):
        await service.games.play(999, ALICE, "21-18")


@pytest.mark.asyncio
async def test_not_a_participant(service: Service) -> None:
    game = await new_game(service)
    with pytest.raises(NotAParticipant):
        await service.games.play(game.id, CAROL, "21-18")
    await _unchanged(service, game.id, game.version)


@pytest.mark.asyncio
async def test_not_your_turn(service: Service) -> None:
    game = await new_game(service)
    with pytest.raises(NotYourTurn) as caught:
        await service.games.play(game.id, BOB, "10-13")
    assert caught.value.to_move_id == ALICE
    await _unchanged(service, game.id, game.version)


@pytest.mark.asyncio
async def test_stale_version_is_refused(service: Service) -> None:
    game = await new_game(service)
    with pytest.raises(StaleGame, match="the game has changed"):
        await service.games.play(game.id, ALICE, "21-18", expected_version=game.version + 5)
    await _unchanged(service, game.id, game.version)


@pytest.mark.asyncio
async def test_game_over_refuses_moves(service: Service) -> None:
    game = await new_game(service)
    await service.games.resign(game.id, BOB)
    with pytest.raises(GameOver):
        await service.games.play(game.id, ALICE, "21-18")


@pytest.mark.asyncio
async def test_capturing_the_last_piece_wins(service: Service, db: Database) -> None:
    game = await new_game(service, rated=True)
    await set_position(db, game.id, "W:W22:B18")  # White must capture Black's only man
    result = await service.games.play(game.id, ALICE, "22x13")
    assert result.ended is not None
    assert result.ended.result == "1-0" and result.ended.winner_id == ALICE
    assert result.ended.termination is EndReason.NO_MOVES
    assert result.next_player_id is None
    assert result.game.status == "finished"
    assert result.move.captures == ("18",)
    assert {c.player_id for c in result.rating_changes} == {ALICE, BOB}


@pytest.mark.asyncio
async def test_threefold_repetition_draws(service: Service, db: Database) -> None:
    game = await new_game(service)
    fen = "W:WK29:BK4"
    await set_position(db, game.id, fen)
    start = parse_fen(ITALIAN, fen)
    white_out = start.legal_moves()[0]
    after_white = start.apply(white_out)
    black_out = after_white.legal_moves()[0]
    after_black = after_white.apply(black_out)
    white_back = next(m for m in after_black.legal_moves() if m.end == white_out.start)
    after_back = after_black.apply(white_back)
    black_back = next(m for m in after_back.legal_moves() if m.end == black_out.start)
    cycle = [
        (ALICE, format_move(start, white_out)),
        (BOB, format_move(after_white, black_out)),
        (ALICE, format_move(after_black, white_back)),
        (BOB, format_move(after_back, black_back)),
    ]
    results = []
    for player, text in cycle * 2:  # the start position occurs a 2nd and then a 3rd time
        results.append(await service.games.play(game.id, player, text))
    assert all(r.ended is None for r in results[:-1])
    last = results[-1]
    assert last.ended is not None
    assert last.ended.result == "1/2-1/2" and last.ended.termination is EndReason.REPETITION


@pytest.mark.asyncio
async def test_the_bot_replies_to_a_human_move(service: Service) -> None:
    started = await service.challenges.play_bot_game(ALICE, settings=GameSettings(bot_level=1, color="white"))
    assert started.bot_move is None
    result = await service.games.play(started.game.id, ALICE, "21-18")
    assert result.next_player_id == BOT_ID
    assert result.bot_reply is not None
    assert result.bot_reply.move.player_id == BOT_ID and result.bot_reply.move.ply == 2
    assert result.bot_reply.next_player_id == ALICE
    assert [m.ply for m in await service.queries.history(started.game.id)] == [1, 2]


@pytest.mark.asyncio
async def test_the_bot_opens_when_it_plays_white(service: Service) -> None:
    started = await service.challenges.play_bot_game(ALICE, settings=GameSettings(bot_level=2, color="black"))
    assert started.game.white_id == BOT_ID
    assert started.bot_move is not None
    assert started.game.ply == 1 and started.game.to_move_id == ALICE
    assert started.game.move_deadline is not None  # the human's clock runs; the bot has none
