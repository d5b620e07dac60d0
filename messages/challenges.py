"""Words for a challenge's terms: one whole phrase per colour the challenger plays."""

from __future__ import annotations

from messages.clock import clock_terms_text
from messages.i18n import Words
from messages.variants import variant_name
from service.results import ChallengeView


def challenge_terms(w: Words, challenge: ChallengeView, challenger: str) -> str:
    """'Italian draughts, 3 days per move, rated, @ana plays White', colour named inside the phrase's own key."""
    values = {
        "variant": variant_name(w, challenge.variant),
        "days": clock_terms_text(w, challenge.clock)
        if challenge.clock is not None
        else w.plural("terms.days_per_move", "{count} day per move", "{count} days per move", challenge.days_per_move),
        "rated": w.say("terms.rated", "rated") if challenge.rated else w.say("terms.unrated", "unrated"),
        "challenger": challenger,
    }
    if challenge.color == "white":
        return w.say("challenge.terms.white", "{variant}, {days}, {rated}, {challenger} plays White", **values)
    if challenge.color == "black":
        return w.say("challenge.terms.black", "{variant}, {days}, {rated}, {challenger} plays Black", **values)
    return w.say("challenge.terms.random", "{variant}, {days}, {rated}, colours drawn at random", **values)
