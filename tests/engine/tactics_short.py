"""Hand-built tactics: short-king and unusual variants (see tactics.py for how each is checked)."""

from __future__ import annotations

from tests.engine.tactics import Gain, Tactic

SHORT_TACTICS: list[Tactic] = [
    Tactic(
        "italian",
        "shot",
        "W:W22,26,29,31:B1,13,15",
        "22-18",
        Gain.MATERIAL,
        3,
        ("13x22",),
        "22-18 offers a man: Black's only capture is 13x22 (capturing is compulsory; 15 and 1 have empty "
        "squares ahead), and it stops on 22 because 29 is occupied behind 26. White then takes 26x19x12, "
        "over 22 and 15, and stands three men against one.",
    ),
    Tactic(
        "italian",
        "breakthrough",
        "W:W13,15:B1,2,7",
        "13-10",
        Gain.CROWN,
        7,
        ("1-5", "2-5", "2-6", "7-11", "7-12"),
        "13-10 heads for the back rank and every Black reply lets it through: 1-5 and 2-6 are taken with "
        "promotion (10x1, 10x3); 2-5 allows 10-6 and 6-2/6-3 (ply 5); 7-12 loses a man to 15x8; 7-11 15x6 2x11 "
        "trades, then 10-6 and 6-2 or 6-3 crowns at ply 7. 15-11 and 15-12 are taken by 7, and 13-9 9-5 is taken by 1 "
        "or 2.",
    ),
]
