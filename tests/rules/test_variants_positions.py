"""docs/RULES.md-7.8 (exact legal-move sets) and hand-built positions for the variants without perft.

A move is compared as (start, end, captured squares) in the variant's own notation, which is how the
rules reference identifies moves (Decisions); promotion is checked where the clause is about it.
"""

from __future__ import annotations

import pytest

from rules import find_variant, parse_fen
from tests.rules.move_sets import Ident
from tests.rules.move_sets import expect as _expect
from tests.rules.move_sets import moves as _moves

# (variant, FEN, expected) copied from docs/RULES.md-7.8.
CASES: dict[str, tuple[str, str, set[Ident]]] = {
    "N1 majority with a man": ("international", "W:W33:B28,29,17", _expect("33x11:28,17")),
    "N2 Turkish strike: 9 distinct moves": (
        "international",
        "W:WK37:B19,22,33,25,32,38",
        _expect(
            "37x17:32,22", "37x11:32,22", "37x6:32,22", "37x14:32,19", "37x10:32,19", "37x5:32,19",
            "37x39:32,33", "37x44:32,33", "37x50:32,33",
        ),
    ),
    "N3 passing the far row": ("international", "W:W12:B8,9,1", _expect("12x14:8,9")),
    "N4 Woldouby loop is one move": (
        "international",
        "B:W25,27,28,29,30,32,34,35,37,38:B12,13,14,16,18,19,21,23,24,26",
        _expect("24x33:29,38,37,27,28"),
    ),
    "R1 Russian promotion mid-capture": ("russian", "W:Wb6,a1:Bc7,g5,h8", _expect("b6xh4:c7,g5")),
    "R1 Brazilian no promotion in passing": ("brazilian", "W:Wb6,a1:Bc7,g5,h8", _expect("b6xd8:c7")),
    "R2 Russian free choice": ("russian", "W:Wc3,h2:Bb4,d4,f6,h8", _expect("c3xa5:b4", "c3xg7:d4,f6")),
    "R2 Brazilian majority": ("brazilian", "W:Wc3,h2:Bb4,d4,f6,h8", _expect("c3xg7:d4,f6")),
    "R3 Russian king must land to continue": ("russian", "W:WKa1:Bc3,f4,h8", _expect("a1xg3:c3,f4", "a1xh2:c3,f4")),
    "R3 Brazilian king must land to continue": (
        "brazilian", "W:WKa1:Bc3,f4,h8", _expect("a1xg3:c3,f4", "a1xh2:c3,f4"),
    ),
    "E1 free choice, jump completed": ("english", "B:W18,19,26:B15", _expect("15x24:19", "15x31:18,26")),
    "E2 crowning ends the move": ("english", "B:W26,27:B22", _expect("22x31:26")),
    "E3 loop back to the start square": ("english", "B:W18,19,26,27:BK15", _expect("15x15:18,19,26,27")),
    "T1 Turkish men forward and sideways": ("turkish", "W:Wd3:Bd4,c5,e5,b6,h8", _expect("d3xb7:d4,c5,b6")),
    "T2 Turkish no 180 degree turn": ("turkish", "W:WKd4:Bd6,d2,h8", _expect("d4xd7:d6", "d4xd8:d6", "d4xd1:d2")),
    "T3 Turkish king stops at a piece": (
        "turkish",
        "W:WKa5,a3:Bh7",
        _expect(
            "a5-a4", "a5-a6", "a5-a7", "a5-a8", "a5-b5", "a5-c5", "a5-d5", "a5-e5", "a5-f5", "a5-g5",
            "a5-h5", "a3-a4", "a3-b3",
        ),
    ),
    "S1 Spanish quality": ("spanish", "W:WK14:B19,28,26,K18", _expect("14x30:18,26")),
    "S2 Spanish no king preference": (
        "spanish", "W:W10,K8:B14,15", _expect("10x19:14", "8x19:15", "8x22:15", "8x26:15", "8x29:15"),
    ),
    "S2 Portuguese = Spanish": (
        "portuguese", "W:W10,K8:B14,15", _expect("10x19:14", "8x19:15", "8x22:15", "8x26:15", "8x29:15"),
    ),
    "C1 Czech king priority": ("czech", "W:Wf2,Kc3:Bc5,a5,e3,e5", _expect("c3xf6:e5", "c3xg7:e5", "c3xh8:e5")),
    "C1 Brazilian majority instead": ("brazilian", "W:Wf2,Kc3:Bc5,a5,e3,e5", _expect("f2xf6:e3,e5", "f2xb6:e3,c5")),
    "F1 Frisian value: two men beat a king": ("frisian", "W:W33:BK28,29,19", _expect("33x13:29,19")),
    "F2 Frisian orthogonal forward": ("frisian", "W:W33:B23,1", _expect("33x13:23")),
    "F3 Frisian orthogonal sideways": ("frisian", "W:W33:B34,1", _expect("33x35:34")),
}


@pytest.mark.parametrize("case", list(CASES), ids=list(CASES))
def test_rules_reference_positions(case: str) -> None:
    variant, fen, expected = CASES[case]
    assert _moves(parse_fen(find_variant(variant), fen)) == expected


def test_random178_has_14_distinct_moves() -> None:
    rules = find_variant("international")
    position = parse_fen(rules, "B:W6,9,10,11,20,21,22,23,30,K31,33,37,41,42,43,44,46:BK17,K24")
    assert len(position.legal_moves()) == 14


def test_promotion_flags() -> None:
    russian = parse_fen(find_variant("russian"), "W:Wb6,a1:Bc7,g5,h8").legal_moves()
    assert russian[0].promotes
    brazilian = parse_fen(find_variant("brazilian"), "W:Wb6,a1:Bc7,g5,h8").legal_moves()
    assert brazilian[0].promotes  # the move ends on d8
    international = parse_fen(find_variant("international"), "W:W12:B8,9,1").legal_moves()
    assert not international[0].promotes  # N3: passes the far row and ends on 14 as a man


# ---- variants without published perft: one position per clause of their card -----------------------

HAND: dict[str, tuple[str, str, set[Ident]]] = {
    # Thai (docs/RULES.md; 1 = b8, numbering like English): e5 = 15, d4 = 18, a1 = 29.
    "thai king lands just behind": ("thai", "W:WK29:B18,1", _expect("29x15:18")),
    "thai free choice": ("thai", "W:W22:B17,18,11,4", _expect("22x13:17", "22x8:18,11")),
    "thai men capture forward only": ("thai", "W:W22:B25,4", _expect("22-17", "22-18")),
    "thai crowning ends the move": ("thai", "W:W9:B5,6,7,14", _expect("9x2:6")),
    # Armenian (§2.14)
    "armenian man moves five ways": ("armenian", "W:Wd4:Bh8", _expect("d4-d5", "d4-c5", "d4-e5", "d4-c4", "d4-e4")),
    "armenian man captures straight only": ("armenian", "W:Wd4:Bc5,e4,h8", _expect("d4xf4:e4")),
    "armenian king captures straight only": (
        "armenian", "W:WKa1:Bc3,a4", _expect("a1xa5:a4", "a1xa6:a4", "a1xa7:a4", "a1xa8:a4"),
    ),
    "armenian majority": ("armenian", "W:Wd4:Bd5,d7,e4,h8", _expect("d4xd8:d5,d7")),
    # Dameo (§2.15)
    "dameo straight line moves": (
        "dameo", "W:Wd1,d2:Ba8", _expect("d2-d3", "d2-c3", "d2-e3", "d1-c2", "d1-e2", "d1-d3"),
    ),
    "dameo diagonal line moves": (
        "dameo", "W:Wc1,d2:Ba8", _expect("c1-b2", "c1-c2", "c1-e3", "d2-c3", "d2-d3", "d2-e3"),
    ),
    "dameo man captures backwards, never diagonally": ("dameo", "W:Wd4:Bd3,c5,a8", _expect("d4xd2:d3")),
    "dameo majority": ("dameo", "W:Wd4:Bd5,d7,e4,a8", _expect("d4xd8:d5,d7")),
    "dameo king captures straight at distance": (
        "dameo", "W:WKa1:Bc3,a4", _expect("a1xa5:a4", "a1xa6:a4", "a1xa7:a4", "a1xa8:a4"),
    ),
    # Gothic (§3)
    "gothic man moves five ways": ("gothic", "W:Wd4:Bh8", _expect("d4-c5", "d4-d5", "d4-e5", "d4-c4", "d4-e4")),
    "gothic king one square eight ways": (
        "gothic",
        "W:WKd4:Bh8",
        _expect("d4-c5", "d4-d5", "d4-e5", "d4-c4", "d4-e4", "d4-c3", "d4-d3", "d4-e3"),
    ),
    "gothic free choice, sideways capture": ("gothic", "W:Wd4:Bd5,e4,h8", _expect("d4xd6:d5", "d4xf4:e4")),
}


@pytest.mark.parametrize("case", list(HAND), ids=list(HAND))
def test_hand_built_positions(case: str) -> None:
    variant, fen, expected = HAND[case]
    assert _moves(parse_fen(find_variant(variant), fen)) == expected


def test_thai_crowning_promotes() -> None:
    (move,) = parse_fen(find_variant("thai"), "W:W9:B5,6,7,14").legal_moves()
    assert move.promotes


def test_thai_removal_is_immediate() -> None:
    """A king may pass a square emptied earlier in the same capture (it would block in International)."""
    # d4 king: e5 (lands f6), g5 (lands h4), g3 (lands f2), e3 (lands d4), then over the emptied e5 to g7.
    thai = find_variant("thai")
    names = {"d4": "18", "e5": "15", "g5": "16", "g3": "24", "e3": "23", "g7": "8", "h8": "4"}
    fen = f"W:WK{names['d4']}:B{names['e5']},{names['g5']},{names['g3']},{names['e3']},{names['g7']}"
    moves = parse_fen(thai, fen).legal_moves()
    assert max(len(m.captures) for m in moves) == 5
