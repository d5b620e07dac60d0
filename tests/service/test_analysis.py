"""Post-game analysis through the service with the real engine (short searches): a man given away is a
blunder, the result is stored and shown again without the engine, active games are refused, new analyses
are rate-limited per player, and the PDN carries the evaluations."""

from __future__ import annotations

from collections.abc import AsyncIterator, Sequence

import pytest
import pytest_asyncio

from data import Database
from engine import Analysis, Engine
from engine.review import Verdict
from rules import Color, Game, Position, find_variant
from rules.pdn import read_games
from service import (
    AnalysisRateLimited,
    AnalysisRefused,
    GameNotFound,
    GameSettings,
    ImportedGameNotFound,
    Service,
    ServiceConfig,
    acting_as,
)
from service.access import Caller
from service.analysis import PositionScore, Subject, derive
from tests.service.conftest import ALICE, BOB, CAROL, FakeClock

pytestmark = pytest.mark.asyncio

# Italian. After 22-18 11-15 23-20, Black's 9-13 lets 18x9 take a man for nothing: every other Black move
# keeps material after White's best answer and Black's best reply (checked by a three-ply material count
# over the rules' legal moves, independent of the engine). 9-13 must be judged a blunder, nothing else.
MOVES = ["22-18", "11-15", "23-20", "9-13", "18x9"]


@pytest_asyncio.fixture
async def pool() -> AsyncIterator[Engine]:
    engine = Engine(workers=1)
    yield engine
    engine.close()


def analysed_service(db: Database, clock: FakeClock, pool: Engine, searched: list[Position]) -> Service:
    async def search(position: Position, history: Sequence[Position]) -> Analysis:
        searched.append(position)
        return await pool.analyse(position, time=0.3, history=history)

    return Service(db, clock=clock, config=ServiceConfig(analysis_seconds=0.3), review_search=search)


async def test_a_man_given_away_is_a_blunder_and_the_analysis_is_stored(
    db: Database, clock: FakeClock, pool: Engine
) -> None:
    searched: list[Position] = []
    service = analysed_service(db, clock, pool, searched)
    challenge = await service.challenges.create(ALICE, BOB, settings=GameSettings(color="white"), guild_id=5)
    game = (await service.challenges.accept(challenge.id, BOB)).game
    for ply, move in enumerate(MOVES):
        await service.games.play(game.id, (ALICE, BOB)[ply % 2], move)
    with pytest.raises(AnalysisRefused):
        await service.analysis.analyse(game.id, ALICE)
    await service.games.resign(game.id, BOB)

    seen: list[tuple[int, int]] = []

    async def progress(step):  # type: ignore[no-untyped-def]
        seen.append((step.done, step.total))

    review = await service.analysis.analyse(game.id, ALICE, progress)
    assert not review.from_store and len(searched) == len(MOVES) + 1
    assert seen[0] == (0, 6) and seen[-1] == (6, 6)
    judged = {p.ply: p.verdict for p in review.plies}
    assert judged[4] is Verdict.BLUNDER
    assert all(v is None for ply, v in judged.items() if ply != 4), judged
    white, black = review.players
    assert (white.color, black.color) == (Color.WHITE, Color.BLACK)
    assert (black.blunders, white.blunders + white.mistakes + white.inaccuracies) == (1, 0)
    assert black.accuracy < white.accuracy and white.accuracy > 80
    assert review.white_scores[4] - review.white_scores[3] >= 80  # the graph jumps to White there, a blunder
    moment = review.critical[0]
    assert (moment.ply, moment.played, moment.verdict) == (4, "9-13", Verdict.BLUNDER)
    assert moment.better != "9-13" and moment.refutation is not None and moment.refutation.move == "18x9"

    parsed = read_games(review.pdn)[0]
    assert parsed.moves == [*MOVES] and parsed.result == "1-0"
    assert review.pdn.count("[%eval ") == len(MOVES)
    assert "9-13 $4 {[%eval " in review.pdn

    # shown again without the engine, to anyone who may see the game, even right away
    again = await service.analysis.analyse(game.id, BOB)
    assert again.from_store and len(searched) == len(MOVES) + 1
    assert again.plies == review.plies and again.pdn == review.pdn
    with acting_as(Caller(CAROL, 99)), pytest.raises(GameNotFound):  # another server's member sees nothing
        await service.analysis.analyse(game.id, CAROL)

    # a second new analysis by the same player waits REQUEST_INTERVAL
    other = await service.challenges.create(ALICE, BOB, settings=GameSettings(color="white"))
    second = (await service.challenges.accept(other.id, BOB)).game
    await service.games.resign(second.id, ALICE)
    with pytest.raises(AnalysisRateLimited) as limited:
        await service.analysis.analyse(second.id, ALICE)
    assert 0 < limited.value.retry_after <= 120
    clock.advance(minutes=2)
    assert len((await service.analysis.analyse(second.id, ALICE)).plies) == 0


IMPORTED = b"""[Event "Club night"]
[White "Ann"]
[Black "Bo"]
[GameType "22"]
[Result "1-0"]

1. 22-18 11-15 2. 23-20 9-13 3. 18x9 1-0
"""


async def test_an_imported_record_is_analysed_stored_apart_and_hidden_from_other_servers(
    db: Database, clock: FakeClock, pool: Engine
) -> None:
    searched: list[Position] = []
    service = analysed_service(db, clock, pool, searched)
    report = await service.imports.import_pdn(IMPORTED, importer_id=ALICE, guild_id=7, variant=None)
    number = report.entries[0].imported_id
    assert number is not None
    with acting_as(Caller(CAROL, 99)), pytest.raises(ImportedGameNotFound):  # another server's member
        await service.analysis.analyse_imported(number, CAROL)
    with acting_as(Caller(BOB, 7)):
        review = await service.analysis.analyse_imported(number, BOB)
    assert not review.from_store and len(searched) == len(MOVES) + 1
    assert (review.subject.game_id, review.subject.imported_id) == (None, number)
    white, black = review.players
    assert (white.player_id, white.name, black.player_id, black.name) == (None, "Ann", None, "Bo")
    assert {p.ply: p.verdict for p in review.plies}[4] is Verdict.BLUNDER
    parsed = read_games(review.pdn)[0]
    assert parsed.moves == MOVES and parsed.tags["Event"] == "Club night" and "9-13 $4 {[%eval " in review.pdn
    # FID's two-move ballot 22-18 11-15 (named by its moves) was played and left: the analysis names it.
    assert review.opening == parsed.tags["Opening"] == "22-18 11-15"
    again = await service.analysis.analyse_imported(number, ALICE)
    assert again.from_store and again.plies == review.plies and len(searched) == len(MOVES) + 1


async def test_derive_judges_each_move_by_the_score_it_gave_away() -> None:
    """Scores by hand (centi-men for the side to move): a move's loss is the best score before it minus the
    score after it from the mover's side, i.e. before + next (the next score is the opponent's view)."""
    replay = Game.from_moves(find_variant("italian"), ["22-18", "11-15", "23-20", "9-13"])
    scores = [
        PositionScore(10, None, "22-18", ("22-18",), 8),  # White plays the engine's move: no loss at all
        PositionScore(5, None, "12-16", ("12-16",), 8),  # Black: 5 before, after 11-15 White has +30 -> 35
        PositionScore(30, None, "23-19", ("23-19",), 8),  # White: 30 before, Black then has +40 -> loss 70
        PositionScore(40, None, "10-14", ("10-14",), 8),  # Black: 40 before, White then has +60 -> loss 100
        PositionScore(60, None, None, (), 8),
    ]
    subject = Subject(1, None, "italian", None, "*", (ALICE, BOB), ("", ""))
    review = derive(subject, replay, scores, 0.6)
    assert [(p.ply, p.loss, p.verdict) for p in review.plies] == [
        (1, 0, None),
        (2, 35, Verdict.INACCURACY),
        (3, 70, Verdict.MISTAKE),
        (4, 100, Verdict.BLUNDER),
    ]
    assert review.white_scores == (10, -5, 30, -40, 60)
    assert [(p.inaccuracies, p.mistakes, p.blunders) for p in review.players] == [(0, 1, 0), (1, 0, 1)]
    assert [m.ply for m in review.critical] == [4, 3, 2]  # blunder and mistake first, by loss
    assert review.players[0].accuracy > review.players[1].accuracy
