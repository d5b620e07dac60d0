"""Hand-built tactics for every variant, and a plain reference that checks each hand derivation.

Each Tactic states a position, the one winning first move and, in `why`, the derivation done by hand
from the variant's rule text. Two independent checks back it before the engine is asked:
* the rules library (cross-checked against published perft) must give the legal moves the derivation
  names (`replies`: the opponent's only answers to the winning move);
* a plain minimax over the rules library (no engine code) must agree that the move wins — material
  counted in pieces, or a crowning forced — and that no other first move does.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from rules import Position, format_move, parse_move


class Gain(Enum):
    MATERIAL = "material"  # the side to move ends at least one piece further ahead
    CROWN = "crown"  # the side to move crowns a man whatever the opponent does
    WIN = "win"  # the game is won: the opponent is left without a move (giveaway: the mover is)


@dataclass(frozen=True)
class Tactic:
    variant: str
    name: str
    fen: str
    move: str  # the winning first move, in the variant's notation
    gain: Gain
    plies: int  # plies (the winning move included) within which the gain is forced
    replies: tuple[str, ...]  # every legal answer to the winning move, as the derivation lists them
    why: str

    @property
    def id(self) -> str:
        return f"{self.variant}-{self.name}"


WIN = 1000


def piece_balance(position: Position) -> int:
    """Own pieces minus the opponent's, kings counted as one: what 'wins a piece' means."""
    own = position.own.bit_count()
    opp = position.opp.bit_count()
    return own - opp


def material_minimax(position: Position, plies: int) -> int:
    """Piece balance for the side to move after `plies` plies of best play by both (no engine code).

    A side with no move has lost (every variant these tactics use); the result only ever helps the
    derivation, never the engine.
    """
    moves = position.legal_moves()
    if not moves:
        return -WIN
    if plies == 0:
        return piece_balance(position)
    return max(-material_minimax(position.apply(m), plies - 1) for m in moves)


def forces_crown(position: Position, plies: int, attacker_to_move: bool = True) -> bool:
    """Can the attacker (the side to move at the top) crown a man within `plies`, whatever the defence?"""
    if plies <= 0:
        return False
    moves = position.legal_moves()
    if not moves:
        return not attacker_to_move  # a defender without a move has lost: more than a crown
    if attacker_to_move:
        return any(m.promotes or forces_crown(position.apply(m), plies - 1, False) for m in moves)
    return all(forces_crown(position.apply(m), plies - 1, True) for m in moves)


def forces_win(position: Position, plies: int, attacker_to_move: bool = True) -> bool:
    """Does the attacker win within `plies`? Without a move a side loses, or wins in giveaway variants."""
    moves = position.legal_moves()
    if not moves:
        mover_wins = position.rules.giveaway
        return mover_wins == attacker_to_move
    if plies <= 0:
        return False
    if attacker_to_move:
        return any(forces_win(position.apply(m), plies - 1, False) for m in moves)
    return all(forces_win(position.apply(m), plies - 1, True) for m in moves)


def winning_first_moves(position: Position, tactic: Tactic) -> list[str]:
    """Every first move that achieves the tactic's gain, by the plain reference."""
    # material and crowns assume a side without a move has lost: wrong where that wins
    assert tactic.gain is Gain.WIN or not position.rules.giveaway, "giveaway tactics must be Gain.WIN"
    out = []
    if tactic.gain is Gain.MATERIAL:
        target = piece_balance(position) + 1
        for move in position.legal_moves():
            if -material_minimax(position.apply(move), tactic.plies - 1) >= target:
                out.append(format_move(position, move))
    elif tactic.gain is Gain.WIN:
        for move in position.legal_moves():
            if forces_win(position.apply(move), tactic.plies - 1, False):
                out.append(format_move(position, move))
    else:
        for move in position.legal_moves():
            if move.promotes or forces_crown(position.apply(move), tactic.plies - 1, False):
                out.append(format_move(position, move))
    return out


def replies_to(position: Position, move_text: str) -> list[str]:
    after = position.apply(parse_move(position, move_text))
    return sorted(format_move(after, m) for m in after.legal_moves())
