"""Search basics on Italian (the hand-built tactics of every variant are in test_tactics_variants.py)."""

from __future__ import annotations

import pytest

from engine.api import to_moves
from rules import find_variant, format_move, parse_fen
from tests.engine.cores import CORES, searcher

ITALIAN = find_variant("italian")


@pytest.mark.parametrize("core", CORES)
def test_takes_the_only_capture(core: str) -> None:
    """Capturing is compulsory: with one capture available, it is the move."""
    position = parse_fen(ITALIAN, "W:W22:B18,1")
    result = searcher(core, ITALIAN).search(
        position.white, position.black, position.kings, int(position.turn), depth=4
    )
    line = to_moves(position, result.pv)
    assert format_move(position, line[0]) == "22x13"
