"""Thresholds, verdicts and accuracy of the post-game analysis, in the engine's unit (centi-men)."""

from __future__ import annotations

import math

import pytest

from engine.review import (
    NAGS,
    SCORE_CAP,
    THRESHOLDS,
    Thresholds,
    Verdict,
    move_accuracy,
    thresholds_for,
    verdict,
    winning_chance,
)
from rules import VARIANTS


def test_every_variant_has_thresholds_in_rising_order() -> None:
    assert set(THRESHOLDS) == set(VARIANTS)
    for variant, bars in THRESHOLDS.items():
        assert 0 < bars.inaccuracy < bars.mistake < bars.blunder <= SCORE_CAP, variant


def test_giving_away_a_man_is_a_blunder_where_material_counts() -> None:
    for variant, rules in VARIANTS.items():
        if not rules.giveaway:
            assert verdict(100, thresholds_for(variant)) is Verdict.BLUNDER, variant


@pytest.mark.parametrize(
    ("loss", "expected"),
    [(0, None), (34, None), (35, Verdict.INACCURACY), (59, Verdict.INACCURACY), (60, Verdict.MISTAKE),
     (79, Verdict.MISTAKE), (80, Verdict.BLUNDER), (1000, Verdict.BLUNDER)],
)
def test_verdicts_change_exactly_at_the_bars(loss: int, expected: Verdict | None) -> None:
    assert thresholds_for("italian") == Thresholds(35, 60, 80)
    assert verdict(loss, thresholds_for("italian")) is expected


def test_nags_are_the_pdn_standard_ones() -> None:
    # PGN/PDN Numeric Annotation Glyphs: $2 poor move (?), $4 very poor move (??), $6 questionable (?!)
    assert NAGS == {Verdict.MISTAKE: 2, Verdict.BLUNDER: 4, Verdict.INACCURACY: 6}


def test_accuracy_is_100_for_no_loss_and_falls_with_the_winning_chance_given_away() -> None:
    assert move_accuracy(50, 50) == pytest.approx(100.0, abs=0.01)
    assert move_accuracy(0, 200) == pytest.approx(100.0, abs=0.01)  # a gain costs nothing
    # a man given away from a level position: chances 50 % -> 1/(1+e) = 26.9 %, a drop of 23.1 points
    drop = 50 - 100 / (1 + math.e)
    assert move_accuracy(0, -100) == pytest.approx(103.1668 * math.exp(-0.04354 * drop) - 3.1669, abs=1e-6)
    assert move_accuracy(0, -100) > move_accuracy(0, -300) > move_accuracy(0, -1000) >= 0
    assert winning_chance(5000) == winning_chance(SCORE_CAP)  # beyond the cap all wins are alike
