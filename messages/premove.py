"""Words for conditional moves (/premove and local mode's premove)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import messages
from messages.i18n import ENGLISH, Words
from service.errors import (
    GameError,
    PremoveBadMove,
    PremoveConflict,
    PremoveIncomplete,
    PremoveNotNow,
    PremoveTooLong,
)
from service.premoves import PremoveLines

Namer = Callable[[int], str]
EXAMPLE = "21-17 10-14 22-18 14x21"


def _bad_move(error: PremoveBadMove, name: Namer, w: Words) -> str:
    if error.index % 2 == 0:
        whose = w.say("premove.whose.opponent", "your opponent's move")
    else:
        whose = w.say("premove.whose.reply", "your reply")
    return w.say(
        "premove.bad_move",
        "That line is refused at move {number} ({move}, {whose}): {why} Nothing was stored.",
        number=error.index + 1,
        move=error.text,
        whose=whose,
        why=messages.describe(error.error, error.position, w),
    )


def _incomplete(e: PremoveIncomplete, w: Words) -> str:
    if e.last:
        return w.say(
            "premove.incomplete_after",
            "A line is pairs of your opponent's move and your reply, for example {example}; add your reply "
            "after {last}.",
            example=EXAMPLE,
            last=e.last,
        )
    return w.say(
        "premove.incomplete",
        "A line is pairs of your opponent's move and your reply, for example {example}.",
        example=EXAMPLE,
    )


def _too_long(e: PremoveTooLong, w: Words) -> str:
    if e.what == "plies":
        return w.plural(
            "premove.too_many_plies",
            "That is too long: a line has at most {count} ply.",
            "That is too long: a line has at most {count} plies.",
            e.limit,
        )
    return w.plural(
        "premove.too_many_lines",
        "A game holds at most {count} line of conditional moves; clear some first ({clear}).",
        "A game holds at most {count} lines of conditional moves; clear some first ({clear}).",
        e.limit,
        clear=_clear(w),
    )


def _clear(w: Words) -> str:
    """How /premove's clear option is typed ("clear:true"; Italian "cancella:true")."""
    return f"{w.option('clear')}:true"


GAME_ERRORS: dict[type[GameError], Callable[[Any, Namer, Words], str]] = {
    PremoveNotNow: lambda e, name, w: w.say(
        "premove.not_now",
        "It is your move in game #{game}: play it. Conditional moves are entered while your opponent is to move.",
        game=e.game_id,
    ),
    PremoveIncomplete: lambda e, name, w: _incomplete(e, w),
    PremoveTooLong: lambda e, name, w: _too_long(e, w),
    PremoveBadMove: _bad_move,
    PremoveConflict: lambda e, name, w: w.say(
        "premove.conflict",
        "You already answer {move} with {stored}, not {new}. Clear your lines first ({clear}) to change it.",
        clear=_clear(w),
        move=e.opponent_move,
        stored=e.stored_reply,
        new=e.new_reply,
    ),
}


def premove_list(lines: PremoveLines, *, added: bool = False, w: Words = ENGLISH) -> str:
    """What a player sees of their own lines (privately)."""
    game = lines.game.id
    if not lines.lines:
        if lines.cleared:
            return w.plural(
                "premove.cleared",
                "Your conditional moves in game #{game} are cleared ({count} line).",
                "Your conditional moves in game #{game} are cleared ({count} lines).",
                lines.cleared,
                game=game,
            )
        return w.say(
            "premove.none",
            "You have no conditional moves in game #{game}. Add a line of your opponent's move and your reply, "
            "for example: {example}",
            game=game,
            example=EXAMPLE,
        )
    shown = "\n".join(f"{n}. {' '.join(line)}" for n, line in enumerate(lines.lines, start=1))
    if added:
        return w.say(
            "premove.stored",
            "Stored. Your conditional moves in game #{game} (only you see them; any other move clears them):\n{lines}",
            game=game,
            lines=shown,
        )
    return w.say(
        "premove.list",
        "Your conditional moves in game #{game} (only you see them; any other move clears them):\n{lines}",
        game=game,
        lines=shown,
    )


def conditional_reply(replier: str, move: str, w: Words = ENGLISH) -> str:
    """The headline part that announces a reply played from a line."""
    return w.say(
        "premove.answered", "{player} answered at once with {move} (a conditional move).", player=replier, move=move
    )


def no_waiting_game(w: Words) -> str:
    return w.say(
        "premove.no_waiting_game",
        "None of your games is waiting for your opponent's move, so there is nothing to plan for.",
    )


def several_waiting_games(w: Words, games: str) -> str:
    return w.say(
        "premove.several_waiting_games",
        "Several of your games wait for your opponent ({games}); say which with the {option} option.",
        games=games,
        option=w.option("game"),
    )
