"""Variant names and /rules summaries in the player's language (name keys are shared with the slash
commands' variant choices; rules/ keeps the English names for PDN files and operator tools)."""

from __future__ import annotations

from collections.abc import Callable

from messages.i18n import Words
from rules import find_variant

_NAMES: dict[str, Callable[[Words], str]] = {
    "italian": lambda w: w.say("choice.italian", "Italian draughts"),
    "international": lambda w: w.say("choice.international", "International draughts"),
    "english": lambda w: w.say("choice.english", "English draughts / American checkers"),
    "russian": lambda w: w.say("choice.russian", "Russian draughts"),
    "brazilian": lambda w: w.say("choice.brazilian", "Brazilian draughts"),
    "pool": lambda w: w.say("choice.pool", "Pool checkers (American)"),
    "czech": lambda w: w.say("choice.czech", "Czech draughts"),
    "spanish": lambda w: w.say("choice.spanish", "Spanish draughts"),
    "portuguese": lambda w: w.say("choice.portuguese", "Portuguese draughts"),
    "canadian": lambda w: w.say("choice.canadian", "Canadian draughts"),
    "frisian": lambda w: w.say("choice.frisian", "Frisian draughts"),
    "turkish": lambda w: w.say("choice.turkish", "Turkish draughts"),
    "thai": lambda w: w.say("choice.thai", "Thai draughts (Makhos)"),
    "armenian": lambda w: w.say("choice.armenian", "Armenian draughts (Tama)"),
    "dameo": lambda w: w.say("choice.dameo", "Dameo"),
    "gothic": lambda w: w.say("choice.gothic", "Gothic checkers"),
    "corner": lambda w: w.say("choice.corner", "Corner checkers"),
    "oneway": lambda w: w.say("choice.oneway", "One-way checkers"),
    "parachute": lambda w: w.say("choice.parachute", "Parachute checkers"),
    "alquerque": lambda w: w.say("choice.alquerque", "Alquerque (Arakelk)"),
    "hawaiian": lambda w: w.say("choice.hawaiian", "Hawaiian checkers (Kōnane)"),
    "anti-italian": lambda w: w.say("choice.anti-italian", "Giveaway Italian draughts"),
    "anti-english": lambda w: w.say("choice.anti-english", "Giveaway English draughts / American checkers"),
    "anti-international": lambda w: w.say("choice.anti-international", "Giveaway International draughts"),
    "anti-russian": lambda w: w.say("choice.anti-russian", "Giveaway Russian draughts"),
    "chinese": lambda w: w.say("choice.chinese", "Chinese checkers"),
}

_SUMMARIES: dict[str, Callable[[Words], str]] = {
    "chinese": lambda w: w.say(
        "rules.chinese.summary",
        "A star of 121 holes for 2, 3, 4 or 6 players, each with 10 marbles in a point of the star. A move is a "
        "step to a neighbouring empty hole, or a chain of jumps, each over one neighbouring marble of any colour "
        "to the empty hole just beyond it, stopping wherever you like; nothing is captured. Fill the opposite "
        "point to finish: a full point counts if at least one marble in it is yours. The others play on for the "
        "places. With no legal move you pass. Holes are named by row, a at the bottom to q at the top, and "
        "numbered from the left: write a move as its holes, like d2-e6 or c2-e8.",
    ),
    "italian": lambda w: w.say(
        "rules.italian.summary",
        "8x8 board, dark square at each player's bottom right; squares 1-32 (1 = a8). White starts. Men move "
        "and capture one square diagonally forward and may not capture kings. Kings move and capture one "
        "square in any diagonal direction. Capturing is compulsory: take the most pieces; if equal, capture "
        "with a king; then take the most kings; then take the king(s) met earliest. A man reaching the far "
        "row becomes a king and the move ends. Threefold repetition or 40 moves each without a man move or "
        "capture draws.",
    ),
    "international": lambda w: w.say(
        "rules.international.summary",
        "10x10 board, dark square at each player's bottom left; squares 1-50 (1 = b10). 20 men each, White "
        "starts. Men move one square diagonally forward and capture forwards and backwards. Kings fly: they "
        "move and capture along a whole diagonal and may land on any empty square beyond the captured piece. "
        "Capturing is compulsory and you must take the most pieces (men and kings count the same). Captured "
        "pieces are removed only when the move ends and cannot be jumped twice. A man that only passes the "
        "far row during a capture stays a man. Threefold repetition; 25 moves each with only kings moving and"
        " no capture; 3 pieces (at least one king) against a lone king: draw after 16 moves each; 2 pieces or"
        " fewer (at least one king) against a lone king: draw after 5 moves each.",
    ),
    "english": lambda w: w.say(
        "rules.english.summary",
        "8x8 board, dark square at each player's bottom left; squares 1-32 (1 = b8). Black starts. Men move "
        "and capture one square diagonally forward; kings move and capture one square in any diagonal "
        "direction. Capturing is compulsory but you may choose any capture; a started sequence must be "
        "completed. Crowning ends the move. Threefold repetition or 40 moves each without a man move or "
        "capture draws.",
    ),
    "russian": lambda w: w.say(
        "rules.russian.summary",
        "8x8 board, a1 dark; algebraic squares (c3-d4, captures c3:e5). 12 men each, White starts. Men "
        "capture forwards and backwards; kings fly. Capturing is compulsory but you may choose any capture, "
        "and must finish it (a flying king must land where it can go on capturing). Captured pieces stay "
        "until the move ends. A man that reaches the far row during a capture becomes a king at once and "
        "continues capturing as a king. Threefold repetition; 15 moves each with only kings moving and no "
        "capture; 3 or more kings against a lone king: draw after 15 moves each; equal numbers of pieces and "
        "kings on both sides, with kings: 4-5 pieces each → draw after 30 moves each, 6-7 pieces each → after"
        " 60; 3 pieces (at least one king) against a lone king holding the long diagonal a1-h8: draw after 5 "
        "moves each; 2 pieces (at least one king) against a lone king: draw after 5 moves each.",
    ),
    "brazilian": lambda w: w.say(
        "rules.brazilian.summary",
        "International rules on an 8x8 board with algebraic squares: men capture backwards, flying kings, you"
        " must take the most pieces (men and kings count the same), captured pieces stay until the move ends,"
        " a man passing the far row mid-capture stays a man. White starts. Draws as in Russian draughts: "
        "Threefold repetition; 15 moves each with only kings moving and no capture; 3 or more kings against a"
        " lone king: draw after 15 moves each; equal numbers of pieces and kings on both sides, with kings: "
        "4-5 pieces each → draw after 30 moves each, 6-7 pieces each → after 60; 3 pieces (at least one king)"
        " against a lone king holding the long diagonal a1-h8: draw after 5 moves each; 2 pieces (at least "
        "one king) against a lone king: draw after 5 moves each.",
    ),
    "pool": lambda w: w.say(
        "rules.pool.summary",
        "8x8 board numbered like English checkers (1 = b8); Black starts. Men capture forwards and backwards;"
        " kings fly. Capturing is compulsory but you may choose any capture and must finish it. Captured "
        "pieces stay until the move ends. A man that reaches the far row during a capture and can go on "
        "capturing backwards does so as a man. Threefold repetition; 15 moves each with only kings moving and"
        " no capture; 3 kings against 1 king: draw after 13 moves each.",
    ),
    "czech": lambda w: w.say(
        "rules.czech.summary",
        "8x8 board, a1 dark; algebraic squares. 12 men each, White starts. Men move and capture only "
        "forwards; kings fly. Capturing is compulsory with free choice, except that if a king can capture, a "
        "king must capture. Captured pieces stay until the move ends. Threefold repetition or 15 moves each "
        "without a capture or man move draws.",
    ),
    "spanish": lambda w: w.say(
        "rules.spanish.summary",
        "8x8 board with h1 dark; squares 1-32 from White's bottom right (1 = h1, 32 = a8). 12 men each, White"
        " starts. Men move and capture only forwards; kings fly. You must take the most pieces, then the most"
        " kings. Captured pieces stay until the move ends; crowning ends the move. Threefold repetition or 20"
        " king moves each without a capture draws.",
    ),
    "portuguese": lambda w: w.say(
        "rules.portuguese.summary",
        "8x8 board with h1 dark; squares 1-32 from White's bottom right (1 = h1, 32 = a8). 12 men each, White"
        " starts. The rules are those of Spanish draughts. Men move and capture only forwards; kings fly. You"
        " must take the most pieces, then the most kings. Captured pieces stay until the move ends; crowning "
        "ends the move. Threefold repetition or 20 king moves each without a capture draws.",
    ),
    "canadian": lambda w: w.say(
        "rules.canadian.summary",
        "12x12 board, squares 1-72 (1 = b12). 30 men each, White starts. International rules: men capture "
        "backwards, flying kings, you must take the most pieces, captured pieces stay until the move ends, no"
        " promotion in passing. Threefold repetition or 25 moves each with only kings moving draws.",
    ),
    "frisian": lambda w: w.say(
        "rules.frisian.summary",
        "10x10 board numbered 1-50 like International; White starts. Men move one square diagonally forward; "
        "men and kings capture diagonally and orthogonally (straight over the square two away), forwards and "
        "backwards. Kings move diagonally any distance and capture at distance. You must make the capture of "
        "highest value: n kings are worth more than 2n-1 men but less than 2n men; at equal value a king must"
        " capture. While you have men, the same king may make at most three quiet moves in a row. Threefold "
        "repetition; 2 kings against 1 king: draw after 7 moves each; 1 king against 1 king: draw at once "
        "unless a capture is due.",
    ),
    "turkish": lambda w: w.say(
        "rules.turkish.summary",
        "All 64 squares are used; algebraic squares. 16 men each on the 2nd and 3rd rows, White starts. Men "
        "move and capture one square straight forward or sideways. Kings move and capture like rooks, landing"
        " on any empty square beyond. You must take the most pieces. Each captured piece is removed at once, "
        "and a capturing piece may not turn back 180 degrees between two jumps. A man is crowned only if its "
        "move ends on the far row. Threefold repetition; 50 moves each with only kings moving and no capture;"
        " a lone king against a lone man wins; a lone king against a lone king is a draw.",
    ),
    "thai": lambda w: w.say(
        "rules.thai.summary",
        "8x8 board, a1 dark; squares 1-32 (1 = b8). 8 men each on the two nearest rows; Black starts. Men "
        "move and capture one square diagonally forward. Kings move any distance diagonally; a king captures "
        "a piece at any distance but must land on the square just behind it. Captured pieces are removed at "
        "once. Capturing is compulsory with free choice; crowning ends the move. Threefold repetition draws.",
    ),
    "armenian": lambda w: w.say(
        "rules.armenian.summary",
        "All 64 squares are used; algebraic squares. 16 men each on the 2nd and 3rd rows, White starts. Men "
        "move one square forward, diagonally forward or sideways, and capture one square straight forward or "
        "sideways. Kings move like chess queens and capture straight (forward, backward, sideways) at any "
        "distance. You must take the most pieces; captured pieces are removed at once and a capturing piece "
        "may not turn back 180 degrees. A man is crowned only if its move ends on the far row. Threefold "
        "repetition draws.",
    ),
    "dameo": lambda w: w.say(
        "rules.dameo.summary",
        "All 64 squares are used; algebraic squares. 18 men each (a1-h1, b2-g2, c3-f3), White starts. A man "
        "moves one square straight or diagonally forward; a straight line of your men may also advance one "
        "square along its own direction if the square in front is empty. Kings move like chess queens. All "
        "captures are straight (forward, backward, sideways): men jump an adjacent piece, kings capture at "
        "distance. You must take the most pieces; captured pieces stay until the move ends. A man that passes"
        " the far row during a capture stays a man. Threefold repetition draws.",
    ),
    "gothic": lambda w: w.say(
        "rules.gothic.summary",
        "BrainKing's Gothic checkers: all 64 squares, 16 men each on the two nearest rows; White starts. Men "
        "move and capture one square diagonally forward, straight forward or sideways. Kings move and capture"
        " one square in any of the eight directions. Otherwise as checkers: capturing is compulsory with free"
        " choice, a started capture must be completed, crowning ends the move. Threefold repetition draws.",
    ),
    "corner": lambda w: w.say(
        "rules.corner.summary",
        "Czech checkers with two changes: the armies start in opposite corners (Black fills the top-left "
        "triangle, White the bottom-right one) and a man is crowned only on the two squares of the far top-"
        "left corner: a7 or b8 for White, g1 or h2 for Black. A man reaching another far-row square stays a "
        "man. Men move and capture one square diagonally forward; kings fly; capturing is compulsory with "
        "free choice, but a king must capture if one can. Algebraic squares. Threefold repetition or 15 moves"
        " each without a capture or a man move draws.",
    ),
    "oneway": lambda w: w.say(
        "rules.oneway.summary",
        "Czech checkers in which all men of both sides move and capture the same way: up the board, towards "
        "rank 8, where both sides' men are crowned. Black starts on files a-d, White on files e-h, ranks 1-6;"
        " White moves first. Kings fly; capturing is compulsory with free choice, but a king must capture if "
        "one can. Algebraic squares. Threefold repetition or 15 moves each without a capture or a man move "
        "draws.",
    ),
    "parachute": lambda w: w.say(
        "rules.parachute.summary",
        "Czech checkers with parachutists: each side has 8 men on its 2nd and 3rd rows and 4 parachutists on "
        "the opponent's first row (White's on b8, d8, f8, h8; Black's on a1, c1, e1, g1). A parachutist never"
        " moves except to capture an enemy piece on the 7th row (2nd for Black), jumping backwards and "
        "landing just behind it; it then becomes an ordinary man. Its capture ranks like a man's: if a king "
        "can capture, a king must. Men move and capture diagonally forward; kings fly. Algebraic squares. "
        "Threefold repetition or 15 moves each without a capture or a man move draws.",
    ),
    "alquerque": lambda w: w.say(
        "rules.alquerque.summary",
        "The 5x5 Alquerque grid: pieces stand on the 25 points and move along the lines (diagonal lines pass "
        "only through a1, c1, e1, b2, d2, a3, c3, e3, b4, d4, a5, c5, e5). 12 men each; White starts. A man "
        "steps to an adjacent empty point forward, diagonally forward or sideways, never backwards; on the "
        "far row it cannot step any more. Capturing is compulsory: jump an adjacent enemy piece along a line "
        "onto the empty point behind it; the first jump goes forward, diagonally forward or sideways, further"
        " jumps in any direction, and you must go on while you can (free choice between captures). No "
        "promotion. You lose when you cannot move. Threefold repetition draws.",
    ),
    "hawaiian": lambda w: w.say(
        "rules.hawaiian.summary",
        "Kōnane: all 64 squares start full, White on the dark squares and Black on the light ones; here the "
        "game starts after the opening removals (d5 and e5 are empty) with Black to move. Every move is a "
        "jump: over an adjacent enemy piece straight up, down, left or right (never diagonally) onto the "
        "empty square behind it. A piece may jump on in the same straight line, and may stop after any jump. "
        "No promotion. You lose when you cannot jump. Algebraic squares.",
    ),
    "anti-italian": lambda w: w.say(
        "rules.anti-italian.summary",
        "Giveaway: the rules of Italian draughts, but the goal is reversed: you win when you have no legal "
        "move left (all your pieces captured or blocked). Capturing is still compulsory. 8x8 board, dark "
        "square at each player's bottom right; squares 1-32 (1 = a8). White starts. Men move and capture one "
        "square diagonally forward and may not capture kings. Kings move and capture one square in any "
        "diagonal direction. Capturing is compulsory: take the most pieces; if equal, capture with a king; "
        "then take the most kings; then take the king(s) met earliest. A man reaching the far row becomes a "
        "king and the move ends. Threefold repetition or 40 moves each without a man move or capture draws.",
    ),
    "anti-english": lambda w: w.say(
        "rules.anti-english.summary",
        "Giveaway: the rules of English draughts / American checkers, but the goal is reversed: you win when "
        "you have no legal move left (all your pieces captured or blocked). Capturing is still compulsory. "
        "8x8 board, dark square at each player's bottom left; squares 1-32 (1 = b8). Black starts. Men move "
        "and capture one square diagonally forward; kings move and capture one square in any diagonal "
        "direction. Capturing is compulsory but you may choose any capture; a started sequence must be "
        "completed. Crowning ends the move. Threefold repetition or 40 moves each without a man move or "
        "capture draws.",
    ),
    "anti-international": lambda w: w.say(
        "rules.anti-international.summary",
        "Giveaway: the rules of International draughts, but the goal is reversed: you win when you have no "
        "legal move left (all your pieces captured or blocked). Capturing is still compulsory. 10x10 board, "
        "dark square at each player's bottom left; squares 1-50 (1 = b10). 20 men each, White starts. Men "
        "move one square diagonally forward and capture forwards and backwards. Kings fly: they move and "
        "capture along a whole diagonal and may land on any empty square beyond the captured piece. Capturing"
        " is compulsory and you must take the most pieces (men and kings count the same). Captured pieces are"
        " removed only when the move ends and cannot be jumped twice. A man that only passes the far row "
        "during a capture stays a man. Threefold repetition; 25 moves each with only kings moving and no "
        "capture; 3 pieces (at least one king) against a lone king: draw after 16 moves each; 2 pieces or "
        "fewer (at least one king) against a lone king: draw after 5 moves each.",
    ),
    "anti-russian": lambda w: w.say(
        "rules.anti-russian.summary",
        "Giveaway: the rules of Russian draughts, but the goal is reversed: you win when you have no legal "
        "move left (all your pieces captured or blocked). Capturing is still compulsory. 8x8 board, a1 dark; "
        "algebraic squares (c3-d4, captures c3:e5). 12 men each, White starts. Men capture forwards and "
        "backwards; kings fly. Capturing is compulsory but you may choose any capture, and must finish it (a "
        "flying king must land where it can go on capturing). Captured pieces stay until the move ends. A man"
        " that reaches the far row during a capture becomes a king at once and continues capturing as a king."
        " Threefold repetition; 15 moves each with only kings moving and no capture; 3 or more kings against "
        "a lone king: draw after 15 moves each; equal numbers of pieces and kings on both sides, with kings: "
        "4-5 pieces each → draw after 30 moves each, 6-7 pieces each → after 60; 3 pieces (at least one king)"
        " against a lone king holding the long diagonal a1-h8: draw after 5 moves each; 2 pieces (at least "
        "one king) against a lone king: draw after 5 moves each.",
    ),
}


def variant_name(w: Words, variant_id: str) -> str:
    """'Dama italiana' for 'italian' in Italian; the rules' English name for a variant with no entry here."""
    name = _NAMES.get(variant_id)
    return name(w) if name is not None else find_variant(variant_id).name


def variant_summary(w: Words, variant_id: str) -> str:
    """What /rules says of a variant: written here only (every variant has one; tests/i18n/test_variant_words.py)."""
    return _SUMMARIES[variant_id](w)
