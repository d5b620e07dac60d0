"""service.notes: a player's private notes on a game and its moves. The writer reads them wherever they open
the game; the opponent, a member of the game's server and anyone else never do; they are not in the game's
PDN; an empty note deletes; the bounds hold; /forget-me deletes them. Runs on SQLite and PostgreSQL."""

from __future__ import annotations

import pytest

from service import Caller, GameNotFound, NoteTooLong, PlyOutOfRange, Service, acting_as
from service.notes import MAX_NOTE, Note
from tests.service.conftest import new_game

pytestmark = pytest.mark.asyncio


async def test_only_the_writer_reads_their_notes(service: Service) -> None:
    game = await new_game(service)
    white, black = game.white_id, game.black_id
    await service.games.play(game.id, white, "22-18" if game.variant == "italian" else "32-28")
    await service.notes.write(game.id, white, 0, "  I want a long game.  ")
    await service.notes.write(game.id, white, 1, "A quiet start.")
    await service.notes.write(game.id, black, 1, "Black's own thought.")
    assert await service.notes.of(game.id, white) == [
        Note(game.id, 0, "I want a long game."),
        Note(game.id, 1, "A quiet start."),
    ]
    assert await service.notes.of(game.id, black) == [Note(game.id, 1, "Black's own thought.")]
    assert await service.notes.of(game.id, 999_999) == []  # anyone else: nothing
    pdn = await service.queries.export_pdn(game.id)
    assert "quiet" not in pdn and "long game" not in pdn and "thought" not in pdn


async def test_a_stranger_cannot_write_on_a_game_they_may_not_see(service: Service) -> None:
    game = await new_game(service)
    with acting_as(Caller(424242, guild_id=None, channel_id=None)), pytest.raises(GameNotFound):
        await service.notes.write(game.id, 424242, 0, "mine now")
    with acting_as(Caller(game.white_id, guild_id=None)):  # the player, from anywhere
        assert await service.notes.write(game.id, game.white_id, 0, "fine") == Note(game.id, 0, "fine")


async def test_bounds_and_deleting(service: Service) -> None:
    game = await new_game(service)
    white = game.white_id
    with pytest.raises(PlyOutOfRange):
        await service.notes.write(game.id, white, 1, "no move 1 yet")
    with pytest.raises(NoteTooLong):
        await service.notes.write(game.id, white, 0, "x" * (MAX_NOTE + 1))
    await service.notes.write(game.id, white, 0, "x" * MAX_NOTE)
    assert await service.notes.write(game.id, white, 0, "   ") is None
    assert await service.notes.of(game.id, white) == []


async def test_forget_me_deletes_the_writers_notes(service: Service) -> None:
    game = await new_game(service)
    await service.notes.write(game.id, game.white_id, 0, "to be forgotten")
    await service.notes.write(game.id, game.black_id, 0, "stays")
    await service.players.delete_data(game.white_id)
    assert await service.notes.of(game.id, game.white_id) == []
    assert await service.notes.of(game.id, game.black_id) == [Note(game.id, 0, "stays")]


async def test_saved_lines_are_their_players_only_and_bounded(service: Service) -> None:
    from service import SavedLine, TooManyLines  # noqa: PLC0415 - this test only
    from service.errors import LineTooLong  # noqa: PLC0415
    from service.notes import MAX_LINES  # noqa: PLC0415

    game = await new_game(service)
    white, black = game.white_id, game.black_id
    kept = await service.notes.save_line(game.id, white, 0, ("22-18", "11-15"))
    assert kept == SavedLine(game.id, 0, ("22-18", "11-15"))
    assert await service.notes.lines(game.id, white) == [kept]
    assert await service.notes.lines(game.id, black) == []
    with pytest.raises(PlyOutOfRange):
        await service.notes.save_line(game.id, white, 3, ("22-18",))
    with pytest.raises(LineTooLong):
        await service.notes.save_line(game.id, white, 0, ())
    for _ in range(MAX_LINES - 1):
        await service.notes.save_line(game.id, white, 0, ("21-17",))
    with pytest.raises(TooManyLines):
        await service.notes.save_line(game.id, white, 0, ("21-17",))
    await service.players.delete_data(white)
    assert await service.notes.lines(game.id, white) == []
