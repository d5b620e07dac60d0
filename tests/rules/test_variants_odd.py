"""The BrainKing oddities (docs/RULES.md, rules/variants/oddities.py): one position per rule clause.

Every expected move set is worked out by hand from the rule text (BrainKing tp=30/32/53/94, seed 001,
checkerschest), square by square, and written as (start, end, captured squares) in algebraic names.
"""

from __future__ import annotations

import pytest

from messages import describe
from rules import Color, Game, IllegalMoveError, Piece, Reason, find_variant, parse_fen, parse_move
from rules.position import Position
from tests.rules.move_sets import Ident
from tests.rules.move_sets import expect as _expect
from tests.rules.move_sets import moves as _moves


def _promoting(position: Position) -> set[str]:
    board = position.board
    return {board.name(m.end) for m in position.legal_moves() if m.promotes}


CASES: dict[str, tuple[str, str, set[Ident]]] = {
    # -- Corner: Czech rules, crowned only on a7/b8 (White), g1/h2 (Black); special start --------
    "corner start: only the front men of the triangle can step": (
        "corner",
        "",
        _expect("c1-b2", "d2-c3", "e3-d4", "f4-e5", "g5-f6", "h6-g7"),
    ),
    "corner a7 crowns, c7 does not": ("corner", "W:Wb6:Be5", _expect("b6-a7", "b6-c7")),
    "corner b8 crowns, d8 does not": ("corner", "W:Wc7:Be5", _expect("c7-b8", "c7-d8")),
    "corner Black crowns on h2 and g1": ("corner", "B:Wa5:Bg3,f2", _expect("g3-h2", "f2-e1", "f2-g1")),
    "corner man off the corner on the far row is stuck": ("corner", "W:Wd8,g3:Ba5", _expect("g3-f4", "g3-h4")),
    "corner Czech: a king must capture, and must go on": (
        "corner", "W:We3,Ka1:Bc3,f4", _expect("a1xg3:c3,f4", "a1xh2:c3,f4"),
    ),
    # -- One-way: every man moves and captures up the board -----------------------------------------
    "oneway start: White's only move is the capture up-left": ("oneway", "", _expect("e5xc7:d6")),
    "oneway Black man steps up": ("oneway", "B:Wa1:Bc3", _expect("c3-b4", "c3-d4")),
    "oneway Black man captures up only": ("oneway", "B:Wd4,b2:Bc3", _expect("c3xe5:d4")),
    "oneway Black crowned on rank 8": ("oneway", "B:Wa1:Bc7", _expect("c7-b8", "c7-d8")),
    "oneway Czech: a king must capture": ("oneway", "W:We3,Ka1:Bc3,f4", _expect("a1xg3:c3,f4", "a1xh2:c3,f4")),
    # -- Parachute ----------------------------------------------------------------------------------
    "parachute start: men step, parachutists have nothing to take": (
        "parachute",
        "",
        _expect("a3-b4", "c3-b4", "c3-d4", "e3-d4", "e3-f4", "g3-f4", "g3-h4"),
    ),
    "parachutist takes on the 7th row, one jump only": ("parachute", "W:Wf8:Be7,c7", _expect("f8xd6:e7")),
    "parachutist takes a king too": ("parachute", "W:Wb8:BKc7,h2", _expect("b8xd6:c7")),
    "parachutist never steps": ("parachute", "W:Wd8,e3:Bh6", _expect("e3-d4", "e3-f4")),
    "parachutist and man captures: free choice": (
        "parachute", "W:Wd8,c3:Bc7,d4", _expect("d8xb6:c7", "c3xe5:d4"),
    ),
    "parachutist has no priority over a king": (
        "parachute", "W:Wd8,Ka5:Bc7,b4", _expect("a5xc3:b4", "a5xd2:b4", "a5xe1:b4"),
    ),
    "Black parachutist takes on the 2nd row": ("parachute", "B:Wd2,h6:Be1,a7", _expect("e1xc3:d2")),
    # -- Alquerque (5x5 lines) ----------------------------------------------------------------------
    "alquerque start: four men can enter c3": ("alquerque", "", _expect("c2-c3", "b2-c3", "d2-c3", "d3-c3")),
    "alquerque point with diagonals: 5 steps": (
        "alquerque", "W:Wc3:Ba5", _expect("c3-c4", "c3-b4", "c3-d4", "c3-b3", "c3-d3"),
    ),
    "alquerque point without diagonals": ("alquerque", "W:Wb3:Be5", _expect("b3-b4", "b3-a3", "b3-c3")),
    "alquerque no jump across a missing line": ("alquerque", "W:Wb1:Bc2,e5", _expect("b1-b2", "b1-a1", "b1-c1")),
    "alquerque far row: no more steps": ("alquerque", "W:Wc5,a1:Be3", _expect("a1-a2", "a1-b2", "a1-b1")),
    "alquerque first jump not backwards": ("alquerque", "W:Wc3:Bc2,b3", _expect("c3xa3:b3")),
    "alquerque later jumps backwards, must go on, free choice": (
        "alquerque", "W:We1:Be2,d2", _expect("e1xc1:e2,d2", "e1xc3:d2"),
    ),
    "alquerque Black moves down": ("alquerque", "B:Wa1:Bc3", _expect("c3-c2", "c3-b2", "c3-d2", "c3-b3", "c3-d3")),
    # -- Hawaiian (Kōnane) --------------------------------------------------------------------------
    "hawaiian start: three jumps into d5": ("hawaiian", "", _expect("d7xd5:d6", "d3xd5:d4", "b5xd5:c5")),
    "hawaiian multi-jump optional and straight": (
        "hawaiian", "B:Wd4,d6,e5:Bd3", _expect("d3xd5:d4", "d3xd7:d4,d6"),
    ),
    "hawaiian jumps in all four directions": (
        "hawaiian", "W:Wd5:Bd4,d6,c5,e5", _expect("d5xd3:d4", "d5xd7:d6", "d5xb5:c5", "d5xf5:e5"),
    ),
    "hawaiian no diagonal jump, no step": ("hawaiian", "B:We4:Bd3", set()),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_exact_move_set(name: str) -> None:
    variant, fen, expected = CASES[name]
    rules = find_variant(variant)
    position = parse_fen(rules, fen or rules.start_fen)
    assert _moves(position) == expected


@pytest.mark.parametrize(
    ("variant", "fen", "crowned"),
    [
        ("corner", "W:Wb6:Be5", {"a7"}),
        ("corner", "W:Wc7:Be5", {"b8"}),
        ("corner", "B:Wa5:Bg3,f2", {"h2", "g1"}),
        ("corner", "W:Wd8,g3:Ba5", set()),
        ("oneway", "B:Wa1:Bc7", {"b8", "d8"}),
        ("alquerque", "W:Wc4:Ba1", set()),
    ],
)
def test_crowning_squares(variant: str, fen: str, crowned: set[str]) -> None:
    assert _promoting(parse_fen(find_variant(variant), fen)) == crowned


def test_corner_start_is_the_two_triangles() -> None:
    rules = find_variant("corner")
    position = parse_fen(rules, rules.start_fen)
    board = position.board
    white = {board.name(b) for b in board.bits(position.white)}
    black = {board.name(b) for b in board.bits(position.black)}
    # Dark squares (file + rank even) on the three anti-diagonals nearest each player's corner, numbered
    # by file index (a=1) + rank distance from the top (8 - rank): a7-b8 is 2, a5-d8 4, a3-f8 6.
    def triangle(sums: tuple[int, ...]) -> set[str]:
        return {
            f"{f}{r}"
            for f in "abcdefgh"
            for r in range(1, 9)
            if (ord(f) - 96 + r) % 2 == 0 and (ord(f) - 96) + (8 - r) in sums
        }

    assert black == triangle((2, 4, 6))  # a7-b8, a5-d8, a3-f8
    assert white == triangle((10, 12, 14))  # c1-h6, e1-h4, g1-h2


def test_alquerque_men_never_promote() -> None:
    rules = find_variant("alquerque")
    position = parse_fen(rules, "W:Wc4:Ba1")
    assert _moves(position) == _expect("c4-c5", "c4-b4", "c4-d4")
    after = position.apply(parse_move(position, "c4-c5"))
    assert after.piece_at(after.board.parse_square("c5")) is Piece.WHITE_MAN


def test_parachutist_becomes_a_man() -> None:
    rules = find_variant("parachute")
    position = parse_fen(rules, "W:Wf8,a3:Be7,h2")
    after = position.apply(parse_move(position, "f8xd6"))
    d6 = after.board.parse_square("d6")
    assert after.piece_at(d6) is Piece.WHITE_MAN
    # now an ordinary man: it steps forward like any other (Black moves first, then White)
    after = after.apply(parse_move(after, "h2-g1"))
    assert ("d6", "e7", frozenset()) in _moves(after)


def test_hawaiian_player_who_cannot_jump_loses() -> None:
    game = Game(find_variant("hawaiian"), "B:We4:Bd3")
    outcome = game.outcome()
    assert outcome is not None and outcome.winner is Color.WHITE


def test_hawaiian_start_is_full_board_minus_the_centre_pair() -> None:
    rules = find_variant("hawaiian")
    position = parse_fen(rules, rules.start_fen)
    board = position.board
    assert position.turn is Color.BLACK
    occupied = {board.name(b) for b in board.bits(position.white | position.black)}
    empty = {board.name(b) for b in board.squares} - occupied
    assert empty == {"d5", "e5"}
    for bit in board.bits(position.white):
        name = board.name(bit)
        assert (ord(name[0]) - 96 + int(name[1])) % 2 == 0  # White on the dark squares (a1 dark)


@pytest.mark.parametrize(
    ("variant", "fen", "text", "reason"),
    [
        ("corner", "W:Wd8,g3:Ba5", "d8-c7", Reason.NOT_CROWNED_HERE),
        ("oneway", "B:Wa1:Bc3", "c3-b2", Reason.ONE_WAY),
        ("parachute", "W:Wd8,e3:Bh6", "d8-c7", Reason.PARACHUTIST_MUST_CAPTURE),
        ("parachute", "W:Wd8,Ka5:Bc7,b4", "d8xb6", Reason.KING_PRIORITY),
        ("alquerque", "W:Wb3:Be5", "b3-c4", Reason.NO_LINE),
        ("alquerque", "W:Wb3:Be5", "b3-b2", Reason.NO_BACKWARD_MOVE),
        ("alquerque", "W:Wc5,a1:Be3", "c5-d5", Reason.LAST_ROW_STUCK),
        ("alquerque", "W:Wc3:Bc2,b3", "c3xc1", Reason.FIRST_JUMP_FORWARD),
        ("hawaiian", "B:We4,c4:Bd3,c5", "d3-d4", Reason.JUMPS_ONLY),
        ("hawaiian", "B:Wd4,d6,e5:Bd3", "d3xd5xf5", Reason.STRAIGHT_JUMPS),
    ],
)
def test_refusals_in_the_variants_own_terms(variant: str, fen: str, text: str, reason: Reason) -> None:
    position = parse_fen(find_variant(variant), fen)
    with pytest.raises(IllegalMoveError) as caught:
        parse_move(position, text)
    assert caught.value.reason is reason
    sentence = describe(caught.value, position)
    assert "not allowed (" not in sentence  # a real sentence, not the fallback


def test_fen_accepts_men_where_the_variant_allows_them() -> None:
    parse_fen(find_variant("corner"), "W:Wd8:Ba5")  # far row, not a crowning square
    parse_fen(find_variant("oneway"), "W:Wa1:Bc1")  # a Black man on rank 1 is not on its crowning row
    parse_fen(find_variant("parachute"), "W:Wb8:Ba1")  # parachutists
