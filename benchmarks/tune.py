"""Texel tuning of the evaluation weights (engine/evaluate.py) on positions labelled with their game's result.

    python -m benchmarks.tune --variant italian --pdn GAMES.pdn DIR ... [--selfplay 300 --depth 5]

Positions: every position of every game record read with rules' own PDN reader (a defective game is reported
and skipped, the rest are read) that has a result, from ply --skip on, where the side to move has no capture
pending (a static evaluation means nothing mid-exchange) and has a move; optionally also positions from
engine self-play games (fixed depth, two random plies after a ballot opening), for variants without records.
Each is labelled 1, 1/2 or 0 for the side to move. Whole games go to a training or a held-out split.

Fitting: the logistic scale K of sigmoid(K * eval) is fitted first on the training positions with the current
weights, then held; the weights minimise the mean squared error of sigmoid(K * eval) against the result by
integer coordinate descent. The evaluation is linear in its weights up to integer rounding, so each position
is reduced once to its evaluation and the change of it per unit of each weight (an exact difference of two
evaluations); the descent moves on that linear model, then the real evaluator scores the result and the model
is rebuilt there (--rounds). Losses printed are the real evaluator's. --penalty adds a ridge term towards the
starting weights; --start fits from the derived defaults (with changes) instead of today's TUNING row, so an
adopted row can be fitted again. The last line is the TUNING row to adopt only if
`python -m benchmarks.match VARIANT --a 5 --b 5 --a-weights ...` says the tuned engine is not worse.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

from benchmarks.match import ballots, checked_move, history_keys, parse_weights, play_out
from engine.evaluate import MAN, NAMED_ONLY, SWITCHES, Evaluator, Weights, default_weights, weights_for
from engine.native import make_searcher
from rules import Game, Move, RuleSet, find_variant
from rules.movegen import generator_for
from rules.pdn_replay import replay
from rules.pdn_scan import read_records

WHITE_SCORE = {"1-0": 1.0, "0-1": 0.0, "1/2-1/2": 0.5}
DELTA = 100  # weight step of the exact differences: large, so integer rounding inside eval is ~1/DELTA
BOUNDS = {
    "king": (MAN, 6 * MAN),
    # Advanced men worth less than men at home would make a man given away early cost less than a man, and
    # the analysis judges that a blunder by its size in men (engine/review.py).
    "advance_open": (0, 4 * MAN),
}
OTHER_BOUNDS = (-2 * MAN, 4 * MAN)
STEPS = (32, 16, 8, 4, 2, 1)


@dataclass(frozen=True, slots=True)
class Sample:
    own: int
    opp: int
    kings: int
    color: int
    result: float  # for the side to move: 1 win, 0.5 draw, 0 loss


@dataclass(frozen=True, slots=True)
class LabelledGame:
    source: str  # "file.pdn#12" or "selfplay#3"
    samples: list[Sample]


def samples_of(game: Game, white_score: float, skip: int) -> list[Sample]:
    """The game's quiet positions from ply `skip` on, labelled for the side to move."""
    gen = generator_for(game.rules)
    out = []
    for position in game.positions[skip:]:
        moves = gen.fast_moves(position.white, position.black, position.kings, position.turn)
        if not moves or moves[0][1]:  # no move (the game is over) or a capture pending
            continue
        color = int(position.turn)
        own, opp = (position.white, position.black) if color == 0 else (position.black, position.white)
        result = white_score if color == 0 else 1.0 - white_score
        out.append(Sample(own, opp, position.kings, color, result))
    return out


def pdn_files(paths: Iterable[str]) -> list[Path]:
    out: list[Path] = []
    for name in paths:
        path = Path(name)
        out.extend(sorted(path.rglob("*.pdn")) if path.is_dir() else [path])
    return out


def read_games(
    files: Sequence[Path], rules: RuleSet, skip: int, report: Callable[[str], None] = print
) -> list[LabelledGame]:
    """Every game of the files that replays in `rules` and has a result; the others are reported, not read."""
    games = []
    for path in files:
        for record in read_records(path.read_bytes()):
            where = f"{path.name}#{record.number}"
            replayed = replay(record, rules)
            if replayed.failure is not None or replayed.game is None:
                report(f"{where}: skipped ({replayed.failure.reason if replayed.failure else 'unreadable'})")
            elif replayed.rules is None or replayed.rules.id != rules.id:
                report(f"{where}: skipped (written for {replayed.rules.id if replayed.rules else '?'})")
            elif replayed.result in WHITE_SCORE:
                games.append(LabelledGame(where, samples_of(replayed.game, WHITE_SCORE[replayed.result], skip)))
    return games


def selfplay_games(
    rules: RuleSet, count: int, depth: int, skip: int, seed: int = 1, weights: Weights | None = None
) -> list[LabelledGame]:
    """Engine games at a fixed depth from the ballots, two random plies in for variety, labelled by the result."""
    rng = random.Random(seed)
    openings = ballots(rules)
    searcher = make_searcher(rules, weights=weights)

    def player(game: Game, _seconds: float) -> Move:
        position = game.position
        history = history_keys(searcher, game)
        found = searcher.search(position.white, position.black, position.kings, int(position.turn), depth=depth,
                                history=history, streaks=position.king_streaks)
        return checked_move(position, found.move, "self-play")

    games = []
    for i in range(count):
        game = Game(rules)
        for text in openings[i % len(openings)]:
            game.play(text)
        for _ in range(2):
            if game.outcome() is None:
                game.push(rng.choice(game.legal_moves()))
        score, _plies, _how = play_out(game, player, player, 0.0)
        games.append(LabelledGame(f"selfplay#{i}", samples_of(game, score, skip)))
    return games


def split_games(games: Sequence[LabelledGame], holdout: float, seed: int = 1) -> tuple[list[Sample], list[Sample]]:
    """(training, held-out) samples; each game goes whole to one side, about `holdout` of the games held out."""
    order = list(range(len(games)))
    random.Random(seed).shuffle(order)
    held = set(order[: round(holdout * len(games))])
    train = [s for i, g in enumerate(games) if i not in held for s in g.samples]
    test = [s for i, g in enumerate(games) if i in held for s in g.samples]
    return train, test


def evaluations(rules: RuleSet, weights: Weights, samples: Sequence[Sample]) -> list[int]:
    evaluate = Evaluator(rules, weights).evaluate
    return [evaluate(s.own, s.opp, s.kings, s.color) for s in samples]


def sigmoid(x: float) -> float:
    if x < -500:
        return 0.0
    return 1.0 / (1.0 + math.exp(-x))


def mse(evals: Sequence[float], results: Sequence[float], k: float) -> float:
    if not evals:
        return 0.0
    return sum((sigmoid(k * e) - r) ** 2 for e, r in zip(evals, results, strict=True)) / len(evals)


def fit_k(evals: Sequence[float], results: Sequence[float], low: float = 1e-5, high: float = 0.1) -> float:
    """The K minimising mse, by golden-section search on log K (the loss is unimodal in K)."""
    ratio = (math.sqrt(5) - 1) / 2
    a, b = math.log(low), math.log(high)
    c, d = b - ratio * (b - a), a + ratio * (b - a)
    fc, fd = mse(evals, results, math.exp(c)), mse(evals, results, math.exp(d))
    for _ in range(60):
        if fc < fd:
            b, d, fd = d, c, fc
            c = b - ratio * (b - a)
            fc = mse(evals, results, math.exp(c))
        else:
            a, c, fc = c, d, fd
            d = a + ratio * (b - a)
            fd = mse(evals, results, math.exp(d))
    return math.exp((a + b) / 2)


class LinearModel:
    """eval(w) = base + sum over weights of (w - w0) * slope, per sample; slopes are exact differences."""

    def __init__(self, rules: RuleSet, weights: Weights, samples: Sequence[Sample], names: Sequence[str]) -> None:
        self.start = {name: int(getattr(weights, name)) for name in names}
        self.base = evaluations(rules, weights, samples)
        self.slopes: dict[str, list[tuple[int, float]]] = {}
        for name in names:
            moved = weights_for(rules, {**_values(weights), name: self.start[name] + DELTA})
            shifted = evaluations(rules, moved, samples)
            # Sparse: most weights touch few positions (kings, runaways), so a step rescores only those.
            pairs = enumerate(zip(shifted, self.base, strict=True))
            self.slopes[name] = [(i, (e - b) / DELTA) for i, (e, b) in pairs if e != b]


def _values(weights: Weights) -> dict[str, int]:
    return {name: int(getattr(weights, name)) for name in Weights.__slots__}


def descend(
    model: LinearModel,
    results: Sequence[float],
    k: float,
    steps: Sequence[int] = STEPS,
    penalty: float = 0.0,
    anchor: dict[str, int] | None = None,
) -> dict[str, int]:
    """Integer coordinate descent on the linear model: try +-step on each weight while the loss falls.

    penalty: added loss per (weight - anchor)^2 in men^2 (ridge), so a weight moves far only for a clear gain.
    """
    evals = [float(e) for e in model.base]
    weights = dict(model.start)
    centre = anchor or model.start
    n = len(evals)

    def change(name: str, step: int) -> float:
        """The loss's change if the weight moved by step (only the samples it touches are rescored)."""
        total = 0.0
        for i, slope in model.slopes[name]:
            r = results[i]
            total += (sigmoid(k * (evals[i] + step * slope)) - r) ** 2 - (sigmoid(k * evals[i]) - r) ** 2
        offset = weights[name] - centre[name]
        ridge = penalty * ((offset + step) ** 2 - offset**2) / MAN**2
        return (total / n if n else 0.0) + ridge

    for step in steps:
        improved = True
        while improved:
            improved = False
            for name in weights:
                low, high = BOUNDS.get(name, OTHER_BOUNDS)
                for signed in (step, -step):
                    if not low <= weights[name] + signed <= high or change(name, signed) >= -1e-12:
                        continue
                    weights[name] += signed
                    for i, slope in model.slopes[name]:
                        evals[i] += signed * slope
                    improved = True
                    break
    return weights


def tunable(rules: RuleSet, samples: Sequence[Sample]) -> list[str]:
    """Weights that change some sample's evaluation (in the giveaway variants only the king's does)."""
    names = [name for name in Weights.__slots__ if name not in SWITCHES]
    model = LinearModel(rules, weights_for(rules), samples, names)
    return [name for name, slopes in model.slopes.items() if slopes]


def tune(
    rules: RuleSet,
    train: Sequence[Sample],
    k: float,
    rounds: int = 2,
    report: Callable[[str], None] = print,
    penalty: float = 0.0,
    only: Sequence[str] = (),
    start: Weights | None = None,
) -> Weights:
    """Weights fitted on train from start (the variant's current ones), see the module's docstring; only: these."""
    weights = start or weights_for(rules)
    anchor = _values(weights)
    names = [name for name in tunable(rules, train) if (name in only if only else name not in NAMED_ONLY)]
    results = [s.result for s in train]
    best, best_loss = weights, mse(evaluations(rules, weights, train), results, k)
    for round_ in range(1, rounds + 1):
        model = LinearModel(rules, weights, train, names)
        weights = weights_for(rules, {**_values(weights), **descend(model, results, k, STEPS, penalty, anchor)})
        loss = mse(evaluations(rules, weights, train), results, k)
        report(f"round {round_}: training loss {loss:.6f}")
        if loss >= best_loss:  # the linear model's rounding misled it: keep the real evaluator's best
            break
        best, best_loss = weights, loss
    return best


def overrides(rules: RuleSet, weights: Weights) -> dict[str, int]:
    """The weights that differ from the derived defaults: a TUNING row."""
    base = _values(default_weights(rules))
    return {name: value for name, value in _values(weights).items() if base[name] != value}


def starting_weights(rules: RuleSet, text: str) -> Weights:
    """'defaults' or name=value changes to the derived defaults (not to the TUNING row)."""
    values = _values(default_weights(rules))
    if text != "defaults":
        values.update(parse_weights(text))
    return weights_for(rules, values)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.tune", description=__doc__.split("\n\n")[0])
    parser.add_argument("--variant", required=True)
    parser.add_argument("--pdn", nargs="*", default=[], help="PDN files or folders of them (recursively)")
    parser.add_argument("--selfplay", type=int, default=0, help="also this many engine self-play games")
    parser.add_argument("--depth", type=int, default=5, help="search depth of the self-play games")
    parser.add_argument("--skip", type=int, default=10, help="opening plies left out of every game")
    parser.add_argument("--holdout", type=float, default=0.2, help="share of the games held out")
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--penalty", type=float, default=0.0, help="ridge: loss per squared man of change")
    parser.add_argument("--only", default="", help="tune only these weights (comma-separated)")
    parser.add_argument(
        "--start",
        help="start (and play self-play games) from the derived defaults with these changes, e.g. 'defaults' or "
        "king=170,back_rank=10, instead of the current TUNING row: how the README's runs are reproduced",
    )
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--quiet", action="store_true", help="do not list the games skipped")
    args = parser.parse_args(argv)
    rules = find_variant(args.variant)
    before = weights_for(rules) if args.start is None else starting_weights(rules, args.start)
    skipped: list[str] = []
    games = read_games(pdn_files(args.pdn), rules, args.skip, skipped.append)
    if not args.quiet:
        for line in skipped:
            print(line, file=sys.stderr)
    print(f"{rules.id}: {len(games)} games with a result from the records ({len(skipped)} skipped)")
    if args.selfplay:
        games += selfplay_games(rules, args.selfplay, args.depth, args.skip, args.seed, before)
        print(f"  + {args.selfplay} self-play games at depth {args.depth}")
    train, test = split_games(games, args.holdout, args.seed)
    if not train:
        parser.error("no positions to tune on")
    print(f"positions: {len(train)} training, {len(test)} held out (whole games; plies from {args.skip}, quiet)")
    train_y, test_y = [s.result for s in train], [s.result for s in test]
    k = fit_k(evaluations(rules, before, train), train_y)
    print(f"K = {k:.6f} per centi-man (sigmoid(K * eval))")
    only = [name.strip() for name in args.only.split(",") if name.strip()]
    after = tune(rules, train, k, args.rounds, penalty=args.penalty, only=only, start=before)
    for label, weights in (("current", before), ("tuned", after)):
        losses = [mse(evaluations(rules, weights, s), y, k) for s, y in ((train, train_y), (test, test_y))]
        print(f"{label:8} loss: training {losses[0]:.6f}, held out {losses[1]:.6f}")
    print(f"current: {_values(before)}")
    print(f"tuned:   {_values(after)}")
    print("--a-weights " + ",".join(f"{name}={value}" for name, value in _values(after).items()))
    print(f'TUNING["{rules.id}"] = {overrides(rules, after)}')


if __name__ == "__main__":
    main()
