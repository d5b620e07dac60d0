"""Classes of wording faults the words review of 2026-12-01 found by reading, caught by a machine from now on:
a slash command spelled other than the catalogue spells it (Turkish /ice-aktar for /içe-aktar), plural forms
written three times the same (Russian and Czech), a Latin word left in a Cyrillic or Thai sentence (Russian
«для ply»), one word for the engine per language (Czech «motor», Russian «движок»), a piece that may be a
king called a man (Portuguese «pedra», Dutch «schijf»)."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from babel.messages.catalog import Message

from messages.catalogue import read_locale
from messages.i18n import SHIPPED, words

PLACEHOLDER = re.compile(r"\{[^}]*\}")
# /içe-aktar, /นำเข้า (Thai vowel signs are not \w), not w/b, a path, </a> or a link
SLASH = re.compile(r"(?<![\w/.<:])/([^\W\d][\w\u0e00-\u0e7f-]*)")


def _messages(locale: str) -> Iterator[tuple[str, Message, list[str]]]:
    for message in read_locale(locale):
        if not message.context or not message.id:
            continue
        forms = list(message.string) if isinstance(message.string, tuple) else [message.string]
        yield message.context, message, [form for form in forms if form]


def _command_names(locale: str) -> set[str]:
    """Every slash command and subcommand name as this locale's players see it in Discord."""
    w = words(locale)
    names = set()
    for message in read_locale(locale):
        key = message.context or ""
        if key.startswith("command.") and key.endswith(".name"):
            names.add(w.translation(key, str(message.id)) or str(message.id))
    return names


@pytest.mark.parametrize("locale", SHIPPED)
def test_a_slash_command_in_a_sentence_is_spelled_as_the_catalogue_names_it(locale: str) -> None:
    names = _command_names(locale)
    found = []
    for key, _, forms in _messages(locale):
        if key.endswith(".name") or key.startswith("choice."):
            continue
        found += [(key, f"/{name}") for form in forms for name in SLASH.findall(form) if name not in names]
    assert found == []


def test_the_slash_check_can_fail() -> None:
    assert SLASH.findall("Oyun yerine içe aktarılmış bir oyunun numarası (bkz. /ice-aktar)") == ["ice-aktar"]
    assert "ice-aktar" not in _command_names("tr") and "içe-aktar" in _command_names("tr")


# Czech «oprávnění» is the same word for one permission and for several.
SAME_IN_EVERY_FORM = {"cs": {"permissions.missing"}}


@pytest.mark.parametrize("locale", ["ru", "cs"])
def test_slavic_plural_forms_are_inflected(locale: str) -> None:
    """Three forms (1; 2-4; 5 and more) that are all the same, where English has two, are a sentence written
    around the number instead of one that agrees with it («решили участники: {count}»)."""
    same = [
        key
        for key, message, forms in _messages(locale)
        if message.pluralizable and len(set(message.id)) > 1 and len(set(forms)) == 1
    ]
    assert sorted(set(same) - SAME_IN_EVERY_FORM.get(locale, set())) == []


LATIN = re.compile(r"(?<![\w.:/#-])[A-Za-z][A-Za-z]+(?![\w/.:-])")
# Latin words a Cyrillic or Thai sentence may carry where its English has them elsewhere or not at all:
# formats, names, the local players, a language code given as an example.
KEPT_LATIN = {"pdn", "nag", "utc", "fen", "png", "iana", "dama", "discord", "bob", "bot", "alice", "ru", "th"}


@pytest.mark.parametrize("locale", ["ru", "th"])
def test_no_english_word_in_a_sentence_of_another_script(locale: str) -> None:
    """A Latin word in a Russian or Thai sentence is one the English sentence shows as such (PDN, FEN,
    Discord, bob), never a word left untranslated («для ply нужно»)."""
    found = []
    for key, message, forms in _messages(locale):
        if key.endswith(".name") or key.startswith(("choice.", "local.variant.", "rules.", "local.tournament.usage")):
            continue  # names; and a usage line, which local mode puts in the session's words as it shows it
        english = " ".join(message.id if isinstance(message.id, tuple) else [message.id])
        shown = {word.lower() for word in LATIN.findall(PLACEHOLDER.sub(" ", english))} | KEPT_LATIN
        for form in forms:
            found += [(key, word) for word in LATIN.findall(PLACEHOLDER.sub(" ", form)) if word.lower() not in shown]
    assert found == []


# The engine, in the words of each language's players (the review: Czech «motor», Russian «движок»).
ENGINE = {"ru": re.compile(r"движ", re.IGNORECASE), "cs": re.compile(r"motor", re.IGNORECASE)}
NOT_ENGINE = {"ru": re.compile(r"программ", re.IGNORECASE), "cs": re.compile(r"engine|\bprogram", re.IGNORECASE)}


@pytest.mark.parametrize("locale", list(ENGINE))
def test_the_engine_has_one_name(locale: str) -> None:
    found = []
    for key, message, forms in _messages(locale):
        english = " ".join(message.id if isinstance(message.id, tuple) else [message.id])
        if not re.search(r"\bengine\b", english, re.IGNORECASE):
            continue
        found += [(key, form) for form in forms if NOT_ENGINE[locale].search(form) or not ENGINE[locale].search(form)]
    assert found == []


# A piece that may be a king is not a man: Portuguese «peça», not «pedra»; Dutch «stuk», not «schijf».
MAN_WORD = {"pt-BR": re.compile(r"\bpedras?\b", re.IGNORECASE), "nl": re.compile(r"\bschijf|schijven\b", re.IGNORECASE)}


@pytest.mark.parametrize("locale", list(MAN_WORD))
def test_a_piece_is_not_called_a_man(locale: str) -> None:
    found = []
    for key, message, forms in _messages(locale):
        english = " ".join(message.id if isinstance(message.id, tuple) else [message.id])
        if not re.search(r"\bpieces?\b", english, re.IGNORECASE) or re.search(r"\bm[ae]n\b", english):
            continue
        found += [(key, form) for form in forms if MAN_WORD[locale].search(form)]
    assert found == []


def test_portuguese_colours_are_not_capitalised_in_running_text() -> None:
    """«as brancas jogam», «vez das pretas»: a colour after its article is a common noun (the review found
    «as Brancas» and «as brancas» side by side)."""
    capital = re.compile(r"\b(as|das|às|pelas|nas) (Brancas|Pretas)\b")
    found = [(key, form) for key, _, forms in _messages("pt-BR") for form in forms if capital.search(form)]
    assert found == []


def test_brazilian_zero_takes_the_plural() -> None:
    """«0 imprecisões, 0 erros»: in Brazilian Portuguese zero counts in the plural (the catalogue's rule was
    CLDR's n > 1, which gave «0 imprecisão, 0 erro»)."""
    pt = words("pt-BR")
    assert pt.plural("analysis.count.mistakes", "{count} mistake", "{count} mistakes", 0) == "0 erros"
    assert pt.plural("analysis.count.mistakes", "{count} mistake", "{count} mistakes", 1) == "1 erro"
