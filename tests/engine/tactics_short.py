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
    # -- English: Black moves down from 1-12; men capture forwards only, a crowning ends the move --------
    Tactic(
        "english",
        "shot",
        "W:W22,23,25,29:B4,13,14,15",
        "22-18",
        Gain.MATERIAL,
        4,
        ("15x22",),
        "22-18 offers a man: the only capture is 15x22 (14x23 is blocked, 23 is occupied) and it stops on 22 "
        "because 29 fills the square behind 25. White takes 25x18x9, over 22 and 14, and lands on 9 beside 13: "
        "English men do not capture backwards, so 13 cannot take it (a Russian man would, 13x6) and White is "
        "still a man up after Black's reply. 22-17 loses two men to 14x21x30 (free choice: Black need not take "
        "13x22); 23-18 loses one to 14x23, 23-19 to 15x24; the waiting 25-21 is met by 4-8.",
    ),
    Tactic(
        "english",
        "breakthrough",
        "W:W9,10,13,30:B1,2,6,16",
        "10-7",
        Gain.CROWN,
        5,
        ("2x11",),
        "Black threatens 6x15 over 10, and 1 and 2 guard the back rank. 10-7 offers the man to 2: 2x11 is "
        "Black's only capture (6x13 over 9 is blocked, 13 is occupied), and it empties 2, so 9x2 takes 6 "
        "and crowns at ply 3. 9-5, 30-25 and 30-26 allow 6x15, and then every way up for 9 (or 5) ends "
        "below the occupied 1 and 2; 13 has no move.",
    ),
    # -- Turkish: men step and capture straight forward or sideways; the most pieces must be taken -------
    Tactic(
        "turkish",
        "shot",
        "W:Wa4,b4,b5:Bc6,e4,h7",
        "b5-c5",
        Gain.MATERIAL,
        3,
        ("c6xc4",),
        "b5-c5 steps sideways under c6: the only capture is c6xc4, straight down, and the man stops on c4 "
        "(a4 fills the square beyond b4; nothing stands on c3 or d4). White takes b4xc4xe4, two sideways "
        "jumps, and is a man up (h7 is too far to help). b5-b6 loses a man to c6xa6, sideways; b5-a5, a4-a5 "
        "and b4-c4 threaten nothing and Black just moves. Sideways steps and captures by men are Turkish: "
        "under English rules none of these moves exists.",
    ),
    Tactic(
        "turkish",
        "breakthrough",
        "W:Wc5,c6,d6:Bb7,e7,h3",
        "d6-d7",
        Gain.CROWN,
        3,
        ("e7xc7",),
        "d6-d7 offers a man on the 7th row: the only capture is e7xc7, sideways, and the man must stop on c7 "
        "(c7xc6 down is blocked because c5 fills the square beyond; b7 beside it is Black). Then c6xc8 takes it "
        "straight up and crowns on c8. The direct c6-c7 loses three men to b7xd7xd5xb5 (sideways, down, "
        "sideways: the most pieces, each removed at once); c6-b6 loses two to b7xb5xd5, d6-e6 one to "
        "e7xe5; c5-b5 and c5-d5 are too slow while the h3 man runs to h1.",
    ),
    # -- Armenian: men also step diagonally forward; captures are straight, the most pieces -------------
    Tactic(
        "armenian",
        "shot",
        "W:Wb4,f4,h4:Bd5,e7,g4",
        "f4-e5",
        Gain.MATERIAL,
        3,
        ("d5xf5",),
        "Black threatens g4xe4 over f4. f4-e5, a diagonal step no Turkish man has, puts the man beside d5: "
        "the only capture is d5xf5, sideways, and it stops on f5 (nothing to take from there). With f4 empty "
        "White must take the most pieces: h4xf4xf6, sideways over g4 and straight up over f5, rather than "
        "e5xg5; a man ahead. f4-f5, f4-g5 and f4-e4 take f4 out of danger but win nothing (g4 steps away); "
        "the b4 and h4 moves lose f4 to g4xe4.",
    ),
    Tactic(
        "armenian",
        "breakthrough",
        "W:Wa6,c5,c6:Ba7,a8,d7",
        "a6-b7",
        Gain.CROWN,
        3,
        ("a7xc7",),
        "Black threatens a7xa5 over a6, and a8 blocks a6's way up. a6-b7, a diagonal step, offers the man: "
        "the only capture is a7xc7, sideways (a8 stands behind its own man), and it stops on c7 (c5 fills "
        "the square below c6, d7 is Black). Then c6xc8 captures straight up onto the last row and is crowned. "
        "c6-c7 is taken by d7xb7 (or a7xa5), c6-b7 by a7xc7 with no recapture, c6-d6 by d7xd5xb5; every other "
        "move but the slow a6-b6 loses material (a7xa5, a7xa5xc5 or d7xd5).",
    ),
    # -- Dameo: a line of men advances as one (the rear man jumps to the front); captures are straight ---
    Tactic(
        "dameo",
        "shot",
        "W:Wh4,h5:Ba7,h7",
        "h4-h6",
        Gain.MATERIAL,
        3,
        ("a7-a6", "a7-b6", "h7-g6"),
        "h4-h6 is a linear move: the line h4-h5 advances one square, the rear man landing on h6. h6 now "
        "threatens h6xh8 and h5 still stands behind it, so h7 cannot take it (its landing square h5 is "
        "occupied). a7-a6 and a7-b6 leave h7 to h6xh8; h7-g6 steps beside h6 and is taken sideways, h6xf6. "
        "The plain step h5-h6 loses two men to h7xh3 (over h6 and h4: the most pieces must be taken); h5-g6 "
        "and h4-g5 threaten nothing.",
    ),
    Tactic(
        "dameo",
        "breakthrough",
        "W:Wc5,c6,d5,d6:Bb7,c8,f8",
        "c5-c7",
        Gain.CROWN,
        3,
        ("b7xd7",),
        "c5-c7 is a linear move (c5 passes over c6 to c7). c8xc7 is blocked because c6 is still occupied, so "
        "b7xd7, sideways, is the only capture, and it stops on d7 (d5 fills the square below d6). Then "
        "d6xb8, up over d7 to d8 and sideways over c8, ends on the last row and crowns (a man that only "
        "passes the last row mid-capture would not). The plain c6-c7 loses two men to c8xc4 or c8xe6; "
        "d6-c7 is met by b7xd7 with no man left under d7; c5-b6 loses a man to b7xb5; after c6-d7, d6-d7, "
        "d6-e7, d5-d7 or c5-e7 Black offers a man (f8-e7, c8-d7, b7-b6, b7-c6) and the compulsory capture "
        "comes before any crowning.",
    ),
    # -- Gothic (BrainKing): men step and capture diagonally forward, forward and sideways; free choice --
    Tactic(
        "gothic",
        "shot",
        "W:Wa3,b4,c4:Bd7,e5,g5",
        "c4-d5",
        Gain.MATERIAL,
        3,
        ("e5xc5",),
        "c4-d5 offers a man beside e5: the only capture is e5xc5, sideways, and it stops on c5 (a3 fills the "
        "square beyond b4; c4 is empty now). Then b4xd8 jumps diagonally over c5 to d6 and straight on over "
        "d7 to d8, where it is crowned: two men for one. c4-d4 loses a man to e5xc3, a diagonal capture; the "
        "other moves leave nothing to take. Under English rules e5 could not take sideways nor b4 straight "
        "ahead.",
    ),
    Tactic(
        "gothic",
        "breakthrough",
        "W:Wc4,d5,d6:Ba8,c8,e8",
        "d6-e7",
        Gain.CROWN,
        5,
        ("e8xe6",),
        "d6-e7 offers a man: the only capture is e8xe6, straight down, and it stops on e6 (e6xc4 over d5 is "
        "blocked by c4, d6 is empty). White must take back d5xf7, diagonally, and the man on f7 crowns next "
        "move on e8, f8 or g8: no Black man can reach f7 to capture it or cover three squares. d6-c7 loses "
        "two men to c8xe4 (down over c7, then diagonally over d5); d6-d7 loses to e8xe4 or c8xe6; after the "
        "quiet moves a8, c8 and e8 still guard every square in front.",
    ),
    # -- Thai: Black's side starts; a king captures at a distance but lands just behind the piece --------
    Tactic(
        "thai",
        "shot",
        "W:W15,18,22:BK1,5,8",
        "15-10",
        Gain.MATERIAL,
        3,
        ("1-15",),
        "The king on 1 threatens 1-19 over 15. 15-10 offers the man on the king's diagonal: the king must "
        "take it, 1-15, and a Thai king lands on the square just behind the piece it takes, 15, and may go "
        "on only from there (it cannot take 18: 22 fills the square beyond). Then 18-4 takes the king and 8 "
        "and crowns. A flying king that may land further on would choose 19, 24 or 28 and escape. 15-11 "
        "loses a man to 8-15; 18-14 and 22-17 leave 15 to 1-19.",
    ),
    Tactic(
        "thai",
        "breakthrough",
        "W:W9,13,15:B1,K28",
        "15-10",
        Gain.CROWN,
        3,
        ("28-6",),
        "The king on 28 threatens 28-10 over 15, and 1 holds 9 back (9-5 is stuck below it; 9-6 loses two "
        "men to 1-19, over 6 and then 15). 15-10 steps up the king's own diagonal: the king must take it "
        "(1 has nothing to take) and lands on 6, just behind; it cannot go on over 9 because 13 fills the "
        "square beyond. Then 9-2 takes the king and crowns. After 9-5 the king takes 28-10; after 15-11 it "
        "is free and 9 still has no way through.",
    ),
    # -- Alquerque: steps and first jumps never go backwards; later jumps may; no promotion -------------
    Tactic(
        "alquerque",
        "shot",
        "W:Wa1,b2,c3:Bc5,d3,e3",
        "c3-c4",
        Gain.MATERIAL,
        3,
        ("c5xc3",),
        "e3 stands behind d3, so White has no capture yet. c3-c4 offers a man: the only capture is c5xc3, "
        "straight down (c4 lies on no diagonal line), and it stops on c3 (a1 fills the point behind b2). "
        "Then b2xd2: b2 jumps diagonally forward over c3 to d4 and, as a later jump may go any way, back "
        "over d3 to d2: two men for one. c3-b4 loses two men to c5xc1 (over b4 to a3, then back over b2); "
        "c3-d4, c3-b3 and b2-b3 win nothing; the other moves let d3 jump (d3xb3 or d3xb1).",
    ),
    Tactic(
        "alquerque",
        "smother",
        "W:Wa4,e2:Ba1,d3",
        "e2-d2",
        Gain.WIN,
        3,
        ("d3xd1",),
        "A man on its last row can no longer step, so Black's a1 has no move and nothing to jump. e2-d2 "
        "offers a man to d3: capturing is compulsory and d3xd1 is Black's only move, landing on its last "
        "row too. White plays a4-a5 or a4-b4 and Black, with two men on the last row and no White piece "
        "beside them, has no move and loses. e2-e3 and the a4 moves leave d3 free to step (d3-c3).",
    ),
    # -- Hawaiian (Konane): every move is a straight jump; a line of jumps may stop after any one ---------
    Tactic(
        "hawaiian",
        "double-jump",
        "W:Wb6,c3,d2,e3:Bb3,b5,c6,e4,f5",
        "b6xb2",
        Gain.WIN,
        3,
        ("e4xe2",),
        "b6xb2 jumps b5 and goes on in the same line over b3. Black's only jump is then e4xe2 (c6 and f5 "
        "have no White neighbour), White answers d2xf2 and Black, c6 and f5 with no White piece beside "
        "them, cannot move and loses. Stopping after one jump, b6xb4, leaves b3 to jump back (b3xb5, "
        "b3xd3, b3xf3); b6xd6, c3xa3 and e3xe5 also leave Black a jump and a reply.",
    ),
    Tactic(
        "hawaiian",
        "stop-short",
        "W:Wa5,c1,c3,f6:Ba2,a4,e2,e4,e6",
        "a5xa3",
        Gain.WIN,
        3,
        ("a2xa4", "e6xg6"),
        "a5xa3 stops after one jump although it could go on over a2. Black has two jumps: a2xa4, back over "
        "a3, is answered by f6xd6, and e6xg6 by a3xa1; either way no Black piece is left beside a White one "
        "and Black, unable to jump, loses. Going on with a5xa1 leaves Black e6xg6, and then White has "
        "nothing to jump and loses; f6xd6 allows a4xa6.",
    ),
    # -- Giveaway Italian: the side left without a move wins; men may not take kings; most pieces -------
    Tactic(
        "anti-italian",
        "majority",
        "W:W18,23:B10,11",
        "18-14",
        Gain.WIN,
        2,
        ("10x28",),
        "18-14 offers the man to both Black men: 11x18 would take one, but 10x14x23 takes two (landing on "
        "28), and the Italian rules make the larger capture compulsory. White, with nothing left, has no "
        "move and wins. Under English rules Black could choose 11x18 and leave White a man. 18-13 gives "
        "away only one man (10x17) and the moves of 23 none.",
    ),
    Tactic(
        "anti-italian",
        "king",
        "W:WK30,23:B17,21,25",
        "30-26",
        Gain.WIN,
        4,
        ("25-29",),
        "K30-26 stands in front of 21, but an Italian man may not take a king, so it is no capture; it "
        "takes 21's last free square (17 is stuck behind 21), leaving Black only 25-29, which crowns a "
        "king. Now 23-19 offers the last man: the king must capture and must take the most pieces, 29x15 "
        "over 26 and 19, and White, with nothing left, wins. (Under English rules 21 would take the king "
        "at once.) K30-27 and the moves of 23 let Black reply 21-26 or 25-29 and keep White's pieces on "
        "the board.",
    ),
    # -- Giveaway English: the side left without a move wins; men may take kings; free choice ----------
    Tactic(
        "anti-english",
        "king",
        "W:WK14,31:B3,8,15",
        "14-18",
        Gain.WIN,
        4,
        ("15x22",),
        "K14-18 offers the king to 15: an English man may capture a king, capturing is compulsory and "
        "15x22 is Black's only move. Then 31-26 offers the last man, 22x31 must take it (crowning ends the "
        "move) and White, with nothing left, wins. Under Italian rules a man may not take a king and "
        "14-18 would give nothing away. The other king moves stay out of reach, and 31-26 at once is met by "
        "15-18 or 15-19.",
    ),
    Tactic(
        "anti-english",
        "blocked",
        "W:W13,21,30:B6,9,14",
        "21-17",
        Gain.WIN,
        4,
        ("14x21",),
        "The man on 13 is already stuck: the square ahead, 9, is Black, the jump over it is blocked by 6, "
        "and 9 cannot take it (the square beyond 13 is off the board). 21-17 offers a man and 14x21 is "
        "Black's only move; 30-25 then offers the last free man, 21x30 must take it, and White, left with "
        "13 and no move, wins. 30-25 or 30-26 first gives Black time: 6-10 frees 13, or 14-17/14-18 make "
        "White capture.",
    ),
]
