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
