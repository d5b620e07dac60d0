"""Variants without published perft (docs/RULES.md, §2.14, §2.15, §3): checked on hand-built positions."""

from __future__ import annotations

from rules.ruleset import (
    DIAGONALS,
    LEFT,
    ORTHOGONALS,
    RIGHT,
    UP,
    UP_LEFT,
    UP_RIGHT,
    BoardKind,
    Color,
    KingRange,
    Numbering,
    Precedence,
    PromotionInCapture,
    RuleSet,
)
from rules.variants.hooks import linear_moves

THAI = RuleSet(
    id="thai",
    name="Thai draughts (Makhos)",
    aliases=("makhos", "mak-hot", "thai checkers"),
    start_fen="B:W25-32:B1-8",  # 8 men each on the two nearest rows
    first_player=Color.BLACK,  # PDN 31,B (docs/RULES.md)
    king_range=KingRange.FLYING_LAND_BEHIND,  # lands on the square just behind the captured piece
    precedence=Precedence.FREE,
    removal_immediate=True,
    promotion_in_capture=PromotionInCapture.STOP,
    draw_repetitions=3,
    draw_reversible_plies=None,
    capture_separator="-",
    pdn_gametype="31,B,8,8,N2,0",
)

_FULL_START_16 = (
    "W:Wa2,b2,c2,d2,e2,f2,g2,h2,a3,b3,c3,d3,e3,f3,g3,h3"
    ":Ba6,b6,c6,d6,e6,f6,g6,h6,a7,b7,c7,d7,e7,f7,g7,h7"
)
_QUEEN = DIAGONALS + ORTHOGONALS

ARMENIAN = RuleSet(
    id="armenian",
    name="Armenian draughts (Tama)",
    aliases=("tama", "armenian checkers"),
    board_kind=BoardKind.FULL,
    numbering=Numbering.ALGEBRAIC,
    start_fen=_FULL_START_16,
    man_move_vectors=(UP, UP_LEFT, UP_RIGHT, LEFT, RIGHT),
    man_capture_vectors=(UP, LEFT, RIGHT),
    king_range=KingRange.FLYING,
    king_move_vectors=_QUEEN,
    king_capture_vectors=ORTHOGONALS,
    precedence=Precedence.QUANTITY,
    removal_immediate=True,
    no_reverse_turn=True,  # Ludii
    promotion_in_capture=PromotionInCapture.PASS,  # docs/RULES.md (as Turkish)
    draw_repetitions=3,
    draw_reversible_plies=None,
)

DAMEO = RuleSet(
    id="dameo",
    name="Dameo",
    board_kind=BoardKind.FULL,
    numbering=Numbering.ALGEBRAIC,
    start_fen=(
        "W:Wa1,b1,c1,d1,e1,f1,g1,h1,b2,c2,d2,e2,f2,g2,c3,d3,e3,f3"
        ":Ba8,b8,c8,d8,e8,f8,g8,h8,b7,c7,d7,e7,f7,g7,c6,d6,e6,f6"
    ),
    man_move_vectors=(UP, UP_LEFT, UP_RIGHT),
    man_capture_vectors=ORTHOGONALS,
    king_range=KingRange.FLYING,
    king_move_vectors=_QUEEN,
    king_capture_vectors=ORTHOGONALS,
    precedence=Precedence.QUANTITY,
    promotion_in_capture=PromotionInCapture.PASS,
    draw_repetitions=3,
    draw_reversible_plies=None,
    # Hook: linear moves of a line of men (rules/variants/hooks.py). Open point (docs/RULES.md): we let a
    # capturing king land on any empty square beyond, as iggamecenter, PlayStrategy and BrainKing state.
    generator_factory=linear_moves,
)

_GOTHIC_MEN = (UP_LEFT, UP_RIGHT, UP, LEFT, RIGHT)

GOTHIC = RuleSet(
    id="gothic",
    name="Gothic checkers",
    board_kind=BoardKind.FULL,
    numbering=Numbering.ALGEBRAIC,
    start_fen=(
        "W:Wa1,b1,c1,d1,e1,f1,g1,h1,a2,b2,c2,d2,e2,f2,g2,h2"
        ":Ba7,b7,c7,d7,e7,f7,g7,h7,a8,b8,c8,d8,e8,f8,g8,h8"
    ),
    man_move_vectors=_GOTHIC_MEN,
    man_capture_vectors=_GOTHIC_MEN,
    king_range=KingRange.SHORT,
    king_move_vectors=_QUEEN,
    king_capture_vectors=_QUEEN,
    precedence=Precedence.FREE,  # "otherwise as Checkers"
    promotion_in_capture=PromotionInCapture.STOP,
    draw_repetitions=3,
    draw_reversible_plies=None,
)

MINOR = (THAI, ARMENIAN, DAMEO, GOTHIC)
