"""Conditional moves through the service: entered, refused in words' data, played in the move's
transaction, cleared by any other move, private to their player."""

from __future__ import annotations

import pytest

from data import Database
from rules import IllegalMoveError, NotationError
from service import (
    GameOver,
    NotAParticipant,
    PremoveBadMove,
    PremoveConflict,
    PremoveIncomplete,
    PremoveNotNow,
    Service,
)
from tests.service.conftest import ALICE, BOB, CAROL, new_game

pytestmark = pytest.mark.asyncio


async def _moves(db: Database, game_id: int) -> list[tuple[int, str, int]]:
    async with db.read() as repos:
        return [(m.ply, m.notation, m.player_id) for m in await repos.moves.for_game(game_id)]


async def test_a_reply_is_played_at_once_in_the_same_write_and_the_line_goes_on(service: Service, db: Database) -> None:
    game = await new_game(service)
    # Italian: White (Alice) to move. Bob plans: 21-17 -> 10-14, then 22-18 -> 14x21 (the capture).
    stored = await service.premoves.add(game.id, BOB, "1. 21-17 10-14 2. 22-18 14x21")  # numbers are skipped
    assert stored.lines == (("21-17", "10-14", "22-18", "14x21"),)
    result = await service.games.play(game.id, ALICE, "21-17")
    assert result.premove_reply is not None
    assert result.move.notation == "21-17" and result.premove_reply.move.notation == "10-14"
    assert result.last.next_player_id == ALICE and result.last.game.ply == 2
    assert await _moves(db, game.id) == [(1, "21-17", ALICE), (2, "10-14", BOB)]
    assert (await service.premoves.lines(game.id, BOB)).lines == (("22-18", "14x21"),)
    # the game row moved twice: a stale version cannot sneak a move in
    assert (await service.queries.game(game.id)).version == game.version + 2
    again = await service.games.play(game.id, ALICE, "22-18")
    assert again.premove_reply is not None and again.premove_reply.move.notation == "14x21"
    assert (await service.premoves.lines(game.id, BOB)).lines == ()


async def test_any_other_move_clears_every_line(service: Service, db: Database) -> None:
    game = await new_game(service)
    await service.premoves.add(game.id, BOB, "21-17 10-14")
    await service.premoves.add(game.id, BOB, "22-18 12-16")
    assert len((await service.premoves.lines(game.id, BOB)).lines) == 2
    result = await service.games.play(game.id, ALICE, "23-19")
    assert result.premove_reply is None and result.last is result
    assert (await service.premoves.lines(game.id, BOB)).lines == ()
    assert await _moves(db, game.id) == [(1, "23-19", ALICE)]


async def test_lines_are_checked_when_entered_and_refusals_store_nothing(service: Service) -> None:
    game = await new_game(service)
    with pytest.raises(PremoveBadMove) as bad:
        await service.premoves.add(game.id, BOB, "21-17 10-14 22-18 12-16")  # 14x21 is compulsory
    assert (bad.value.index, bad.value.text) == (3, "12-16")
    assert isinstance(bad.value.error, IllegalMoveError)
    with pytest.raises(PremoveBadMove) as unreadable:
        await service.premoves.add(game.id, BOB, "21-17 banana")
    assert unreadable.value.index == 1 and isinstance(unreadable.value.error, NotationError)
    with pytest.raises(PremoveBadMove) as opponent:
        await service.premoves.add(game.id, BOB, "10-14 21-17")  # it is White's move: 10-14 is not one
    assert opponent.value.index == 0
    with pytest.raises(PremoveIncomplete):
        await service.premoves.add(game.id, BOB, "21-17 10-14 22-18")
    with pytest.raises(PremoveNotNow):
        await service.premoves.add(game.id, ALICE, "10-14 21-17")
    with pytest.raises(NotAParticipant):
        await service.premoves.add(game.id, CAROL, "21-17 10-14")
    await service.premoves.add(game.id, BOB, "21-17 10-14")
    with pytest.raises(PremoveConflict) as conflict:
        await service.premoves.add(game.id, BOB, "21-17 9-13")
    assert (conflict.value.opponent_move, conflict.value.stored_reply, conflict.value.new_reply) == (
        "21-17",
        "10-14",
        "9-13",
    )
    assert (await service.premoves.lines(game.id, BOB)).lines == (("21-17", "10-14"),)


async def test_lines_are_private_cleared_on_request_and_by_the_end_of_the_game(service: Service) -> None:
    game = await new_game(service)
    await service.premoves.add(game.id, BOB, "21-17 10-14")
    assert (await service.premoves.lines(game.id, ALICE)).lines == ()  # the opponent sees none of them
    cleared = await service.premoves.clear(game.id, BOB)
    assert cleared.cleared == 1 and (await service.premoves.lines(game.id, BOB)).lines == ()
    await service.premoves.add(game.id, BOB, "21-17 10-14")
    await service.games.resign(game.id, ALICE)
    assert (await service.premoves.lines(game.id, BOB)).lines == ()
    with pytest.raises(GameOver):
        await service.premoves.add(game.id, BOB, "21-17 10-14")


async def test_a_takeback_clears_the_lines(service: Service) -> None:
    game = await new_game(service)
    await service.games.play(game.id, ALICE, "21-17")
    await service.premoves.add(game.id, ALICE, "10-14 22-18")  # Alice waits for Bob now
    await service.games.request_takeback(game.id, ALICE)
    await service.games.answer_takeback(game.id, BOB, True)
    assert (await service.premoves.lines(game.id, ALICE)).lines == ()
