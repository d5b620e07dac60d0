"""Words for game states and service refusals, shared by Discord and local mode, in the player's language.

Typed data in, words out: each front end passes how it names a player (a Discord mention, a local name) and
the Words of the language to speak.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from messages import describe
from messages.correspondence import CORRESPONDENCE_ERRORS
from messages.i18n import ENGLISH, Words
from messages.imports import IMPORT_ERRORS
from messages.notes import NOTE_ERRORS
from messages.openings import OPENING_ERRORS
from messages.puzzles import PUZZLE_ERRORS
from messages.tournaments import TOURNAMENT_ERRORS
from messages.votes import VOTE_ERRORS
from rules import Color, UnknownVariantError, find_variant
from service.errors import (
    AlreadyAnswered,
    AlreadyOnVacation,
    BadClock,
    CannotAnswerOwnOffer,
    CannotChallengeSelf,
    ChallengeExpired,
    ChallengeNotFound,
    CorruptGame,
    EmptySide,
    GameError,
    GameNotFound,
    GameOver,
    InvalidSetting,
    LineTooLong,
    MoveRefused,
    NoPendingOffer,
    NotAParticipant,
    NothingToTakeBack,
    NothingTried,
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


# One whole sentence per way a game ends and who won it: a translator sees each as it is read.
_WINS: dict[tuple[EndReason, str], Callable[[Words], str]] = {
    (EndReason.NO_MOVES, "1-0"): lambda w: w.say("ending.white_wins.no_moves", "White wins: Black cannot move."),
    (EndReason.NO_MOVES, "0-1"): lambda w: w.say("ending.black_wins.no_moves", "Black wins: White cannot move."),
    (EndReason.RESIGNATION, "1-0"): lambda w: w.say("ending.white_wins.resignation", "White wins: Black resigned."),
    (EndReason.RESIGNATION, "0-1"): lambda w: w.say("ending.black_wins.resignation", "Black wins: White resigned."),
    (EndReason.TIMEOUT, "1-0"): lambda w: w.say("ending.white_wins.timeout", "White wins: Black ran out of time."),
    (EndReason.TIMEOUT, "0-1"): lambda w: w.say("ending.black_wins.timeout", "Black wins: White ran out of time."),
    (EndReason.ABANDONED, "1-0"): lambda w: w.say(
        "ending.white_wins.forfeit", "White wins by forfeit: Black's player has left Dama."
    ),
    (EndReason.ABANDONED, "0-1"): lambda w: w.say(
        "ending.black_wins.forfeit", "Black wins by forfeit: White's player has left Dama."
    ),
    (EndReason.REPETITION, "1/2-1/2"): lambda w: w.say("ending.draw.repetition", "Draw by threefold repetition."),
    (EndReason.MOVE_LIMIT, "1/2-1/2"): lambda w: w.say(
        "ending.draw.move_limit", "Draw: the move limit passed without a capture or a man's move."
    ),
    (EndReason.AGREEMENT, "1/2-1/2"): lambda w: w.say("ending.draw.agreement", "Draw by agreement."),
}
# In giveaway draughts the side that cannot move is the winner.
_GIVEAWAY_WINS: dict[str, Callable[[Words], str]] = {
    "1-0": lambda w: w.say("ending.white_wins.giveaway", "White wins: White has no move left, which wins at giveaway."),
    "0-1": lambda w: w.say("ending.black_wins.giveaway", "Black wins: Black has no move left, which wins at giveaway."),
}
_RESULTS: dict[str | None, Callable[[Words], str]] = {
    "1-0": lambda w: w.say("ending.white_wins", "White wins."),
    "0-1": lambda w: w.say("ending.black_wins", "Black wins."),
    "1/2-1/2": lambda w: w.say("ending.draw", "Draw."),
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
    """The whole sentence for how a game ended: 'White wins: Black resigned.', 'Draw by agreement.'."""
    result, reason = game.result or "", game.termination
    if reason is EndReason.NO_MOVES and result in _GIVEAWAY_WINS and _is_giveaway(game.variant):
        return _GIVEAWAY_WINS[result](w)
    sentence = _WINS.get((reason, result)) if reason is not None else None
    return sentence(w) if sentence is not None else result_sentence(w, game.result)


def result_sentence(w: Words, result: str | None) -> str:
    """'White wins.', 'Draw.' or 'The game is over.' when the post already says how it ended."""
    found = _RESULTS.get(result)
    return found(w) if found is not None else w.say("game.over", "The game is over.")


def _is_giveaway(variant: str) -> bool:
    try:
        return find_variant(variant).giveaway
    except UnknownVariantError:
        return False


def game_over(w: Words, game: GameView) -> str:
    """A refusal on a finished game: two whole sentences, the second how it ended."""
    return w.say("error.game_over", "Game #{game} is over.", game=game.id) + " " + ending(game, w)


def _already_answered(w: Words, status: str) -> str:
    statuses = {
        "accepted": lambda: w.say("error.already_accepted", "That has already been accepted."),
        "declined": lambda: w.say("error.already_declined", "That has already been declined."),
        "cancelled": lambda: w.say("error.already_cancelled", "That has already been cancelled."),
        "expired": lambda: w.say("error.already_expired", "That has already expired."),
    }
    if status in statuses:
        return statuses[status]()
    return w.say("error.already_answered", "That has already been answered.")


def _no_pending_offer(w: Words, kind: object) -> str:
    if str(kind) == "draw":
        return w.say("error.no_pending_draw", "There is no draw offer to answer.")
    return w.say("error.no_pending_takeback", "There is no takeback request to answer.")


def _offer_pending(w: Words, kind: object) -> str:
    if str(kind) == "draw":
        return w.say("error.draw_pending", "A draw offer is already waiting for an answer.")
    return w.say("error.takeback_pending", "A takeback request is already waiting for an answer.")


def setting_name(w: Words, name: str) -> str:
    names = {
        "notifications": lambda: w.say("setting.notifications", "notifications"),
        "board theme": lambda: w.say("setting.board_theme", "board theme"),
        "orientation": lambda: w.say("setting.orientation", "orientation"),
        "language": lambda: w.say("setting.language", "language"),
        "days per move": lambda: w.say("setting.days_per_move", "days per move"),
        "hint policy": lambda: w.say("setting.hint_policy", "hint policy"),
        "player": lambda: w.say("setting.player", "player"),
        "color": lambda: w.say("setting.colour", "colour"),
        "bot level": lambda: w.say("setting.bot_level", "bot level"),
        "name": lambda: w.say("setting.tournament_name", "tournament name"),
        "format": lambda: w.say("setting.format", "tournament format"),
        "rounds": lambda: w.say("setting.rounds", "rounds"),
    }
    return names[name]() if name in names else name


def _allowed(w: Words, allowed: str) -> str:
    phrases = {
        "a theme name": lambda: w.say("setting.allowed.theme", "a theme name"),
        "a language code such as en or it": lambda: w.say(
            "setting.allowed.language", "a language code such as en or it"
        ),
        "white, black or random": lambda: w.say("setting.allowed.colour", "white, black or random"),
        "round-robin / swiss": lambda: w.say("setting.allowed.format", "round-robin or swiss"),
    }
    if allowed in phrases:
        return phrases[allowed]()
    characters = _CHARACTERS.match(allowed)
    if characters:
        return w.say("setting.allowed.characters", "1 to {most} characters", most=int(characters[1]))
    return allowed  # numbers and ranges: 1-5, 1 / 2


_CHARACTERS = re.compile(r"^1-(\d+) characters$")


def _invalid_setting(e: InvalidSetting, w: Words) -> str:
    if e.name == "player":  # the only refusal about a player: the bot's own record
        return w.say("error.bot_data", "The bot's own data cannot be deleted.")
    if e.name == "time zone":
        return w.say(
            "error.time_zone",
            "I do not know the time zone {value}. Give its IANA name, such as Europe/Rome, America/New_York or UTC.",
            value=str(e.value),
        )
    return w.say(
        "error.invalid_setting",
        "The {setting} cannot be {value!r}: allowed are {allowed}.",
        setting=setting_name(w, e.name),
        value=e.value,
        allowed=_allowed(w, e.allowed),
    )


def _bad_clock(e: BadClock, w: Words) -> str:
    if e.reason == BadClock.CAP_BELOW_BASE:
        return w.say(
            "error.clock_cap_below_base",
            "The clock {clock} would start above its own maximum: the maximum must be at least the starting time.",
            clock=e.text,
        )
    if e.reason == BadClock.OUT_OF_RANGE:
        return w.say(
            "error.clock_out_of_range",
            "The clock {clock} is outside the limits: 1 to 14 days per move, at most 120 days in a bank or a "
            "period, at most 100 moves in a period.",
            clock=e.text,
        )
    return w.say(
        "error.clock_unreadable",
        "I cannot read the clock {clock}. Write days per move (3), a bank with an increment and an optional "
        "maximum (10d+1d max 20d), or moves in a period (20 moves in 30d).",
        clock=e.text,
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
    GameOver: lambda e, name, w: game_over(w, e.game),
    MoveRefused: lambda e, name, w: describe(e.error, e.position, w),
    GameNotFound: lambda e, name, w: w.say("error.no_such_game", "There is no game #{game}.", game=e.game_id),
    StaleGame: lambda e, name, w: w.say(
        "error.stale_game", "The game changed while you were choosing; look at the new board and try again."
    ),
    ChallengeNotFound: lambda e, name, w: w.say("error.no_such_challenge", "That challenge no longer exists."),
    ChallengeExpired: lambda e, name, w: w.say("error.challenge_expired", "That challenge has expired."),
    AlreadyAnswered: lambda e, name, w: _already_answered(w, e.status),
    CannotChallengeSelf: lambda e, name, w: w.say("error.challenge_self", "You cannot play against yourself."),
    InvalidSetting: lambda e, name, w: _invalid_setting(e, w),
    BadClock: lambda e, name, w: _bad_clock(e, w),
    NoPendingOffer: lambda e, name, w: _no_pending_offer(w, e.kind),
    OfferAlreadyPending: lambda e, name, w: _offer_pending(w, e.kind),
    CannotAnswerOwnOffer: lambda e, name, w: w.say("error.own_offer", "You cannot answer your own offer."),
    NothingToTakeBack: lambda e, name, w: w.say("error.nothing_to_take_back", "You have no move to take back."),
    EmptySide: lambda e, name, w: (
        w.say(
            "error.fen_no_white",
            "A game cannot start from that position: White has no piece. Give both sides pieces (after W: and B:).",
        )
        if e.color is Color.WHITE
        else w.say(
            "error.fen_no_black",
            "A game cannot start from that position: Black has no piece. Give both sides pieces (after W: and B:).",
        )
    ),
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
    NothingTried: lambda e, name, w: w.say("study.nothing_tried", "There is no tried move to take back."),
    LineTooLong: lambda e, name, w: w.say(
        "study.line_too_long",
        "A tried line can have at most {limit} moves: press Back, or step to another position to start again.",
        limit=e.limit,
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
        opening = OPENING_ERRORS.get(kind)
        if opening is not None:
            return opening(error, name, w)
        note = NOTE_ERRORS.get(kind)
        if note is not None:
            return note(error, name, w)
        puzzle = PUZZLE_ERRORS.get(kind)
        if puzzle is not None:
            return puzzle(error, name, w)
        vote = VOTE_ERRORS.get(kind)
        if vote is not None:
            return vote(error, name, w)
    return w.say("error.refused", "I can't do that.")


def anonymous_name(w: Words) -> str:
    """A player who deleted their data: their finished games stay under an anonymous id."""
    return w.say("player.anonymous", "Anonymous player")


def bot_name(w: Words, level: int | None) -> str:
    """The bot as posts name it (PDN records keep service.bot_label, in English)."""
    return w.say("bot.name", "{bot} (level {level})", bot=BOT_NAME, level=level or 1)
