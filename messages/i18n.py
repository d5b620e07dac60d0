"""Words in the player's language: gettext catalogues (one .po file per locale), English as source and fallback.

A sentence is written once, in English, where it is used, with a key that tells translators where it appears:

    words.say("move.not_your_turn", "It is not your turn: the game is waiting for {player}.", player=name)
    words.plural("refusal.must_capture", "You must capture {count} piece.", "You must capture {count} pieces.", n)

`python -m messages.catalogue extract` collects every such call (key = msgctxt, English = msgid) into
messages/locales/dama.pot and merges it into each messages/locales/<locale>.po. The .po files are compiled in
memory on first use (Babel writes the .mo, the standard library's gettext reads it), so no compiled file can
go stale; fuzzy and empty entries fall back to English.
"""

from __future__ import annotations

import gettext
import io
import string
from functools import cache
from pathlib import Path

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

LOCALE_DIR = Path(__file__).parent / "locales"
SOURCE_LOCALE = "en"
# Discord's locale codes for the shipped translations, Italian first.
SHIPPED = ("it", "ru", "pt-BR", "es-ES", "cs", "tr", "th", "nl", "fr")
LANGUAGE_NAMES = {
    "en": "English",
    "it": "Italiano",
    "ru": "Русский",
    "pt-BR": "Português do Brasil",
    "es-ES": "Español",
    "cs": "Čeština",
    "tr": "Türkçe",
    "th": "ไทย",
    "nl": "Nederlands",
    "fr": "Français",
}
# Locales Discord may send that have no catalogue of their own.
_ALIASES = {"es-419": "es-ES", "es": "es-ES", "pt": "pt-BR", "pt-PT": "pt-BR", "en-US": "en", "en-GB": "en"}
_FORMATTER = string.Formatter()


def resolve(locale: object) -> str:
    """The shipped locale for a Discord locale ('it', 'es-419', discord.Locale.russian, 'ru_RU.UTF-8', None)."""
    text = str(getattr(locale, "value", locale) or "").split(".")[0].replace("_", "-").strip()
    if not text:
        return SOURCE_LOCALE
    for candidate in (text, text.split("-")[0]):
        for known in (*SHIPPED, SOURCE_LOCALE):
            if candidate.lower() == known.lower():
                return known
        alias = next((v for k, v in _ALIASES.items() if k.lower() == candidate.lower()), None)
        if alias is not None:
            return alias
    return SOURCE_LOCALE


def placeholders(text: str) -> set[str]:
    """The named fields of a sentence: 'Game #{game} is over: {ending}.' -> {'game', 'ending'}."""
    return {name for _, name, _, _ in _FORMATTER.parse(text) if name}


class Words:
    """The sentences of one locale. Values are put in by name, so translators may reorder them."""

    def __init__(self, locale: str, catalogue: gettext.NullTranslations) -> None:
        self.locale = locale
        self._catalogue = catalogue

    def say(self, key: str, source: str, /, **values: object) -> str:
        return _fill(self._catalogue.pgettext(key, source), source, values)

    def plural(self, key: str, one: str, other: str, count: int, /, **values: object) -> str:
        """A sentence that depends on a number, with the locale's CLDR plural forms; {count} is the number."""
        chosen = self._catalogue.npgettext(key, one, other, count)
        return _fill(chosen, one if count == 1 else other, {"count": count, **values})

    def translation(self, key: str, source: str) -> str | None:
        """The catalogue's own words for a sentence, or None when this locale has none (not even equal ones)."""
        found = getattr(self._catalogue, "_catalog", {}).get(f"{key}\x04{source}")
        return found if isinstance(found, str) and found else None

    def command(self, path: str, /, **options: object) -> str:
        """A slash command as this locale's players see it in Discord: "vacation" -> "/vacanza", and with
        options `command("vacation", action="start")` -> "/vacanza azione:inizio" (a choice by its value, in
        the locale's words; numbers as given).

        Sentences take it as a placeholder (`{command}`), so no translation ever spells a command in English.
        """
        parts = path.split()
        names = [
            self.translation(f"command.{'.'.join(parts[: i + 1])}.name", part) or part for i, part in enumerate(parts)
        ]
        given = [f"{self.option(name)}:{self.choice(value)}" for name, value in options.items()]
        return " ".join(["/" + " ".join(names), *given])

    def option(self, name: str) -> str:
        """An option's name in this locale ("game" -> "partita"), for sentences such as `{option}:12`."""
        return self.translation(f"option.{name}.name", name) or name

    def choice(self, value: object) -> str:
        """A fixed choice of an option in this locale ("start" -> "inizio"); anything else as it is."""
        text = str(value)
        return self.translation(f"choice.{text}", text) or text

    def join(self, items: list[str]) -> str:
        return self.say("list.separator", ", ").join(items)

    def __repr__(self) -> str:
        return f"Words({self.locale!r})"


def _fill(text: str, source: str, values: dict[str, object]) -> str:
    try:
        return text.format(**values)
    except (KeyError, IndexError, ValueError):
        # A broken translation must never hide the sentence: the English one is always well formed.
        return source.format(**values)


@cache
def words(locale: object = SOURCE_LOCALE) -> Words:
    """The Words for a locale as Discord, the terminal or the database names it; English when unknown."""
    resolved = resolve(locale)
    if resolved != locale:
        return words(resolved)
    return Words(resolved, _load(resolved))


def _load(locale: str) -> gettext.NullTranslations:
    path = LOCALE_DIR / f"{locale}.po"
    if locale == SOURCE_LOCALE or not path.exists():
        return gettext.NullTranslations()
    with path.open("rb") as handle:
        catalogue = read_po(handle, locale=locale.replace("-", "_"))
    compiled = io.BytesIO()
    write_mo(compiled, catalogue, use_fuzzy=False)
    compiled.seek(0)
    return gettext.GNUTranslations(compiled)


def preload() -> None:
    """Compile every shipped catalogue now (about 0.1 s each), so no player's first reply waits for it."""
    for locale in SHIPPED:
        words(locale)


ENGLISH = words(SOURCE_LOCALE)
