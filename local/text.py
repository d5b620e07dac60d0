"""What local mode prints and reads besides the service: player names, the text board, typed options."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from data.models import is_team_seat
from local.vocabulary import variants_list
from messages.i18n import Words
from messages.play import bot_name
from rules import Position, UnknownVariantError, find_variant
from service import BOT_ID, GameView

if TYPE_CHECKING:
    from local.session import LocalSession

# Reserved ids: Discord snowflakes are > 2**22, 0 is the bot, negative ids are anonymised players.
ALICE_ID = 1
BOB_ID = 2
NAMES = {ALICE_ID: "local:alice", BOB_ID: "local:bob"}
TEAM_NAME = "local:team"  # the vote team of local:alice and local:bob (local/votes.py)
COLOURS = ("white", "black", "random")
SHOWN_INPUT = 40  # characters of a typed line that a sentence quotes back


def readable(text: str, limit: int = SHOWN_INPUT) -> str:
    """What was typed, as a sentence may quote it: at most `limit` characters (then an ellipsis), bytes that
    were not text and control characters as the replacement character, never a whole pasted page."""
    clean = "".join("\ufffd" if "\udc80" <= char <= "\udcff" or not char.isprintable() else char for char in text)
    return clean if len(clean) <= limit else clean[: limit - 1] + "…"


class InputError(Exception):
    """Something typed at the prompt that we cannot use; the message says what would work, in the session's
    language (a sentence already worded, or a function of the session's Words)."""

    def __init__(self, message: str | Callable[[Words], str]) -> None:
        super().__init__(message if isinstance(message, str) else "input error")
        self.message = message

    def words(self, w: Words) -> str:
        return self.message if isinstance(self.message, str) else self.message(w)


def name_of(game: GameView, player_id: int, w: Words) -> str:
    if player_id == BOT_ID:
        return bot_name(w, game.bot_level)
    if is_team_seat(player_id):
        return TEAM_NAME
    return NAMES.get(player_id) or w.say("player.unknown", "player {id}", id=player_id)


def board_text(position: Position, *, flip: bool = False) -> str:
    """The position as text, White at the bottom (Black with flip): w/b men, W/B kings, '.' an empty dark
    square; beside it the square names (numeric notations), or files and ranks around it (algebraic ones)."""
    board = position.board
    symbols = {"WHITE_MAN": "w", "WHITE_KING": "W", "BLACK_MAN": "b", "BLACK_KING": "B"}
    names = [board.name(square) for square in board.squares]
    numeric = all(name.isdigit() for name in names)
    width = max(len(name) for name in names) + 1
    lines = []
    rows = range(board.height - 1, -1, -1) if flip else range(board.height)
    cols = range(board.width - 1, -1, -1) if flip else range(board.width)
    for row in rows:
        cells, key = [], []
        for col in cols:
            square = board.by_coord.get((row, col))
            if square is None:
                cells.append(" " * width)
                key.append(" " * width)
                continue
            piece = position.piece_at(square)
            cells.append((symbols[piece.name] if piece else ".").rjust(width))
            key.append(board.name(square).rjust(width))
        if numeric:
            lines.append("".join(cells) + "  |" + "".join(key))
        else:
            lines.append(f"{board.height - row:>2}" + "".join(cells))
    if not numeric:
        lines.append("  " + "".join(chr(ord("a") + col).rjust(width) for col in cols))
    return "\n".join(lines)


@dataclass
class Parsed:
    command: str
    args: list[str]
    game_id: int | None


@dataclass
class Options:
    """Options typed after challenge / play: a variant, a colour, rated, days N, level N, fen FEN, ballot."""

    variant: str | None = None
    colour: str = "random"
    rated: bool = False
    days: int | None = None
    level: int = 1
    fen: str | None = None  # start from this position
    ballot: bool = False  # start from a drawn published opening
    clock: str | None = None  # time-bank terms in one word: 10d+1d, 10d+1dmax20d, 20/30d


def _set_valued(options: Options, key: str, value: str) -> None:
    """level N, days N, fen FEN, clock TERMS."""
    if key == "clock":
        if not value:
            raise InputError(
                lambda w: w.say(
                    "local.clock_needs_terms",
                    "{clock} needs terms, for example {clock} 10d+1d or {clock} 20/30d",
                    clock=w.option("clock"),
                )
            )
        options.clock = value
        return
    if key == "fen":
        if not value:
            raise InputError(
                lambda w: w.say("local.fen_needs_position", "fen needs a position, for example fen W:W21,22:B10,11")
            )
        options.fen = value
        return
    if not value.isdigit():
        example = f"{key} {'2' if key == 'level' else '3'}"
        raise InputError(
            lambda w: w.say(
                "local.needs_number", "{option} needs a number, for example {example}.", option=key, example=example
            )
        )
    if key == "level":
        options.level = int(value)
    else:
        options.days = int(value)


# The option words local mode reads, as the slash commands name them (`days` is /challenge's days_per_move).
_OPTION_NAMES = {"days": "days_per_move"}


def _not_an_option(w: Words, typed: str, allowed: tuple[str, ...]) -> str:
    return w.say(
        "local.not_an_option",
        "I don't understand {text!r}. Variants: {variants}; options: {options}.",
        text=readable(typed),
        variants=variants_list(w),
        options=", ".join(w.option(_OPTION_NAMES.get(option, option)) for option in allowed),
    )


def parse_options(args: list[str], *, allowed: tuple[str, ...]) -> Options:
    options = Options()
    words = list(args)
    unknown: list[str] = []
    while words:
        word = words.pop(0)
        key = word.lower().partition("=")[0]
        if key in ("level", "days", "fen", "clock") and key in allowed:
            _set_valued(options, key, word.partition("=")[2] or (words.pop(0) if words else ""))
        elif key in COLOURS and "colour" in allowed:
            options.colour = key
        elif key in ("rated", "unrated") and "rated" in allowed:
            options.rated = key == "rated"
        elif key == "ballot" and "ballot" in allowed:
            options.ballot = True
        else:
            unknown.append(word)
    if unknown:
        name = " ".join(unknown)
        try:
            options.variant = find_variant(name).id
        except UnknownVariantError:
            raise InputError(lambda w: _not_an_option(w, name, allowed)) from None
    return options


@dataclass(frozen=True)
class Command:
    """One thing to type at the prompt; `help` lists them from local/commands.py."""

    name: str
    run: Callable[[LocalSession, Parsed], Awaitable[None]]
    usage: str
    summary: str | Callable[[Words], str]  # words in the session's language (modules not yet worded: English)

    def describe(self, w: Words) -> str:
        return self.summary if isinstance(self.summary, str) else self.summary(w)


def write_file(path: Path, data: bytes) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)
