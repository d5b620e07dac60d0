"""The Discord app, one folder per feature (its cog, views and actions). A new command is a folder here
plus one line below."""

from __future__ import annotations

from bot.exts import (
    activity,
    analysis,
    away,
    challenges,
    explore,
    follow,
    imports,
    info,
    notes,
    play,
    premove,
    puzzle,
    rematch,
    review,
    settings,
    study,
    tournament,
    votegame,
)
from bot.ui.feature import Feature

FEATURES: tuple[Feature, ...] = (
    challenges.FEATURE,
    play.FEATURE,
    premove.FEATURE,
    rematch.FEATURE,
    analysis.FEATURE,
    review.FEATURE,
    info.FEATURE,
    settings.FEATURE,
    tournament.FEATURE,
    imports.FEATURE,
    away.FEATURE,
    study.FEATURE,
    explore.FEATURE,
    follow.FEATURE,
    puzzle.FEATURE,
    notes.FEATURE,
    votegame.FEATURE,
    activity.FEATURE,
)
