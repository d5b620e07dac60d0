"""Table files at start-up (engine/tablebuild.py): which are missing, one builder per folder, and an engine
process picking up a file that appears after its first search."""

from __future__ import annotations

import fcntl
from pathlib import Path

import pytest

from engine import native, tablebuild, tablefiles, worker
from engine.tables import build_tables
from rules import VARIANTS

pytestmark = pytest.mark.skipif(native.core is None, reason="test_native.py fails when the core is not built")


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("DAMA_TABLES", str(tmp_path))
    tablefiles.forget_images()
    worker._searchers.clear()
    worker._stamps.clear()
    yield tmp_path
    tablefiles.forget_images()
    worker._searchers.clear()
    worker._stamps.clear()


def test_the_files_to_build_are_the_missing_ones_italian_first(folder: Path) -> None:
    assert tablebuild.missing() == ["italian", "international", "english", "russian", "brazilian"]
    (folder / "international.dtb").write_bytes(b"x")
    assert tablebuild.missing() == ["italian", "english", "russian", "brazilian"]
    assert tablebuild.summary() == f"endgame tables in {folder}: international"


def test_a_second_builder_on_the_same_folder_leaves_the_work_to_the_first(folder: Path) -> None:
    said: list[str] = []
    with (folder / tablebuild.LOCK).open("a") as held:
        fcntl.flock(held, fcntl.LOCK_EX | fcntl.LOCK_NB)
        assert tablebuild.build_missing(folder, said.append) == 0
    assert said == [f"another process is building the table files in {folder}; this one leaves it to it"]
    assert sorted(p.name for p in folder.iterdir()) == [tablebuild.LOCK]


def test_an_engine_process_picks_up_a_file_built_after_its_first_search(folder: Path) -> None:
    first = worker.searcher_for("international")
    assert isinstance(first, native.NativeSearcher) and not first.endgame  # International: no file, no tables
    assert worker.searcher_for("international") is first
    build_tables(VARIANTS["international"], pieces=2, folder=folder)  # written as .partial, renamed into place
    assert not list(folder.glob("*.partial"))
    second = worker.searcher_for("international")
    assert isinstance(second, native.NativeSearcher) and second is not first and second.endgame
    assert worker.searcher_for("international") is second
