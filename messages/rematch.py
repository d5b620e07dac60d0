"""Words for rematches (the Rematch button, /rematch and local mode's rematch)."""

from __future__ import annotations

from messages.i18n import ENGLISH, Words
from messages.variants import variant_name
from service.results import ChallengeView


def rematch_label(w: Words) -> str:
    return w.say("button.rematch", "Rematch")


def rematch_offer(
    challenge: ChallengeView, game_id: int, challenger: str, opponent: str, expires: str, w: Words = ENGLISH
) -> str:
    """The public challenge a rematch posts; the opponent answers with the usual buttons."""
    values = {
        "opponent": opponent,
        "challenger": challenger,
        "game": game_id,
        "variant": variant_name(w, challenge.variant),
        "days": w.plural(
            "terms.days_per_move", "{count} day per move", "{count} days per move", challenge.days_per_move
        ),
        "rated": w.say("terms.rated", "rated") if challenge.rated else w.say("terms.unrated", "unrated"),
        "fen": challenge.start_fen,
        "expires": expires,
    }
    white = challenge.color == "white"
    if challenge.start_fen and white:
        return w.say(
            "rematch.offer_from_position.white",
            "{opponent}, {challenger} asks for a rematch of game #{game}: {variant}, {days}, {rated}, {challenger} "
            "now plays White, from the same position {fen}. The offer expires {expires}.",
            **values,
        )
    if challenge.start_fen:
        return w.say(
            "rematch.offer_from_position.black",
            "{opponent}, {challenger} asks for a rematch of game #{game}: {variant}, {days}, {rated}, {challenger} "
            "now plays Black, from the same position {fen}. The offer expires {expires}.",
            **values,
        )
    if white:
        return w.say(
            "rematch.offer.white",
            "{opponent}, {challenger} asks for a rematch of game #{game}: {variant}, {days}, {rated}, {challenger} "
            "now plays White. The offer expires {expires}.",
            **values,
        )
    return w.say(
        "rematch.offer.black",
        "{opponent}, {challenger} asks for a rematch of game #{game}: {variant}, {days}, {rated}, {challenger} "
        "now plays Black. The offer expires {expires}.",
        **values,
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
