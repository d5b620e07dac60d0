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
import unicodedata
from collections.abc import Callable, Iterable

from messages.i18n import SOURCE_LOCALE, Words
from messages.variants import variant_name
from rules import VARIANTS

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
# Choices whose name in the slash commands is several words or a label ("a caso", "girone all'italiana",
# "disattivate"): the word typed for each at the prompt. "|" separates words a player may type, the first
# is the one shown.
TYPED_CHOICES: dict[str, Callable[[Words], str]] = {
    "random": lambda w: w.say("local.choice.random", "random"),
    "on": lambda w: w.say("local.choice.on", "on"),
    "off": lambda w: w.say("local.choice.off", "off"),
    "round-robin": lambda w: w.say("local.choice.round-robin", "round-robin"),
    "swiss": lambda w: w.say("local.choice.swiss", "swiss"),
}
# The capitals of a usage line stand for what the player types; each language names them in its own.
PLACEHOLDERS: dict[str, Callable[[Words], str]] = {
    "VARIANT": lambda w: w.say("local.placeholder.variant", "VARIANT"),
    "MOVE": lambda w: w.say("local.placeholder.move", "MOVE"),
    "MOVES": lambda w: w.say("local.placeholder.moves", "MOVES"),
    "FILE": lambda w: w.say("local.placeholder.file", "FILE"),
    "NAME": lambda w: w.say("local.placeholder.name", "NAME"),
    "ROUND": lambda w: w.say("local.placeholder.round", "ROUND"),
}
# The word(s) each language types for a variant ("russa", "русские"); the English ids are always understood.
VARIANT_WORDS: dict[str, Callable[[Words], str]] = {
    "italian": lambda w: w.say("local.variant.italian", "italian"),
    "international": lambda w: w.say("local.variant.international", "international"),
    "english": lambda w: w.say("local.variant.english", "english"),
    "russian": lambda w: w.say("local.variant.russian", "russian"),
    "brazilian": lambda w: w.say("local.variant.brazilian", "brazilian"),
    "pool": lambda w: w.say("local.variant.pool", "pool"),
    "czech": lambda w: w.say("local.variant.czech", "czech"),
    "spanish": lambda w: w.say("local.variant.spanish", "spanish"),
    "portuguese": lambda w: w.say("local.variant.portuguese", "portuguese"),
    "canadian": lambda w: w.say("local.variant.canadian", "canadian"),
    "frisian": lambda w: w.say("local.variant.frisian", "frisian"),
    "turkish": lambda w: w.say("local.variant.turkish", "turkish"),
    "thai": lambda w: w.say("local.variant.thai", "thai"),
    "armenian": lambda w: w.say("local.variant.armenian", "armenian"),
    "dameo": lambda w: w.say("local.variant.dameo", "dameo"),
    "gothic": lambda w: w.say("local.variant.gothic", "gothic"),
    "corner": lambda w: w.say("local.variant.corner", "corner"),
    "oneway": lambda w: w.say("local.variant.oneway", "oneway"),
    "parachute": lambda w: w.say("local.variant.parachute", "parachute"),
    "alquerque": lambda w: w.say("local.variant.alquerque", "alquerque"),
    "hawaiian": lambda w: w.say("local.variant.hawaiian", "hawaiian"),
    "anti-italian": lambda w: w.say("local.variant.anti-italian", "anti-italian"),
    "anti-english": lambda w: w.say("local.variant.anti-english", "anti-english"),
    "anti-international": lambda w: w.say("local.variant.anti-international", "anti-international"),
    "anti-russian": lambda w: w.say("local.variant.anti-russian", "anti-russian"),
}


def folded(text: str) -> str:
    """The text as compared at the prompt: case and the accents of Latin and Cyrillic letters do not count
    ("Ruská", "ruska"; "чёрные", "черные"; Turkish "İtalyan", "italyan"), other scripts' marks do (Thai)."""
    kept: list[str] = []
    for char in unicodedata.normalize("NFD", text.casefold().replace("ı", "i")):
        if unicodedata.combining(char) and kept and ord(kept[-1]) < 0x0530:
            continue
        kept.append(char)
    return unicodedata.normalize("NFC", "".join(kept))


def _alternatives(text: str) -> list[str]:
    return [word.strip() for word in text.split("|") if word.strip()]


def variant_word(w: Words, variant: str) -> str:
    """The word shown for a variant in this language: `russa` for russian in Italian."""
    found = _alternatives(VARIANT_WORDS[variant](w)) if variant in VARIANT_WORDS else []
    return found[0] if found else variant


def variant_words(w: Words) -> dict[str, str]:
    """Every folded word or name this language's players may type for a variant -> its id: the catalogue's
    words, the variant's whole name ("dama russa"), and the English ids."""
    found: dict[str, str] = {}
    for variant in VARIANTS:
        found.setdefault(folded(" ".join(variant_name(w, variant).split())), variant)
        words = VARIANT_WORDS.get(variant)
        for word in _alternatives(words(w)) if words is not None else []:
            found.setdefault(folded(word), variant)
    for variant in VARIANTS:
        found[variant] = variant
    return found


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
    typed = folded(word.lstrip("/"))
    known = tuple(names)
    mine = tuple(name for name in known if folded(_own_word(w, name) or "") == typed)
    if len(mine) > 1:
        raise AmbiguousCommand(typed, mine)
    if mine:
        return mine[0]
    return typed if typed in known else None


def is_quit(word: str, w: Words) -> bool:
    typed = folded(word.lstrip("/"))
    return typed in QUIT_WORDS or typed == folded(_own_word(w, "quit") or "")


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
    "pictures": (("on", "off"), ()),
    "vote": (_COLOURS, ("level", "days_per_move")),
}
_TYPED = {"days_per_move": "days", "ballots": "ballot"}  # the option as local mode types it
_SUBCOMMANDS = {
    "tournament": ("create", "join", "start", "standings", "pairings", "withdraw", "cancel", "list"),
    "vote": ("start", "join", "begin", "status", "leave", "cancel"),
}
_SUBCOMMAND_OF = {"vote": "vote-game"}  # local vote's subcommands are /vote-game's
# Commands that take a variant among their words.
_WITH_VARIANT = ("challenge", "play", "rules", "explore", "import", "puzzle", "tournament", "vote")
# Words kept as typed: a file's path (import FILE), a tournament's name (tournament create NAME).
_VERBATIM = {"import": 0, "tournament": 1}


def _subcommand_word(w: Words, command: str, sub: str) -> str:
    return command_word(w, _SUBCOMMAND_OF.get(command, command), sub)


def _choice_words(w: Words, choice: str) -> list[str]:
    """The words typed for a choice, the shown one first."""
    if choice in ANSWERS:
        return [ANSWERS[choice](w)]
    typed = _alternatives(TYPED_CHOICES[choice](w)) if choice in TYPED_CHOICES else []
    return [*typed, w.choice(choice)]


def choice_word(w: Words, choice: str) -> str:
    """The word shown for a choice at the prompt: Italian `caso` for random, `no` for off."""
    return _choice_words(w, choice)[0]


def shown_words(w: Words, command: str) -> dict[str, str]:
    """English word -> the session's word, as usage lines and sentences show what may follow `command`."""
    choices, options = _ARGUMENTS.get(command, ((), ()))
    shown = {c: _choice_words(w, c)[0] for c in choices}
    shown |= {_TYPED.get(option, option): w.option(option) for option in options}
    shown |= {sub: _subcommand_word(w, command, sub) for sub in _SUBCOMMANDS.get(command, ())}
    shown[command] = command_word(w, command)
    return {english: mine for english, mine in shown.items() if " " not in mine}


def argument_words(w: Words, command: str) -> dict[str, str]:
    """The session's word (folded) -> the English word, for what may follow `command` (Italian `nero` ->
    black, `russa` -> russian)."""
    choices, options = _ARGUMENTS.get(command, ((), ()))
    pairs = [(word, c) for c in choices for word in _choice_words(w, c)]
    pairs += [(w.option(option), _TYPED.get(option, option)) for option in options]
    pairs += [(_subcommand_word(w, command, sub), sub) for sub in _SUBCOMMANDS.get(command, ())]
    if command in _WITH_VARIANT:
        pairs += list(variant_words(w).items())
    table: dict[str, str] = {}
    for word, english in pairs:  # one word each: "a caso" cannot be typed as one
        if " " not in word.strip():
            table.setdefault(folded(word), english)
    return table


def in_english(w: Words, command: str, args: list[str]) -> list[str]:
    """The arguments with the session's words put in English ones, `livello=2` as `level=2`."""
    table = argument_words(w, command)
    verbatim = _VERBATIM.get(command)
    names = variant_words(w) if command in _WITH_VARIANT else {}
    english: list[str] = []
    at = 0
    while at < len(args):
        # a variant's whole name typed as words of its own: "Dama russa", "Русские шашки"
        spans = (n for n in (4, 3, 2) if at + n <= len(args) and verbatim not in range(at, at + n))
        span = next((n for n in spans if folded(" ".join(args[at : at + n])) in names), 0)
        if span:
            english.append(names[folded(" ".join(args[at : at + span]))])
            at += span
            continue
        key, equals, value = args[at].partition("=")
        found = None if at == verbatim else table.get(folded(key))
        english.append(args[at] if found is None else found + equals + value)
        at += 1
    return english


def usage_in_words(w: Words, command: str, usage: str) -> str:
    """A usage line as this language's players type it: "play [VARIANT] [level 1-5] [white|black]" -> "gioca
    [VARIANTE] [livello 1-5] [bianco|nero]" in Italian."""
    words = shown_words(w, command)
    named = re.sub(r"[a-z][a-z_-]*", lambda m: words.get(m[0], m[0]), usage)
    return re.sub(r"\b[A-Z]{2,}\b", lambda m: PLACEHOLDERS[m[0]](w) if m[0] in PLACEHOLDERS else m[0], named)


def variants_list(w: Words) -> str:
    """The variants as this language types them, for "Variants: ..." sentences."""
    return w.join([variant_word(w, variant) for variant in VARIANTS])
