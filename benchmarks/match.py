"""Engine matches: colour-reversed game pairs from ballot openings, with score and Elo difference.

    python -m benchmarks.match italian --a 5 --b 1 --pairs 12 --time 0.1

Players here are our own levels (engine.levels); benchmarks/pydraughts_match.py reuses the game loop
against an outside engine. Games end by the rules (no moves, repetition, move limit) or, past
MAX_PLIES, by adjudication: a lead of two men or more wins, anything less is a draw.
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import random
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from engine.api import to_moves
from engine.worker import Job, play_level, searcher_for
from rules import Color, Game, Move, Position, RuleSet, find_variant, format_move, start_position

BALLOTS = Path(__file__).resolve().parent.parent / "engine" / "ballots"
MAX_PLIES = 200

# A player: (game, seconds per move) -> move.
Player = Callable[[Game, float], Move]


def ballots(rules: RuleSet) -> list[list[str]]:
    """Opening lines from engine/ballots/<id>.txt, or every two-ply opening when there is no file."""
    path = BALLOTS / f"{rules.id}.txt"
    if path.exists():
        lines = [line.split() for line in path.read_text().splitlines() if line.strip()]
        return [line for line in lines if not line[0].startswith("#")]

    out = []
    start = start_position(rules)
    for first in start.legal_moves():
        after = start.apply(first)
        for second in after.legal_moves():
            out.append([format_move(start, first), format_move(after, second)])
    random.Random(1).shuffle(out)
    return out


def level_player(level: int, seed: int = 0) -> Player:
    counter = [seed]

    def play(game: Game, seconds: float) -> Move:
        position = game.position
        searcher = searcher_for(position.rules.id)
        history = [searcher.hash_of(p.white, p.black, p.kings, int(p.turn)) for p in _tail(game)]
        counter[0] += 1
        job = Job(position.rules.id, position.white, position.black, position.kings, int(position.turn),
                  seconds, None, (), 0, level, counter[0])
        result = play_level(searcher, job, history, lambda: False)
        moves = to_moves(position, [result.move] if result.move else [])
        return moves[0] if moves else position.legal_moves()[0]

    return play


def _tail(game: Game) -> list[Position]:
    """Earlier positions with the same men and piece count (the ones that can repeat)."""
    current = game.position
    men = (current.white & ~current.kings, current.black & ~current.kings)
    out: list[Position] = []
    for p in reversed(game.positions[:-1]):
        if (p.white & ~p.kings, p.black & ~p.kings) != men:
            break
        out.append(p)
    return out[::-1]


def material(position: Position, king: int = 3) -> int:
    """White's material lead in men (kings count `king`)."""
    wk = (position.white & position.kings).bit_count()
    bk = (position.black & position.kings).bit_count()
    return (position.white.bit_count() - wk + king * wk) - (position.black.bit_count() - bk + king * bk)


@dataclass(frozen=True, slots=True)
class GameRecord:
    opening: tuple[str, ...]
    a_is_white: bool
    result: float  # for player A: 1, 0.5, 0
    plies: int
    how: str


def play_game(
    rules: RuleSet, opening: list[str], white: Player, black: Player, seconds: float
) -> tuple[float, int, str]:
    """White's score (1, 0.5, 0), plies played, and how it ended."""
    game = Game(rules)
    for text in opening:
        game.play(text)
    while True:
        outcome = game.outcome()
        if outcome is not None:
            if outcome.winner is None:
                return 0.5, game.ply, outcome.termination.value
            return (1.0 if outcome.winner is Color.WHITE else 0.0), game.ply, outcome.termination.value
        if game.ply >= MAX_PLIES:
            lead = material(game.position)
            if rules.giveaway:
                lead = -lead
            if lead >= 2:
                return 1.0, game.ply, "adjudicated"
            if lead <= -2:
                return 0.0, game.ply, "adjudicated"
            return 0.5, game.ply, "adjudicated"
        mover = white if game.turn is Color.WHITE else black
        game.push(mover(game, seconds))


def elo(score: float, n: int, results: list[float]) -> tuple[float, float]:
    """Elo difference for a score fraction, with a 95% margin from the per-game spread."""
    def to_elo(s: float) -> float:
        s = min(max(s, 1e-3), 1 - 1e-3)
        return -400 * math.log10(1 / s - 1)

    mean = score
    var = sum((r - mean) ** 2 for r in results) / max(1, n - 1)
    se = math.sqrt(var / max(1, n))
    return to_elo(mean), (to_elo(min(mean + 1.96 * se, 1)) - to_elo(max(mean - 1.96 * se, 0))) / 2


def summarize(label: str, records: list[GameRecord]) -> str:
    results = [r.result for r in records]
    n = len(results)
    score = sum(results) / n if n else 0.0
    wins = sum(1 for r in results if r == 1.0)
    draws = sum(1 for r in results if r == 0.5)
    losses = n - wins - draws
    diff, margin = elo(score, n, results)
    adjudicated = sum(1 for r in records if r.how == "adjudicated")
    return (
        f"{label}: {n} games, +{wins} ={draws} -{losses}, score {100 * score:.1f}%, "
        f"Elo {diff:+.0f} ± {margin:.0f} (95%), {adjudicated} adjudicated"
    )


def _pair(args: tuple[str, list[str], int, int, float, int]) -> list[GameRecord]:
    variant, opening, a, b, seconds, seed = args
    rules = find_variant(variant)
    out = []
    for a_white in (True, False):
        pa, pb = level_player(a, seed * 2 + 1), level_player(b, seed * 2 + 2)
        white, black = (pa, pb) if a_white else (pb, pa)
        score, plies, how = play_game(rules, opening, white, black, seconds)
        out.append(GameRecord(tuple(opening), a_white, score if a_white else 1 - score, plies, how))
    return out


def run_levels(variant: str, a: int, b: int, pairs: int, seconds: float, workers: int = 2) -> list[GameRecord]:
    rules = find_variant(variant)
    openings = ballots(rules)[:pairs]
    jobs = [(rules.id, opening, a, b, seconds, i) for i, opening in enumerate(openings)]
    with multiprocessing.get_context("spawn").Pool(workers) as pool:
        records = [r for pair in pool.imap_unordered(_pair, jobs) for r in pair]
    return records


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.match")
    parser.add_argument("variant")
    parser.add_argument("--a", type=int, default=5, help="level of player A")
    parser.add_argument("--b", type=int, default=1, help="level of player B")
    parser.add_argument("--pairs", type=int, default=12)
    parser.add_argument("--time", type=float, default=0.1, help="seconds per move")
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args(argv)
    records = run_levels(args.variant, args.a, args.b, args.pairs, args.time, args.workers)
    print(summarize(f"{args.variant}: level {args.a} vs level {args.b} at {args.time}s/move", records))


if __name__ == "__main__":
    main()
