"""Policies that both front ends (Discord and local mode) apply the same way; words are the caller's."""

from __future__ import annotations

import enum

from service.results import GameView, HintPolicy


class HintRefusal(enum.StrEnum):
    """Why a hint is not given."""

    NOT_A_PLAYER = "not_a_player"  # an onlooker asking during the game
    NEVER_HERE = "never_here"  # the server allows hints only against the bot and after the game
    RATED = "rated"  # hints are not for rated games between people here


def hint_refusal(game: GameView, user_id: int, policy: HintPolicy) -> HintRefusal | None:
    """Finished games and games against the bot are always open; active games between people follow the
    server's policy (local mode has no server: the default, hints in unrated games only)."""
    if not game.active:
        return None
    if game.color_of(user_id) is None:
        return HintRefusal.NOT_A_PLAYER
    if game.against_bot or policy is HintPolicy.ALWAYS or (policy is HintPolicy.UNRATED and not game.rated):
        return None
    if policy is HintPolicy.NEVER:
        return HintRefusal.NEVER_HERE
    return HintRefusal.RATED
