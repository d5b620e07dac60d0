"""The engine finds forced gains in hand-built positions (checked by hand, see each docstring)."""

from __future__ import annotations

from engine.search import Searcher
from rules import find_variant, format_move, parse_fen, parse_move

ITALIAN = find_variant("italian")


def best(fen: str, depth: int) -> tuple[str, int, list[str]]:
    position = parse_fen(ITALIAN, fen)
    result = Searcher(ITALIAN, tt_bits=14).search(
        position.white, position.black, position.kings, int(position.turn), depth=depth
    )
    from engine.api import to_moves

    line = to_moves(position, result.pv)
    texts = []
    for move in line:
        texts.append(format_move(position, move))
        position = position.apply(move)
    return texts[0], result.score, texts


def test_shot_wins_a_piece() -> None:
    """White 22 26 29 31, Black 1 13 15 (Italian, 1 = a8, row by row from the top).

    22-18 offers a man: Black's only capture is 13x22 (capturing is compulsory; 15 and 1 have empty
    squares ahead), and it stops on 22 because 29 is occupied behind 26. White must then take
    26x19x12 — over 22 to 19, over 15 to 12 — and stands three men against one.
    """
    move, score, line = best("W:W22,26,29,31:B1,13,15", depth=6)
    assert move == "22-18"
    assert line[1:3] == ["13x22", "26x12"]
    assert score >= 80


def test_breakthrough_to_promotion() -> None:
    """White 13 15, Black 1 2 7. 13-10 heads for the back rank and every Black reply lets it through:
    1-5 and 2-6 are taken with promotion (10x1, 10x3); 2-5 allows 10-6 and 6-2/6-3; 7-12 loses a man
    to 15x8; 7-11 15x6 2x11 trades, then 10-6 crowns next move (Black men cannot move or take back).
    The other moves do not crown: 15-11 and 15-12 are taken by 7, and 13-9 9-5 is taken by 1 or 2.
    """
    move, _, line = best("W:W13,15:B1,2,7", depth=8)
    assert move == "13-10"
    position = parse_fen(ITALIAN, "W:W13,15:B1,2,7")
    crowned = False
    for text in line:
        move_obj = parse_move(position, text)
        crowned = crowned or (move_obj.promotes and position.turn.label == "White")
        position = position.apply(move_obj)
    assert crowned


def test_takes_the_only_capture() -> None:
    """Capturing is compulsory: with one capture available, it is the move."""
    move, _, _ = best("W:W22:B18,1", depth=4)
    assert move == "22x13"
