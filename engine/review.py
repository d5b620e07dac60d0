"""Judging the moves of a game from the engine's scores: thresholds, verdicts and accuracy.

Scores are in the engine's own unit, centi-men (a man is 100), from the side to move's view. A move's
loss is how much worse the position became for its player: the best score before the move minus the
score after it (both clamped to +-SCORE_CAP, so a lost forced win counts as a big loss, not infinity).
"""

from __future__ import annotations

import enum
import math
from dataclasses import dataclass

from rules import VARIANTS, RuleSet

SCORE_CAP = 1000  # ten men: beyond this a position is simply won or lost
WIN_SCALE = 100.0  # centi-men per logistic unit: a man up is a 73 % winning chance


@dataclass(frozen=True, slots=True)
class Thresholds:
    """The least loss (centi-men) that makes a move an inaccuracy, a mistake, a blunder."""

    inaccuracy: int
    mistake: int
    blunder: int


class Verdict(enum.StrEnum):
    INACCURACY = "inaccuracy"
    MISTAKE = "mistake"
    BLUNDER = "blunder"


NAGS = {Verdict.INACCURACY: 6, Verdict.MISTAKE: 2, Verdict.BLUNDER: 4}  # ?!, ?, ??


def _thresholds(rules: RuleSet) -> Thresholds:
    """One rule for every variant, in centi-men. Giving away a man is a blunder: about 100, less when the
    position pays some of it back or the man stood on a square the tuned evaluation values less (85-100 for
    an early man in Italian); a third of a man, the size of a clear positional slip, is an inaccuracy (the
    engine's own noise at the default time stays below it). In the giveaway variants material means little
    and scores swing more, so their bars are higher."""
    if rules.giveaway:
        return Thresholds(60, 120, 200)
    return Thresholds(35, 60, 80)


THRESHOLDS: dict[str, Thresholds] = {variant_id: _thresholds(rules) for variant_id, rules in VARIANTS.items()}


def thresholds_for(variant: str) -> Thresholds:
    return THRESHOLDS[variant]


def verdict(loss: int, thresholds: Thresholds) -> Verdict | None:
    if loss >= thresholds.blunder:
        return Verdict.BLUNDER
    if loss >= thresholds.mistake:
        return Verdict.MISTAKE
    if loss >= thresholds.inaccuracy:
        return Verdict.INACCURACY
    return None


def clamp(score: int) -> int:
    return max(-SCORE_CAP, min(SCORE_CAP, score))


def winning_chance(score: int) -> float:
    """0..100: the side's chance by its score (logistic in centi-men)."""
    return 100.0 / (1.0 + math.exp(-clamp(score) / WIN_SCALE))


def move_accuracy(before: int, after: int) -> float:
    """0..100 for one move from its player's scores before and after (lichess's curve on winning chances)."""
    drop = max(0.0, winning_chance(before) - winning_chance(after))
    return max(0.0, min(100.0, 103.1668 * math.exp(-0.04354 * drop) - 3.1669))
