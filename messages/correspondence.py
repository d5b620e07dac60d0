"""Refusal words of the correspondence features (conditional moves, rematches, analysis), gathered for
describe_game_error in messages/play.py."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from messages.premove import GAME_ERRORS as PREMOVE_ERRORS
from service.errors import AnalysisRateLimited, AnalysisRefused, GameError, RematchNotYet

CORRESPONDENCE_ERRORS: dict[type[GameError], Callable[[Any, Callable[[int], str]], str]] = {
    **PREMOVE_ERRORS,
    RematchNotYet: lambda e, name: f"Game #{e.game_id} is still being played: a rematch comes after it ends.",
    AnalysisRefused: lambda e, name: (
        f"Game #{e.game_id} is still being played: analyses are for finished games (use /hint where allowed)."
        if e.reason == "active"
        else f"The stored analysis of game #{e.game_id} no longer matches its moves."
    ),
    AnalysisRateLimited: lambda e, name: f"One new analysis at a time: you can start another in {e.retry_after:.0f} s.",
}
