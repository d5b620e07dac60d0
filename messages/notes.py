"""Words for private notes (issue 60.3): what the writer is told, and the notes' refusals."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from messages.i18n import Words
from service.errors import GameError
from service.notes import NoteTooLong, SavedLine, TooManyLines, TooManyNotes


def saved(w: Words, game: int, ply: int) -> str:
    if ply == 0:
        return w.say("notes.saved_game", "Your note on game #{game} is kept; only you can read it.", game=game)
    return w.say(
        "notes.saved_move", "Your note on move {ply} of game #{game} is kept; only you can read it.", ply=ply, game=game
    )


def deleted(w: Words, game: int, ply: int) -> str:
    if ply == 0:
        return w.say("notes.deleted_game", "You keep no note on game #{game} now.", game=game)
    return w.say("notes.deleted_move", "You keep no note on move {ply} of game #{game} now.", ply=ply, game=game)


def line_saved(w: Words, line: SavedLine) -> str:
    return w.say(
        "notes.line_saved",
        "Line kept: after ply {ply}, {moves}. Only you see it; it is shown again when you study game #{game}.",
        ply=line.ply,
        moves=" ".join(line.moves),
        game=line.game_id,
    )


def saved_lines_heading(w: Words) -> str:
    return w.say("notes.saved_lines", "Your saved lines on this game (only you see them):")


def saved_line_text(w: Words, ply: int, moves: str) -> str:
    return w.say("notes.saved_line", "After ply {ply}: {moves}", ply=ply, moves=moves)


def saved_lines(w: Words, lines: list[SavedLine]) -> str:
    """The player's saved lines, one sentence each, under a heading sentence."""
    said = [saved_lines_heading(w)] + [saved_line_text(w, line.ply, " ".join(line.moves)) for line in lines]
    return "\n".join(said)


def save_line_label(w: Words) -> str:
    return w.say("button.save_line", "Save line")


def heading(w: Words) -> str:
    return w.say("notes.heading", "My notes (only you can read them)")


def on_game(w: Words) -> str:
    return w.say("notes.on_game", "On the game")


def on_move(w: Words, ply: int) -> str:
    return w.say("notes.on_move", "After move {ply}", ply=ply)


def note_label(w: Words, ply: int) -> str:
    return on_game(w) if ply == 0 else on_move(w, ply)


def label(w: Words) -> str:
    return w.say("notes.label", "A note on the position shown (leave it empty to delete the note there)")


def keep(w: Words) -> str:
    return w.say("notes.keep", "Keep the note")


NOTE_ERRORS: dict[type[GameError], Callable[[Any, Any, Words], str]] = {
    NoteTooLong: lambda e, name, w: w.say(
        "notes.too_long", "A note can be at most {limit} characters long.", limit=e.limit
    ),
    TooManyLines: lambda e, name, w: w.say(
        "notes.too_many_lines", "You already keep {limit} lines on this game.", limit=e.limit
    ),
    TooManyNotes: lambda e, name, w: w.say(
        "notes.too_many", "You already keep {limit} notes on this game: delete one first.", limit=e.limit
    ),
}  # fmt: skip
