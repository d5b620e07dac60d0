"""Policies that both front ends (Discord and local mode) apply the same way; words are the caller's."""

from __future__ import annotations

import enum
from dataclasses import dataclass

from rules import Color, find_variant, format_move, parse_fen
from service.results import GameView, HintPolicy, Orientation

EXAMPLE_MOVES = 4


@dataclass(frozen=True, slots=True)
class RulesCard:
    """What /rules (and local mode's rules) shows of a variant: facts and moves as written (its summary, in the
    reader's language, is messages.variants.variant_summary)."""

    variant: str
    name: str
    width: int
    height: int
    first_player: Color
    examples: tuple[str, ...]  # opening moves in the variant's own notation
    aliases: tuple[str, ...]


def rules_card(variant: str) -> RulesCard:
    rules = find_variant(variant)
    start = parse_fen(rules, rules.start_fen)
    examples = tuple(format_move(start, move) for move in start.legal_moves()[:EXAMPLE_MOVES])
    return RulesCard(
        rules.id, rules.name, rules.width, rules.height, rules.first_player, examples, rules.aliases
    )


class HintRefusal(enum.StrEnum):
    """Why a hint is not given."""

    NOT_A_PLAYER = "not_a_player"  # an onlooker asking during the game
    NEVER_HERE = "never_here"  # the server allows hints only against the bot and after the game
    RATED = "rated"  # hints are not for rated games between people here
    TOURNAMENT = "tournament"  # tournament games follow the rule for rated games, rated or not


def hint_refusal(
    game: GameView, user_id: int, policy: HintPolicy, *, tournament: bool = False
) -> HintRefusal | None:
    """Finished games and games against the bot are always open; active games between people follow the
    server's policy (local mode has no server: the default, hints in unrated games only). A tournament
    game (tournament=True) is treated as a rated game, whether it is rated or not."""
    if not game.active:
        return None
    if game.color_of(user_id) is None:
        return HintRefusal.NOT_A_PLAYER
    rated = game.rated or tournament
    if game.against_bot or policy is HintPolicy.ALWAYS or (policy is HintPolicy.UNRATED and not rated):
        return None
    if policy is HintPolicy.NEVER:
        return HintRefusal.NEVER_HERE
    return HintRefusal.RATED if game.rated else HintRefusal.TOURNAMENT


def board_flipped(orientation: Orientation, viewer_color: Color | None) -> bool:
    """Whether a viewer sees Black at the bottom: their choice, or by default their own side at the bottom."""
    if orientation is Orientation.BLACK:
        return True
    if orientation is Orientation.WHITE:
        return False
    return viewer_color is Color.BLACK

