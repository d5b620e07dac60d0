"""Local mode's import: a PDN file from disk with one broken game, the report, then an imported game shown."""

from __future__ import annotations

import shutil
import sqlite3
from pathlib import Path

from tests.local.test_session import session

FILES = Path(__file__).resolve().parents[1] / "rules" / "pdn_files"


def test_import_a_file_then_show_a_game(tmp_path: Path) -> None:
    games = tmp_path / "club.pdn"
    games.write_bytes(
        b'[Event "one"]\n[White "Ann"]\n[Black "Bo"]\n1. 21-17 9-13 2. 25-21 5-9 1-0\n\n'
        b'[Event "two"]\n1. 21-17 9-13 2. 22-l8 5-9 0-1\n'
    )
    english = tmp_path / "openings.pdn"
    shutil.copy(FILES / "11_man_english-3.pdn", english)
    text = session(
        [f"import {games}", "imported 1", f"import {english}", f"import {english} english", "imported 99",
         f"import {tmp_path / 'missing.pdn'}", "quit"],
        tmp_path,
    )  # fmt: skip
    assert "Imported 1 of 2 games from club.pdn. Show one with: imported N." in text
    assert "Game 2, line 7, ply 3 (22-l8): not imported." in text
    assert "Imported game #1: Ann – Bo, one." in text and "1. 21-17 9-13 2. 25-21 5-9 1-0" in text
    # Without GameType the caller's variant comes first: local mode's default (Italian), named in the report.
    assert "Game 1: imported as #2 (Italian draughts, 0 plies, *)." in text
    assert "Game 1: imported as #5 (English draughts / American checkers, 0 plies, *)." in text
    assert "There is no imported game #99." in text
    assert "There is no file " in text and "missing.pdn." in text
    with sqlite3.connect(tmp_path / "dama.sqlite3") as conn:
        assert list(conn.execute("SELECT variant, guild_id FROM imported_games ORDER BY id")) == [
            ("italian", None), ("italian", None), ("italian", None), ("italian", None),
            ("english", None), ("english", None), ("english", None),
        ]  # fmt: skip


def test_a_record_from_a_position_without_one_side_is_not_imported(tmp_path: Path) -> None:
    """W:W22 has no black piece: no game to study (as no game may start there), said in words, nothing stored."""
    record = tmp_path / "lonely.pdn"
    record.write_bytes(b'[FEN "W:W22"]\n1. 22-18 1-0\n')
    text = session([f"import {record}", "study imported 1", "quit"], tmp_path)
    assert "The starting position (FEN 'W:W22') is not valid." in text
    with sqlite3.connect(tmp_path / "dama.sqlite3") as conn:
        assert conn.execute("SELECT COUNT(*) FROM imported_games").fetchone() == (0,)
