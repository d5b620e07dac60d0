"""The federation variants that have published perft numbers (docs/RULES.md, §4)."""

from __future__ import annotations

import dataclasses

from rules.ruleset import (
    DIAGONALS,
    LEFT,
    ORTHOGONALS,
    RIGHT,
    UP,
    BoardKind,
    Color,
    KingRange,
    Numbering,
    Precedence,
    PromotionInCapture,
    RuleSet,
)
from rules.variants import draws

RUSSIAN_START = "W:Wa1,c1,e1,g1,b2,d2,f2,h2,a3,c3,e3,g3:Bb6,d6,f6,h6,a7,c7,e7,g7,b8,d8,f8,h8"

ITALIAN = RuleSet(
    id="italian",
    name="Italian draughts",
    aliases=("dama", "dama italiana", "italiana"),
    inverted=True,  # Art. 2.3: the bottom-right square is dark for each player
    start_fen="W:W21-32:B1-12",
    men_capture_kings=False,  # Art. 5.3(b)
    king_range=KingRange.SHORT,  # Art. 4.7
    precedence=Precedence.ITALIAN,  # Art. 6.6-6.9
    promotion_in_capture=PromotionInCapture.STOP,
    draw_repetitions=3,  # docs/RULES.md
    draw_reversible_plies=80,  # 40 moves each without a man move or capture
    pdn_gametype="22,W,8,8,N2,1",
)

# FMJD rules (docs/RULES.md): men capture backwards, flying kings, majority capture (men = kings),
# captured pieces stay until the move ends, a man passing the far row mid-capture stays a man.
INTERNATIONAL = RuleSet(
    id="international",
    name="International draughts",
    aliases=("polish", "dammen", "10x10", "standard", "fmjd"),
    width=10,
    height=10,
    start_fen="W:W31-50:B1-20",
    man_capture_vectors=DIAGONALS,
    king_range=KingRange.FLYING,
    precedence=Precedence.QUANTITY,  # Art. 4.13
    promotion_in_capture=PromotionInCapture.PASS,  # Art. 4.15
    draw_repetitions=3,
    draw_reversible_plies=50,  # 25 moves each with kings only, no man move, no capture
    draw_rule=draws.international,
    draw_rule_text=draws.INTERNATIONAL_TEXT,
    pdn_gametype="20,W,10,10,N2,0",
)

# International rules on 12x12 (docs/RULES.md; dctl `canadian = international`).
CANADIAN = dataclasses.replace(
    INTERNATIONAL,
    id="canadian",
    name="Canadian draughts",
    aliases=("canadian checkers", "12x12"),
    width=12,
    height=12,
    start_fen="W:W43-72:B1-30",
    draw_rule=None,  # no endgame clauses found (docs/RULES.md)
    draw_rule_text="",
    pdn_gametype="27,W,12,12,N2,0",
)

ENGLISH = RuleSet(
    id="english",
    name="English draughts / American checkers",
    aliases=("american", "checkers", "english draughts", "straight checkers"),
    start_fen="B:W21-32:B1-12",
    first_player=Color.BLACK,
    king_range=KingRange.SHORT,
    precedence=Precedence.FREE,  # any capture, but a started sequence must be completed
    promotion_in_capture=PromotionInCapture.STOP,
    draw_repetitions=3,
    draw_reversible_plies=80,  # 40-move rule (dctl Law 1.32.2)
    pdn_gametype="21,B,8,8,N1,0",
)

RUSSIAN = RuleSet(
    id="russian",
    name="Russian draughts",
    aliases=("shashki", "russian checkers"),
    numbering=Numbering.ALGEBRAIC,
    start_fen=RUSSIAN_START,
    man_capture_vectors=DIAGONALS,
    king_range=KingRange.FLYING,
    precedence=Precedence.FREE,
    promotion_in_capture=PromotionInCapture.CONTINUE_AS_KING,  # crowned at once, goes on as a king
    draw_repetitions=3,
    draw_reversible_plies=30,  # 15 moves each with kings only
    draw_rule=draws.russian,
    draw_rule_text=draws.RUSSIAN_TEXT,
    capture_separator=":",
    pdn_gametype="25,W,8,8,A0,0",
)

BRAZILIAN = dataclasses.replace(
    INTERNATIONAL,
    id="brazilian",
    name="Brazilian draughts",
    aliases=("brazilian checkers",),
    width=8,
    height=8,
    numbering=Numbering.ALGEBRAIC,
    start_fen=RUSSIAN_START,
    draw_reversible_plies=30,  # pydraughts applies the Russian clauses (docs/RULES.md, unverified)
    draw_rule=draws.russian,
    draw_rule_text=draws.RUSSIAN_TEXT,
    pdn_gametype="26,W,8,8,A0,0",
)

# American pool checkers (APCA; docs/RULES.md and Decisions): numbered like English, Black first.
POOL = RuleSet(
    id="pool",
    name="Pool checkers (American)",
    aliases=("american pool", "pool checkers", "apca"),
    start_fen="B:W21-32:B1-12",
    first_player=Color.BLACK,
    man_capture_vectors=DIAGONALS,
    king_range=KingRange.FLYING,
    precedence=Precedence.FREE,
    promotion_in_capture=PromotionInCapture.PASS,  # APCA rule 5
    draw_repetitions=3,
    draw_reversible_plies=30,  # dctl max_reversible_moves (rule 26)
    draw_rule=draws.pool,
    draw_rule_text=draws.POOL_TEXT,
    pdn_gametype="23,B,8,8,N1,0",
)

CZECH = RuleSet(
    id="czech",
    name="Czech draughts",
    aliases=("ceska dama", "česká dáma", "czech checkers"),
    numbering=Numbering.ALGEBRAIC,
    start_fen=RUSSIAN_START,
    king_range=KingRange.FLYING,
    precedence=Precedence.KING_PRIORITY,  # a king must capture if it can; otherwise free choice
    promotion_in_capture=PromotionInCapture.STOP,
    draw_repetitions=3,
    draw_reversible_plies=30,  # 15 moves without capture or man move
    pdn_gametype="29,W,8,8,A0,0",
)

SPANISH = RuleSet(
    id="spanish",
    name="Spanish draughts",
    aliases=("damas", "dama española", "spanish checkers"),
    inverted=True,  # h1 is a playing square
    numbering=Numbering.BOTTOM_RIGHT,
    start_fen="W:W1-12:B21-32",
    king_range=KingRange.FLYING,
    precedence=Precedence.QUANTITY_KINGS,
    promotion_in_capture=PromotionInCapture.STOP,
    draw_repetitions=3,
    draw_reversible_plies=40,  # 40 successive king moves (20 each) without capture
    pdn_gametype="24,W,8,8,N1,1",
)

PORTUGUESE = dataclasses.replace(
    SPANISH,
    id="portuguese",
    name="Portuguese draughts",
    aliases=("portuguese checkers", "damas portuguesas"),
    pdn_gametype="28,W,8,8,N1,1",
)

_FRISIAN_ORTHOGONAL = ((-2, 0), (2, 0), (0, -2), (0, 2))  # over the same-colour square two away

FRISIAN = RuleSet(
    id="frisian",
    name="Frisian draughts",
    aliases=("frysk", "fries dammen"),
    width=10,
    height=10,
    start_fen="W:W31-50:B1-20",
    man_capture_vectors=DIAGONALS + _FRISIAN_ORTHOGONAL,
    king_range=KingRange.FLYING,
    king_move_vectors=DIAGONALS,  # kings move diagonally only…
    king_capture_vectors=DIAGONALS + _FRISIAN_ORTHOGONAL,  # …but capture in all eight directions
    precedence=Precedence.FRISIAN,  # value (dctl key), then with the king
    promotion_in_capture=PromotionInCapture.PASS,
    king_move_limit=3,
    draw_repetitions=3,
    draw_reversible_plies=None,
    draw_rule=draws.frisian,
    draw_rule_text=draws.FRISIAN_TEXT,
    pdn_gametype="40,W,10,10,N2,0",
)

_TURKISH_MEN = (UP, LEFT, RIGHT)

TURKISH = RuleSet(
    id="turkish",
    name="Turkish draughts",
    aliases=("dama turca", "turkish dama", "damalar"),
    board_kind=BoardKind.FULL,
    numbering=Numbering.ALGEBRAIC,
    start_fen=(
        "W:Wa2,b2,c2,d2,e2,f2,g2,h2,a3,b3,c3,d3,e3,f3,g3,h3"
        ":Ba6,b6,c6,d6,e6,f6,g6,h6,a7,b7,c7,d7,e7,f7,g7,h7"
    ),
    man_move_vectors=_TURKISH_MEN,
    man_capture_vectors=_TURKISH_MEN,
    king_range=KingRange.FLYING,
    king_move_vectors=ORTHOGONALS,
    king_capture_vectors=ORTHOGONALS,
    precedence=Precedence.QUANTITY,
    removal_immediate=True,  # each captured piece leaves the board at once
    no_reverse_turn=True,
    promotion_in_capture=PromotionInCapture.PASS,  # docs/RULES.md (kish)
    draw_repetitions=3,
    draw_reversible_plies=100,  # kish's 50-move rule
    draw_rule=draws.turkish,
    draw_rule_text=draws.TURKISH_TEXT,
    pdn_gametype="30,W,8,8,A0,0",
)

PUBLISHED = (
    ITALIAN,
    INTERNATIONAL,
    ENGLISH,
    RUSSIAN,
    BRAZILIAN,
    POOL,
    CZECH,
    SPANISH,
    PORTUGUESE,
    CANADIAN,
    FRISIAN,
    TURKISH,
)
