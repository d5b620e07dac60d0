"""The words local mode understands as commands: the session's language and English.

A command with a slash command reads as its slash command's localized name (`command.<name>.name` in the
catalogue: Italian `gioca`, `sfida`, `mossa`), so the terminal and Discord agree; the few that exist only here
(help, switch, pictures, imported, quit, the study board's next, prev, first, last, try,
back) have a `local.command.<name>` entry of their own. A word of the
session's language wins over an English name that happens to be the same; a word that names two commands in
the session's language is refused with both named, rather than run as either. What follows a command (its
choices, options and subcommands) is read and shown in the same words (`in_english`, `usage_in_words`).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable

from messages.i18n import SOURCE_LOCALE, Words

# Local-only commands (no slash command to borrow a name from): the word players of each language type.
LOCAL_ONLY: dict[str, Callable[[Words], str]] = {
    "help": lambda w: w.say("local.command.help", "help"),
    "switch": lambda w: w.say("local.command.switch", "switch"),
    "pictures": lambda w: w.say("local.command.pictures", "pictures"),
    "imported": lambda w: w.say("local.command.imported", "imported"),
    "quit": lambda w: w.say("local.command.quit", "quit"),
    "vote": lambda w: w.say("local.command.vote", "vote"),
    # the study board's steps (/study's buttons on Discord)
    "next": lambda w: w.say("local.command.next", "next"),
    "prev": lambda w: w.say("local.command.prev", "prev"),
    "first": lambda w: w.say("local.command.first", "first"),
    "last": lambda w: w.say("local.command.last", "last"),
    "try": lambda w: w.say("local.command.try", "try"),
    "back": lambda w: w.say("local.command.back", "back"),
}
# Words that answer a question rather than name a command.
ANSWERS: dict[str, Callable[[Words], str]] = {
    "yes": lambda w: w.say("local.answer.yes", "yes"),
    "stats": lambda w: w.say("local.answer.stats", "stats"),
}
QUIT_WORDS = ("quit", "exit", "q")


def command_word(w: Words, name: str, sub: str | None = None) -> str:
    """What a player of this language types for a command ("play" -> "gioca" in Italian), or for one of its
    subcommands (`command_word(w, "tournament", "join")` -> "iscriviti")."""
    if name in LOCAL_ONLY:
        return LOCAL_ONLY[name](w).lower()
    if sub is not None:
        return (w.translation(f"command.{name}.{sub}.name", sub) or sub).lower()
    return (w.translation(f"command.{name}.name", name) or name).lower()


def _own_word(w: Words, name: str) -> str | None:
    """The language's own word for a command, None where it has none (English, or not yet translated)."""
    if name in LOCAL_ONLY:
        return LOCAL_ONLY[name](w).lower() if w.locale != SOURCE_LOCALE else None
    word = w.translation(f"command.{name}.name", name)
    return word.lower() if word is not None else None


class AmbiguousCommand(Exception):
    def __init__(self, word: str, names: tuple[str, ...]) -> None:
        super().__init__(word)
        self.word = word
        self.names = names


def find_command(word: str, w: Words, names: Iterable[str]) -> str | None:
    """The command a typed word names: the session's words first, then English; None when it names none.

    Raises AmbiguousCommand when the word is the session's word for two commands.
    """
    typed = word.lower().lstrip("/")
    known = tuple(names)
    mine = tuple(name for name in known if _own_word(w, name) == typed)
    if len(mine) > 1:
        raise AmbiguousCommand(typed, mine)
    if mine:
        return mine[0]
    return typed if typed in known else None


def is_quit(word: str, w: Words) -> bool:
    typed = word.lower().lstrip("/")
    return typed in QUIT_WORDS or typed == _own_word(w, "quit")


# What is typed after a command, named as the slash commands name it (their choices, their options' names,
# /tournament's subcommands), per command, so a file or a tournament called "fine" stays as it is elsewhere.
# Local mode's parsers read the English words; the session's are mapped onto them.
_COLOURS = ("white", "black", "random")
_ARGUMENTS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {  # command: (choices, options)
    "challenge": (_COLOURS, ("rated", "days_per_move", "fen", "clock", "ballot")),
    "play": (_COLOURS, ("level", "fen", "ballot")),
    "hint": ((), ("ply",)),
    "premove": ((), ("clear",)),
    "analyse": ((), ("imported",)),
    "vacation": (("start", "end", "status"), ()),
    "tournament": (("round-robin", "swiss"), ("rated", "days_per_move", "rounds", "ballots")),
    "forget-me": (("yes",), ()),
    "study": ((), ("ply", "imported")),
    "puzzle": (("stats",), ()),
}
_TYPED = {"days_per_move": "days", "ballots": "ballot"}  # the option as local mode types it
_SUBCOMMANDS = {"tournament": ("create", "join", "start", "standings", "pairings", "withdraw", "cancel", "list")}


def argument_words(w: Words, command: str) -> dict[str, str]:
    """The session's word -> the English word, for what may follow `command` (Italian `nero` -> black)."""
    choices, options = _ARGUMENTS.get(command, ((), ()))
    pairs = {(ANSWERS[c](w) if c in ANSWERS else w.choice(c)): c for c in choices}
    pairs |= {w.option(option): _TYPED.get(option, option) for option in options}
    pairs |= {command_word(w, command, sub): sub for sub in _SUBCOMMANDS.get(command, ())}
    # one word each: "a caso" (Italian random) cannot be typed as one, so random stays English there
    return {word.lower(): english for word, english in pairs.items() if word.lower() != english and " " not in word}


def in_english(w: Words, command: str, args: list[str]) -> list[str]:
    """The arguments with the session's words put in English ones, `livello=2` as `level=2`."""
    table = argument_words(w, command)
    english = []
    for arg in args:
        key, equals, value = arg.partition("=")
        found = table.get(key.lower())
        english.append(arg if found is None else found + equals + value)
    return english


def usage_in_words(w: Words, command: str, usage: str) -> str:
    """A usage line as this language's players type it: "play [level 1-5] [white|black]" -> "gioca [livello
    1-5] [bianco|nero]" in Italian."""
    words = {english: mine for mine, english in argument_words(w, command).items()}
    words[command] = command_word(w, command)
    return re.sub(r"[a-z][a-z_-]*", lambda m: words.get(m[0], m[0]), usage)
