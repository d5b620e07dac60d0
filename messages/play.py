"""Words for game states and service refusals, shared by Discord and local mode, in the player's language.

Typed data in, words out: each front end passes how it names a player (a Discord mention, a local name) and
the Words of the language to speak.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from messages import outcome
from messages.correspondence import CORRESPONDENCE_ERRORS
from messages.i18n import ENGLISH, Words
from messages.imports import IMPORT_ERRORS
from messages.puzzles import PUZZLE_ERRORS
from messages.tournaments import TOURNAMENT_ERRORS
from service.errors import (
    AlreadyAnswered,
    AlreadyOnVacation,
    CannotAnswerOwnOffer,
    CannotChallengeSelf,
    ChallengeExpired,
    ChallengeNotFound,
    CorruptGame,
    GameError,
    GameNotFound,
    GameOver,
    InvalidSetting,
    NoPendingOffer,
    NotAParticipant,
    NothingToTakeBack,
    NotOnVacation,
    NotYourTurn,
    NoVacationLeft,
    OfferAlreadyPending,
    PlyOutOfRange,
    StaleGame,
    UnplayablePosition,
)
from service.policies import HintRefusal
from service.results import BOT_NAME, EndReason, GameView

Namer = Callable[[int], str]


def stale_prompt(w: Words, game: int) -> str:
    return w.say(
        "prompt.stale",
        "That menu has expired or is from before I restarted, so it can no longer play a move. "
        "Here is a fresh one for game #{game}:",
        game=game,
    )


def unknown_command(w: Words) -> str:
    return w.say(
        "error.unknown_command",
        "I don't know that command (any more). Discord may still be showing an old list: type / to see the "
        "current commands.",
    )


_ENDINGS: dict[EndReason, Callable[[Words], str]] = {
    EndReason.NO_MOVES: lambda w: w.say("ending.no_moves", "no moves left"),
    EndReason.REPETITION: lambda w: w.say("ending.repetition", "threefold repetition"),
    EndReason.MOVE_LIMIT: lambda w: w.say("ending.move_limit", "no progress (move limit)"),
    EndReason.RESIGNATION: lambda w: w.say("ending.resignation", "resignation"),
    EndReason.TIMEOUT: lambda w: w.say("ending.timeout", "time"),
    EndReason.AGREEMENT: lambda w: w.say("ending.agreement", "agreement"),
    EndReason.ABANDONED: lambda w: w.say("ending.abandoned", "forfeit"),
}


def hint_refusal(w: Words, refusal: HintRefusal) -> str:
    match refusal:
        case HintRefusal.NOT_A_PLAYER:
            return w.say(
                "hint.not_a_player",
                "Hints are only for the players of a game while it is being played (or for finished games).",
            )
        case HintRefusal.TOURNAMENT:
            return w.say(
                "hint.tournament",
                "Hints are not allowed in tournament games here: they follow the rule for rated games. They are for "
                "unrated games outside tournaments, games against the bot and finished games.",
            )
        case HintRefusal.NEVER_HERE:
            return w.say(
                "hint.never_here", "This server allows hints only in games against the bot and in finished games."
            )
    return w.say(
        "hint.rated",
        "Hints are not allowed in rated games here; they are for unrated games, games against the bot "
        "and finished games.",
    )


def ending(game: GameView, w: Words = ENGLISH) -> str:
    """'White wins by resignation', 'Draw (agreement)', or 'Over' while nothing is known."""
    result = outcome(w, game.result)
    how = _ENDINGS[game.termination](w) if game.termination in _ENDINGS else ""
    if not how:
        return result
    if game.result == "1/2-1/2":
        return w.say("result.draw_how", "{result} ({how})", result=result, how=how)
    return w.say("result.win_how", "{result} by {how}", result=result, how=how)


def offer_kind(w: Words, kind: object) -> str:
    if str(kind) == "draw":
        return w.say("offer.kind.draw", "draw")
    return w.say("offer.kind.takeback", "takeback")


def answer_status(w: Words, status: str) -> str:
    statuses = {
        "accepted": lambda: w.say("status.accepted", "accepted"),
        "declined": lambda: w.say("status.declined", "declined"),
        "cancelled": lambda: w.say("status.cancelled", "cancelled"),
        "expired": lambda: w.say("status.expired", "expired"),
    }
    return statuses[status]() if status in statuses else status


def setting_name(w: Words, name: str) -> str:
    names = {
        "notifications": lambda: w.say("setting.notifications", "notifications"),
        "board theme": lambda: w.say("setting.board_theme", "board theme"),
        "orientation": lambda: w.say("setting.orientation", "orientation"),
        "language": lambda: w.say("setting.language", "language"),
        "days per move": lambda: w.say("setting.days_per_move", "days per move"),
        "hint policy": lambda: w.say("setting.hint_policy", "hint policy"),
        "player": lambda: w.say("setting.player", "player"),
    }
    return names[name]() if name in names else name


def _allowed(w: Words, allowed: str) -> str:
    phrases = {
        "a theme name": lambda: w.say("setting.allowed.theme", "a theme name"),
        "a language code such as en or it": lambda: w.say(
            "setting.allowed.language", "a language code such as en or it"
        ),
    }
    return phrases[allowed]() if allowed in phrases else allowed


def _invalid_setting(e: InvalidSetting, w: Words) -> str:
    return w.say(
        "error.invalid_setting",
        "The {setting} cannot be {value!r}: allowed are {allowed}.",
        setting=setting_name(w, e.name),
        value=e.value,
        allowed=_allowed(w, e.allowed),
    )


_GAME_ERRORS: dict[type[GameError], Callable[[Any, Namer, Words], str]] = {
    NotYourTurn: lambda e, name, w: w.say(
        "error.not_your_turn", "It is not your turn: the game is waiting for {player}.", player=name(e.to_move_id)
    ),
    NotAParticipant: lambda e, name, w: (
        w.say("error.challenge_not_for_you", "That challenge is not for you.")
        if e.challenge
        else w.say("error.not_a_participant", "You are not playing in that game.")
    ),
    GameOver: lambda e, name, w: w.say(
        "error.game_over", "Game #{game} is over: {ending}.", game=e.game.id, ending=ending(e.game, w)
    ),
    GameNotFound: lambda e, name, w: w.say("error.no_such_game", "There is no game #{game}.", game=e.game_id),
    StaleGame: lambda e, name, w: w.say(
        "error.stale_game", "The game changed while you were choosing; look at the new board and try again."
    ),
    ChallengeNotFound: lambda e, name, w: w.say("error.no_such_challenge", "That challenge no longer exists."),
    ChallengeExpired: lambda e, name, w: w.say("error.challenge_expired", "That challenge has expired."),
    AlreadyAnswered: lambda e, name, w: w.say(
        "error.already_answered", "That has already been answered ({status}).", status=answer_status(w, e.status)
    ),
    CannotChallengeSelf: lambda e, name, w: w.say("error.challenge_self", "You cannot play against yourself."),
    InvalidSetting: lambda e, name, w: _invalid_setting(e, w),
    NoPendingOffer: lambda e, name, w: w.say(
        "error.no_pending_offer", "There is no {kind} offer to answer.", kind=offer_kind(w, e.kind)
    ),
    OfferAlreadyPending: lambda e, name, w: w.say(
        "error.offer_pending", "A {kind} offer is already waiting for an answer.", kind=offer_kind(w, e.kind)
    ),
    CannotAnswerOwnOffer: lambda e, name, w: w.say("error.own_offer", "You cannot answer your own offer."),
    NothingToTakeBack: lambda e, name, w: w.say("error.nothing_to_take_back", "You have no move to take back."),
    UnplayablePosition: lambda e, name, w: w.say(
        "error.unplayable_position",
        "A game cannot start from that position: the side to move has no move, so it would be over at once.",
    ),
    PlyOutOfRange: lambda e, name, w: w.say(
        "error.ply_out_of_range", "Ply {ply} is not in this game: choose 0 to {last}.", ply=e.ply, last=e.last
    ),
    AlreadyOnVacation: lambda e, name, w: w.say("error.already_on_vacation", "You are already on vacation."),
    NotOnVacation: lambda e, name, w: w.say("error.not_on_vacation", "You are not on vacation."),
    NoVacationLeft: lambda e, name, w: w.say(
        "error.no_vacation_left", "You have used all your vacation days for this year."
    ),
    CorruptGame: lambda e, name, w: w.say(
        "error.corrupt_game", "This game's stored moves do not add up; the operator has been told in the log."
    ),
}


def describe_game_error(error: GameError, name: Namer, w: Words = ENGLISH) -> str:
    """A sentence for a service refusal, in the bot's voice."""
    for kind in type(error).__mro__:
        sentence = _GAME_ERRORS.get(kind) or CORRESPONDENCE_ERRORS.get(kind)
        if sentence is not None:
            return sentence(error, name, w)
        imported = IMPORT_ERRORS.get(kind)
        if imported is not None:
            return imported(error, name, w)
        tournament = TOURNAMENT_ERRORS.get(kind)
        if tournament is not None:
            return tournament(error, name, w)
        puzzle = PUZZLE_ERRORS.get(kind)
        if puzzle is not None:
            return puzzle(error, name, w)
    return w.say("error.refused", "I can't do that.")


def anonymous_name(w: Words) -> str:
    """A player who deleted their data: their finished games stay under an anonymous id."""
    return w.say("player.anonymous", "Anonymous player")


def bot_name(w: Words, level: int | None) -> str:
    """The bot as posts name it (PDN records keep service.bot_label, in English)."""
    return w.say("bot.name", "{bot} (level {level})", bot=BOT_NAME, level=level or 1)
