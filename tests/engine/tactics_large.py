"""Hand-built tactics for International rules on three boards (international 10x10, brazilian 8x8, canadian
12x12), frisian and giveaway International (see tactics.py for how each is checked).

Each variant has at least one tactic that its own rules decide: the majority rule (where Russian's free choice
of capture would let the defender off), Frisian orthogonal captures and its king-must-capture rule, flying kings.
"""

from __future__ import annotations

from tests.engine.tactics import Gain, Tactic

LARGE_TACTICS: list[Tactic] = [
    Tactic(
        "international",
        "shot",
        "W:W32,37,38,K46:B26,34,36,44",
        "37-31",
        Gain.MATERIAL,
        3,
        ("26x28",),
        "37-31 offers a man. Men capture backwards and the majority rule applies, so Black's only legal capture is "
        "26x28 (26x37x28: over 31, then back up over 32), two men; 36x27 (over 31 alone: 32 cannot be jumped next "
        "because 38 stands behind it) takes fewer and is illegal. The Black man on 28 now stands alone on the long "
        "diagonal that White's own 37 and 32 had shut, and the flying king takes 46x49: 28 (landing on 23), 34 "
        "(landing on 40) and 44 (landing on 49), three men for two. 32-27, 32-28 and 38-33 offer nothing and take "
        "nothing; 46-41 loses the king to 36x47. With free choice of capture (Russian rules) Black would answer "
        "36x27 and the diagonal would stay shut.",
    ),
    Tactic(
        "international",
        "breakthrough",
        "W:W8,12,13,14:B2,3,5,10",
        "14-9",
        Gain.CROWN,
        3,
        ("3x14",),
        "The man on 8 is stopped by 2 and 3 (on the edge row they cannot be jumped) and guarded by 12 and 13; "
        "14-10 is barred by 10. 14-9 gives a man to deflect 3: Black's only capture is 3x14, and 8-3 crowns, a "
        "king for a man. The other tries lose two men and crown nothing, because men capture backwards: 12-7 is "
        "met by 3x12x1 (8, then back up over 7) and 13-9 by 2x13x4 (8, then back up over 9).",
    ),
    Tactic(
        "international",
        "passing",
        "W:W43,44,48,50:B20,29,37",
        "48-42",
        Gain.MATERIAL,
        3,
        ("37x39",),
        "48-42 offers a man and empties 48. Black's only capture is 37x39: over 42 onto 48, White's back row, "
        "then on over 43 to 39. A man that reaches the last row during a capture and can go on capturing must "
        "go on as a man (no crowning in passing), so it stops on 39 instead of flying on as a king (as it would "
        "with Russian passing promotion, landing on 34, 30 or 25). 44x15 then takes 39, 29 and 20 (landing on "
        "33, 24 and 15), three men for two, and Black has nothing left. 43-38, 43-39, 44-39, 44-40 and 50-45 "
        "offer nothing and win nothing.",
    ),
    Tactic(
        "international",
        "run",
        "W:W19,22:B2,3,8",
        "19-14",
        Gain.CROWN,
        7,
        ("2-7", "3-9", "8-12", "8-13"),
        "19-14 heads for 10, from where 4 and 5 cannot both be guarded: the men on 2 and 3 only move down. "
        "3-9 is taken by 14x12, over 9 onto 3 and, still a man, back over 8 to 12 (no crowning in passing), and "
        "then 2-7 or 2-8 lets 12 capture onto the back row. Against 2-7, 8-12 or 8-13 White plays 14-10, and "
        "Black can only delay 10-4/10-5 by offering a man that must be taken first (8-12 14-10 12-17 22x11, or "
        "8-13 14-10 13-18 22x13), so the crown comes by ply 7. 19-13 loses the man to 8x19, and 22-17 or 22-18 "
        "does not force a crown within seven plies.",
    ),
    Tactic(
        "brazilian",
        "shot",
        "W:We3,d4,c3,Ka1:Ba5,a3,g5,g3",
        "c3-b4",
        Gain.MATERIAL,
        3,
        ("a5xe5",),
        "c3-b4 offers a man. Men capture backwards and the majority rule applies, so Black's only legal capture "
        "is a5xe5 (a5xc3xe5: over b4, then back up over d4), two men; a3xc5 (over b4 alone: d4 cannot be jumped "
        "next because e3 stands behind it) takes fewer and is illegal. The long diagonal a1-h8 is open up to the "
        "Black man on e5, and the flying king takes a1xf6xh4xf2 (or ...xe1): e5, g5 and g3, three men for two. "
        "d4-c5 and d4-e5 offer nothing; e3-f4 loses two men to g5xe3xc5 and a1-b2 the king to a3xc1. Under "
        "Russian rules (same board, free choice of capture) Black would answer a3xc5 and keep the diagonal shut.",
    ),
    Tactic(
        "brazilian",
        "breakthrough",
        "W:We7,d6,f6,h6:Bd8,f8",
        "h6-g7",
        Gain.CROWN,
        3,
        ("f8xh6",),
        "The man on e7 is stopped by d8 and f8 and guarded by d6 and f6, so neither can take it. h6-g7 gives a "
        "man to deflect f8: Black's only capture is f8xh6, and e7-f8 crowns, a king for a man. The other tries "
        "lose two men and crown nothing, because men capture backwards: d6-c7 is met by f8xd6xb8 (e7, then back "
        "up over c7) and f6-g7 by d8xf6xh8 (e7, then back up over g7).",
    ),
    Tactic(
        "canadian",
        "shot",
        "W:W50,56,57,K67:B43,52,55,64",
        "56-49",
        Gain.MATERIAL,
        3,
        ("43x45",),
        "56-49 offers a man. Men capture backwards and the majority rule applies, so Black's only legal capture "
        "is 43x45 (43x56x45: over 49, then back up over 50), two men; 55x44 (over 49 alone: 50 cannot be jumped "
        "next because 57 stands behind it) takes fewer and is illegal. The Black man on 45 now stands alone on "
        "the long diagonal 67-61-56-50-45-39, which White's own 56 and 50 had shut, and the flying king takes "
        "67x70: 45 (landing on 39), 52 (landing on 59) and 64 (landing on 70), three men for two. 50-44, 50-45 "
        "and 57-51 offer nothing; 67-61 loses the king to 55x68. With free choice of capture (Russian rules) "
        "Black would answer 55x44 and the diagonal would stay shut.",
    ),
    Tactic(
        "canadian",
        "king-trap",
        "W:W39,40,47,53:BK14,17,28",
        "40-34",
        Gain.MATERIAL,
        3,
        ("14x40",),
        "40-34 puts a man on the Black king's diagonal 14-21-27-34-40-47. Capture is compulsory, so the flying "
        "king takes it from afar, and it can land only on 40 (47 stands beyond); there it has nothing more to "
        "take, since 47 cannot be jumped with 53 behind it. White then takes 47x12: the king (landing on 34), 28 "
        "(landing on 23) and 17 (landing on 12), and Black has nothing left. 39-34 is taken by 28x39 instead, "
        "40-35 by 28x41x52 (two men), and 47-41 gives the king 14x47 (two men); 39-33 and 53-48 win nothing.",
    ),
    Tactic(
        "canadian",
        "breakthrough",
        "W:W7,13,14:B1,2,3",
        "14-8",
        Gain.CROWN,
        3,
        ("1x14",),
        "The man on 7 can go only to 1, where a Black man stands that cannot be jumped on the edge. 14-8 gives "
        "a man to deflect it: 2 cannot take it (13 stands behind 8), so Black's only capture is 1x14, and 7-1 "
        "crowns, a king for a man. 13-8 is taken by 2x13 instead and 14-9 by 2x15 or 3x14, and 1 stays.",
    ),
    Tactic(
        "frisian",
        "shot",
        "W:W31,32:B23,25,34",
        "32-28",
        Gain.MATERIAL,
        3,
        ("23x32",),
        "32-28 offers a man and Black's only capture is 23x32. Frisian men also capture orthogonally, jumping "
        "the piece two files or two rows away: 31x15 takes 32 sideways (landing on 33), 34 sideways (landing on "
        "35) and 25 straight up (landing on 15), three men for one, and Black has none left. 31-26, 31-27 and "
        "32-27 give Black nothing to take and win nothing. Under International rules there would be no "
        "recapture at all.",
    ),
    Tactic(
        "frisian",
        "breakthrough",
        "W:W6,18:BK1,8",
        "18-12",
        Gain.CROWN,
        3,
        ("1x18", "1x23", "1x29", "1x34", "1x40", "1x45"),
        "The man on 6 can go only to 1, where the Black king stands; on the edge, the man cannot be taken. 18-12 "
        "offers a man that both the king (flying, 1 over 12) and the man on 8 (8x17) could take, one man each. "
        "With the values equal, Frisian rules make the king capture, so Black must play 1x12 to one of "
        "18/23/29/34/40/45, and 6-1 crowns. After 18-13 the only capture is 8x19 and the king stays on 1. Under "
        "International rules Black would answer 8x17 and keep the king on 1.",
    ),
    Tactic(
        "anti-international",
        "giveaway",
        "W:W32,37:B23,33",
        "32-28",
        Gain.WIN,
        2,
        ("23x41",),
        "In giveaway the side left without a move wins. 32-28 offers a man that 23 can take and then carry on "
        "over 37 (23x32x41), both White men, while 33x22 (backwards, over 28) takes only one. The majority rule "
        "makes 23x41 the only legal capture, so White has no piece left and wins. 32-27 and 37-31 offer nothing "
        "and Black simply moves. With free choice of capture (anti-Russian rules) Black would answer 33x22 and "
        "White would still have 37.",
    ),
    Tactic(
        "anti-international",
        "blockade",
        "W:W6,K50:B1,23",
        "50-28",
        Gain.WIN,
        2,
        ("23x32",),
        "White's man on 6 is frozen: its only square, 1, holds a Black man that cannot be jumped on the edge. So "
        "White wins once its king is gone. The king flies 50-28, the one square of its diagonals where a Black "
        "man must take it (23x32); White is left with the frozen man, has no move, and wins. After any other "
        "king move (50-11, -17, -22, -33, -39, -44, -45) Black is not forced to capture and 1-7 frees the man "
        "on 6.",
    ),
]
