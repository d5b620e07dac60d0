"""Words for rematches (the Rematch button, /rematch and local mode's rematch)."""

from __future__ import annotations

from messages import colour_in_sentence
from messages.i18n import ENGLISH, Words
from messages.variants import variant_name
from service.results import ChallengeView


def rematch_label(w: Words) -> str:
    return w.say("button.rematch", "Rematch")


def rematch_offer(
    challenge: ChallengeView, game_id: int, challenger: str, opponent: str, expires: str, w: Words = ENGLISH
) -> str:
    """The public challenge a rematch posts; the opponent answers with the usual buttons."""
    days = w.plural("terms.days_per_move", "{count} day per move", "{count} days per move", challenge.days_per_move)
    rated = w.say("terms.rated", "rated") if challenge.rated else w.say("terms.unrated", "unrated")
    colour = colour_in_sentence(w, challenge.color)
    if challenge.start_fen:
        return w.say(
            "rematch.offer_from_position",
            "{opponent}, {challenger} asks for a rematch of game #{game}: {variant}, {days}, {rated}, {challenger} "
            "now plays {colour}, from the same position {fen}. The offer expires {expires}.",
            opponent=opponent,
            challenger=challenger,
            game=game_id,
            variant=variant_name(w, challenge.variant),
            days=days,
            rated=rated,
            colour=colour,
            fen=challenge.start_fen,
            expires=expires,
        )
    return w.say(
        "rematch.offer",
        "{opponent}, {challenger} asks for a rematch of game #{game}: {variant}, {days}, {rated}, {challenger} "
        "now plays {colour}. The offer expires {expires}.",
        opponent=opponent,
        challenger=challenger,
        game=game_id,
        variant=variant_name(w, challenge.variant),
        days=days,
        rated=rated,
        colour=colour,
        expires=expires,
    )


def rematch_started(old_game: int, new_game: int, white: str, black: str, w: Words = ENGLISH) -> str:
    return w.say(
        "rematch.started",
        "Rematch of game #{old}: game #{new} begins, {white} (White) against {black} (Black).",
        old=old_game,
        new=new_game,
        white=white,
        black=black,
    )


def opened(move: str, w: Words = ENGLISH) -> str:
    return " " + w.say("game.bot_opened", "The bot opened with {move}.", move=move)
