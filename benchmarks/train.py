"""Train the learned evaluation's pattern tables (engine/patterns.py) from self-play and real records.

    python -m benchmarks.train italian --selfplay 4000 --depth 6 --pdn ../shared/corpus/... --out engine/patterns
    python -m benchmarks.train international --selfplay 1500 --depth 4 --workers 2

Data: engine self-play games at a fixed depth (the compiled core with the hand-set evaluation, from the
ballots with random plies for variety), and every game of the PDN files that replays with a result (read as
benchmarks.tune reads them). Each quiet position from ply `--skip` on is a sample; its target blends the game's
result with the search's own score at that position (`--lam` of the result), both as a win probability for
White. Whole games go to a training or a held-out split (`--holdout`). `--phase pip` blends the two phases'
tables by the men's rows still to go instead of the pieces left (engine/patterns.py).

Model: sigmoid(K × (hand-set evaluation + learned term)), K fitted on the hand-set evaluation as
benchmarks.tune does. The learned term is linear in the pattern weights, tied so that a position and its
colour-swapped mirror score opposite (the tables written are antisymmetric); full-batch Adam on the mean
squared error plus an L2 penalty (`--l2`) that keeps rarely seen fillings near zero. With `--joint` the
hand-set weights move too (a linear model of them from exact differences, as benchmarks.tune builds), and the
file records them: the compiled core evaluates with them wherever it adds the file's term. The same seed and
data give the same file. The file records what it was trained on and the losses it reached.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import random
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from benchmarks.match import ballots, checked_move, history_keys
from benchmarks.tune import BOUNDS, DELTA, OTHER_BOUNDS, fit_k, pdn_files, read_games
from benchmarks.tune import _values as weight_values
from engine import patterns
from engine.evaluate import NAMED_ONLY, SWITCHES, Weights, evaluator_for, weights_for
from engine.native import NativeSearcher, build_core, learned_weights
from rules import Color, Game, RuleSet, find_variant
from rules.movegen import generator_for

MAX_PLIES = 200
WIN_SCORE = 5000  # search scores past this are wins: the target is the result alone there


@dataclass
class Samples:
    """Positions: boards and the side to move, the search's score for White (0: none), result for White, game."""

    white: np.ndarray
    black: np.ndarray
    kings: np.ndarray
    turn: np.ndarray
    score: np.ndarray
    result: np.ndarray
    game: np.ndarray

    @staticmethod
    def join(parts: Sequence[Samples]) -> Samples:
        return Samples(*(np.concatenate([getattr(p, f) for p in parts]) for f in Samples.__dataclass_fields__))

    def __len__(self) -> int:
        return len(self.result)


Row = tuple[int, int, int, int, int, float, int]  # white, black, kings, turn, White's search score, result, game


GameRows = tuple[list[tuple[int, int, int, int, int]], float]  # (white, black, kings, turn, score) per ply, result


def _selfplay_worker(args: tuple[str, int, int, int, int, int, str]) -> list[GameRows]:
    variant, first, count, depth, random_plies, seed, player_patterns = args
    rules = find_variant(variant)
    # a later generation: the engine plays with an earlier file's learned term (and the weights fitted with it)
    player = patterns.read(Path(player_patterns)) if player_patterns else None
    searcher = NativeSearcher(rules, tt_bits=18, patterns=False, weights=learned_weights(rules, player))
    patterns.install(searcher.core, player)
    lines = ballots(rules)
    rng = random.Random(seed * 1_000_003 + first)
    out = []
    for i in range(first, first + count):
        game = Game(rules)
        for text in lines[i % len(lines)]:
            game.play(text)
        for _ in range(random_plies):
            if game.outcome() is None:
                game.push(rng.choice(game.legal_moves()))
        positions: list[tuple[int, int, int, int, int]] = []
        result = 0.5
        while True:
            outcome = game.outcome()
            if outcome is not None:
                result = 0.5 if outcome.winner is None else float(outcome.winner is Color.WHITE)
                break
            if game.ply >= MAX_PLIES:
                break  # unfinished: a draw for training
            p = game.position
            history = history_keys(searcher, game)
            found = searcher.search(p.white, p.black, p.kings, int(p.turn), depth=depth, history=history,
                                    streaks=p.king_streaks)
            white_score = found.score if p.turn is Color.WHITE else -found.score
            positions.append((p.white, p.black, p.kings, int(p.turn), white_score))
            game.push(checked_move(p, found.move, "self-play"))
        out.append((positions, result))
    return out


def selfplay(
    rules: RuleSet, games: int, depth: int, random_plies: int, seed: int, workers: int, player_patterns: str = ""
) -> Samples:
    chunk = max(1, min(50, games // max(1, workers * 4)))
    jobs = [(rules.id, first, min(chunk, games - first), depth, random_plies, seed, player_patterns)
            for first in range(0, games, chunk)]
    rows: list[Row] = []
    started = time.monotonic()
    with multiprocessing.get_context("spawn").Pool(workers) as pool:
        done = 0
        for part in pool.imap(_selfplay_worker, jobs):
            for positions, result in part:
                rows.extend((w, b, k, t, s, result, done) for w, b, k, t, s in positions)
                done += 1
            print(f"  self-play: {done}/{games} games, {len(rows)} positions, {time.monotonic() - started:.0f} s",
                  file=sys.stderr)
    return _samples(rules, rows)


def records(rules: RuleSet, paths: Sequence[str], skip: int, first_game: int) -> Samples:
    rows: list[Row] = []
    for n, game in enumerate(read_games(pdn_files(paths), rules, skip, report=lambda _line: None)):
        for s in game.samples:
            white, black = (s.own, s.opp) if s.color == 0 else (s.opp, s.own)
            result = s.result if s.color == 0 else 1.0 - s.result
            rows.append((white, black, s.kings, s.color, 0, result, first_game + n))
    return _samples(rules, rows)


def _samples(rules: RuleSet, rows: list[Row]) -> Samples:
    gen = generator_for(rules)
    quiet = []
    for row in rows:  # a pending capture is not a position to judge statically
        moves = gen.fast_moves(row[0], row[1], row[2], Color(row[3]))
        if moves and not moves[0][1]:
            quiet.append(row)
    arr = np.array(quiet, dtype=object) if quiet else np.zeros((0, 7), dtype=object)
    return Samples(
        arr[:, 0].astype(np.uint64), arr[:, 1].astype(np.uint64), arr[:, 2].astype(np.uint64),
        arr[:, 3].astype(np.int64), arr[:, 4].astype(np.float64), arr[:, 5].astype(np.float64),
        arr[:, 6].astype(np.int64),
    )


class Features:
    """Each sample's table indexes: I[n, u] for the position, J[n, u] for its colour-swapped mirror.

    The units are the layout's windows (8 squares each), then its flanks (9 squares each); offsets[u] is where
    unit u's table starts in the concatenation of all of them.
    """

    def __init__(self, rules: RuleSet, layout: str = "even") -> None:
        board = generator_for(rules).board
        found = patterns.windows(board, layout)
        found_flanks = patterns.flanks(board, layout)
        if found is None or found_flanks is None:
            raise SystemExit(f"{rules.id}: its board has no pattern windows in the layout {layout!r}")
        self.windows = found
        self.flanks = found_flanks
        self.units = [patterns.window_squares(w) for w in self.windows] + [list(f) for f in self.flanks]
        self.sizes = [3 ** len(sq) for sq in self.units]
        self.offsets = np.cumsum([0] + self.sizes[:-1]).astype(np.int64)
        turn = patterns.rotation(board)
        # mirror[u]: the unit a half turn maps u onto; perm[u][j]: where square j of u lands in it.
        self.mirror: list[int] = []
        self.perm: list[list[int]] = []
        for sq in self.units:
            image = {turn[bit] for bit in sq}
            m = next(v for v, other in enumerate(self.units) if set(other) == image)
            self.mirror.append(m)
            self.perm.append([self.units[m].index(turn[bit]) for bit in sq])
        # sigma[u][i]: the index unit u shows in the colour-swapped mirror of a position whose unit mirror[u]
        # shows i (square j of u holds the swapped colour of square perm[u][j] of mirror[u]).
        self.sigma: list[np.ndarray] = []
        for u, sq in enumerate(self.units):
            n = len(sq)
            digits = np.array([[(i // 3**j) % 3 for j in range(n)] for i in range(3**n)])
            swapped = np.where(digits == 0, 0, 3 - digits)
            self.sigma.append(sum(swapped[:, self.perm[u][j]] * 3**j for j in range(n)).astype(np.int64))

    def indexes(self, s: Samples) -> tuple[np.ndarray, np.ndarray]:
        wm = s.white & ~s.kings
        bm = s.black & ~s.kings
        idx = np.zeros((len(s), len(self.units)), dtype=np.int64)
        for u, squares in enumerate(self.units):
            for j, bit in enumerate(squares):
                idx[:, u] += 3**j * ((wm >> np.uint64(bit)) & np.uint64(1)).astype(np.int64)
                idx[:, u] += 2 * 3**j * ((bm >> np.uint64(bit)) & np.uint64(1)).astype(np.int64)
        mirrored = np.stack([self.sigma[u][idx[:, self.mirror[u]]] for u in range(len(self.units))], axis=1)
        return idx, mirrored


def hand_scores(rules: RuleSet, s: Samples, weights: Weights | None = None) -> np.ndarray:
    core = build_core(rules, 10, weights=weights)
    boards = zip(s.white, s.black, s.kings, strict=True)
    return np.array([core.evaluate(int(w), int(b), int(k), 0) for w, b, k in boards], dtype=np.float64)


def hand_slopes(rules: RuleSet, s: Samples, names: Sequence[str], base: np.ndarray) -> np.ndarray:
    """Per sample, the hand-set evaluation's change per unit of each named weight (exact differences, as
    benchmarks.tune takes them): the evaluation is linear in its weights up to integer rounding."""
    values = weight_values(weights_for(rules))
    columns = []
    for name in names:
        moved = weights_for(rules, {**values, name: values[name] + DELTA})
        columns.append((hand_scores(rules, s, moved) - base) / DELTA)
    return np.stack(columns, axis=1) if columns else np.zeros((len(s), 0))


JOINT = [name for name in Weights.__slots__ if name not in SWITCHES and name not in NAMED_ONLY]


def phases(rules: RuleSet, s: Samples, measure: str = "pieces") -> np.ndarray:
    """Each sample's middlegame share: the pieces left of those at the start, or ("pip") the men's rows still
    to go of their count at the start (engine/patterns.py)."""
    if measure == "pip":
        white_rows, black_rows, full = patterns.pip_rows(rules)
        pip = np.zeros(len(s), dtype=np.float64)
        for men, rows in ((s.white & ~s.kings, white_rows), (s.black & ~s.kings, black_rows)):
            for bit, count in enumerate(rows):
                if count:
                    pip += count * ((men >> np.uint64(bit)) & np.uint64(1)).astype(np.float64)
        return np.minimum(pip, full) / full
    full = evaluator_for(rules).full
    boards = zip(s.white, s.black, strict=True)
    pieces = np.array([int(w).bit_count() + int(b).bit_count() for w, b in boards], dtype=np.float64)
    return np.minimum(pieces, full) / full


def sigmoid(x: np.ndarray) -> np.ndarray:
    return 1.0 / (1.0 + np.exp(-np.clip(x, -50, 50)))


@dataclass
class Fit:
    tables: list[np.ndarray]  # int16, per window then flank, 2 x its size: the antisymmetric tables stored
    k: float
    loss: dict[str, float]  # train/held-out loss of the hand-set evaluation and with the learned term
    weights: dict[str, int] = field(default_factory=dict)  # hand-set weights fitted jointly (empty: not fitted)

    def data(self) -> bytes:
        """The tables as the pattern file stores them."""
        return b"".join(t.astype("<i2").tobytes() for t in self.tables)


def targets(s: Samples, k: float, lam: float, horizon: int = 1) -> np.ndarray:
    """The result blended with the search's own opinion (where it has one short of a win). With a horizon
    above 1 the opinion is the mean win probability of the searches at this position and the next ones of
    the same game, up to `horizon` of them: the later searches have seen further into this game."""
    searched = (s.score != 0) & (np.abs(s.score) < WIN_SCORE)
    chance = np.where(searched, sigmoid(k * s.score), 0.0)
    here = np.arange(len(s))
    total, seen = np.zeros(len(s)), np.zeros(len(s), dtype=np.int64)
    for step in range(max(1, horizon)):  # a game's samples are contiguous, in the order played
        later = np.minimum(here + step, len(s) - 1)
        counted = (here + step < len(s)) & (s.game[later] == s.game) & searched[later]
        total += np.where(counted, chance[later], 0.0)
        seen += counted
    opinion = total / np.maximum(seen, 1)
    return np.where(searched & (seen > 0), lam * s.result + (1 - lam) * opinion, s.result)


def fit(rules: RuleSet, train: Samples, held: Samples, epochs: int, l2: float, lam: float, rate: float,
        layout: str = "even", joint: bool = False, measure: str = "pieces", horizon: int = 1) -> Fit:
    """joint: the hand-set weights move with the tables (a linear model of them, as benchmarks.tune builds),
    within benchmarks.tune's bounds; the fitted values come back rounded in Fit.weights. measure: what blends
    the two phases' tables (phases()). horizon: how many of the game's searches the target's opinion averages
    (targets())."""
    features = Features(rules, layout)
    n_units = len(features.units)
    size = int(sum(features.sizes))
    h_train, h_held = hand_scores(rules, train), hand_scores(rules, held)
    k = fit_k(list(h_train), list(train.result))
    y_train, y_held = targets(train, k, lam, horizon), targets(held, k, lam, horizon)
    phase_train, phase_held = phases(rules, train, measure), phases(rules, held, measure)
    offsets = features.offsets
    i_train, j_train = (a + offsets for a in features.indexes(train))
    i_held, j_held = (a + offsets for a in features.indexes(held))
    weights = np.zeros((2, size))  # free weights per phase; the learned term is W[I] - W[J] (antisymmetric)
    # the hand-set weights a joint fit moves: those that change some training sample's evaluation
    d_train = hand_slopes(rules, train, JOINT if joint else [], h_train)
    touched = np.any(d_train != 0, axis=0)
    names = [name for i, name in enumerate(JOINT if joint else []) if touched[i]]
    d_train, d_held = d_train[:, touched], hand_slopes(rules, held, names, h_held)
    hand_train, hand_held = h_train, h_held  # today's weights, for the losses before
    start = weights_for(rules)
    first = np.array([getattr(start, name) for name in names], dtype=np.float64)
    low = np.array([BOUNDS.get(name, OTHER_BOUNDS)[0] for name in names], dtype=np.float64) - first
    high = np.array([BOUNDS.get(name, OTHER_BOUNDS)[1] for name in names], dtype=np.float64) - first
    moved = np.zeros(len(names))  # the hand-set weights' change from today's
    hm, hv = np.zeros_like(moved), np.zeros_like(moved)

    def term(w: np.ndarray, i: np.ndarray, j: np.ndarray, phase: np.ndarray) -> np.ndarray:
        mid = w[0][i].sum(axis=1) - w[0][j].sum(axis=1)
        end = w[1][i].sum(axis=1) - w[1][j].sum(axis=1)
        return phase * mid + (1 - phase) * end

    def loss(h: np.ndarray, y: np.ndarray, extra: np.ndarray | float) -> float:
        return float(np.mean((sigmoid(k * (h + extra)) - y) ** 2))

    m = np.zeros_like(weights)
    v = np.zeros_like(weights)
    beta1, beta2 = 0.9, 0.999
    n = len(train)
    flat_i, flat_j = i_train.ravel(), j_train.ravel()
    for epoch in range(1, epochs + 1):
        p = sigmoid(k * (h_train + d_train @ moved + term(weights, i_train, j_train, phase_train)))
        g = 2 * (p - y_train) * p * (1 - p) * k / n  # d loss / d evaluation, per sample
        grad = np.zeros_like(weights)
        for phase_index, share in ((0, phase_train), (1, 1 - phase_train)):
            per = np.repeat(g * share, n_units)
            grad[phase_index] = np.bincount(flat_i, per, size) - np.bincount(flat_j, per, size)
        grad += 2 * l2 * weights / n
        m = beta1 * m + (1 - beta1) * grad
        v = beta2 * v + (1 - beta2) * grad * grad
        weights -= rate * (m / (1 - beta1**epoch)) / (np.sqrt(v / (1 - beta2**epoch)) + 1e-12)
        if names:
            hand_grad = d_train.T @ g
            hm = beta1 * hm + (1 - beta1) * hand_grad
            hv = beta2 * hv + (1 - beta2) * hand_grad * hand_grad
            moved -= rate * (hm / (1 - beta1**epoch)) / (np.sqrt(hv / (1 - beta2**epoch)) + 1e-12)
            moved = np.clip(moved, low, high)
        if epoch % 50 == 0 or epoch == epochs:
            now = loss(h_train + d_train @ moved, y_train, term(weights, i_train, j_train, phase_train))
            held_now = loss(h_held + d_held @ moved, y_held, term(weights, i_held, j_held, phase_held))
            print(f"  epoch {epoch} (largest weight {np.abs(weights).max():.0f}): train {now:.5f}"
                  f" held out {held_now:.5f}", file=sys.stderr)
    fitted = {name: int(np.rint(first[i] + moved[i])) for i, name in enumerate(names)}
    if names:
        print("  hand-set weights: " + ",".join(f"{name}={value}" for name, value in fitted.items()), file=sys.stderr)
        # the losses below are the rounded weights' own, through the real evaluator
        moved_weights = weights_for(rules, fitted)
        h_train, h_held = hand_scores(rules, train, moved_weights), hand_scores(rules, held, moved_weights)
    # The stored table of unit u: W[u][i] - W[mirror u][sigma[mirror u][i]], so the core needs one lookup.
    stored: list[np.ndarray] = []
    for u in range(n_units):
        mu = features.mirror[u]
        own = weights[:, offsets[u] : offsets[u] + features.sizes[u]]
        other = weights[:, offsets[mu] : offsets[mu] + features.sizes[mu]]
        stored.append(np.clip(np.rint(own - other[:, features.sigma[mu]]), -30000, 30000).astype("<i2"))
    flat = np.concatenate([t.astype(np.float64) for t in stored], axis=1)  # 2 x size, in the offsets' order
    learned_train = phase_train * flat[0][i_train].sum(axis=1) + (1 - phase_train) * flat[1][i_train].sum(axis=1)
    learned_held = phase_held * flat[0][i_held].sum(axis=1) + (1 - phase_held) * flat[1][i_held].sum(axis=1)
    return Fit(stored, k, {
        "train_before": loss(hand_train, y_train, 0.0), "train_after": loss(h_train, y_train, learned_train),
        "held_before": loss(hand_held, y_held, 0.0), "held_after": loss(h_held, y_held, learned_held),
        # against the game results alone, whatever the target's blend
        "held_results_before": loss(hand_held, held.result, 0.0),
        "held_results_after": loss(h_held, held.result, learned_held),
    }, fitted)


def split(s: Samples, holdout: float, seed: int) -> tuple[Samples, Samples]:
    games = np.unique(s.game)
    rng = np.random.default_rng(seed)
    held_games = rng.choice(games, size=round(holdout * len(games)), replace=False)
    held = np.isin(s.game, held_games)
    pick = lambda mask: Samples(*(getattr(s, f)[mask] for f in Samples.__dataclass_fields__))  # noqa: E731
    return pick(~held), pick(held)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.train", description=__doc__.split("\n\n")[0])
    parser.add_argument("variant")
    parser.add_argument("--selfplay", type=int, default=2000, help="engine self-play games (0: none)")
    parser.add_argument("--depth", type=int, default=6, help="the self-play search depth")
    parser.add_argument("--random-plies", type=int, default=4, help="random plies after the ballot, for variety")
    parser.add_argument("--player-patterns", default="",
                        help="the self-play engine evaluates with this pattern file (default: the hand-set evaluation)")
    parser.add_argument("--pdn", nargs="*", default=[], help="PDN files or folders of real games")
    parser.add_argument("--skip", type=int, default=6, help="plies of each game left out at the start")
    parser.add_argument("--holdout", type=float, default=0.1)
    parser.add_argument("--epochs", type=int, default=300)
    parser.add_argument("--l2", type=float, default=0.002, help="L2 penalty per weight (units of the mean loss)")
    parser.add_argument("--lam", type=float, default=0.5, help="share of the result in the target (the rest: search)")
    parser.add_argument("--horizon", type=int, default=1,
                        help="the target's search opinion: the mean over this position's search and the game's next "
                             "ones, this many in all")
    parser.add_argument("--rate", type=float, default=2.0, help="Adam's step, centi-men")
    parser.add_argument("--layout", choices=patterns.LAYOUTS, default="even",
                        help="the windows: 4x4 blocks at even rows and columns; with those at odd ones; with the four "
                             "corner flanks (6 rows by 3 columns)")
    parser.add_argument("--joint", action="store_true",
                        help="fit the hand-set weights with the tables (the file records them; see docs/ENGINE-LOG.md)")
    parser.add_argument("--phase", choices=patterns.PHASE_MEASURES, default="pieces",
                        help="blend the middlegame and endgame tables by the pieces left or by the men's rows to go")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--data", type=Path, help="cache the samples here (.npz): reused when it exists")
    parser.add_argument("--out", type=Path, default=patterns.FOLDER)
    args = parser.parse_args(argv)
    rules = find_variant(args.variant)
    started = time.monotonic()
    source = {"selfplay_games": args.selfplay, "depth": args.depth, "random_plies": args.random_plies,
              "player_patterns": Path(args.player_patterns).name if args.player_patterns else "",
              "pdn": [Path(p).name for p in args.pdn], "seed": args.seed}
    if args.data and args.data.exists():
        loaded = np.load(args.data)
        samples = Samples(*(loaded[f] for f in Samples.__dataclass_fields__))
        if "source" in loaded:  # what the cached samples were made from, whatever this command line says
            source = json.loads(str(loaded["source"]))
    else:
        parts = []
        if args.selfplay:
            parts.append(selfplay(rules, args.selfplay, args.depth, args.random_plies, args.seed, args.workers,
                                  args.player_patterns))
        if args.pdn:
            parts.append(records(rules, args.pdn, args.skip, args.selfplay))
        samples = Samples.join(parts)
        if args.data:
            arrays = {f: getattr(samples, f) for f in Samples.__dataclass_fields__}
            np.savez(args.data, source=json.dumps(source), **arrays)
    print(f"{rules.id}: {len(samples)} positions from {len(np.unique(samples.game))} games "
          f"({time.monotonic() - started:.0f} s)", file=sys.stderr)
    train, held = split(samples, args.holdout, args.seed)
    result = fit(rules, train, held, args.epochs, args.l2, args.lam, args.rate, args.layout, args.joint, args.phase,
                 args.horizon)
    board = generator_for(rules).board
    board_windows = patterns.windows(board, args.layout) or []
    board_flanks = patterns.flanks(board, args.layout) or []
    about = {
        "layout": args.layout,
        "trained": {**source, "positions": len(samples), "train": len(train), "held_out": len(held),
                    "epochs": args.epochs, "l2": args.l2, "lam": args.lam, "split_seed": args.seed,
                    **({"horizon": args.horizon} if args.horizon > 1 else {}),
                    "k": round(result.k, 6)},
        "loss": {name: round(value, 6) for name, value in result.loss.items()},
    }
    if result.weights:
        about["weights"] = result.weights
    about.update(patterns.blend_header(rules, args.phase))
    args.out.mkdir(parents=True, exist_ok=True)
    target = args.out / f"{rules.id}.pat"
    patterns.write(target, rules.id, board_windows, evaluator_for(rules).full, result.data(), about, board_flanks)
    print(f"{target}: {target.stat().st_size} bytes; K {result.k:.5f}; loss train "
          f"{result.loss['train_before']:.5f} -> {result.loss['train_after']:.5f}, held out "
          f"{result.loss['held_before']:.5f} -> {result.loss['held_after']:.5f}, held out against results alone "
          f"{result.loss['held_results_before']:.5f} -> {result.loss['held_results_after']:.5f} "
          f"({time.monotonic() - started:.0f} s)")


if __name__ == "__main__":
    main()
