"""Words for rematches (the Rematch button, /rematch and local mode's rematch)."""

from __future__ import annotations

from rules import find_variant
from service.results import ChallengeView

REMATCH_LABEL = "Rematch"


def rematch_offer(challenge: ChallengeView, game_id: int, challenger: str, opponent: str, expires: str) -> str:
    """The public challenge a rematch posts; the opponent answers with the usual buttons."""
    days = challenge.days_per_move
    terms = (
        f"{find_variant(challenge.variant).name}, {days} day{'s' * (days != 1)} per move, "
        f"{'rated' if challenge.rated else 'unrated'}, {challenger} now plays {challenge.color}"
    )
    if challenge.start_fen:
        terms += f", from the same position {challenge.start_fen}"
    return f"{opponent}, {challenger} asks for a rematch of game #{game_id}: {terms}. The offer expires {expires}."


def rematch_started(old_game: int, new_game: int, white: str, black: str) -> str:
    return f"Rematch of game #{old_game}: game #{new_game} begins, {white} (White) against {black} (Black)."


def opened(move: str) -> str:
    return f" The bot opened with {move}."
