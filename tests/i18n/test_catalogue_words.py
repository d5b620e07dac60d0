"""The catalogues read as one community writes (issue 25): no English command or option name inside a
translation whose command is localized, descriptions within Discord's 100 characters (never cut), one register
per language, command names with their accents, Italian "damiera", Russian forms that do not assume a gender."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterator

import pytest
from babel.messages.catalog import Catalog

from bot.translator import translate_command_string, valid_name
from messages.catalogue import read_locale
from messages.i18n import SHIPPED, words


def _texts(catalogue: Catalog) -> Iterator[tuple[str, str]]:
    """(key, translated text) for every entry, each plural form on its own."""
    for message in catalogue:
        if not message.context:
            continue
        forms = message.string if isinstance(message.string, tuple) else (message.string,)
        for form in forms:
            if form:
                yield message.context, form


def _english_names(prefix: str) -> dict[str, str]:
    """English name -> key, for top-level slash commands (`command`) or options (`option`)."""
    names: dict[str, str] = {}
    for message in read_locale("it"):
        key = message.context or ""
        parts = key.split(".")
        if prefix == "command" and len(parts) == 3 and parts[0] == "command" and parts[2] == "name":
            names[str(message.id)] = key
        if prefix == "option" and len(parts) == 3 and parts[0] == "option" and parts[2] == "name":
            names[str(message.id)] = key
    return names


SLASH = re.compile(r"(?<![\w/.<])/([^\W\d][\w-]*)")  # /vacation, not w/b, not a path, not </a>
OPTION = re.compile(r"(?<![\w{])([a-z_]+):(?=N\b|\d|\{|true\b|false\b)")  # game:N, tournament:{number}


def _english_commands_inside(locale: str) -> list[tuple[str, str, str]]:
    commands, options = _english_names("command"), _english_names("option")
    w = words(locale)
    found = []
    for key, text in _texts(read_locale(locale)):
        if key.endswith(".name") or key.startswith("choice."):  # names themselves; descriptions are checked
            continue
        for name in SLASH.findall(text):
            if name in commands and w.translation(commands[name], name) not in (None, name):
                found.append((key, f"/{name}", text))
        for name in OPTION.findall(text):
            if name in options and w.translation(options[name], name) not in (None, name):
                found.append((key, f"{name}:", text))
    return found


@pytest.mark.parametrize("locale", SHIPPED)
def test_no_english_command_or_option_name_inside_a_translation(locale: str) -> None:
    assert _english_commands_inside(locale) == []


def test_the_english_command_check_can_fail() -> None:
    italian = words("it")
    assert SLASH.findall("Iniziala con /vacation start; oppure /vacanza.") == ["vacation", "vacanza"]
    assert OPTION.findall("Iscriviti con tournament:{number} o game:N.") == ["tournament", "game"]
    assert italian.translation("command.vacation.name", "vacation") == "vacanza"
    assert SLASH.findall("w/b sono le pedine; vedi https://x.org/a e </b>") == []


@pytest.mark.parametrize("locale", ["en", *SHIPPED])
def test_every_command_description_fits_in_100_characters(locale: str) -> None:
    catalogue = read_locale("it")
    for message in catalogue:
        key = message.context or ""
        if not (key.startswith("command.") and key.endswith(".description")):
            continue
        text = str(message.id) if locale == "en" else words(locale).translation(key, str(message.id))
        assert text is not None and 1 <= len(text) <= 100, (locale, key, text)


@pytest.mark.parametrize("locale", SHIPPED)
def test_every_localized_name_is_one_discord_accepts(locale: str) -> None:
    for key, text in _texts(read_locale(locale)):
        if key.startswith(("command.", "option.")) and key.endswith(".name"):
            assert valid_name(text) and unicodedata.is_normalized("NFC", text), (locale, key, text)


# Names whose accents were once stripped ("katil" is "murderer" in Turkish, "katıl" is "join").
ACCENTED = {
    "cs": {"option.opponent.name": "soupeř", "command.challenge.name": "výzva", "command.hint.name": "nápověda",
           "command.tournament.join.name": "přihlásit", "option.level.name": "úroveň"},
    "tr": {"command.tournament.join.name": "katıl", "command.tournament.start.name": "başlat",
           "option.imported.name": "içe_aktarılan", "command.rematch.name": "rövanş"},
    "fr": {"command.rules.name": "règles", "command.challenge.name": "défi", "option.theme.name": "thème"},
    "pt-BR": {"command.vacation.name": "férias", "option.action.name": "ação", "option.level.name": "nível"},
    "es-ES": {
        "command.forget-me.name": "olvídame", "command.replay.name": "repetición", "option.action.name": "acción",
    },
}


@pytest.mark.parametrize("locale", list(ACCENTED))
def test_command_names_keep_their_accents_up_to_discord(locale: str) -> None:
    catalogue = read_locale(locale)
    for key, expected in ACCENTED[locale].items():
        [message] = [m for m in catalogue if m.context == key]
        assert message.string == expected, (locale, key, message.string)
        assert valid_name(expected)
    # what the tree sends Discord, through the translator (nothing strips or cuts a name)
    from discord.app_commands import TranslationContext, TranslationContextLocation  # noqa: PLC0415 - test only

    class Named:
        qualified_name = "rules"

    sent = translate_command_string("rules", "fr", TranslationContext(TranslationContextLocation.command_name, Named()))
    assert sent == "règles"


# One register per language: the formal "you" everywhere (French vous, Czech vy, Turkish siz).
INFORMAL = {
    "fr": re.compile(r"\b(tu|toi|ton|ta|tes|te|tien|tienne)\b|\bt'", re.IGNORECASE),
    "cs": re.compile(
        r"\b(ty|tě|tebe|tobě|tvůj|tvoje|tvé|tvá|tvou|tvých|tvým|tvoji|jsi|máš|můžeš|chceš|musíš|zastav|začni|"
        r"užij|napiš|podívej|smaž|vítej|neukončíš)\b",
        re.IGNORECASE,
    ),
    "tr": re.compile(
        # a label may be a bare verb ("Hamle yaz", as Turkish interfaces write them); a sentence says "siz"
        r"\b(sen|senin|sana|seni|sende|senden|geldin|değilsin|tatildesin|saatlerin|günlerin|verilerin silindi)\b",
        re.IGNORECASE,
    ),
}


@pytest.mark.parametrize("locale", list(INFORMAL))
def test_one_formal_register_per_language(locale: str) -> None:
    informal = [(key, text) for key, text in _texts(read_locale(locale)) if INFORMAL[locale].search(text)]
    assert informal == []


def test_the_register_check_can_fail() -> None:
    assert INFORMAL["fr"].search("Tu n'es pas en vacances : tes pendules")
    assert INFORMAL["cs"].search("Nejsi na dovolené: tvé hodiny stojí")
    assert INFORMAL["tr"].search("Tatilde değilsin: saatlerin duruyor")
    assert not INFORMAL["fr"].search("Vous n'êtes pas en vacances : vos pendules repartent.")


def test_italian_says_damiera_never_scacchiera() -> None:
    texts = [text for _, text in _texts(read_locale("it"))]
    assert not any("scacchier" in text.lower() for text in texts)
    assert sum("damiera" in text.lower() for text in texts) > 40


# Russian past tenses agree with the speaker's gender ("сдался" / "сдалась"): news about a player avoids them.
GENDERED = re.compile(
    r"\b(сдался|принял|отклонил|отозвал|покинул|удалил|создал|записался|вышел|сыграл|ответил|предложил|"
    r"попросил|выиграл|проиграл|начал|согласился)\b"
)


def test_russian_never_assumes_a_players_gender() -> None:
    assert [(k, t) for k, t in _texts(read_locale("ru")) if GENDERED.search(t)] == []
    assert words("ru").say("game.resigned", "{player} resigned.", player="@ana") == "@ana сдаёт партию."


def test_local_sentences_name_local_commands_in_the_language() -> None:
    """`Type help` with the English word inside an Italian sentence was the local mode's version of the bug."""
    for locale in SHIPPED:
        for key, text in _texts(read_locale(locale)):
            bare = re.sub(r"\{[^}]*\}", "", text)  # {help} is the placeholder for the language's word
            if key.startswith("local.") and not key.startswith("local.tournament.usage"):
                assert not re.search(r"\b(help|quit)\b", bare), (locale, key, text)
