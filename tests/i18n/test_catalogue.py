"""The catalogues: complete in every shipped locale, placeholders kept, CLDR plural forms, in step with the code.

Plural forms are checked against the grammar of the language (independent of Babel's rule): Russian picks
the form by the last digit and the last two digits (1, 21 -> one; 2-4, 22 -> few; 0, 5-20, 11-14 -> many),
Czech by the number itself (1 -> one; 2-4 -> few; 0, 5+ -> other).
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog

from bot.catalogue import source_catalogue, stale_locales
from messages.catalogue import CatalogueError, check_locale, merge, po_text, read_locale, scan_source, update_locale
from messages.i18n import ENGLISH, LOCALE_DIR, SHIPPED, resolve, words


@pytest.fixture(scope="module")
def source() -> Catalog:
    return source_catalogue()


# Locales whose translation is still being written: they may lack only these sentences (the /rules summaries
# of other communities' variants), which fall back to English one by one. Empty when every locale is complete.
UNFINISHED: set[str] = set()
MAY_LACK = re.compile(r"^rules\.[a-z-]+\.summary: not translated$")


@pytest.mark.parametrize("locale", SHIPPED)
def test_every_sentence_is_translated_with_its_placeholders(source: Catalog, locale: str) -> None:
    problems = [str(p) for p in check_locale(locale, source, read_locale(locale))]
    if locale in UNFINISHED:
        problems = [p for p in problems if not MAY_LACK.match(p.split(": ", 1)[1])]
    assert problems == []


def test_the_catalogues_are_in_step_with_the_code(source: Catalog) -> None:
    """A sentence added or changed in the code without `make messages` fails here."""
    assert stale_locales(source) == []


def _catalogue_with(locale: str, key: str, one: str, other: str, forms: tuple[str, ...]) -> Catalog:
    catalogue = Catalog(locale=locale)
    catalogue.add((one, other), forms, context=key)
    return catalogue


def test_the_check_catches_missing_fuzzy_and_placeholder_mismatch() -> None:
    source = Catalog(locale=None)
    source.add("Game #{game} is over.", context="a")
    source.add("Hello {name}.", context="b")
    source.add("Bye.", context="c")
    translated = Catalog(locale="it")
    translated.add("Game #{game} is over.", "La partita #{partita} è finita.", context="a")
    translated.add("Hello {name}.", "Ciao {name}.", context="b", flags=["fuzzy"])
    found = {(p.key, p.what.split(" ")[0]) for p in check_locale("it", source, translated)}
    assert found == {("a", "placeholders"), ("b", "fuzzy"), ("c", "missing")}


def test_a_changed_english_keeps_the_old_words_but_fuzzy(tmp_path: Path) -> None:
    old_source = Catalog()
    old_source.add("Resign", context="button.resign")
    translated = update_locale("it", old_source, tmp_path)
    translated.get("Resign", context="button.resign").string = "Abbandona"
    (tmp_path / "it.po").write_text(po_text(translated))
    new_source = Catalog()
    new_source.add("Resign the game", context="button.resign")
    updated = update_locale("it", new_source, tmp_path)
    message = updated.get("Resign the game", context="button.resign")
    assert message.string == "Abbandona" and message.fuzzy
    assert [str(p) for p in check_locale("it", new_source, updated)] == ["it: button.resign: fuzzy"]


def test_the_scan_reads_keys_and_refuses_a_computed_english() -> None:
    code = 'w.say("a.b", "Hello {name}.", name=x)\nw.plural("c", "{count} day", "{count} days", n)\n'
    found = [(e.key, e.source, e.plural) for e in scan_source(code, "x.py")]
    assert found == [("a.b", "Hello {name}.", None), ("c", "{count} day", "{count} days")]
    with pytest.raises(CatalogueError):
        list(scan_source('w.say("a.b", f"Hello {x}")', "x.py"))
    with pytest.raises(CatalogueError):
        merge(scan_source('w.say("k", "One")\nw.say("k", "Two")', "x.py"))


RUSSIAN = {1: "шашку", 2: "шашки", 5: "шашек", 21: "шашку", 0: "шашек", 11: "шашек", 22: "шашки", 112: "шашек"}
CZECH = {1: "kámen", 2: "kameny", 5: "kamenů", 21: "kamenů", 0: "kamenů", 4: "kameny"}


@pytest.mark.parametrize(("locale", "expected"), [("ru", RUSSIAN), ("cs", CZECH)])
def test_slavic_plural_forms(locale: str, expected: dict[int, str]) -> None:
    """The shipped sentence for 'you must capture N pieces' picks the form the grammar asks for."""
    speaker = words(locale)
    for count, noun in expected.items():
        sentence = speaker.plural(
            "refusal.fewer_pieces",
            "You must capture {count} piece; {move} captures only {given}.",
            "You must capture {count} pieces; {move} captures only {given}.",
            count,
            move="c3:e5",
            given=1,
        )
        assert f"{count} {noun}" in sentence, (count, sentence)
        assert "c3:e5" in sentence


def test_thai_has_one_form() -> None:
    assert words("th").plural("moves.more", "… ({count} more)", "… ({count} more)", 5).count("5") == 1


@pytest.mark.parametrize(
    ("discord", "shipped"),
    [
        ("it", "it"), ("ru", "ru"), ("pt-BR", "pt-BR"), ("es-ES", "es-ES"), ("es-419", "es-ES"), ("cs", "cs"),
        ("tr", "tr"), ("th", "th"), ("nl", "nl"), ("fr", "fr"), ("en-US", "en"), ("en-GB", "en"), ("de", "en"),
        ("ja", "en"), (None, "en"), ("", "en"), ("it_IT.UTF-8", "it"), ("pt_BR.UTF-8", "pt-BR"), ("C", "en"),
    ],
)
def test_locale_resolution(discord: str | None, shipped: str) -> None:
    assert resolve(discord) == shipped


def test_english_is_the_source_and_a_missing_translation_falls_back_to_it() -> None:
    assert ENGLISH.say("nowhere.key", "Plain {x}.", x=1) == "Plain 1."
    assert words("it").say("nowhere.key", "Plain {x}.", x=1) == "Plain 1."
    assert words("it").say("refusal.legal_moves", "Legal: {moves}.", moves="22-18") == "Mosse valide: 22-18."


def test_updating_a_locale_keeps_its_own_plural_rule(tmp_path: Path) -> None:
    """A newer Babel's CLDR gives Italian a third form (for millions) and Turkish a second: updating the
    catalogues must not add empty forms that nobody translated (the file's Plural-Forms decides)."""
    shutil.copy(LOCALE_DIR / "it.po", tmp_path / "it.po")
    shutil.copy(LOCALE_DIR / "tr.po", tmp_path / "tr.po")
    template = Catalog()
    template.add(("{count} game", "{count} games"), context="test.games")
    for locale, forms in (("it", 2), ("tr", 1)):
        updated = update_locale(locale, template, tmp_path)
        assert updated.num_plurals == forms
        assert len(updated.get(("{count} game", "{count} games"), context="test.games").string) == forms
