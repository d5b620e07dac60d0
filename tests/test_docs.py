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
    lines = (ROOT / "README.md").read_text().splitlines()
    assert len(lines) <= 250
    assert [(n, len(line)) for n, line in enumerate(lines, 1) if len(line) > 200] == []


def test_the_readme_keeps_at_most_six_headline_figures() -> None:
    # every other figure, with its method and date, is in docs/BENCHMARKS.md
    text = (ROOT / "README.md").read_text()
    table = text[text.index("Headline figures") :].split("\n\n")[1].splitlines()
    assert table[0].startswith("| what |")
    assert 1 <= len(table) - 2 <= 6


def test_the_engine_doc_says_how_it_works_and_the_log_keeps_the_experiments() -> None:
    assert len((ROOT / "docs" / "ENGINE.md").read_text().splitlines()) < 350
    assert "## The learned evaluation" in (ROOT / "docs" / "ENGINE-LOG.md").read_text()


def test_the_makefile_help_points_at_where_figures_are() -> None:
    makefile = (ROOT / "Makefile").read_text()
    assert "recorded in the README" not in makefile
    assert "docs/BENCHMARKS.md" in makefile


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
