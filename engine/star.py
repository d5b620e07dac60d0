"""The Chinese checkers engine: moves for the bot and hints, on rules.star positions.

Evaluation: how far a seat's marbles still are from its goal (StarPosition.pips: steps to the goal's tip, 0 for
a full goal), plus a penalty for the marble furthest behind (a straggler costs the race its last moves).
Two players: alpha-beta on the difference of the two distances. More players: max-n (each seat picks the move
best for its own race, scored by its own distance), which unlike a paranoid search does not make the bot
fear that every opponent will use its marbles as ladders and so hang back. Both search
jump chains as single moves (the rules give each reachable end once) and order moves by the distance they gain;
below the root only the most promising moves are searched (a beam), since backward moves rarely matter.

CPU-bound and synchronous: the service calls `choose_move_text` in a worker process (its arguments and result
are plain text and numbers, so it pickles), never on the event loop. Levels follow engine.levels' idea (depth,
time, noise, blunders) in STAR_LEVELS.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass

from rules.star import BOARD, PASS, StarMove, StarPosition, format_move, holes_of, parse_position

WIN = 100_000
WIN_BOUND = WIN - 1_000
STRAGGLER = 2  # extra cost per step of the marble furthest from the goal


@dataclass(frozen=True, slots=True)
class StarLevel:
    level: int
    depth: int  # plies searched (the deepest iteration when time allows)
    beam: int  # moves searched below the root, best first by distance gained
    seconds: float  # time budget: the search stops when it has passed (the best move found so far stands)
    noise: float  # Gaussian noise (in steps) added to each root move's score
    blunder: float  # chance of a random legal move instead
    multi_depth: int  # with three or more players: max-n cannot prune like alpha-beta, so shallower and
    multi_beam: int  # narrower


STAR_LEVELS: dict[int, StarLevel] = {
    1: StarLevel(1, depth=1, beam=8, seconds=1.0, noise=4.0, blunder=0.2, multi_depth=1, multi_beam=8),
    2: StarLevel(2, depth=2, beam=8, seconds=1.0, noise=2.0, blunder=0.05, multi_depth=2, multi_beam=6),
    3: StarLevel(3, depth=2, beam=12, seconds=2.0, noise=0.5, blunder=0.0, multi_depth=2, multi_beam=12),
    4: StarLevel(4, depth=3, beam=12, seconds=3.0, noise=0.0, blunder=0.0, multi_depth=3, multi_beam=6),
    5: StarLevel(5, depth=4, beam=10, seconds=5.0, noise=0.0, blunder=0.0, multi_depth=3, multi_beam=10),
}


@dataclass(frozen=True, slots=True)
class StarHint:
    move: StarMove
    score: float  # steps ahead (+) or behind (-) of the race, from the mover's side; large when a finish is seen
    depth: int  # plies searched
    nodes: int
    finish_in: int | None  # the mover's own moves to finishing, when the search proves it


def _distance_table() -> tuple[tuple[int, ...], ...]:
    return tuple(tuple(BOARD.distance(h, tip) for h in range(len(BOARD.names))) for tip in BOARD.tips)


_DISTANCE = _distance_table()


def seat_distance(position: StarPosition, seat: int) -> int:
    """Steps the seat's marbles still need, plus the straggler penalty; 0 once the seat has finished."""
    if seat in position.finished:
        return 0
    table = _DISTANCE[position.goal(seat)]
    distances = [table[h] for h in holes_of(position.marbles[seat])]
    if not distances:
        return 0
    return sum(distances) - _FULL + STRAGGLER * max(0, max(distances) - 3)


_FULL = sum(sorted(BOARD.distance(h, BOARD.tips[3]) for h in holes_of(BOARD.point_masks[3])))


def _gain(position: StarPosition, move: StarMove) -> int:
    if move.is_pass:
        return 0
    table = _DISTANCE[position.goal(position.turn)]
    return table[move.start] - table[move.end]


class _Search:
    def __init__(self, root: StarPosition, beam: int, deadline: float) -> None:
        self.root_seat = root.turn
        self.beam = beam
        self.deadline = deadline
        self.nodes = 0
        self.stopped = False

    def evaluate(self, position: StarPosition, ply: int) -> float:
        """The root seat's standing: + when it leads the race. A finish counts WIN less the plies it took."""
        me = self.root_seat
        if me in position.finished:
            return WIN - ply
        if position.is_over:  # the others all finished or left, or the stalling limit
            places = position.ranking()
            first = next(i for i, group in enumerate(places) if me in group)
            return -WIN + ply if first == len(places) - 1 else 0.0
        others = [seat_distance(position, s) for s in position.active if s != me]
        best_other = min(others) if others else 0
        return float(best_other - seat_distance(position, me))

    def ordered(self, position: StarPosition, root: bool) -> list[StarMove]:
        table = _DISTANCE[position.goal(position.turn)]
        moves = sorted(
            position.legal_moves(), key=lambda m: (table[m.path[-1]] - table[m.path[0]] if m.path else 0, -len(m.path))
        )
        return moves if root else moves[: self.beam]

    def value(self, position: StarPosition, depth: int, ply: int, alpha: float, beta: float) -> float:
        """The root seat's value: alpha-beta with two players, max-n's root component with more."""
        if position.players > 2:
            return self.maxn(position, depth, ply)[self.root_seat]
        self.nodes += 1
        if self.nodes & 255 == 0 and time.monotonic() > self.deadline:
            self.stopped = True
        if depth == 0 or position.is_over or self.stopped:
            return self.evaluate(position, ply)
        maximise = position.turn == self.root_seat
        best = -float("inf") if maximise else float("inf")
        for move in self.ordered(position, False):
            score = self.value(position.play(move), depth - 1, ply + 1, alpha, beta)
            if maximise:
                best = max(best, score)
                alpha = max(alpha, score)
            else:
                best = min(best, score)
                beta = min(beta, score)
            if alpha >= beta:
                break
        return best

    def maxn(self, position: StarPosition, depth: int, ply: int) -> tuple[float, ...]:
        """Every seat's value (the minus of its distance; WIN less the plies once it has finished); the seat
        to move picks the child best for itself."""
        self.nodes += 1
        if self.nodes & 255 == 0 and time.monotonic() > self.deadline:
            self.stopped = True
        if depth == 0 or position.is_over or self.root_seat in position.finished or self.stopped:
            return tuple(
                (WIN - ply if s in position.finished else -float(seat_distance(position, s)))
                for s in range(position.players)
            )
        mover = position.turn
        best: tuple[float, ...] | None = None
        for move in self.ordered(position, False):
            scores = self.maxn(position.play(move), depth - 1, ply + 1)
            if best is None or scores[mover] > best[mover]:
                best = scores
            if best[mover] > WIN_BOUND:
                break
        assert best is not None  # legal_moves is never empty before the game is over
        return best


def _root_scores(
    search: _Search, position: StarPosition, moves: list[StarMove], depth: int
) -> list[tuple[float, StarMove]]:
    scored = []
    alpha = -float("inf")
    for move in moves:
        score = search.value(position.play(move), depth - 1, 1, alpha, float("inf"))
        if search.stopped:
            break
        scored.append((score, move))
        alpha = max(alpha, score)
    return scored


def analyse(position: StarPosition, depth: int = 3, beam: int = 12, seconds: float = 5.0) -> StarHint:
    """The best move by iterative deepening to depth (or until seconds have passed), with its score. With three
    or more players keep depth at 3 or less (max-n: about beam ** (depth - 1) nodes a root move)."""
    legal = position.legal_moves()
    if not legal:
        raise ValueError("the game is over")
    if legal == (PASS,):
        return StarHint(PASS, 0.0, 0, 0, None)
    search = _Search(position, beam, time.monotonic() + seconds)
    moves = search.ordered(position, True)
    best: tuple[float, StarMove] = (-float("inf"), moves[0])
    reached = 0
    for iteration in range(1, depth + 1):
        scored = _root_scores(search, position, moves, iteration)
        if search.stopped and len(scored) < len(moves):
            if scored:  # the previous best was searched first, so the best of these is at least as good
                best = max(scored, key=lambda s: s[0])
            break
        # stable sort: among equal scores the move gaining most distance (the longest chain first) stays first
        scored.sort(key=lambda s: -s[0])
        best = scored[0]
        reached = iteration
        moves = [m for _, m in scored]
        if best[0] > WIN_BOUND:
            break
    score, move = best
    # with two players the root seat moves at plies 0, 2, 4…: finishing on its k-th move leaves ply 2k - 1
    finish_in = (WIN - int(score) + 1) // 2 if score > WIN_BOUND and position.players == 2 else None
    return StarHint(move, float(score), reached, search.nodes, finish_in)


def choose_move(position: StarPosition, level: int = 3, seed: int | None = None) -> StarMove:
    """The bot's move at a level of STAR_LEVELS (1 weakest); seed makes its randomness repeatable."""
    spec = STAR_LEVELS[max(1, min(5, level))]
    rng = random.Random(seed)
    legal = position.legal_moves()
    if not legal:
        raise ValueError("the game is over")
    if len(legal) == 1:
        return legal[0]
    if spec.blunder and rng.random() < spec.blunder:
        forward = [m for m in legal if _gain(position, m) >= 0] or list(legal)
        return rng.choice(forward)
    depth, beam = (spec.depth, spec.beam) if position.players == 2 else (spec.multi_depth, spec.multi_beam)
    if not spec.noise:
        return analyse(position, depth, beam, spec.seconds).move
    search = _Search(position, beam, time.monotonic() + spec.seconds)
    scored = _root_scores(search, position, search.ordered(position, True), depth)
    if not scored:  # out of time before the first move was searched
        return search.ordered(position, True)[0]
    noisy = [(s + (rng.gauss(0.0, spec.noise) if abs(s) < WIN_BOUND else 0.0), m) for s, m in scored]
    return max(noisy, key=lambda s: s[0])[1]


def choose_move_text(position_text: str, level: int, seed: int | None = None) -> str:
    """choose_move for a worker process: the position as rules.star's position text, the move as its notation."""
    return format_move(choose_move(parse_position(position_text), level, seed))
