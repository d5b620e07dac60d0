"""benchmarks/reference.py: the engine before the compiled core, built from a pinned revision of the repository's
history (it replaced a copy kept in the tree); a checkout without that history gets a sentence."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from benchmarks import reference
from benchmarks.match import checked_move
from rules import find_variant, start_position


def test_the_pinned_engine_is_built_once_and_plays_legal_moves(tmp_path: Path) -> None:
    folder = reference.build(tmp_path)
    package = folder / reference.PACKAGE
    assert (package / reference.COMPLETE).read_text().strip() == reference.REVISION
    shown = subprocess.run(
        ["git", "-C", str(reference.ROOT), "show", f"{reference.REVISION}:engine/evaluate.py"],
        capture_output=True, text=True, check=True,
    ).stdout
    assert (package / "evaluate.py").read_text() == shown  # the revision's own file, unchanged
    assert "from engine." not in (package / "search.py").read_text()  # nothing of today's engine
    assert reference.build(tmp_path) == folder
    for variant in ("italian", "international"):
        position = start_position(find_variant(variant))
        searcher = reference.searcher_class(tmp_path)(position.rules)
        result = searcher.search(position.white, position.black, position.kings, int(position.turn), seconds=0.05)
        assert checked_move(position, result.move, "the reference engine") in position.legal_moves()
        assert type(searcher).__module__ == "dama_reference.search"
    assert "dama_reference.evaluate" in sys.modules


def test_a_checkout_without_the_revision_is_told_what_to_do(tmp_path: Path) -> None:
    with pytest.raises(reference.ReferenceUnavailable) as raised:
        reference.build(tmp_path, revision="0" * 40)
    assert str(raised.value).startswith("the reference engine (the engine before the compiled core) is built from "
                                        "commit 000000000000 of this repository, which this checkout does not have")
    assert "git fetch --unshallow" in str(raised.value)
    assert not list(tmp_path.iterdir())
