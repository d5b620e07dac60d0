"""Local mode's study board (issue 26): study, next, prev, try, back, through the real service and SQLite
file; the engine only where the hint policy allows it; tried moves stored nowhere.

Expected moves come from rules.Game (the rules library), not from the session's output."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from PIL import Image

import engine
from engine import Analysis
from render.theme import load_theme
from rules import Game, Position, find_variant, format_move
from tests.local.test_session import session

ITALIAN = find_variant("italian")


def legal_after(moves: list[str]) -> str:
    position = Game.from_moves(ITALIAN, moves).position
    return ", ".join(format_move(position, m) for m in position.legal_moves())


def test_study_step_try_and_back_without_storing(tmp_path: Path) -> None:
    asked: list[Position] = []

    async def analyser(position: Position, history: object) -> Analysis:
        asked.append(position)
        return await engine.analyse(position, depth=3)

    text = session(
        ["next", "challenge bob white", "24-20", "12-16", "22-18", "study", "prev", "prev", "try 10-14",
         "try 20-11", "try 22-18", "back", "back", "back", "next", "try 22-18", "quit"],
        tmp_path, analyser=analyser,
    )  # fmt: skip
    assert "No study is open: type study (or study #N, or study imported N)." in text
    assert "Study of game #1\nThe game after ply 3 of 3: 22-18." in text
    assert f"Legal moves: {legal_after(['24-20', '12-16', '22-18'])}" in text
    assert "The game after ply 2 of 3: 12-16." in text and "The game after ply 1 of 3: 24-20." in text
    assert "A tried line, not the game (not stored, no one is told): after ply 1, 10-14." in text
    assert f"Legal moves: {legal_after(['24-20', '10-14'])}" in text
    refusal = text.split("try 20-11", 1)[1].split("try 22-18", 1)[0]
    for legal in legal_after(["24-20", "10-14"]).split(", "):
        assert legal in refusal, (legal, refusal)
    assert "after ply 1, 10-14 22-18." in text
    assert "There is no tried move to take back." in text
    # an unrated game between the two local players: the engine speaks (the default policy)
    assert text.count("Engine: ") >= 8 and len(asked) == len(set(asked)) >= 5  # each position searched once
    assert Game.from_moves(ITALIAN, ["24-20", "10-14", "22-18"]).position in asked
    with sqlite3.connect(tmp_path / "dama.sqlite3") as conn:
        assert [r[0] for r in conn.execute("SELECT path FROM moves ORDER BY ply")] == ["24-20", "12-16", "22-18"]
    # the last picture shows a tried line: framed in red
    picture = Image.open(tmp_path / "boards" / "study-game-1.png").convert("RGB")
    assert picture.getpixel((0, 0)) == tuple(load_theme("classic").captured_mark)


def test_no_engine_in_a_rated_game_and_an_imported_record(tmp_path: Path) -> None:
    record = tmp_path / "club.pdn"
    record.write_bytes(b'[Event "Club"]\n[White "Ann"]\n[Black "Bo"]\n1. 22-18 11-15 2. 23-20 9-13 3. 18x9 1-0\n')

    async def analyser(position: Position, history: object) -> Analysis:
        return await engine.analyse(position, depth=3)

    text = session(
        ["challenge bob white rated", "study", f"import {record}", "study imported 1 ply 2", "last",
         "study imported 1 ply 9", "quit"],
        tmp_path, analyser=analyser,
    )  # fmt: skip
    rated = text.split("study imported 1 ply 2", 1)[0].split("dama> study", 1)[-1]
    assert "Study of game #1\nThe game's start position (ply 0 of 0)." in rated
    assert f"Legal moves: {legal_after([])}" in rated
    assert "Engine: " not in rated and "Hints are not allowed in rated games here" in rated
    assert "Study of imported game #1\nThe game after ply 2 of 5: 11-15." in text
    assert "The game after ply 5 of 5: 18x9." in text
    assert "Engine: " in text.split("study imported 1 ply 2", 1)[1]
    assert "Ply 9 is not in this game: choose 0 to 5." in text


def test_a_position_is_searched_once_per_study(tmp_path: Path) -> None:
    """docs/STUDY.md: a position already evaluated in a study is not searched again (next at the last ply
    says it is the end and shows nothing; prev then next comes back to it)."""
    asked: list[Position] = []

    async def analyser(position: Position, history: object) -> Analysis:
        asked.append(position)
        return await engine.analyse(position, depth=2)

    text = session(["challenge bob white", "24-20", "study", "next", "prev", "next", "last", "quit"], tmp_path,
                   analyser=analyser)  # fmt: skip
    assert text.count("Engine: ") == 4, text
    after = Game.from_moves(ITALIAN, ["24-20"]).position
    assert sorted(map(str, asked)) == sorted(map(str, [after, Game(ITALIAN).position])), asked


def test_study_names_the_side_to_move_and_the_end(tmp_path: Path) -> None:
    """After 24-20 12-16 (Italian: White moves first) White is to move at ply 2, Black at ply 1. The one
    studying plays both sides, so a piece of the side not to move is named by its side, not "your opponent"."""
    text = session(
        ["challenge bob white", "24-20", "12-16", "study", "next", "prev", "try 16-19", "try 20-16", "back",
         "first", "quit"],
        tmp_path,
    )  # fmt: skip
    assert "study, ply 2: White to move> next" in text
    assert "This is the game's last position (ply 2); there is no next move. Type prev or first to step back." in text
    assert "study, ply 1: Black to move> try 16-19" in text
    assert "The game after ply 1 of 2: 24-20.\nBlack to move.\n" in text
    refused = text.split("try 16-19", 1)[1].split("> try 20-16", 1)[0]
    assert "There is no piece on 16." in refused
    refused = text.split("> try 20-16", 1)[1].split(">", 1)[0]
    assert refused.startswith("\nIt is Black's turn in this study; the piece on 20 is White's. Legal: "), refused
    assert "belongs to your opponent" not in text
    assert "study, ply 0: White to move> quit" in text
