"""Search basics on Italian (the hand-built tactics of every variant are in test_tactics_variants.py)."""

from __future__ import annotations

from engine.api import to_moves
from engine.search import Searcher
from rules import find_variant, format_move, parse_fen

ITALIAN = find_variant("italian")


def test_takes_the_only_capture() -> None:
    """Capturing is compulsory: with one capture available, it is the move."""
    position = parse_fen(ITALIAN, "W:W22:B18,1")
    result = Searcher(ITALIAN, tt_bits=14).search(
        position.white, position.black, position.kings, int(position.turn), depth=4
    )
    line = to_moves(position, result.pv)
    assert format_move(position, line[0]) == "22x13"
