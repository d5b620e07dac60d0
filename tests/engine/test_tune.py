"""The evaluation tuner (benchmarks/tune.py): its pieces on small hand-built data, with answers worked out by hand
or planted in the data, and the weights override it and the matches use (engine/evaluate.py)."""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from pathlib import Path

import pytest

from benchmarks.match import parse_weights
from benchmarks.tune import (
    LabelledGame,
    LinearModel,
    Sample,
    descend,
    evaluations,
    fit_k,
    mse,
    overrides,
    read_games,
    samples_of,
    sigmoid,
    split_games,
    starting_weights,
    tunable,
    tune,
)
from engine.evaluate import Evaluator, Weights, default_weights, evaluator_for, weights_for
from rules import Game, find_variant
from rules.pdn import write_game

ITALIAN = find_variant("italian")


def random_game(seed: int, plies: int = 120) -> Game:
    rng = random.Random(seed)
    game = Game(ITALIAN)
    while game.outcome() is None and game.ply < plies:
        game.push(rng.choice(game.legal_moves()))
    return game


def test_mse_by_hand() -> None:
    k = math.log(3) / 100  # sigmoid(100 k) = 3/4
    # (1/2 - 1)^2 = 0.25 and (3/4 - 0)^2 = 0.5625, mean 0.40625
    assert mse([0, 100], [1.0, 0.0], k) == pytest.approx(0.40625)
    assert mse([-100], [1.0], k) == pytest.approx(0.75**2)


def test_fit_k_recovers_the_scale_behind_the_results() -> None:
    evals = list(range(-500, 501, 20))
    for k in (0.002, 0.0074, 0.02):
        assert fit_k(evals, [sigmoid(k * e) for e in evals]) == pytest.approx(k, rel=1e-3)


def test_fit_k_of_results_that_ignore_the_evaluation_is_flat() -> None:
    """Wins and losses alike on both sides of zero: the best sigmoid is the flattest one allowed."""
    evals = [-300, -100, 100, 300]
    assert fit_k(evals, [1.0, 0.0, 1.0, 0.0]) < 1e-4


def test_the_held_out_split_keeps_games_whole() -> None:
    games = [LabelledGame(f"g{i}", [Sample(i, j, 0, 0, 0.5) for j in range(1, 4 + i % 3)]) for i in range(20)]
    train, test = split_games(games, 0.25, seed=5)
    held = {s.own for s in test}
    assert len(held) == 5
    assert held.isdisjoint({s.own for s in train})
    assert len(train) + len(test) == sum(len(g.samples) for g in games)
    for game in games:  # every sample of a game on one side
        side = test if game.samples[0].own in held else train
        assert all(s in side for s in game.samples)
    assert split_games(games, 0.25, seed=5) == (train, test)
    assert {s.own for s in split_games(games, 0.25, seed=6)[1]} != held


def test_positions_with_a_capture_pending_are_left_out_and_labels_follow_the_side_to_move() -> None:
    game = random_game(3)
    samples = samples_of(game, 1.0, skip=4)
    expected = [p for p in game.positions[4:] if p.legal_moves() and not p.legal_moves()[0].captures]
    assert len(expected) < len(game.positions) - 4  # the random game did have captures to leave out
    assert [(s.own | s.opp, s.kings) for s in samples] == [(p.white | p.black, p.kings) for p in expected]
    for sample, position in zip(samples, expected, strict=True):
        white_to_move = int(position.turn) == 0
        assert sample.color == int(position.turn)
        assert sample.own == (position.white if white_to_move else position.black)
        assert sample.result == (1.0 if white_to_move else 0.0)  # White won: a loss for Black to move


def test_a_defective_game_is_reported_and_the_others_are_read(tmp_path: Path) -> None:
    good = write_game(random_game(4, plies=30), result="0-1")
    broken = good.replace(" 2. ", " 2. 9-32 ", 1)  # no man on 9 can go to 32
    unfinished = write_game(random_game(5, plies=30), result="*")
    path = tmp_path / "games.pdn"
    path.write_text("\n\n".join((broken, good, unfinished)))
    reports: list[str] = []
    games = read_games([path], ITALIAN, skip=0, report=reports.append)
    assert len(reports) == 1 and reports[0].startswith("games.pdn#1: skipped")
    assert [g.source for g in games] == ["games.pdn#2"]  # the unfinished game has no result to learn from
    assert games[0].samples and all(s.result == (1.0 if s.color else 0.0) for s in games[0].samples)


def quiet_samples(seeds: range, truth: Weights, k: float) -> list[Sample]:
    """Positions from random games, each labelled with the planted weights' expected result."""
    positions = [s for seed in seeds for s in samples_of(random_game(seed, plies=160), 0.5, skip=10)]
    truths = evaluations(ITALIAN, truth, positions)
    return [Sample(s.own, s.opp, s.kings, s.color, sigmoid(k * e)) for s, e in zip(positions, truths, strict=True)]


def test_the_linear_model_predicts_the_real_evaluation_of_other_weights() -> None:
    samples = quiet_samples(range(10), weights_for(ITALIAN), 0.01)
    start = weights_for(ITALIAN)
    model = LinearModel(ITALIAN, start, samples, Weights.__slots__)
    moved = {"king": 190, "advance_end": 4, "centre": 9, "edge": 2, "mobility": 6, "runaway": 80, "lone_king": 5}
    predicted = [float(e) for e in model.base]
    for name, value in moved.items():
        for i, slope in model.slopes[name]:
            predicted[i] += (value - getattr(start, name)) * slope
    exact = evaluations(ITALIAN, weights_for(ITALIAN, moved), samples)
    assert max(abs(p - e) for p, e in zip(predicted, exact, strict=True)) <= 2  # integer rounding only
    assert sum(p != b for p, b in zip(predicted, model.base, strict=True)) > len(samples) // 2


def test_tuning_lowers_the_loss_and_moves_towards_planted_weights() -> None:
    k = 0.008
    truth = weights_for(ITALIAN, {"king": 260, "mobility": 12, "back_rank": 30})
    train = quiet_samples(range(40), truth, k)
    results = [s.result for s in train]
    start = weights_for(ITALIAN)
    before = mse(evaluations(ITALIAN, start, train), results, k)
    tuned = tune(ITALIAN, train, k, rounds=2, report=lambda _line: None)
    after = mse(evaluations(ITALIAN, tuned, train), results, k)
    assert after < before / 4
    for name in ("king", "mobility", "back_rank"):
        assert abs(getattr(tuned, name) - getattr(truth, name)) < abs(getattr(start, name) - getattr(truth, name))


def test_descent_stays_put_at_the_optimum() -> None:
    k = 0.008
    samples = quiet_samples(range(8), weights_for(ITALIAN), k)
    model = LinearModel(ITALIAN, weights_for(ITALIAN), samples, ["king", "mobility"])
    assert descend(model, [s.result for s in samples], k) == model.start


def test_weights_overrides_and_the_tuning_row() -> None:
    assert Evaluator(ITALIAN, weights_for(ITALIAN)).evaluate(0b1011, 1 << 20, 0b1, 0) == evaluator_for(
        ITALIAN
    ).evaluate(0b1011, 1 << 20, 0b1, 0)
    assert weights_for(ITALIAN, {"mobility": 9}).mobility == 9
    assert weights_for(ITALIAN, {"mobility": 9}).king == weights_for(ITALIAN).king
    with pytest.raises(ValueError, match="unknown evaluation weights: kingg"):
        weights_for(ITALIAN, {"kingg": 1})
    defaults = default_weights(ITALIAN)
    assert overrides(ITALIAN, defaults) == {}
    assert overrides(ITALIAN, weights_for(ITALIAN, {"edge": defaults.edge - 1})) == {
        **overrides(ITALIAN, weights_for(ITALIAN)),
        "edge": defaults.edge - 1,
    }
    assert starting_weights(ITALIAN, "defaults") == defaults  # not today's TUNING row
    assert starting_weights(ITALIAN, "king=170,back_rank=10") == weights_for(
        ITALIAN, {**{n: getattr(defaults, n) for n in Weights.__slots__}, "king": 170, "back_rank": 10}
    )
    assert parse_weights("king=180, centre=-6") == {"king": 180, "centre": -6}
    assert parse_weights("") == {}


def test_the_kings_only_draw_margin_follows_the_rules_not_the_king_weight() -> None:
    """International, three kings against one, kings only: pulled towards a draw (a quarter of the score)
    whatever the king is worth, so a king weight of 200 moves the score by (3 - 1) * 100 / 4 = 50."""
    rules = find_variant("international")
    white = (1 << 0) | (1 << 11) | (1 << 20)
    black = 1 << 45
    cheap, dear = (Evaluator(rules, weights_for(rules, {"king": k})) for k in (200, 300))
    assert dear.evaluate(white, black, white | black, 0) - cheap.evaluate(white, black, white | black, 0) == 50


def test_advanced_men_never_fit_below_men_at_home() -> None:
    """Results that reward holding men back pull advance_open down, but not below 0 (README: a man given away
    must stay about a man for the analysis)."""
    k = 0.008
    train = quiet_samples(range(10), weights_for(ITALIAN, {"advance_open": -20}), k)
    model = LinearModel(ITALIAN, weights_for(ITALIAN, {"advance_open": 6}), train, ["advance_open"])
    assert descend(model, [s.result for s in train], k) == {"advance_open": 0}


def random_game_samples(games: int, plies: int, result: Callable[[int], float]) -> list[Sample]:
    """Samples of International games of random moves (seeds 0..games-1), each labelled result(seed)."""
    samples: list[Sample] = []
    for seed in range(games):
        rng = random.Random(seed)
        game = Game(find_variant("international"))
        while game.outcome() is None and game.ply < plies:
            game.push(rng.choice(game.legal_moves()))
        samples += samples_of(game, result(seed), 4)
    return samples


def test_a_switch_among_the_weights_is_never_tuned() -> None:
    """draw_scale turns a term on or off: a step of the descent would make it a meaningless number."""
    international = find_variant("international")
    samples = random_game_samples(8, 200, lambda seed: 0.5)
    # these samples would give the switch a slope (kings and leads occur in random games) ...
    assert LinearModel(international, weights_for(international), samples, ["draw_scale"]).slopes["draw_scale"]
    names = tunable(international, samples)
    assert "draw_scale" not in names and "king" in names  # ... and the tuner leaves it alone


def test_a_term_added_after_the_published_fits_is_tuned_only_when_named() -> None:
    """balance changes evaluations (a slope), yet a plain run leaves it alone so the documented fits reproduce;
    --only balance fits it."""
    international = find_variant("international")
    samples = random_game_samples(6, 120, lambda seed: float(seed % 2))
    assert "balance" in tunable(international, samples)
    k = 0.005
    reports: list[str] = []
    plain = tune(international, samples, k, rounds=1, report=reports.append)
    assert plain.balance == 0
    named = tune(international, samples, k, rounds=1, report=reports.append, only=["balance"])
    assert named.balance != 0 and named.king == weights_for(international).king
