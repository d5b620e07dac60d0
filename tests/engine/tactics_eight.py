"""Hand-built tactics: the 8x8 variants with flying kings and the oddities (see tactics.py for how each is checked).

Square names are each variant's own: algebraic with a1 at White's bottom left (Russian, Czech, the
oddities), Pool numbered like English (1 = b8 at the top, Black moves down towards 29-32), Spanish and
Portuguese numbered from 1 = h1 at White's bottom right, right to left and upwards (32 = a8).
"""

from __future__ import annotations

from tests.engine.tactics import Gain, Tactic

EIGHT_TACTICS: list[Tactic] = [
    # -- Russian: men take backwards, flying kings, free choice, a man crowned mid-capture goes on as a king
    Tactic(
        "russian",
        "shot",
        "W:Wa5,b6,f6,c1:Bc7,d8,h6,a3,g7,h8",
        "f6-e7",
        Gain.MATERIAL,
        3,
        ("d8:f6",),
        "White's f6 is attacked (g7:e5) and cannot step to g7. f6-e7 offers it instead: the only capture is "
        "d8:f6 (c7 cannot take b6, a5 is occupied), which empties d8. Now b6:d8 takes c7 and the man is crowned "
        "on d8 in the middle of the capture, so it goes on as a flying king: d8, e7 (the taken man is gone), over "
        "f6 to g5 or h4. One man given, two taken. Any other move (b6-a7, c1-b2, c1-d2) loses f6 to g7:e5, and "
        "c1-b2 also allows a3:c1. Under Brazilian or pool rules the man would stop on d8 (b6xd8 only) and the "
        "trade would be even.",
    ),
    Tactic(
        "russian",
        "breakthrough",
        "W:Wc5,e5:Ba7,c7,e7",
        "c5-d6",
        Gain.CROWN,
        7,
        ("e7:c5",),
        "c5-d6 offers a man that c7 cannot take (e5 stands behind d6), so e7:c5 is forced. With e7 gone, e5-f6 "
        "and f6-g7 (or f6-e7) reach the 8th rank at ply 7: the black men left (a7, c7, c5) only move down, and "
        "if c7-d6 waits to take a man on e7 backwards (d6:f8), White goes through g7. The other first moves "
        "lose a man: c5-b6 to a7:c5 or c7:a5, e5-f6 to e7:g5, and e5-d6 to c7:e5 (e7 is blocked by c5), after "
        "which a7 stops c5-b6.",
    ),
    # -- Czech: men take only forwards, flying kings, a king must capture when it can (no quantity rule)
    Tactic(
        "czech",
        "shot",
        "W:Wd4,c3,b2:BKg7,d6,a7,h4",
        "d4-e5",
        Gain.MATERIAL,
        3,
        ("g7xd4",),
        "d4-e5 offers a man to two captures: d6xf4 by the man and g7xd4 by the king (over e5; it can only land "
        "on d4 because c3 is occupied, and from d4 it has no further capture, b2 backing c3). Czech king "
        "priority makes the king take, so g7xd4 is forced, and c3xc7 takes the king on d4 and the man on d6 "
        "(c3-e5-c7): king and man for one man. d4-c5 loses two men to d6xd2 (over c5 and c3), c3-b4 lets the "
        "king take two, b2-a3 wins nothing. Under Russian free choice Black answers d6:f4 and White is a man "
        "down.",
    ),
    Tactic(
        "czech",
        "breakthrough",
        "W:We5,c1:Bc7,g5,a7",
        "e5-f6",
        Gain.CROWN,
        5,
        ("a7-b6", "c7-b6", "c7-d6", "g5-f4", "g5-h4"),
        "e5-f6 walks past g5: Czech men capture only forwards, so the black man behind f6 cannot take it (in "
        "Russian or pool g5:e7 would). Nothing guards e7 or g7 (d8, f8 and h8 are empty and c7 only moves down; "
        "a man on d6 cannot take upwards), so f6-e7 or f6-g7 and then the 8th rank crowns at ply 5. e5-d6 is "
        "taken by c7xe5, and c1 is far too slow.",
    ),
    # -- Pool (American pool): Black moves first and down; men take backwards too; free choice
    Tactic(
        "pool",
        "shot",
        "B:W19,11,32,31:B10,14,18,17",
        "10-15",
        Gain.MATERIAL,
        3,
        ("19x10",),
        "Black plays 10-15, offering a man. White's only capture is 19x10 (11x18 is blocked by Black's 18), "
        "and the man stops on 10 because 17 stands behind 14. Then 14 takes backwards, as pool men may: "
        "14x7x16, over 10 and 11, two men for one. Of the other moves 18-23 loses a man to 19x26 and the rest "
        "win nothing in three plies. Under English or Spanish rules (men capture only forwards) 14 could not "
        "take back and Black would simply be a man down.",
    ),
    Tactic(
        "pool",
        "breakthrough",
        "B:W17,27,32:B18,20",
        "20-24",
        Gain.CROWN,
        7,
        ("27x20",),
        "Black wants to crown on 29-32. 20-24 gives a man: 27x20 is White's only capture, and the guard on 27 "
        "is gone. Then 18-23, 23-26 and 26-30 or 26-31 crown at ply 7 (23-27 would be taken by 32x23): the "
        "white men on 17 and 20 stand above the runner and never come near it. 18-23 at once is taken by "
        "27x18, after which 32 holds the man on 20; 18-22 is taken by 17x26 backwards, which only pool (not "
        "English or Spanish) rules allow.",
    ),
    # -- Spanish: men take only forwards, flying kings, the most pieces then the most kings must be taken
    Tactic(
        "spanish",
        "shot",
        "W:W8,12,15,14,5:B24,23,22,25,29",
        "15-19",
        Gain.MATERIAL,
        4,
        ("22x15",),
        "15-19 offers a man on 19: 22x15 is forced (23x14 is blocked by the man on 14), and the black man stops "
        "on 15 because 8 stands behind 12 and 11 is empty. White takes 12x28, over 15 and 23: two men for one, "
        "and the man on 28 cannot be retaken at ply 4, since 24 stands below it and Spanish men capture only "
        "forwards (in Russian or pool 24 would take it back). 14-18 and 14-19 lose a man, 15-20 loses two to "
        "23x7, and 5-9, 5-10 and 12-16 win nothing.",
    ),
    Tactic(
        "spanish",
        "breakthrough",
        "W:W19,18:B27,26,25",
        "18-22",
        Gain.CROWN,
        7,
        ("27x18",),
        "18-22 offers a man that 26 cannot take (19 stands behind 22), so 27x18 is forced and 27 is empty. Then "
        "19-23, 23-27 or 23-28 and the 8th rank crown at ply 7: Black's 18, 25 and 26 only move and capture "
        "down the board. 19-22 loses a man to 26x19 and 18 is then stopped by 25; 19-23 is taken by 27x20; "
        "18-21 by 25x18 or 26x17.",
    ),
    # -- Portuguese: Spanish rules on their own id; the quality rule makes a man take the king
    Tactic(
        "portuguese",
        "shot",
        "W:WK15,12,8:B24,16,K23",
        "15-20",
        Gain.MATERIAL,
        3,
        ("24x15",),
        "Black threatens 16x7 (over 12). The king goes to 20 where 24 can take it (24x15; it cannot go on: 8 "
        "stands behind 12 and 11 is empty), and the black king on 23 cannot, 16 being its own man. Black now has "
        "two single captures, 24x15 (a king) and 16x7 (a man); the quality rule (as many kings as possible) "
        "leaves only 24x15. Then 12x28 takes the man on 15 and the king on 23: king and man for the king, and "
        "12 is no longer en prise. Every other king move lets 16x7 win a man (15-11 only trades it back, 15-19 "
        "loses the king to 23). In Czech or Russian Black would choose 16x7.",
    ),
    Tactic(
        "portuguese",
        "breakthrough",
        "W:W19,4,3:B28,31,18",
        "19-22",
        Gain.CROWN,
        5,
        ("18-13", "18-14", "28-23", "28-24", "31-27"),
        "19-22 puts the man beside the black man on 18, which is behind it: Portuguese men capture only "
        "forwards, so 22 is safe (in Russian 18 would take it backwards to 27). Then 22-26 and 26-29 or 26-30 "
        "crown at ply 5; 27 is covered by 31, and if 31-27 Black loses it to 22x31 with a crown. 19-23 is "
        "taken by 28x19 and the men on 3 and 4 are too slow.",
    ),
    # -- Corner: Czech rules, but men are crowned only on a7/b8 (White) and g1/h2 (Black)
    Tactic(
        "corner",
        "shot",
        "W:We1,g3:Bc1,c3",
        "e1-d2",
        Gain.WIN,
        3,
        ("c3xe1",),
        "Black's man on c1 is not crowned (Black's crowning squares are g1 and h2) and can never move again. "
        "e1-d2 offers a man: c3xe1 is forced and the man lands on e1, not a crowning square either, so it is "
        "stuck too. White plays g3-f4 or g3-h4 and Black has no move. After any other first move Black answers "
        "c3-b2 and still has b2-a1 to play. In Czech e1 is on Black's crowning row and c3xe1 would make a king.",
    ),
    Tactic(
        "corner",
        "breakthrough",
        "W:Wd6,f6,g5,h4:Bd8,b4,a3",
        "f6-e7",
        Gain.CROWN,
        7,
        ("d8xf6",),
        "Only a7 and b8 crown White. d8 guards c7 (d8xb6), so f6-e7 deflects it: d8xf6 is forced and stops "
        "there (h4 backs g5), g5xe7 retakes, and d6-c7, c7-b8 crowns at ply 7 with nothing left to guard c7. "
        "d6-c7 at once is taken by d8xb6. d6-e7, f6-g7 and g5-h6 only lead to d8, f8 or h8, which do not crown "
        "in Corner checkers (a man there is stuck); under Czech rules each of them would crown.",
    ),
    # -- One-way: every man moves and captures up the board (towards rank 8), both crowned on rank 8
    Tactic(
        "oneway",
        "shot",
        "W:We3,f4,h2:Bc3,c7,a3",
        "e3-d4",
        Gain.MATERIAL,
        3,
        ("c3xe5",),
        "In One-way checkers Black's men also capture upwards, so the man on c3 attacks d4. e3-d4 offers it: "
        "c3xe5 is forced and the man lands on e5, right above White's f4, which takes it upwards and goes on: "
        "f4xb8 over e5 and c7, crowning on b8. Two men for one, and Black's c7 no longer crowns. The other moves "
        "win nothing in three plies. With Czech directions (Black moving down) c3 could not take d4.",
    ),
    Tactic(
        "oneway",
        "breakthrough",
        "W:Wc5,g3:Bb4,e5",
        "c5-b6",
        Gain.CROWN,
        5,
        ("b4-a5", "b4-c5", "e5-d6", "e5-f6"),
        "Here the danger comes from below: black men capture upwards. b4 already attacks c5 (b4xd6). c5-d6 is "
        "taken by e5xc7. c5-b6 is safe (a5 and c5 below it are empty) and whatever Black does, b6-a7 (an edge "
        "square nobody can jump) or b6-c7, then b8 crowns at ply 5: a black man moving to a5 or c5 attacks b6 "
        "only after it has left. g3 moves do nothing. Under Czech rules b4 and e5, behind the white man, could "
        "never take it.",
    ),
    # -- Parachute: Czech rules plus parachutists, men on their own crowning row that only capture backwards
    Tactic(
        "parachute",
        "shot",
        "W:We1,f2,a3:Bc1,c5,g7,e7",
        "e1-d2",
        Gain.MATERIAL,
        3,
        ("c1xe3",),
        "Black's man on c1 is a parachutist: its only move is to jump a white piece on the 2nd row, landing just "
        "behind it. e1-d2 offers d2: c1xe3 is forced and the parachutist is an ordinary man on e3. f2 takes "
        "it and goes on over c5: f2xb6 (f2-d4-b6), two men for one. f2-e3 and f2-g3 give the parachutist "
        "nothing to jump and win nothing; a3-b4 loses a man to c5xa3. In Czech a black man on c1 could not "
        "exist (it would be a king).",
    ),
    Tactic(
        "parachute",
        "breakthrough",
        "W:Wd8,h4,c1:Bb6,c7,e7,f6",
        "h4-g5",
        Gain.CROWN,
        7,
        ("f6xh4",),
        "White's parachutist on d8 cannot capture yet: b6 stands behind c7 and f6 behind e7. h4-g5 offers a "
        "man: f6xh4 is forced and f6 is empty, so the parachutist must jump d8xf6 (ply 3) and is an ordinary "
        "man from then on. It walks back up: f6-e7 or f6-g7, then d8 (which it has just left), f8 or h8, "
        "crowned at ply 7; c7-d6 does not guard e7 because men capture only forwards. c1-b2 and c1-d2 leave "
        "the parachutist without a capture and crown nothing.",
    ),
    # -- Giveaway Russian: the side left without a move wins; Russian moves (free choice, crowned mid-capture)
    Tactic(
        "anti-russian",
        "giveaway-crowned",
        "W:We1,g3:Bc3,b6,h6",
        "e1-d2",
        Gain.WIN,
        2,
        ("c3:h4",),
        "In giveaway the side left without a move wins. e1-d2 offers a man that c3 must take, landing on e1, "
        "Black's crowning row: the man is crowned in the middle of the capture and goes on as a flying king, "
        "over g3 to h4 (c3:e1:h4). White has no piece left and wins. Under Brazilian rules the man would stop "
        "on e1 and g3 would remain. e1-f2, g3-f4 and g3-h4 offer nothing.",
    ),
    Tactic(
        "anti-russian",
        "giveaway-backwards",
        "W:Wf4,g7:Bd4,a7",
        "f4-e5",
        Gain.WIN,
        2,
        ("d4:h8",),
        "f4-e5 puts a man above the black man on d4, which must take it backwards (Russian men may) and go on "
        "over g7: d4:f6:h8. White has no piece left and wins. With men capturing only forwards d4 could not "
        "take at all. f4-g5, g7-f8 and g7-h8 offer nothing.",
    ),
]
