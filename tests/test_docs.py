"""The README and docs make sense with only the repository: no pointers to files outside it, and every
relative link leads to a file that exists."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
OUTSIDE = re.compile(r"(\.\./shared|\bshared/|RULES\.md §|§\d|\bseeds?/|seed 0\d\d|STYLE\.md|DISCORD-TESTING\.md)")
LINK = re.compile(r"\]\(([^)#\s]+)(?:#[^)]*)?\)")


@pytest.mark.parametrize("doc", DOCS, ids=lambda p: p.name)
def test_no_reference_outside_the_repository(doc: Path) -> None:
    found = [(n, line) for n, line in enumerate(doc.read_text().splitlines(), 1) if OUTSIDE.search(line)]
    assert found == []


@pytest.mark.parametrize("doc", DOCS, ids=lambda p: p.name)
def test_relative_links_lead_to_files_in_the_repository(doc: Path) -> None:
    for target in LINK.findall(doc.read_text()):
        if "://" in target or target.startswith("mailto:"):
            continue
        resolved = (doc.parent / target).resolve()
        assert resolved.exists(), (doc.name, target)
        assert ROOT in resolved.parents or resolved == ROOT, (doc.name, target)


def test_the_readme_is_a_short_first_page() -> None:
    # reference material belongs in docs/; the README is what a newcomer reads first
    assert len((ROOT / "README.md").read_text().splitlines()) <= 300


PLACEHOLDER = re.compile(r"\b[A-Z]{3,}_[A-Z_]{3,}\b|\bTODO\b|\bTBD\b|\bFIXME\b|XXX")
KNOWN_NAMES = re.compile(r"^(?:[A-Z]+_)+[A-Z]+$")


@pytest.mark.parametrize("doc", DOCS, ids=lambda p: p.name)
def test_no_placeholder_is_left(doc: Path) -> None:
    # an upper-case name is a placeholder unless the code knows it (settings such as DATABASE_PATH)
    sources = [p for pattern in ("**/*.py", "**/*.c", "**/*.h") for p in ROOT.glob(pattern) if ".venv" not in p.parts]
    code = "\n".join(p.read_text(errors="replace") for p in sources)
    code += (ROOT / ".env.example").read_text() + (ROOT / "Makefile").read_text()
    found = []
    fenced = False
    for n, line in enumerate(doc.read_text().splitlines(), 1):
        if line.lstrip().startswith("```"):
            fenced = not fenced
        if fenced:
            continue
        prose = re.sub(r"`[^`]*`", " ", line)  # usage lines name their arguments in capitals
        for match in PLACEHOLDER.finditer(prose):
            word = match.group(0)
            if KNOWN_NAMES.match(word) and word in code:
                continue
            found.append((n, word))
    assert found == []
