"""Local mode's premove, rematch and analyse commands, through the real service and SQLite file."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from tests.local.test_session import session


def table(path: Path, sql: str) -> list[tuple[object, ...]]:
    with sqlite3.connect(path) as conn:
        return list(conn.execute(sql))


def test_premove_plays_the_reply_at_once_and_another_move_clears_the_lines(tmp_path: Path) -> None:
    # Italian, local:alice White. After 21-17 it is Black's (bob's) move; alice plans 12-16 -> 24-20 and
    # 9-13 -> 22-18. Bob plays 12-16: 24-20 follows at once. Then a line for 11-15 (which 20x11 would
    # punish) that never comes: bob plays 10-14, and the line is gone.
    text = session(
        [
            "challenge bob white",
            "21-17",
            "premove 12-16 24-20",
            "premove 9-13 22-18",
            "premove",
            "12-16",
            "premove 11-15 20x11",
            "10-14",
            "premove",
            "quit",
        ],
        tmp_path,
    )
    assert "1. 12-16 24-20\n2. 9-13 22-18" in text
    assert "local:bob played 12-16.\nlocal:alice answered at once with 24-20 (a conditional move)." in text
    assert "1. 11-15 20x11" in text
    assert "You have no conditional moves in game #1." in text
    plies = table(tmp_path / "dama.sqlite3", "SELECT ply, notation, player_id FROM moves ORDER BY ply")
    assert plies == [(1, "21-17", 1), (2, "12-16", 2), (3, "24-20", 1), (4, "10-14", 2)]
    assert table(tmp_path / "dama.sqlite3", "SELECT COUNT(*) FROM premoves") == [(0,)]


def test_a_bad_line_is_refused_at_its_first_bad_move(tmp_path: Path) -> None:
    text = session(["challenge bob white", "21-17", "premove 12-16 24-19", "premove", "quit"], tmp_path)
    assert "That line is refused at move 2 (24-19, your reply)" in text
    assert "You have no conditional moves in game #1." in text


def test_rematch_swaps_colours_and_refuses_a_game_still_going(tmp_path: Path) -> None:
    text = session(["challenge bob white", "rematch", "resign", "rematch", "quit"], tmp_path)
    assert "Game #1 is still being played: a rematch comes after it ends." in text
    assert "Rematch of game #1: game #2 begins, local:bob (White) against local:alice (Black)." in text
    games = table(tmp_path / "dama.sqlite3", "SELECT id, white_id, black_id, variant, status FROM games ORDER BY id")
    assert games == [(1, 1, 2, "italian", "finished"), (2, 2, 1, "italian", "active")]


def test_analyse_refuses_an_active_game_then_writes_the_graph_and_pdn(tmp_path: Path) -> None:
    # Italian: after 22-18 11-15 23-20, Black's 9-13 gives 18x9 a man (tests/service/test_analysis.py)
    moves = ["22-18", "11-15", "23-20", "9-13", "18x9"]
    text = session(["challenge bob white", *moves, "analyse", "resign", "analyse", "quit"], tmp_path)
    assert "Game #1 is still being played: analyses are for finished games" in text
    assert "Analysis of game #1 (Italian draughts, 5 plies; 0.6 s per position)." in text
    assert "Black (local:bob): accuracy" in text and "1 blunder" in text
    assert "2... 9-13?? (a blunder: Black gave away" in text and "The answer to 9-13: 18x9" in text
    pdn = (tmp_path / "boards" / "game-1-analysed.pdn").read_text()
    assert "9-13 $4 {[%eval" in pdn
    assert (tmp_path / "boards" / "game-1-analysis.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_analyse_an_imported_record(tmp_path: Path) -> None:
    record = tmp_path / "club.pdn"
    record.write_text('[White "Ann"]\n[Black "Bo"]\n1. 22-18 11-15 2. 23-20 9-13 3. 18x9 1-0\n')
    text = session([f"import {record}", "analyse imported", "analyse imported 1", "quit"], tmp_path)
    assert "Which imported game? For example: analyse imported 3" in text
    assert "Analysis of imported game #1 (Italian draughts, 5 plies; 0.6 s per position)." in text
    assert "White (Ann): accuracy" in text and "Black (Bo): accuracy" in text
    assert "imported-1-analysed.pdn" in text
