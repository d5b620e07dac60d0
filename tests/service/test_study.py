"""service.study (issue 26): a study loads a game's positions through the access check, steps through them,
tries lines without storing anything, and allows the engine exactly where the hint policy does; the book
keeps each player's studies for 15 minutes and only for them.

Expected positions and moves come from rules.Game replaying the same moves (the rules library, not the
study code), and from the Italian rules worked out in the comments."""

from __future__ import annotations

from datetime import timedelta

import pytest

from data import Database
from messages.play import describe_game_error
from rules import Game, IllegalMoveError, RulesError, find_variant, format_move, parse_fen
from service import (
    BOT_ID,
    Caller,
    GameNotFound,
    GameSettings,
    HintRefusal,
    ImportedGameNotFound,
    PlyOutOfRange,
    Service,
    StudyBook,
    StudyKind,
    acting_as,
)
from service.bounds import MAX_RECORD_PLIES
from service.errors import LineTooLong, NothingTried, RecordTooLong
from service.study import MAX_STUDIES_PER_PLAYER, MAX_TRIED, STUDY_LIFETIME, Study, StudySource
from tests.service.conftest import ALICE, BOB, CAROL, FakeClock

pytestmark = pytest.mark.asyncio

ITALIAN = find_variant("italian")
GUILD = 900
MOVES = ["24-20", "12-16", "22-18"]


async def guild_game(service: Service, *, rated: bool = False, guild: int | None = GUILD) -> int:
    challenge = await service.challenges.create(
        ALICE,
        BOB,
        settings=GameSettings(color="white", rated=rated),
        guild_id=guild,
    )
    game = (await service.challenges.accept(challenge.id, BOB)).game
    for ply, move in enumerate(MOVES):
        await service.games.play(game.id, (ALICE, BOB)[ply % 2], move)
    return game.id


async def test_stepping_follows_the_game_and_trying_stores_nothing(service: Service) -> None:
    game_id = await guild_game(service)
    reference = Game.from_moves(ITALIAN, MOVES)
    study = await service.study.open_game(game_id, ALICE)
    assert (study.ply, study.source.plies, study.source.key) == (3, 3, f"g{game_id}")
    assert study.position == reference.position and study.last_move == reference.moves[-1]
    first = study.first()
    assert first.position == reference.positions[0] and first.last_move is None
    assert first.previous().ply == 0 and study.next().ply == 3  # clamped at both ends
    one = first.next()
    assert one.ply == 1 and one.position == reference.positions[1]
    assert one.last().ply == 3

    # After 24-20 Black tries 10-14, then White 22-18: positions as the rules make them
    tried = one.try_move("10-14").try_move("22-18")
    line = Game.from_moves(ITALIAN, ["24-20", "10-14", "22-18"])
    assert tried.trying and tried.ply == 1 and tried.tried_notations() == ["10-14", "22-18"]
    assert tried.position == line.position and tried.history() == line.positions
    assert tried.back().tried_notations() == ["10-14"] and tried.back().back() == one
    assert tried.previous() == one  # one step back leaves the tried line first
    assert tried.next().ply == 2 and not tried.next().trying
    with pytest.raises(NothingTried):
        one.back()

    # an illegal move is refused with the legal ones, as the rules list them
    with pytest.raises(IllegalMoveError) as refused:
        one.try_move("20-11")
    assert sorted(format_move(one.position, m) for m in refused.value.legal) == sorted(
        format_move(one.position, m) for m in one.position.legal_moves()
    )
    with pytest.raises(RulesError):
        one.try_move("not a move")

    # nothing reached the game
    assert (await service.queries.game(game_id)).ply == 3
    assert [m.path for m in await service.queries.history(game_id)] == MOVES


async def test_a_tried_line_has_a_length_limit() -> None:
    # Two kings a side, far apart: they can shuffle for ever, so only the study's limit ends the line.
    start = parse_fen(ITALIAN, "W:WK29,K30:BK3,K4")
    study = Study(StudySource(StudyKind.GAME, 1, ITALIAN, (start,), (), (), None, None), 0)
    for ply in range(MAX_TRIED):
        moves = study.position.legal_moves()
        if ply >= 2:  # each king goes back where it came from
            own = study.tried[ply - 2]
            moves = [m for m in moves if (m.start, m.end) == (own.end, own.start)]
        study = study.try_move(moves[0])
    assert len(study.tried) == MAX_TRIED
    with pytest.raises(LineTooLong):
        study.try_move(study.position.legal_moves()[0])
    assert len(study.back().tried) == MAX_TRIED - 1


async def test_the_engine_speaks_where_the_hint_policy_allows(service: Service) -> None:
    unrated = await guild_game(service)
    rated = await guild_game(service, rated=True)
    assert (await service.study.open_game(unrated, ALICE)).source.hints  # default policy: unrated games
    assert (await service.study.open_game(rated, ALICE)).source.hint_refusal is HintRefusal.RATED
    # an onlooker of an active game never gets the engine
    with acting_as(Caller(CAROL, GUILD)):
        assert (await service.study.open_game(unrated, CAROL)).source.hint_refusal is HintRefusal.NOT_A_PLAYER
    await service.players.update_server(GUILD, hint_policy="never")
    assert (await service.study.open_game(unrated, ALICE)).source.hint_refusal is HintRefusal.NEVER_HERE
    await service.players.update_server(GUILD, hint_policy="always")
    assert (await service.study.open_game(rated, ALICE)).source.hints
    await service.players.update_server(GUILD, hint_policy="never")
    await service.games.resign(rated, BOB)  # a finished game is open to everyone who may see it
    finished = await service.study.open_game(rated, CAROL)
    assert finished.source.hints and finished.source.result == "1-0"
    bot_game = (await service.challenges.play_bot_game(ALICE, settings=GameSettings(bot_level=1, color="white"))).game
    assert bot_game.black_id == BOT_ID
    assert (await service.study.open_game(bot_game.id, ALICE)).source.hints


async def test_who_may_study_a_game_is_checked_once_by_the_service(service: Service) -> None:
    game_id = await guild_game(service)
    with acting_as(Caller(CAROL, GUILD)):  # a member of the game's server
        assert (await service.study.open_game(game_id, CAROL)).source.number == game_id
    with acting_as(Caller(CAROL, GUILD + 1)), pytest.raises(GameNotFound):  # another server
        await service.study.open_game(game_id, CAROL)
    with acting_as(Caller(CAROL, GUILD + 1)), pytest.raises(GameNotFound):
        await service.study.reopen(StudyKind.GAME, game_id, CAROL)
    with acting_as(Caller(BOB, GUILD + 1)):  # a player sees their game anywhere
        assert (await service.study.open_game(game_id, BOB)).ply == 3
    with pytest.raises(PlyOutOfRange):
        await service.study.open_game(game_id, ALICE, ply=4)
    assert (await service.study.open_game(game_id, ALICE, ply=0)).ply == 0


CLUB = b'[Event "Club"]\n[White "Ann"]\n[Black "Bo"]\n1. 22-18 11-15 2. 23-20 9-13 3. 18x9 1-0\n'


async def test_an_imported_record_is_studied_with_the_engine(service: Service) -> None:
    report = await service.imports.import_pdn(CLUB, importer_id=ALICE, guild_id=GUILD, variant="italian")
    number = report.entries[0].imported_id
    assert number is not None
    study = await service.study.open_imported(number, ply=2)
    reference = Game.from_moves(ITALIAN, ["22-18", "11-15", "23-20", "9-13", "18x9"])
    assert study.source.kind is StudyKind.IMPORTED and study.source.hints and study.source.result == "1-0"
    assert study.position == reference.positions[2] and study.last().position == reference.position
    assert list(study.source.notations) == ["22-18", "11-15", "23-20", "9-13", "18x9"]
    with acting_as(Caller(CAROL, GUILD + 1)), pytest.raises(ImportedGameNotFound):
        await service.study.open_imported(number)


async def test_the_book_keeps_studies_per_player_for_fifteen_minutes(service: Service, clock: FakeClock) -> None:
    game_id = await guild_game(service)
    study = await service.study.open_game(game_id, ALICE)
    book = StudyBook(service.ctx)
    nonce = book.open(ALICE, study)
    assert book.get(ALICE, nonce) == study
    assert book.get(BOB, nonce) is None  # someone else's nonce names nothing of theirs
    moved = study.first()
    clock.advance(minutes=14)
    book.put(ALICE, nonce, moved)  # using it starts its lifetime again
    clock.advance(minutes=14)
    assert book.get(ALICE, nonce) == moved
    clock.advance(seconds=(STUDY_LIFETIME + timedelta(seconds=1)).total_seconds())
    assert book.get(ALICE, nonce) is None and len(book) == 0
    nonces = [book.open(ALICE, study) for _ in range(MAX_STUDIES_PER_PLAYER + 2)]
    assert book.get(ALICE, nonces[0]) is None and book.get(ALICE, nonces[-1]) == study
    assert len(book) == MAX_STUDIES_PER_PLAYER


async def test_one_engine_search_at_a_time_per_player(service: Service) -> None:
    book = StudyBook(service.ctx)
    assert book.thinking(ALICE) is book.thinking(ALICE) and book.thinking(ALICE) is not book.thinking(BOB)
    async with book.thinking(ALICE):
        assert book.thinking(ALICE).locked() and not book.thinking(BOB).locked()


KINGS = b'[White "Ann"]\n[Black "Bo"]\n[FEN "W:WK1:BK32"]\n\n1. 1-6 32-27 2. 6-1 27-32 *\n'


async def test_a_record_longer_than_the_bound_is_not_studied(service: Service, db: Database) -> None:
    """A record stored before the import's bound (written here): the study refuses before replaying it."""
    report = await service.imports.import_pdn(KINGS, importer_id=ALICE, guild_id=GUILD, variant="english")
    number = report.entries[0].imported_id
    assert number is not None
    moves = " ".join((["1-6", "32-27", "6-1", "27-32"] * (MAX_RECORD_PLIES // 4 + 1))[: MAX_RECORD_PLIES + 1])
    async with db.write() as repos:
        await repos.conn.execute("UPDATE imported_games SET moves = ? WHERE id = ?", (moves, number))
    with pytest.raises(RecordTooLong) as refused:
        await service.study.open_imported(number)
    assert (refused.value.plies, refused.value.limit) == (MAX_RECORD_PLIES + 1, MAX_RECORD_PLIES)
    assert describe_game_error(refused.value, str) == (
        f"Imported game #{number} has {MAX_RECORD_PLIES + 1} plies; a study opens records of at most "
        f"{MAX_RECORD_PLIES}."
    )
