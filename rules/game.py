"""A game: start position plus moves, with apply/undo and the outcome by the rules."""

from __future__ import annotations

import enum
from dataclasses import dataclass

from rules.errors import IllegalMoveError, Reason
from rules.fen import format_fen, parse_fen
from rules.move import Move
from rules.notation import format_move, parse_move
from rules.position import Position
from rules.ruleset import Color, RuleSet


class Termination(enum.Enum):
    NO_MOVES = "no_moves"  # the side to move has no piece or no legal move
    REPETITION = "repetition"
    MOVE_LIMIT = "move_limit"  # plies without a man move or capture
    ENDGAME_RULE = "endgame_rule"  # a variant's material clause (RuleSet.draw_rule)


@dataclass(frozen=True, slots=True)
class Outcome:
    termination: Termination
    winner: Color | None

    @property
    def result(self) -> str:
        if self.winner is None:
            return "1/2-1/2"
        return "1-0" if self.winner is Color.WHITE else "0-1"


class Game:
    """Start FEN + moves. positions[i] is the position before moves[i]; positions[-1] is current."""

    def __init__(self, rules: RuleSet, start_fen: str | None = None) -> None:
        self.rules = rules
        self.start_fen = start_fen or rules.start_fen
        self.positions: list[Position] = [parse_fen(rules, self.start_fen)]
        self.moves: list[Move] = []
        self.notations: list[str] = []
        self._reversible: list[int] = [0]  # plies since the last man move or capture

    @classmethod
    def from_moves(cls, rules: RuleSet, moves: list[str], start_fen: str | None = None) -> Game:
        game = cls(rules, start_fen)
        for text in moves:
            game.play(text)
        return game

    @property
    def position(self) -> Position:
        return self.positions[-1]

    @property
    def ply(self) -> int:
        return len(self.moves)

    @property
    def turn(self) -> Color:
        return self.position.turn

    @property
    def fen(self) -> str:
        return format_fen(self.position)

    def legal_moves(self) -> list[Move]:
        if self.outcome() is not None:
            return []
        return self.position.legal_moves()

    def parse(self, text: str) -> Move:
        if self.outcome() is not None:
            raise IllegalMoveError(Reason.GAME_OVER, text)
        return parse_move(self.position, text)

    def play(self, move: str | Move) -> Move:
        """Play a move given as text or as a Move; raises the typed errors and changes nothing then."""
        if isinstance(move, str):
            chosen = self.parse(move)
        else:
            if self.outcome() is not None:
                raise IllegalMoveError(Reason.GAME_OVER, "")
            legal = self.position.legal_moves()
            if move not in legal:
                raise IllegalMoveError(Reason.NOT_A_LEGAL_STEP, str(move.path), tuple(legal))
            chosen = move
        self.push(chosen)
        return chosen

    def push(self, move: Move) -> None:
        """Play a move known to be legal."""
        before = self.position
        self.notations.append(format_move(before, move))
        self.moves.append(move)
        self.positions.append(before.apply(move))
        reversible = move.is_reversible
        self._reversible.append(self._reversible[-1] + 1 if reversible else 0)

    def undo(self) -> Move:
        if not self.moves:
            raise IndexError("no move to take back")
        self.positions.pop()
        self.notations.pop()
        self._reversible.pop()
        return self.moves.pop()

    def repetitions(self) -> int:
        """How many times the current position (with side to move) has occurred."""
        current = self.position
        count = 0
        # Only positions since the last irreversible move can repeat.
        span = self._reversible[-1]
        for position in self.positions[len(self.positions) - 1 - span :]:
            if position == current:
                count += 1
        return count

    def outcome(self) -> Outcome | None:
        position = self.position
        if not position.has_legal_move():
            loser = position.turn
            winner = loser if self.rules.giveaway else loser.opponent
            return Outcome(Termination.NO_MOVES, winner)
        if self.rules.draw_repetitions and self.repetitions() >= self.rules.draw_repetitions:
            return Outcome(Termination.REPETITION, None)
        limit = self.rules.draw_reversible_plies
        if limit is not None and self._reversible[-1] >= limit:
            return Outcome(Termination.MOVE_LIMIT, None)
        if self.rules.draw_rule is not None:
            return self.rules.draw_rule(self)
        return None
