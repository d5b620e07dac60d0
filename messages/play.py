"""Words for game states and service refusals, shared by Discord and local mode (one place to translate).

Typed data in, words out: each front end passes how it names a player (a Discord mention, a local name).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from messages.correspondence import CORRESPONDENCE_ERRORS
from messages.tournaments import TOURNAMENT_ERRORS
from service.errors import (
    AlreadyAnswered,
    CannotAnswerOwnOffer,
    CannotChallengeSelf,
    ChallengeExpired,
    ChallengeNotFound,
    GameError,
    GameNotFound,
    GameOver,
    InvalidSetting,
    NoPendingOffer,
    NotAParticipant,
    NothingToTakeBack,
    NotYourTurn,
    OfferAlreadyPending,
    StaleGame,
    UnplayablePosition,
)
from service.policies import HintRefusal
from service.results import EndReason, GameView

Namer = Callable[[int], str]

STALE_PROMPT = (
    "That menu has expired or is from before I restarted, so it can no longer play a move. "
    "Here is a fresh one for game #{game}:"
)
UNKNOWN_COMMAND = (
    "I don't know that command (any more). Discord may still be showing an old list: type / to see the "
    "current commands."
)

OUTCOMES = {"1-0": "White wins", "0-1": "Black wins", "1/2-1/2": "Draw"}
ENDINGS = {
    EndReason.NO_MOVES: "no moves left",
    EndReason.REPETITION: "threefold repetition",
    EndReason.MOVE_LIMIT: "no progress (move limit)",
    EndReason.RESIGNATION: "resignation",
    EndReason.TIMEOUT: "time",
    EndReason.AGREEMENT: "agreement",
    EndReason.ABANDONED: "abandoned",
}
HINT_REFUSALS = {
    HintRefusal.NOT_A_PLAYER: (
        "Hints are only for the players of a game while it is being played (or for finished games)."
    ),
    HintRefusal.NEVER_HERE: "This server allows hints only in games against the bot and in finished games.",
    HintRefusal.TOURNAMENT: (
        "Hints are not allowed in tournament games here: they follow the rule for rated games. They are for "
        "unrated games outside tournaments, games against the bot and finished games."
    ),
    HintRefusal.RATED: (
        "Hints are not allowed in rated games here; they are for unrated games, games against the bot "
        "and finished games."
    ),
}


def ending(game: GameView) -> str:
    """'White wins by resignation', 'Draw (agreement)', or 'Over' while nothing is known."""
    result = OUTCOMES.get(game.result or "", "Over")
    how = ENDINGS.get(game.termination, game.termination.value) if game.termination else ""
    if not how:
        return result
    return f"{result} ({how})" if game.result == "1/2-1/2" else f"{result} by {how}"


_GAME_ERRORS: dict[type[GameError], Callable[[Any, Namer], str]] = {
    NotYourTurn: lambda e, name: f"It is not your turn: the game is waiting for {name(e.to_move_id)}.",
    NotAParticipant: lambda e, name: (
        "That challenge is not for you." if e.challenge else "You are not playing in that game."
    ),
    GameOver: lambda e, name: f"Game #{e.game.id} is over: {ending(e.game)}.",
    GameNotFound: lambda e, name: f"There is no game #{e.game_id}.",
    StaleGame: lambda e, name: "The game changed while you were choosing; look at the new board and try again.",
    ChallengeNotFound: lambda e, name: "That challenge no longer exists.",
    ChallengeExpired: lambda e, name: "That challenge has expired.",
    AlreadyAnswered: lambda e, name: f"That has already been answered ({e.status}).",
    CannotChallengeSelf: lambda e, name: "You cannot play against yourself.",
    InvalidSetting: lambda e, name: f"The {e.name} cannot be {e.value!r}: allowed are {e.allowed}.",
    NoPendingOffer: lambda e, name: f"There is no {e.kind} offer to answer.",
    OfferAlreadyPending: lambda e, name: f"A {e.kind} offer is already waiting for an answer.",
    CannotAnswerOwnOffer: lambda e, name: "You cannot answer your own offer.",
    NothingToTakeBack: lambda e, name: "You have no move to take back.",
    UnplayablePosition: lambda e, name: (
        "A game cannot start from that position: the side to move has no move, so it would be over at once."
    ),
}


def describe_game_error(error: GameError, name: Namer) -> str:
    """A sentence for a service refusal, in the bot's voice."""
    for kind in type(error).__mro__:
        words = _GAME_ERRORS.get(kind) or CORRESPONDENCE_ERRORS.get(kind) or TOURNAMENT_ERRORS.get(kind)
        if words is not None:
            return words(error, name)
    text = str(error)
    return text[:1].upper() + text[1:] + ("" if text.endswith(".") else ".")
