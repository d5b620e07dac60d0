"""docs/RULES.md: each position yields exactly the listed legal moves (full landing paths)."""

from __future__ import annotations

import pytest

from messages import describe
from rules import AmbiguousMoveError, find_variant, format_move, parse_fen, parse_move

ITALIAN = find_variant("italian")

CASES = {
    # id: (FEN, legal moves with every landing square) — copied from docs/RULES.md
    "I1 man may not capture a king": ("W:W22:BK19,1", {"22-18"}),
    "I1b capture is compulsory": ("W:W22:B19,1", {"22x15"}),
    "I2 quantity": ("W:W22:B18,19,10", {"22x13x6"}),
    "I3 king must capture": ("W:W23,K25:B19,21", {"25x18"}),
    "I4 quantity beats king preference": ("W:W23,K25:B19,21,10", {"23x14x5"}),
    "I5 most kings": ("W:WK19:B14,5,15,K7", {"19x12x3"}),
    "I6 earliest king": ("W:WK19:BK14,5,15,K7", {"19x10x1"}),
    "I7 quantity beats quality": ("W:WK19:BK22,K21,15,7,6", {"19x12x3x10"}),
    "I8 man stops in front of a king": ("W:W22:B18,K10", {"22x13"}),
    "I9 earliest kings, lexicographic": ("W:WK25:BK21,23,15,K14,22,K24", {"25x18x11x20x27x18"}),
    "I10 king returns to its start": ("W:WK15:B5,21,K20,K19,K28,27", {"15x24x31x22x15"}),
    "I11 two different kings": ("W:WK3,K4,5,17,20,K27,K28:BK7,K13,14,K15,21,24", {"3x12x19x10"}),
}


@pytest.mark.parametrize("case", list(CASES), ids=list(CASES))
def test_exact_legal_moves(case: str) -> None:
    fen, expected = CASES[case]
    position = parse_fen(ITALIAN, fen)
    got = {format_move(position, move, full=True) for move in position.legal_moves()}
    assert got == expected


def test_start_position_moves() -> None:
    """From the start White has seven moves: 21-24 each step up, and 24 has only one (edge)."""
    position = parse_fen(ITALIAN, ITALIAN.start_fen)
    got = {format_move(position, m) for m in position.legal_moves()}
    assert got == {"21-17", "21-18", "22-18", "22-19", "23-19", "23-20", "24-20"}


def test_numbering_matches_fid_article_2_4() -> None:
    """1 = a8, 4 = g8, 5 = b7, 29 = b1, 32 = h1; bottom-right (h1) is dark."""
    board = parse_fen(ITALIAN, ITALIAN.start_fen).board
    by_name = {board.name(bit): board.coords[bit] for bit in board.squares}
    files = "abcdefgh"

    def algebraic(square: str) -> str:
        row, col = by_name[square]
        return f"{files[col]}{8 - row}"

    assert [algebraic(s) for s in ("1", "4", "5", "8", "29", "32")] == ["a8", "g8", "b7", "h7", "b1", "h1"]


def test_neighbours_match_rules_8_3() -> None:
    """§8.3: 22 (d3) → up-left 18 (c4), up-right 19 (e4); 19 (e4) → 14 (d5), 15 (f5)."""
    position = parse_fen(ITALIAN, "W:W22,19:B1")
    got = {format_move(position, m) for m in position.legal_moves()}
    assert got == {"22-18", "19-14", "19-15"}


def test_promotion_ends_the_move() -> None:
    """A man reaching 1-4 by capture is crowned and stops, although as a king it could take 7 (3x12)."""
    position = parse_fen(ITALIAN, "W:W10:B6,7")
    moves = position.legal_moves()
    assert {format_move(position, m, full=True) for m in moves} == {"10x3"}
    assert moves[0].promotes
    after = position.apply(moves[0])
    assert after.kings == 1 << moves[0].end


def test_king_captures_backwards_one_square() -> None:
    position = parse_fen(ITALIAN, "W:WK14:B18,5")
    got = {format_move(position, m, full=True) for m in position.legal_moves()}
    assert got == {"14x21"}  # §8.3: 14 down-left 18, 18 down-left 21


def test_two_routes_to_the_same_square_are_ambiguous() -> None:
    """§8.3 arithmetic: 26 takes 21 and 13 via 17, or 22 and 14 via 19; both end on 10."""

    position = parse_fen(ITALIAN, "W:W26:B21,13,22,14")
    assert {format_move(position, m) for m in position.legal_moves()} == {"26x17x10", "26x19x10"}
    with pytest.raises(AmbiguousMoveError) as caught:
        parse_move(position, "26x10")
    assert len(caught.value.candidates) == 2
    assert "26x17x10, 26x19x10" in describe(caught.value, position)
    names = position.board.by_name
    assert parse_move(position, "26x19x10").captures == (names["22"], names["14"])
