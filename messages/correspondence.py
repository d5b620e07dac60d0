"""Refusal words of the correspondence features (conditional moves, rematches, analysis), gathered for
describe_game_error in messages/play.py."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from messages.i18n import Words
from messages.premove import GAME_ERRORS as PREMOVE_ERRORS
from service.errors import AnalysisRateLimited, AnalysisRefused, GameError, RematchNotYet, RematchPending

CORRESPONDENCE_ERRORS: dict[type[GameError], Callable[[Any, Callable[[int], str], Words], str]] = {
    **PREMOVE_ERRORS,
    RematchNotYet: lambda e, name, w: w.say(
        "rematch.not_yet", "Game #{game} is still being played: a rematch comes after it ends.", game=e.game_id
    ),
    RematchPending: lambda e, name, w: (
        w.say("rematch.pending_yours", "You already asked for this rematch; the challenge waits for an answer.")
        if e.by_you
        else w.say("rematch.pending_theirs", "Your opponent already asked you for a rematch: accept their challenge.")
    ),
    AnalysisRefused: lambda e, name, w: (
        w.say(
            "analysis.refused_active",
            "Game #{game} is still being played: analyses are for finished games (use {hint} where allowed).",
            game=e.game_id,
            hint=w.command("hint"),
        )
        if e.reason == "active"
        else w.say(
            "analysis.refused_stale", "The stored analysis of game #{game} no longer matches its moves.", game=e.game_id
        )
    ),
    AnalysisRateLimited: lambda e, name, w: w.say(
        "analysis.rate_limited",
        "One new analysis at a time: you can start another in {seconds} s.",
        seconds=f"{e.retry_after:.0f}",
    ),
}
