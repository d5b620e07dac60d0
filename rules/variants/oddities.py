"""BrainKing site variants (docs/RULES.md, seed 001): Corner, One-way, Parachute, Alquerque (Arakelk), Hawaiian.

All five use algebraic square names (a1 = White's bottom-left), like Czech checkers which three of them
extend. Sources (the 'pages' and 'code' corpora):
* [BK30] https://brainking.com/en/GameRules?tp=30 (Corner), [BK32] ?tp=32 (Parachute), [BK53] ?tp=53
  (Alquerque), [BK94] ?tp=94 (Hawaiian checkers / Konane); seed 001 (the variants table, incl. One-way).
* [CC] http://www.checkerschest.com/checkers-games/parachute-checkers.htm (Parachute).
* [PW] github.com/PirnaschW/BoardGames, Source/Games/Checkers/CheckersVariants.cpp: an open-source
  implementation of the BrainKing variants whose start positions transcribe BrainKing's pictures
  (Corner, One-way, Parachute).
* [BGA] Board Game Arena "Gamehelpkonane"; [UCB] math.berkeley.edu/~berlek/cgt/konane.html (Kōnane);
  Wikipedia "Alquerque" (start position; via a mirror in the pages corpus).

Corner = Czech rules except: the start position (Black fills the top-left triangle a7-b8 … a3-f8, White
the bottom-right one) [PW, BK30 picture], and men are crowned only on a7/b8 (White) or g1/h2 (Black)
[BK30]; a man reaching another far-row square stays a man and is stuck there.

One-way = Czech rules except: every man of both sides moves and captures up the board (towards rank 8)
[seed 001]; both sides' men are crowned on rank 8. Start [PW]: Black on the dark squares of files a-d,
White on files e-h, ranks 1-6. Open point (ONE_WAY_* below): seed 001 names no direction or crowning row;
"up, crowned on rank 8" is the only reading that fits that start position.

Parachute = Czech rules except: each side has 8 men on its 2nd and 3rd rows and 4 parachutists on the
opponent's first row [BK32, CC, PW]. A parachutist's only move is to capture an enemy piece on the 7th
(White) / 2nd (Black) row, landing directly behind it; it then becomes an ordinary man [BK32]. Its capture
has no priority (seed 001): a king's capture still comes first (Czech), and it ranks with men's captures.
Open point: we end the move after that one jump (PARACHUTE_SINGLE_JUMP; BK32 "immediately turns to a pawn").
A parachutist needs no extra state: it is exactly a man on its own promotion row (see oddgen.py).

Alquerque (seed 001's 5x5 'Arakelk' row = BrainKing's Alquerque [BK53]): 12 men each, no kings, no
promotion, no flying, free choice among captures. Men step along the lines forward, diagonally forward or
sideways, never backwards, and not at all once on the far row; capturing is compulsory and must be
continued; the first jump goes in a stepping direction, later jumps in any direction, even backwards
(seed 001 "men capture backward") [BK53]. Start: each side's two nearest rows plus the two points on
its right of the middle row (Wikipedia; BrainKing shows a picture only).

Hawaiian (Kōnane) [BK94, BGA, UCB]: 8x8, all squares filled, White on the dark squares, Black on the light
ones; Black starts. Every move is an orthogonal jump over an adjacent enemy piece; a piece may jump on in
the same straight line but may stop after any jump (so seed 001's "no quantity rule" holds); no promotion;
the player who cannot jump loses. Simplification: the two opening removals (Black removes a8, h1, d5 or
e4; White an orthogonal neighbour) are not moves here; the game starts after them with KONANE_OPENING
removed (the centre pair, as [UCB]); other openings are a custom start FEN away.

Draws: Corner, One-way and Parachute keep Czech's (threefold repetition; 15 moves each without a capture
or a man move). Alquerque: threefold repetition only (forward moves are irreversible, sideways shuffles
repeat). Hawaiian: every move captures, so it cannot be drawn; threefold repetition is kept for form.
"""

from __future__ import annotations

import dataclasses

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
    RuleSet,
)
from rules.variants.oddgen import alquerque_moves, corner_moves, konane_moves, one_way_moves, parachute_moves
from rules.variants.standard import CZECH

_CZECH_DRAWS = "Threefold repetition or 15 moves each without a capture or a man move draws."

# -- Corner --------------------------------------------------------------------------------------
CORNER_CROWNING = (("a7", "b8"), ("g1", "h2"))  # White's, Black's crowning squares [BK30]
CORNER = dataclasses.replace(
    CZECH,
    id="corner",
    name="Corner checkers",
    aliases=("corner checkers",),
    start_fen="W:Wc1,e1,g1,d2,f2,h2,e3,g3,f4,h4,g5,h6:Ba3,b4,c5,d6,e7,f8,a5,b6,c7,d8,a7,b8",
    promotion_squares=CORNER_CROWNING,
    pdn_gametype=None,
    generator_factory=corner_moves,
)

# -- One-way -------------------------------------------------------------------------------------
ONE_WAY_DIRECTION = "up"  # every man moves towards rank 8 (oddgen.OneWayGenerator)
ONE_WAY_CROWNING_RANK = 8
ONEWAY = dataclasses.replace(
    CZECH,
    id="oneway",
    name="One-way checkers",
    aliases=("one-way", "one way", "one way checkers", "one-way checkers"),
    start_fen="W:We1,e3,e5,f2,f4,f6,g1,g3,g5,h2,h4,h6:Ba1,a3,a5,b2,b4,b6,c1,c3,c5,d2,d4,d6",
    pdn_gametype=None,
    generator_factory=one_way_moves,
)

# -- Parachute -----------------------------------------------------------------------------------
PARACHUTE_SINGLE_JUMP = True  # the parachutist's capture is one jump (oddgen.ParachuteGenerator)
PARACHUTE = dataclasses.replace(
    CZECH,
    id="parachute",
    name="Parachute checkers",
    aliases=("parachute checkers",),
    # parachutists: White's on b8-h8, Black's on a1-g1 (a man on its own promotion row)
    start_fen="W:Wb2,d2,f2,h2,a3,c3,e3,g3,b8,d8,f8,h8:Bb6,d6,f6,h6,a7,c7,e7,g7,a1,c1,e1,g1",
    pdn_gametype=None,
    generator_factory=parachute_moves,
)

# -- Alquerque -----------------------------------------------------------------------------------
ALQUERQUE = RuleSet(
    id="alquerque",
    name="Alquerque (Arakelk)",
    aliases=("arakelk", "qirkat", "el-quirkat"),
    width=5,
    height=5,
    board_kind=BoardKind.FULL,
    numbering=Numbering.ALGEBRAIC,
    start_fen="W:Wa1,b1,c1,d1,e1,a2,b2,c2,d2,e2,d3,e3:Ba5,b5,c5,d5,e5,a4,b4,c4,d4,e4,a3,b3",
    man_move_vectors=(UP, UP_LEFT, UP_RIGHT, LEFT, RIGHT),  # along the lines only (oddgen)
    man_capture_vectors=DIAGONALS + ORTHOGONALS,  # after the first jump; the first as man_move_vectors
    king_range=KingRange.NONE,
    promotes=False,
    precedence=Precedence.FREE,
    draw_repetitions=3,
    draw_reversible_plies=None,
    generator_factory=alquerque_moves,
)

# -- Hawaiian ------------------------------------------------------------------------------------
KONANE_OPENING = ("d5", "e5")  # removed before the first jump: Black's d5, then White's e5 [BK94, UCB]


def konane_start(opening: tuple[str, str] = KONANE_OPENING) -> str:
    """Full board, White on the dark squares (a1 dark), Black on the light ones; minus the opening pair."""
    white: list[str] = []
    black: list[str] = []
    for rank in range(1, 9):
        for file in "abcdefgh":
            name = f"{file}{rank}"
            if name in opening:
                continue
            dark = (ord(file) - ord("a") + 1 + rank) % 2 == 0
            (white if dark else black).append(name)
    return f"B:W{','.join(white)}:B{','.join(black)}"


HAWAIIAN = RuleSet(
    id="hawaiian",
    name="Hawaiian checkers (Kōnane)",
    aliases=("konane", "kōnane", "hawaiian checkers"),
    board_kind=BoardKind.FULL,
    numbering=Numbering.ALGEBRAIC,
    start_fen=konane_start(),
    first_player=Color.BLACK,
    man_move_vectors=(),  # no quiet moves at all
    man_capture_vectors=ORTHOGONALS,
    king_range=KingRange.NONE,
    promotes=False,
    precedence=Precedence.FREE,
    draw_repetitions=3,
    draw_reversible_plies=None,
    generator_factory=konane_moves,
)

ODDITIES = (CORNER, ONEWAY, PARACHUTE, ALQUERQUE, HAWAIIAN)

__all__ = ["ALQUERQUE", "CORNER", "HAWAIIAN", "ODDITIES", "ONEWAY", "PARACHUTE", "konane_start"]
