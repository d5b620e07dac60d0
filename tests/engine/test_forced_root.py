"""A root with one legal move is searched to the depth or time asked (issue 25): its score is what an
analysis, a hint or a review reports, so it must not come from a shallow search."""

from __future__ import annotations

import json

import pytest

from engine.api import Engine
from engine.cli import main
from rules import find_variant, parse_fen
from tests.engine.cores import CORES, searcher

ITALIAN = find_variant("italian")
# Black must take 19x17 (Italian: captures are compulsory), its only legal move.
FORCED = "B:WK2,K8,K15,21,K22,K23,29,K30:B3,K4,9,10,K13,K14,K19"


def test_the_position_has_one_legal_move() -> None:
    assert len(parse_fen(ITALIAN, FORCED).legal_moves()) == 1


@pytest.mark.parametrize("core", CORES)
def test_a_forced_root_is_searched_to_the_depth_asked(core: str) -> None:
    position = parse_fen(ITALIAN, FORCED)
    depth = 12 if core == "compiled" else 8  # the Python core is ~60x slower
    result = searcher(core, ITALIAN).search(position.white, position.black, position.kings, int(position.turn),
                                            depth=depth)
    assert result.depth == depth
    assert len(result.pv) > 4  # the line goes past the old 4-ply stop


@pytest.mark.parametrize("core", CORES)
def test_a_forced_root_uses_the_time_asked(core: str) -> None:
    position = parse_fen(ITALIAN, FORCED)
    result = searcher(core, ITALIAN).search(position.white, position.black, position.kings, int(position.turn),
                                            seconds=1.0)
    assert result.depth > 4


def test_cli_reports_the_depth_asked(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["analyse", "italian", "--fen", FORCED, "--depth", "12", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["depth"] == 12 and data["move"] == "19x17"


@pytest.mark.asyncio
async def test_analysis_through_the_engine_pool_reaches_the_depth() -> None:
    """The path /analyse, hints and reviews take (engine.api.Engine.analyse in a worker process)."""
    engine = Engine(workers=1)
    try:
        analysis = await engine.analyse(parse_fen(ITALIAN, FORCED), depth=9)
    finally:
        engine.close()
    assert analysis.depth == 9
    assert len(analysis.pv) > 4
