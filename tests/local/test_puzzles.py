"""Local mode's puzzle: open one, solve it move by move (the replies play themselves), fail the next with a
wrong move (the refutation shown, searched by the real engine), statistics, and bad input in words."""

from __future__ import annotations

from pathlib import Path

import pytest
from PIL import Image

from data.puzzles import bundled
from render import RenderOptions, render_board
from rules import Color, find_variant, format_move, parse_fen, parse_move
from tests.local.test_session import session, table


def opened(tmp_path: Path) -> dict[str, object]:
    rows = table(tmp_path / "dama.sqlite3", "SELECT puzzle_id FROM puzzle_attempts WHERE status = 'open'")
    assert len(rows) == 1
    return next(item for item in bundled("italian") if item["id"] == rows[0][0])


def test_solve_then_fail_a_puzzle_then_stats(tmp_path: Path) -> None:
    text = session(["puzzle italian", "quit"], tmp_path)
    assert "Puzzle (Italian draughts, rated" in text and "to move and" in text
    item = opened(tmp_path)
    solution = item["solution"]
    assert isinstance(solution, list)
    text = session([f"puzzle {move}" for move in solution[0::2]] + ["puzzle stats", "quit"], tmp_path)
    for index in range(1, len(solution), 2):
        assert f"The reply: {solution[index]}. Your move." in text
    assert f"{solution[-1]}: solved! Puzzle rating 1500 →" in text
    assert "Solved: 1. Failed: 0. Streak: 1 (best 1)." in text

    session(["puzzle italian", "quit"], tmp_path)
    item = opened(tmp_path)
    start = parse_fen(find_variant("italian"), str(item["fen"]))
    right = parse_move(start, str(item["solution"][0]))  # type: ignore[index]
    wrong = next(m for m in start.legal_moves() if m.identity != right.identity)
    text = session([f"puzzle {format_move(start, wrong)}", "puzzle stats", "quit"], tmp_path)
    assert f"{format_move(start, wrong)} is not the answer" in text
    assert "refutes it" in text or "The solution:" in text
    assert "Solved: 1. Failed: 1. Streak: 0 (best 1)." in text


def test_bad_puzzle_input_is_answered_in_words(tmp_path: Path) -> None:
    text = session(["puzzle 22-18", "puzzle chess", "puzzle italian", "puzzle 99-98", "quit"], tmp_path)
    assert text.count("Type puzzle [variant] for a puzzle") == 2
    assert "Traceback" not in text
    assert "99" in text  # the rules' sentence about the square


def test_a_bare_move_after_a_puzzle_is_for_the_puzzle_until_another_command(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("service.puzzles.NEAREST", 1)  # no random pick: a fresh start offers the same puzzle
    first, second = tmp_path / "first", tmp_path / "second"
    first.mkdir(), second.mkdir()
    session(["puzzle italian", "quit"], first)  # learn it here
    item = opened(first)
    solution = item["solution"]
    assert isinstance(solution, list)
    # A current game, where bare moves otherwise go; then the puzzle, solved by typing its moves alone.
    text = session(["play italian white", "puzzle italian", *solution[0::2], "quit"], second)
    assert opened_id(second) is None and f"{solution[-1]}: solved! Puzzle rating 1500 →" in text
    assert table(second / "dama.sqlite3", "SELECT ply FROM games") == [(0,)]  # the game was not touched
    text = session(["puzzle italian", "board", "22-18", "quit"], second)  # after another command: the game's
    assert table(second / "dama.sqlite3", "SELECT ply FROM games")[0][0] >= 1


def opened_id(folder: Path) -> str | None:
    rows = table(folder / "dama.sqlite3", "SELECT puzzle_id FROM puzzle_attempts WHERE status = 'open'")
    return rows[0][0] if rows else None


def test_a_puzzle_has_its_picture_as_on_discord(tmp_path: Path) -> None:
    """dama-boards/puzzle-<id>.png: the puzzle's position (from the bundled FEN) from the solver's side, drawn
    as Discord's /puzzle draws it; after a right move, the position after the reply."""
    text = session(["puzzle italian", "quit"], tmp_path)
    item = opened(tmp_path)
    path = tmp_path / "boards" / f"puzzle-{item['id']}.png"
    assert f"Puzzle picture: {path}" in text
    start = parse_fen(find_variant("italian"), str(item["fen"]))
    flip = start.turn is Color.BLACK
    expected = render_board(start, RenderOptions(size=560, flip=flip, caption=False, language="en"))
    assert path.read_bytes() == expected
    assert Image.open(path).width == 560
    solution = [str(move) for move in item["solution"]]  # type: ignore[attr-defined]
    if len(solution) > 1:
        session([f"puzzle {solution[0]}", "quit"], tmp_path)
        after = start.apply(parse_move(start, solution[0]))
        after = after.apply(parse_move(after, solution[1]))
        options = RenderOptions(size=560, flip=flip, caption=False, language="en")
        assert path.read_bytes() == render_board(after, options)
    before = set((tmp_path / "boards").glob("puzzle-*.png"))
    text = session(["pictures off", "puzzle italian", "quit"], tmp_path)
    assert "Puzzle picture" not in text and set((tmp_path / "boards").glob("puzzle-*.png")) == before
