"""The opening explorer: counts from finished games and imported records, privacy, and refusals."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace

import pytest

from data.models import ExplorerMoveRow
from engine import Analysis
from messages.play import describe_game_error
from rules import Game, IllegalMoveError, Position, find_variant, format_fen, start_position
from service import ExploreActiveGame, ExploreBadMove, ExploreTooDeep, GameSettings, Service
from service.explorer import evaluated, merged
from service.explorer_index import EXPLORER_PLIES
from tests.service.conftest import ALICE, BOB, CAROL

GUILD, OTHER = 5000, 6000
DAVE = 404


async def _finished(
    service: Service, white: int, black: int, moves: list[str], *, guild: int | None, winner: str | None
) -> int:
    challenge = await service.challenges.create(
        white,
        black,
        settings=GameSettings(variant="english", color="white"),
        guild_id=guild,
    )
    game = (await service.challenges.accept(challenge.id, black)).game
    players = (game.black_id, game.white_id)  # Black moves first in English draughts
    for ply, move in enumerate(moves):
        await service.games.play(game.id, players[ply % 2], move)
    if winner == "white":
        await service.games.resign(game.id, black)
    elif winner == "black":
        await service.games.resign(game.id, white)
    else:
        await service.games.offer_draw(game.id, white)
        await service.games.answer_draw(game.id, black, True)
    return game.id


@pytest.mark.asyncio
async def test_moves_counted_with_results_and_the_most_recent_game(service: Service) -> None:
    first = await _finished(service, ALICE, BOB, ["11-15", "23-19"], guild=GUILD, winner="white")
    await _finished(service, BOB, CAROL, ["11-15", "22-18"], guild=GUILD, winner="black")
    last = await _finished(service, CAROL, ALICE, ["9-14", "22-18"], guild=GUILD, winner=None)
    # Another server's game between others is not this server's business.
    await _finished(service, BOB, CAROL, ["10-15", "23-19"], guild=OTHER, winner="white")

    start = await service.explorer.explore(DAVE, GUILD, "english", [])
    assert [(m.move, m.games, m.white_wins, m.draws, m.black_wins) for m in start.moves] == [
        ("11-15", 2, 1, 0, 1),
        ("9-14", 1, 0, 1, 0),
    ]
    assert start.games == 3
    assert {m.move: m.last_game_id for m in start.moves}["9-14"] == last

    after = await service.explorer.explore(DAVE, GUILD, "english", ["11-15"])
    assert {m.move: m.games for m in after.moves} == {"23-19": 1, "22-18": 1}
    assert {m.move: m.last_game_id for m in after.moves}["23-19"] == first


@pytest.mark.asyncio
async def test_own_games_elsewhere_count_once_and_others_do_not(service: Service) -> None:
    await _finished(service, ALICE, BOB, ["11-15", "23-19"], guild=GUILD, winner="white")
    await _finished(service, ALICE, CAROL, ["10-14", "22-18"], guild=OTHER, winner="white")
    await _finished(service, BOB, CAROL, ["12-16", "22-18"], guild=None, winner="white")

    for_alice = await service.explorer.explore(ALICE, GUILD, "english", [])
    assert {m.move: m.games for m in for_alice.moves} == {"11-15": 1, "10-14": 1}
    in_dms = await service.explorer.explore(ALICE, None, "english", [])
    assert {m.move: m.games for m in in_dms.moves} == {"11-15": 1, "10-14": 1}
    for_dave = await service.explorer.explore(DAVE, GUILD, "english", [])
    assert {m.move: m.games for m in for_dave.moves} == {"11-15": 1}


@pytest.mark.asyncio
async def test_imported_records_are_counted_for_their_server(service: Service) -> None:
    pdn = b'[GameType "21"]\n[Result "0-1"]\n\n1. 11-15 23-19 2. 8-11 22-17 0-1\n'
    report = await service.imports.import_pdn(pdn, importer_id=BOB, guild_id=GUILD, variant=None)
    imported_id = report.entries[0].imported_id
    view = await service.explorer.explore(DAVE, GUILD, "english", ["11-15", "23-19"])
    assert [(m.move, m.games, m.black_wins, m.last_game_id, m.last_imported) for m in view.moves] == [
        ("8-11", 1, 1, imported_id, True)
    ]
    elsewhere = await service.explorer.explore(DAVE, OTHER, "english", ["11-15", "23-19"])
    assert elsewhere.moves == ()


@pytest.mark.asyncio
async def test_the_position_of_an_active_game_of_the_asker_is_refused(service: Service) -> None:
    challenge = await service.challenges.create(
        ALICE,
        BOB,
        settings=GameSettings(variant="english", color="white"),
        guild_id=GUILD,
    )
    game = (await service.challenges.accept(challenge.id, BOB)).game
    await service.games.play(game.id, BOB, "11-15")
    with pytest.raises(ExploreActiveGame) as refused:
        await service.explorer.explore(ALICE, GUILD, "english", ["11-15"])
    assert refused.value.game_id == game.id
    with pytest.raises(ExploreActiveGame):
        await service.explorer.explore(BOB, None, "english", ["11-15"])
    # An onlooker may explore it, but gets no engine evaluation there (a hint would be refused to them).
    onlooker = await service.explorer.explore(CAROL, GUILD, "english", ["11-15"])
    assert onlooker.evaluate is False
    assert (await service.explorer.explore(CAROL, GUILD, "english", ["9-14"])).evaluate is True


@pytest.mark.asyncio
async def test_no_engine_one_move_after_a_game_that_allows_no_hint(service: Service) -> None:
    """Alice, to move in a rated game (no hints), asks about the position after a move she considers: the
    engine's scores of Bob's replies would judge her move. An unrated game (hints allowed) does not hold it back."""
    challenge = await service.challenges.create(
        ALICE,
        BOB,
        settings=GameSettings(variant="english", color="white", rated=True),
        guild_id=GUILD,
    )
    game = (await service.challenges.accept(challenge.id, BOB)).game
    await service.games.play(game.id, BOB, "11-15")  # Alice (White) to move
    for asker, guild in ((ALICE, GUILD), (ALICE, None), (BOB, OTHER), (CAROL, GUILD)):
        view = await service.explorer.explore(asker, guild, "english", ["11-15", "23-19"])
        assert view.evaluate is False and view.near_game is True, (asker, guild)
    assert (await service.explorer.explore(CAROL, OTHER, "english", ["11-15", "23-19"])).evaluate is True
    assert (await service.explorer.explore(ALICE, GUILD, "english", ["9-14", "23-19"])).evaluate is True
    unrated = await service.challenges.create(
        CAROL,
        DAVE,
        settings=GameSettings(variant="english", color="white"),
        guild_id=OTHER,
    )
    other = (await service.challenges.accept(unrated.id, DAVE)).game
    await service.games.play(other.id, DAVE, "10-14")
    assert (await service.explorer.explore(CAROL, OTHER, "english", ["10-14", "22-18"])).evaluate is True


@pytest.mark.asyncio
async def test_bad_lines_are_refused(service: Service) -> None:
    with pytest.raises(ExploreBadMove) as refused:
        await service.explorer.explore(ALICE, GUILD, "english", ["11-16", "11-15"])
    assert isinstance(refused.value.error, IllegalMoveError)
    assert refused.value.position == Game.from_moves(find_variant("english"), ["11-16"]).position
    # answered in the variant's own notation, with the legal moves where the line stops (Russian: algebraic)
    with pytest.raises(ExploreBadMove) as unreadable:
        await service.explorer.explore(ALICE, GUILD, "russian", ["c3-d4", "zz"])
    said = describe_game_error(unreadable.value, str)
    assert said.startswith("I could not read that move. Write it like ") and "22-18" not in said, said
    assert re.search(r"like [a-h][1-8]-[a-h][1-8] or [a-h][1-8]-[a-h][1-8]\.$", said), said
    with pytest.raises(ExploreTooDeep):
        await service.explorer.explore(ALICE, GUILD, "english", ["11-15"] * EXPLORER_PLIES)


@pytest.mark.asyncio
async def test_engine_scores_the_most_played_moves_from_the_movers_side(service: Service) -> None:
    await _finished(service, ALICE, BOB, ["11-15", "23-19"], guild=GUILD, winner="white")
    await _finished(service, ALICE, BOB, ["10-14", "23-19"], guild=GUILD, winner="white")
    seen: list[str] = []

    async def analyser(position: Position, history: Sequence[Position]) -> Analysis:
        seen.append(format_fen(position))
        assert history[-1] == start_position("english")
        return Analysis(None, 0.25, (), 1, 1, 1, 0.0)  # the side to move (White) is a quarter man up

    view = await service.explorer.explore(DAVE, GUILD, "english", [])
    scored = await evaluated(view, analyser)
    assert [m.score for m in scored.moves] == [-0.25, -0.25]
    assert len(seen) == 2
    refused = await evaluated(replace(view, evaluate=False), analyser)
    assert [m.score for m in refused.moves] == [None, None] and len(seen) == 2


@pytest.mark.asyncio
async def test_a_forgotten_player_leaves_the_servers_counts_but_not_their_own(service: Service) -> None:
    await _finished(service, ALICE, BOB, ["11-15", "23-19"], guild=GUILD, winner="white")
    await _finished(service, ALICE, BOB, ["9-14", "23-19"], guild=OTHER, winner="white")
    assert {m.move for m in (await service.explorer.explore(ALICE, GUILD, "english", [])).moves} == {"11-15", "9-14"}
    await service.players.delete_data(ALICE)
    async with service.ctx.db.read() as repos:
        rows = await repos.conn.execute_fetchall(
            "SELECT owner_kind, owner_id FROM explorer_moves WHERE owner_kind = 'player' AND owner_id = ?", (ALICE,)
        )
    assert list(rows) == []
    assert {m.move for m in (await service.explorer.explore(ALICE, GUILD, "english", [])).moves} == {"11-15"}
    assert {m.move for m in (await service.explorer.explore(BOB, GUILD, "english", [])).moves} == {"11-15", "9-14"}


def test_merged_adds_up_the_owners_and_keeps_the_latest_game() -> None:
    rows = [
        ExplorerMoveRow("11-15", 3, 1, 1, 1, 40, 0, "2025-03-01T10:00:00+00:00"),
        ExplorerMoveRow("9-14", 1, 0, 0, 1, 41, 0, "2025-03-02T10:00:00+00:00"),
        ExplorerMoveRow("11-15", 2, 2, 0, 0, 7, 1, "2025-03-05T10:00:00+00:00"),  # the asker's import, newer
    ]
    lines = merged(rows)
    assert [(m.move, m.games, m.white_wins, m.draws, m.black_wins) for m in lines] == [
        ("11-15", 5, 3, 1, 1),
        ("9-14", 1, 0, 0, 1),
    ]
    assert (lines[0].last_game_id, lines[0].last_imported) == (7, True)
