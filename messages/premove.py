"""Words for conditional moves (/premove and local mode's premove)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import messages
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


def _bad_move(error: PremoveBadMove, name: Namer) -> str:
    whose = "your opponent's move" if error.index % 2 == 0 else "your reply"
    return (
        f"That line is refused at move {error.index + 1} ({error.text}, {whose}): "
        f"{messages.describe(error.error, error.position)} Nothing was stored."
    )


GAME_ERRORS: dict[type[GameError], Callable[[Any, Namer], str]] = {
    PremoveNotNow: lambda e, name: (
        f"It is your move in game #{e.game_id}: play it. Conditional moves are entered while your opponent "
        "is to move."
    ),
    PremoveIncomplete: lambda e, name: (
        "A line is pairs of your opponent's move and your reply, for example "
        f"{EXAMPLE}" + (f"; add your reply after {e.last}." if e.last else ".")
    ),
    PremoveTooLong: lambda e, name: (
        f"That is too long: a line has at most {e.limit} plies."
        if e.what == "plies"
        else f"A game holds at most {e.limit} lines of conditional moves; clear some first (clear:true)."
    ),
    PremoveBadMove: _bad_move,
    PremoveConflict: lambda e, name: (
        f"You already answer {e.opponent_move} with {e.stored_reply}, not {e.new_reply}. "
        "Clear your lines first (clear:true) to change it."
    ),
}


def premove_list(lines: PremoveLines, *, added: bool = False) -> str:
    """What a player sees of their own lines (privately)."""
    game = lines.game.id
    if not lines.lines:
        if lines.cleared:
            count = f"{lines.cleared} line{'s' * (lines.cleared != 1)}"
            return f"Your conditional moves in game #{game} are cleared ({count})."
        return (
            f"You have no conditional moves in game #{game}. Add a line of your opponent's move and your "
            f"reply, for example: {EXAMPLE}"
        )
    head = "Stored. " if added else ""
    shown = "\n".join(f"{n}. {' '.join(line)}" for n, line in enumerate(lines.lines, start=1))
    return (
        f"{head}Your conditional moves in game #{game} (only you see them; any other move clears them):\n{shown}"
    )


def conditional_reply(replier: str, move: str) -> str:
    """The headline part that announces a reply played from a line."""
    return f"{replier} answered at once with {move} (a conditional move)."


NO_WAITING_GAME = "None of your games is waiting for your opponent's move, so there is nothing to plan for."
SEVERAL_WAITING_GAMES = "Several of your games wait for your opponent ({games}); say which with the game option."
