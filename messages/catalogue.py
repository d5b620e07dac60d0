"""The message catalogue's tooling: find every sentence in the code, write the template, update and check locales.

A sentence is a call `<words>.say("key", "English", ...)` or `<words>.plural("key", "one", "other", n, ...)`
with literal key and English; the key becomes the gettext context (msgctxt), the English the msgid. Slash
command words come from the command tree (the bot passes them in as extra entries). Babel reads and writes
the .po files and knows each language's CLDR plural rules; `python -m bot.catalogue` is the command line.
"""

from __future__ import annotations

import ast
import io
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from babel.messages.catalog import Catalog, Message
from babel.messages.pofile import read_po, write_po

from messages.i18n import LOCALE_DIR, SHIPPED, placeholders

ROOT = Path(__file__).resolve().parents[1]
SCANNED = ("messages", "bot", "local", "service", "render", "engine", "rules")
TEMPLATE = LOCALE_DIR / "dama.pot"
PROJECT = "Dama"
# Fixed header fields, so running `extract` twice writes the same files (git shows only real changes).
_STAMP = datetime(2026, 1, 1, tzinfo=UTC)
_HEADER = "# Dama's sentences. Keys (msgctxt) say where a sentence appears; {names} are filled in by the bot.\n#"


def new_catalogue(locale: str | None = None) -> Catalog:
    return Catalog(
        locale=locale.replace("-", "_") if locale else None,
        header_comment=_HEADER,
        project=PROJECT,
        version="1",
        copyright_holder="Dama",
        msgid_bugs_address="-",
        creation_date=_STAMP,
        revision_date=_STAMP,
        last_translator="-",
        language_team="-",
        fuzzy=False,
    )


@dataclass
class Entry:
    key: str
    source: str
    plural: str | None = None
    locations: list[tuple[str, int]] = field(default_factory=list)
    comment: str = ""

    @property
    def msgid(self) -> str | tuple[str, str]:
        return self.source if self.plural is None else (self.source, self.plural)


class CatalogueError(ValueError):
    pass


def _literal(node: ast.expr) -> str | None:
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else None


def scan_source(text: str, filename: str) -> Iterator[Entry]:
    """Every say/plural call with a literal key; a call whose key or English is not literal is an error."""
    for node in ast.walk(ast.parse(text, filename)):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)):
            continue
        method, args = node.func.attr, node.args
        wanted = {"say": 2, "plural": 4}.get(method)
        if wanted is None or len(args) < wanted or not args or _literal(args[0]) is None:
            continue
        texts = [_literal(arg) for arg in args[1 : 3 if method == "plural" else 2]]
        key = _literal(args[0]) or ""
        if any(t is None for t in texts):
            raise CatalogueError(f"{filename}:{node.lineno}: {key}: the English must be a string literal")
        where = (filename, node.lineno)
        yield Entry(key, texts[0] or "", texts[1] if method == "plural" else None, [where])


def scan_tree(root: Path = ROOT, packages: Iterable[str] = SCANNED) -> list[Entry]:
    found: list[Entry] = []
    for package in packages:
        for path in sorted((root / package).rglob("*.py")):
            found.extend(scan_source(path.read_text(), str(path.relative_to(root))))
    return found


def merge(entries: Iterable[Entry]) -> dict[str, Entry]:
    """One entry per key; the same key with two different Englishes is an error (keys name one sentence)."""
    merged: dict[str, Entry] = {}
    for entry in entries:
        known = merged.get(entry.key)
        if known is None:
            merged[entry.key] = Entry(entry.key, entry.source, entry.plural, list(entry.locations), entry.comment)
        elif (known.source, known.plural) != (entry.source, entry.plural):
            raise CatalogueError(
                f"key {entry.key!r} has two different sentences: {known.source!r} and {entry.source!r}"
            )
        else:
            known.locations.extend(entry.locations)
    return merged


def template(entries: dict[str, Entry]) -> Catalog:
    catalogue = new_catalogue()
    for entry in sorted(entries.values(), key=lambda e: e.key):
        flags = ["python-brace-format"] if any(placeholders(t) for t in (entry.source, entry.plural or "")) else []
        comments = [entry.comment] if entry.comment else []
        catalogue.add(entry.msgid, context=entry.key, locations=entry.locations, flags=flags, auto_comments=comments)
    return catalogue


def po_text(catalogue: Catalog, *, locations: bool = True) -> str:
    buffer = io.BytesIO()
    write_po(buffer, catalogue, width=100, omit_header=False, no_location=not locations, sort_output=False)
    return buffer.getvalue().decode()


def read_locale(locale: str, directory: Path = LOCALE_DIR) -> Catalog:
    with (directory / f"{locale}.po").open("rb") as handle:
        return read_po(handle, locale=locale.replace("-", "_"))


def update_locale(locale: str, source: Catalog, directory: Path = LOCALE_DIR) -> Catalog:
    """Bring a locale in line with the template: new keys empty, changed English kept but fuzzy, gone keys dropped."""
    path = directory / f"{locale}.po"
    old = read_locale(locale, directory) if path.exists() else Catalog(locale=locale.replace("-", "_"))
    previous = {message.context: message for message in old if message.id}
    fresh = new_catalogue(locale)
    if path.exists():
        # The plural rule is the translators': keep the file's, or a newer Babel's CLDR data would add plural
        # forms no translator wrote (Babel 2.19 gives Italian, French, Spanish and Portuguese a third form).
        fresh.mime_headers = [(name, value) for name, value in old.mime_headers if name == "Plural-Forms"]
    for message in source:
        if not message.id:
            continue
        empty: str | tuple[str, ...] = ("",) * fresh.num_plurals if message.pluralizable else ""
        string: object = empty
        flags: set[str] = set(message.flags)
        previous_id: Any = ()
        before = previous.get(message.context)
        if before is not None and before.pluralizable == message.pluralizable and any(_translations(before)):
            string = before.string
            if before.id == message.id:
                flags |= before.flags & {"fuzzy"}
            else:
                # The English changed under the same key: keep the old words for the translator to review.
                flags.add("fuzzy")
                previous_id = before.id
        fresh.add(
            message.id,
            string,  # type: ignore[arg-type]
            context=message.context,
            locations=message.locations,
            flags=flags,
            auto_comments=message.auto_comments,
            previous_id=previous_id,
        )
    return fresh


@dataclass
class Problem:
    locale: str
    key: str
    what: str

    def __str__(self) -> str:
        return f"{self.locale}: {self.key}: {self.what}"


def _translations(message: Message) -> list[str]:
    text = message.string
    return list(text) if isinstance(text, tuple | list) else [text or ""]


def _check_message(locale: str, message: Message, translated: Message | None, forms_wanted: int) -> list[Problem]:
    key = message.context or ""
    if translated is None:
        return [Problem(locale, key, "missing")]
    problems = [Problem(locale, key, "fuzzy")] if translated.fuzzy else []
    forms = _translations(translated)
    if not all(forms):
        return [*problems, Problem(locale, key, "not translated")]
    if message.pluralizable and len(forms) != forms_wanted:
        problems.append(Problem(locale, key, f"{len(forms)} plural forms, the language has {forms_wanted}"))
    sources = [message.id] if isinstance(message.id, str) else list(message.id)
    expected = set().union(*(placeholders(s) for s in sources))
    for form in forms:
        try:
            got = placeholders(form)
        except ValueError as error:
            problems.append(Problem(locale, key, f"broken placeholder: {error}"))
            continue
        # Only {count} may be left out (a language whose singular form names no number, like "una pedina").
        if got - expected or (expected - got) - {"count"}:
            problems.append(Problem(locale, key, f"placeholders {sorted(got)} instead of {sorted(expected)}"))
    return problems


def _first_id(message: Message) -> str:
    return message.id if isinstance(message.id, str) else message.id[0]


def check_locale(locale: str, source: Catalog, catalogue: Catalog) -> list[Problem]:
    """Missing, fuzzy, extra or wrongly shaped translations of one locale against the template."""
    problems: list[Problem] = []
    for message in source:
        if message.id:
            translated = catalogue.get(message.id, context=message.context)
            problems.extend(_check_message(locale, message, translated, catalogue.num_plurals))
    known = {(_first_id(m), m.context) for m in source if m.id}
    for message in catalogue:
        if message.id and (_first_id(message), message.context) not in known:
            problems.append(Problem(locale, message.context or "", "no longer in the code"))
    return problems


def same_messages(one: Catalog, other: Catalog) -> bool:
    """Equal but for the header (which names the Babel version)."""

    def shape(catalogue: Catalog) -> list[tuple[object, ...]]:
        return [(m.context, m.id, m.string, sorted(m.flags)) for m in catalogue if m.id]

    return shape(one) == shape(other)


def check_all(source: Catalog, locales: Iterable[str] = SHIPPED, directory: Path = LOCALE_DIR) -> list[Problem]:
    problems: list[Problem] = []
    for locale in locales:
        if not (directory / f"{locale}.po").exists():
            problems.append(Problem(locale, "-", "no catalogue"))
            continue
        problems.extend(check_locale(locale, source, read_locale(locale, directory)))
    return problems
