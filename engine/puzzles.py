"""Puzzles from real games: positions where the side to move has one decisive line.

A position is a puzzle when its first move is the only one that keeps a clear advantage (GAP centi-men,
1.5 men, above the second-best move, or the only win), each later move of the solver is again the only
one that keeps it, the opponent's replies are the search's best defence, and the line ends once the gain
is secure (material kept with nothing left to capture, or a proven win). Positions already won without a
combination (two men up), repeated positions and positions with fewer than MIN_CHOICES legal moves are
left out, and so is a solution found by elimination: some other move must not lose material at sight
(`reasonable`), or the answer is simply the one move that does not drop a piece.

Every search here is an all-moves search (each root move scored with a full window), so "only" means
only: the second-best move's score is known, not bounded.
"""

from __future__ import annotations

import hashlib
import math
import os
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any, Protocol

from engine.api import fast_of
from engine.evaluate import MAN, evaluator_for
from engine.native import NativeSearcher, covered
from engine.search import WIN_BOUND, Result, Searcher
from rules import Color, Move, Position, RuleSet, board_for, format_fen, format_move

GAP = 150  # centi-men between the solution and the next-best move: 1.5 men
# The proof asks this much more of the first move, so that a deeper search (the suite's check) still sees GAP.
PROOF_MARGIN = 30
CONFIRM_PLIES = (1, 2)  # the first move's verdict must hold this much deeper too
ADVANTAGE = 100  # centi-men: a man up is a clear advantage (the generator asks the first move for more)
DRAWN = 50  # centi-men either way: a level position
WON_ALREADY = 2.0  # men up before the puzzle: already won, no combination needed
SECURE_GAIN = 1.0  # men gained by the line's end
MIN_CHOICES = 3  # legal moves at the start: with two, a puzzle is a coin toss or plain elimination
GLANCE = 2  # plies (then captures played out): what a player sees at a glance
BLUNDER = 75  # centi-men below the material balance at a glance: a move that visibly drops a piece
GLANCE_TT_BITS = 14  # the glance's own small table: it never sees the proof's deep entries
SMALL_BOARD = 32  # squares: 8x8 boards search deeper for the same cost
THEMES = ("shot", "breakthrough", "endgame", "saving-draw")
SOURCE_KEYS = ("file", "game", "ply")


class _Searcher(Protocol):
    def search(
        self, white: int, black: int, kings: int, color: int, *, depth: int | None = ..., all_scores: bool = ...
    ) -> Result: ...


@dataclass(frozen=True, slots=True)
class Depths:
    """Plies for the screen (every position), the proof of each solver move, and the defence's replies."""

    screen: int
    proof: int
    reply: int


def depths_for(rules: RuleSet) -> Depths:
    small = position_squares(rules) <= SMALL_BOARD
    return Depths(screen=8, proof=12, reply=10) if small else Depths(screen=6, proof=9, reply=7)


def position_squares(rules: RuleSet) -> int:
    return len(board_for(rules).squares)


@dataclass(frozen=True, slots=True)
class Puzzle:
    id: str
    variant: str
    fen: str
    solution: tuple[str, ...]  # solver, opponent, solver, ... in the variant's notation; ends on the solver
    themes: tuple[str, ...]
    source: dict[str, Any] = field(hash=False)
    rating: int

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "variant": self.variant,
            "fen": self.fen,
            "solution": list(self.solution),
            "themes": list(self.themes),
            "source": dict(self.source),
            "rating": self.rating,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Puzzle:
        return cls(
            id=str(data["id"]),
            variant=str(data["variant"]),
            fen=str(data["fen"]),
            solution=tuple(str(m) for m in data["solution"]),
            themes=tuple(str(t) for t in data["themes"]),
            source=dict(data["source"]),
            rating=int(data["rating"]),
        )


def puzzle_id(variant: str, fen: str) -> str:
    return hashlib.sha1(f"{variant}|{fen}".encode()).hexdigest()[:10]


def material(position: Position, color: Color) -> float:
    """Men of color, a king counting as the evaluation's king value in men."""
    own = position.white if color is Color.WHITE else position.black
    king = evaluator_for(position.rules).king / MAN
    return (own & ~position.kings).bit_count() + king * (own & position.kings).bit_count()


def balance(position: Position, color: Color) -> float:
    other = Color.BLACK if color is Color.WHITE else Color.WHITE
    return material(position, color) - material(position, other)


class Finder:
    """Finds puzzles in a game's positions with one searcher (compiled where it covers the variant)."""

    def __init__(self, rules: RuleSet, searcher: _Searcher | None = None, depths: Depths | None = None) -> None:
        self.rules = rules
        self.searcher: _Searcher = searcher or default_searcher(rules)
        self.depths = depths or depths_for(rules)
        # The glance searches apart, from an empty table each time: with the proof's deep entries (or any
        # earlier search's) a 2-ply search would see deeper, and its verdict would depend on the order.
        self.python = searcher is not None and isinstance(searcher, Searcher)
        self.glance: _Searcher = self._fresh_glance()

    def scored(self, position: Position, depth: int, searcher: _Searcher | None = None) -> list[tuple[Move, int]]:
        """Every legal move with its score (centi-men, side to move), best first."""
        result = (searcher or self.searcher).search(
            position.white, position.black, position.kings, int(position.turn), depth=depth, all_scores=True
        )
        by_fast = dict(result.root_scores)
        moves = position.legal_moves()
        if len(moves) == 1 and not by_fast:
            return [(moves[0], result.score)]
        scored = [(move, by_fast[fast_of(move)]) for move in moves if fast_of(move) in by_fast]
        return sorted(scored, key=lambda pair: -pair[1])

    def _fresh_glance(self) -> _Searcher:
        glance = getattr(self, "glance", None)
        if isinstance(glance, NativeSearcher):
            glance.core.clear()  # forget the table and history; building another core costs more
            return glance
        if self.python:
            return Searcher(self.rules, tt_bits=GLANCE_TT_BITS)
        return default_searcher(self.rules, GLANCE_TT_BITS)

    def best_reply(self, position: Position) -> Move | None:
        scored = self.scored(position, self.depths.reply)
        return scored[0][0] if scored else None

    def find(self, position: Position) -> tuple[tuple[Move, ...], str] | None:
        """The solution line and its kind ("win" or "draw"), or None when position is no puzzle."""
        legal = position.legal_moves()
        if len(legal) < MIN_CHOICES or abs(balance(position, position.turn)) >= WON_ALREADY:
            return None
        screen = self.scored(position, self.depths.screen)
        if kind_of(screen) is None:
            return None
        proof = self.scored(position, self.depths.proof)
        kind = kind_of(proof, GAP + PROOF_MARGIN)
        if kind is None or proof[0][0] != screen[0][0]:
            return None
        if kind == "draw" and proof[0][0].is_capture:  # a recapture that restores the balance is no puzzle
            return None
        best = proof[0][1]
        if (kind == "win" and best < GAP + PROOF_MARGIN) or (kind == "draw" and abs(best) > DRAWN - PROOF_MARGIN):
            return None
        for extra in CONFIRM_PLIES:  # a verdict that a deeper search keeps, not one depth's accident
            deeper = self.scored(position, self.depths.proof + extra)
            if deeper[0][0] != proof[0][0] or kind_of(deeper) != kind:
                return None
        if not self.reasonable(position, proof[0][0]):
            return None
        return self._line(position, proof[0][0], kind)

    def reasonable(self, position: Position, solution: Move) -> list[Move]:
        """The other moves that do not lose material at a glance (a GLANCE-ply search scores them no more
        than BLUNDER below the material balance now): what makes the solution a choice, not elimination."""
        floor = round(100 * balance(position, position.turn)) - BLUNDER
        self.glance = self._fresh_glance()
        scored = self.scored(position, GLANCE, self.glance)
        return [move for move, score in scored if move != solution and score >= floor]

    def _line(self, start: Position, first: Move, kind: str) -> tuple[tuple[Move, ...], str] | None:
        solver = start.turn
        line = [first]
        position = start.apply(first)
        while len(line) + 4 <= self.depths.proof:  # the proof searches well beyond the line
            reply = self.best_reply(position)
            if reply is None:  # the opponent cannot move: lost
                return (tuple(line), kind) if kind == "win" else None
            after = position.apply(reply)
            if _secure(start, after, solver, kind):
                return tuple(line), kind
            scored = self.scored(after, self.depths.proof)
            if not scored or (len(scored) > 1 and kind_of(scored) != kind):
                return None
            line += [reply, scored[0][0]]
            position = after.apply(scored[0][0])
            if kind == "win" and scored[0][1] > WIN_BOUND:  # a forced win
                return tuple(line), kind
        return None

    def puzzle(self, position: Position, source: dict[str, Any]) -> Puzzle | None:
        found = self.find(position)
        if found is None:
            return None
        line, kind = found
        fen = format_fen(position)
        return Puzzle(
            id=puzzle_id(self.rules.id, fen),
            variant=self.rules.id,
            fen=fen,
            solution=tuple(notation(position, line)),
            themes=themes(position, line, kind),
            source=source,
            rating=rating(position, line, kind),
        )

    def scan(self, positions: Iterable[Position], source: dict[str, Any], first_ply: int = 0) -> list[Puzzle]:
        """The puzzles among a game's positions (positions[i] is the one before ply first_ply + i + 1)."""
        found: list[Puzzle] = []
        seen: set[tuple[int, int, int, int]] = set()
        for index, position in enumerate(positions):
            if position.key in seen:  # a repeated position: shown once at most, and never as a puzzle
                continue
            seen.add(position.key)
            puzzle = self.puzzle(position, {**source, "ply": first_ply + index})
            if puzzle is not None:
                found.append(puzzle)
        return found


def default_searcher(rules: RuleSet, tt_bits: int = 20) -> _Searcher:
    """The compiled core where it covers rules, without endgame tables: a puzzle's gap must be one the
    evaluation both cores share can see, so that the pure-Python core can check it."""
    if covered(rules) and os.environ.get("DAMA_ENGINE_CORE") != "python":
        searcher = NativeSearcher(rules, tt_bits=tt_bits, endgame=False)
        searcher.core.set_probcut(0)  # the Python core has no ProbCut: both prune alike
        return searcher
    return Searcher(rules, tt_bits=min(tt_bits, 18))


def kind_of(scored: list[tuple[Move, int]], gap: int = GAP) -> str | None:
    """ "win" when only the best move keeps a clear advantage, "draw" when only it avoids a clear loss."""
    if len(scored) < 2:
        return None
    best, second = scored[0][1], scored[1][1]
    if best - second < gap:
        return None
    if best >= ADVANTAGE:
        return "win"
    if abs(best) <= DRAWN:
        return "draw"
    return None


def _secure(start: Position, now: Position, solver: Color, kind: str) -> bool:
    """The gain is kept: solver is to move with nothing to capture, and is up SECURE_GAIN (level for a draw)."""
    if now.turn is not solver or any(move.is_capture for move in now.legal_moves()):
        return False
    gain = balance(now, solver) - balance(start, solver)
    return gain >= SECURE_GAIN if kind == "win" else gain >= 0


def notation(position: Position, line: Iterable[Move]) -> list[str]:
    out = []
    for move in line:
        out.append(format_move(position, move))
        position = position.apply(move)
    return out


def themes(start: Position, line: tuple[Move, ...], kind: str) -> tuple[str, ...]:
    found: list[str] = []
    solver_moves = line[0::2]
    replies = line[1::2]
    if kind == "draw":
        found.append("saving-draw")
    elif any(reply.is_capture for reply in replies) or any(len(m.captures) >= 2 for m in solver_moves):
        found.append("shot")  # the solver gives material, or takes several pieces at once
    if any(move.promotes for move in solver_moves):
        found.append("breakthrough")
    pieces = (start.white | start.black).bit_count()
    if pieces <= (8 if position_squares(start.rules) <= SMALL_BOARD else 12):
        found.append("endgame")
    if not found:
        found.append("shot")
    return tuple(found)


def rating(start: Position, line: tuple[Move, ...], kind: str) -> int:
    """A starting rating from the line's difficulty: its length, a quiet or sacrificing first move, choice."""
    solver_moves = (len(line) + 1) // 2
    value = 1000 + 150 * (solver_moves - 1)
    if not line[0].is_capture:
        value += 150  # a quiet first move is harder to see than a capture
    if len(line) > 1 and line[1].is_capture:
        value += 200  # the first move gives material away
    value += int(60 * math.log2(len(start.legal_moves())))
    if kind == "draw":
        value += 100
    return max(600, min(2600, value))


def read_puzzles(data: dict[str, Any]) -> list[Puzzle]:
    return [Puzzle.from_json(item) for item in data.get("puzzles", [])]


def python_finder(rules: RuleSet, depths: Depths) -> Finder:
    """A finder on the pure-Python core (the suite's second method for puzzles the compiled core found)."""
    return Finder(rules, Searcher(rules, tt_bits=18), depths)


__all__ = [
    "ADVANTAGE",
    "BLUNDER",
    "GAP",
    "GLANCE",
    "MIN_CHOICES",
    "THEMES",
    "Depths",
    "Finder",
    "Puzzle",
    "depths_for",
    "kind_of",
    "material",
    "notation",
    "puzzle_id",
    "python_finder",
    "read_puzzles",
]
