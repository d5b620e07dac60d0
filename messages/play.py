"""Words for game states and service refusals, shared by Discord and local mode (one place to translate).

Typed data in, words out: each front end passes how it names a player (a Discord mention, a local name).
"""

from __future__ import annotations

from collections.abc import Callable

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
)
from service.policies import HintRefusal
from service.results import EndReason, GameView

Namer = Callable[[int], str]

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


def describe_game_error(error: GameError, name: Namer) -> str:
    """A sentence for a service refusal, in the bot's voice."""
    if isinstance(error, NotYourTurn):
        return f"It is not your turn: the game is waiting for {name(error.to_move_id)}."
    if isinstance(error, NotAParticipant):
        return "That challenge is not for you." if error.challenge else "You are not playing in that game."
    if isinstance(error, GameOver):
        return f"Game #{error.game.id} is over: {ending(error.game)}."
    if isinstance(error, GameNotFound):
        return f"There is no game #{error.game_id}."
    if isinstance(error, StaleGame):
        return "The game changed while you were choosing; look at the new board and try again."
    if isinstance(error, ChallengeNotFound):
        return "That challenge no longer exists."
    if isinstance(error, ChallengeExpired):
        return "That challenge has expired."
    if isinstance(error, AlreadyAnswered):
        return f"That has already been answered ({error.status})."
    if isinstance(error, CannotChallengeSelf):
        return "You cannot play against yourself."
    if isinstance(error, InvalidSetting):
        return f"The {error.name} cannot be {error.value!r}: allowed are {error.allowed}."
    if isinstance(error, NoPendingOffer):
        return f"There is no {error.kind} offer to answer."
    if isinstance(error, OfferAlreadyPending):
        return f"A {error.kind} offer is already waiting for an answer."
    if isinstance(error, CannotAnswerOwnOffer):
        return "You cannot answer your own offer."
    if isinstance(error, NothingToTakeBack):
        return "You have no move to take back."
    text = str(error)
    return text[:1].upper() + text[1:] + ("" if text.endswith(".") else ".")
