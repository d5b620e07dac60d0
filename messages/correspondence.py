"""Refusal words of the correspondence features (conditional moves, rematches, analysis), gathered for
describe_game_error in messages/play.py."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from messages.premove import GAME_ERRORS as PREMOVE_ERRORS
from service.errors import GameError, RematchNotYet

CORRESPONDENCE_ERRORS: dict[type[GameError], Callable[[Any, Callable[[int], str]], str]] = {
    **PREMOVE_ERRORS,
    RematchNotYet: lambda e, name: f"Game #{e.game_id} is still being played: a rematch comes after it ends.",
}
