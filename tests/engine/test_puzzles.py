"""The puzzle generator: `python -m engine puzzles`, its JSON shape, its sources and what it leaves out.

Found puzzles are checked against the record they cite (replayed by the rules library) and by a
material-only minimax written here on the rules library alone, not against the generator's own search.
"""

from __future__ import annotations

import itertools
import json
import subprocess
import sys
from pathlib import Path

import pytest

import engine.puzzles as puzzles_module
from engine.puzzle_bundle import main as run_bundle
from engine.puzzle_games import record_jobs, scan_games
from engine.puzzles import MIN_CHOICES, Finder, Puzzle, balance, puzzle_id
from rules import Color, Position, find_variant, format_fen, format_move, parse_fen, parse_move
from rules.pdn_replay import replay
from rules.pdn_scan import read_records

ROOT = Path(__file__).resolve().parents[2]
RECORDS = Path(__file__).parent / "pdn" / "partite-shots.pdn"
ITALIAN = find_variant("italian")
KEYS = {"id", "variant", "fen", "solution", "themes", "source", "rating"}


@pytest.fixture(scope="module")
def found() -> list[Puzzle]:
    return scan_games(record_jobs(RECORDS, ITALIAN), workers=1)


def run_cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "engine", "puzzles", *args], cwd=ROOT, capture_output=True, text=True, timeout=300
    )


def test_cli_prints_the_issue_json_shape_and_honours_limit() -> None:
    done = run_cli(str(RECORDS), "--variant", "italian", "--limit", "2", "--json")
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert set(data) == {"puzzles"}
    assert len(data["puzzles"]) == 2
    for item in data["puzzles"]:
        assert set(item) == KEYS
        assert item["variant"] == "italian"
        assert item["source"]["file"] == "partite-shots.pdn"
        assert isinstance(item["rating"], int)
        assert item["solution"] and len(item["solution"]) % 2 == 1  # ends on the solver's move


BAD = [("no/such/file.pdn",), (str(RECORDS), "--limit", "0"), (str(RECORDS), "--variant", "chess")]


@pytest.mark.parametrize("args", BAD)
def test_cli_bad_input_is_one_line_and_status_2(args: tuple[str, ...]) -> None:
    done = run_cli(*args)
    assert done.returncode == 2
    assert done.stderr.startswith("error: ") and done.stderr.count("\n") == 1
    assert "Traceback" not in done.stderr


def test_each_puzzle_is_the_cited_records_position_and_its_line_is_legal(found: list[Puzzle]) -> None:
    assert len(found) >= 3
    records = {record.number: record for record in read_records(RECORDS.read_bytes())}
    for puzzle in found:
        game = replay(records[puzzle.source["game"]], ITALIAN).game
        assert game is not None
        position = game.positions[puzzle.source["ply"]]
        assert format_fen(position) == puzzle.fen
        assert puzzle.id == puzzle_id("italian", puzzle.fen)
        assert abs(balance(position, position.turn)) < 2  # not already won
        assert len(position.legal_moves()) >= 2  # not a lone forced move
        for text in puzzle.solution:
            position = position.apply(parse_move(position, text))
    assert len({p.id for p in found}) == len(found)


def material_minimax(position: Position, solver: Color, plies: int) -> float:
    """The solver's material balance after plies, both sides playing for material (rules library only)."""
    moves = position.legal_moves()
    if plies == 0 or not moves:
        if not moves:
            return 100.0 if position.turn is not solver else -100.0
        return balance(position, solver)
    scores = [material_minimax(position.apply(move), solver, plies - 1) for move in moves]
    return max(scores) if position.turn is solver else min(scores)


def test_shots_win_material_by_a_material_only_minimax(found: list[Puzzle]) -> None:
    """A second method: the first move of each short winning shot gains material against any defence."""
    shots = [p for p in found if "saving-draw" not in p.themes and len(p.solution) <= 5]
    assert shots
    for puzzle in shots:
        start = parse_fen(ITALIAN, puzzle.fen)
        first = parse_move(start, puzzle.solution[0])
        plies = len(puzzle.solution) + 1
        gain = material_minimax(start.apply(first), start.turn, plies - 1) - balance(start, start.turn)
        assert gain >= 1, puzzle


def with_two_more_men(start: Position, squares: list[int]) -> Position:
    extra = sum(1 << s for s in squares)
    white = start.white | (extra if start.turn is Color.WHITE else 0)
    black = start.black | (extra if start.turn is Color.BLACK else 0)
    return Position(ITALIAN, white, black, start.kings, start.turn)


def test_a_position_already_two_men_up_is_left_out(found: list[Puzzle], monkeypatch: pytest.MonkeyPatch) -> None:
    """Two more men for the solver where they leave the combination intact (it is still found with the
    rule lifted): with the rule, the position is no puzzle."""
    finder = Finder(ITALIAN)
    tried = 0
    for shot in (p for p in found if "saving-draw" not in p.themes):
        start = parse_fen(ITALIAN, shot.fen)
        empty = sorted(s for s in start.board.coords if not (start.white | start.black | start.kings) >> s & 1)
        for pair in itertools.pairwise(empty):
            richer = with_two_more_men(start, list(pair))
            if abs(balance(richer, richer.turn)) < 2 or not richer.legal_moves():
                continue
            monkeypatch.setattr(puzzles_module, "WON_ALREADY", 99.0)
            lifted = finder.find(richer)
            monkeypatch.undo()
            if lifted is not None and lifted[0] == finder.find(start)[0]:  # type: ignore[index]
                assert finder.find(richer) is None
                tried += 1
                break
    assert tried >= 1


def test_a_lone_legal_move_is_no_puzzle() -> None:
    # White's man on 22 must take 18 (the only legal move); White wins material, but has no choice.
    position = parse_fen(ITALIAN, "W:W22,29:B18,5")
    assert len(position.legal_moves()) == 1
    assert Finder(ITALIAN).find(position) is None


def test_two_legal_moves_are_no_puzzle() -> None:
    """Once in the bundled set: White chooses between two captures, 30x23 (then 7-11 16x7 wins a man) and
    31x22. Two moves are a coin toss, not a puzzle (docs/PUZZLES.md: at least MIN_CHOICES legal moves)."""
    position = parse_fen(ITALIAN, "W:W16,19,26,30,31:B7,8,12,17,24,27")
    assert len(position.legal_moves()) == 2 < MIN_CHOICES
    assert Finder(ITALIAN).find(position) is None


def test_a_solution_found_by_elimination_is_no_puzzle() -> None:
    """Once in the bundled set: 27-22 "saves the game", but each of White's seven other moves loses two men or
    more to Black's very next move (the material-only minimax, one ply), so nothing is left to find."""
    position = parse_fen(ITALIAN, "W:W18,21,23,24,27,29:B3,4,6,9,11,13")
    solution = parse_move(position, "27-22")
    others = [move for move in position.legal_moves() if move != solution]
    assert len(others) == 7
    for move in others:
        assert material_minimax(position.apply(move), Color.WHITE, 1) <= -2, format_move(position, move)
    assert material_minimax(position.apply(solution), Color.WHITE, 1) == 0
    finder = Finder(ITALIAN)
    assert finder.reasonable(position, solution) == []
    assert finder.find(position) is None


def test_a_puzzle_with_a_tempting_alternative_is_kept(found: list[Puzzle]) -> None:
    """The rule leaves real puzzles alone: each found in the records has a move besides its solution that
    keeps the material at a glance."""
    finder = Finder(ITALIAN)
    for puzzle in found:
        start = parse_fen(ITALIAN, puzzle.fen)
        assert finder.reasonable(start, parse_move(start, puzzle.solution[0])), puzzle


def test_a_repeated_position_is_scanned_once(found: list[Puzzle]) -> None:
    start = parse_fen(ITALIAN, found[0].fen)
    again = Finder(ITALIAN).scan([start, start.apply(start.legal_moves()[0]), start], {"file": "x"})
    assert [p.source["ply"] for p in again if p.fen == found[0].fen] == [0]


def test_the_bundle_builder_keeps_only_positions_solutions_and_sources(tmp_path: Path) -> None:
    corpus = tmp_path / "corpus" / "italian"
    corpus.mkdir(parents=True)
    (corpus / RECORDS.name).write_bytes(RECORDS.read_bytes())
    out = tmp_path / "out"
    args = [str(tmp_path / "corpus"), str(out), "--variant", "italian", "--target", "1", "--max-games", "0"]
    assert run_bundle(args) == 0
    data = json.loads((out / "italian.json").read_text())
    assert len(data["puzzles"]) >= 3
    tags = {"file", "game", "ply", "white", "black", "event", "date"}
    for item in data["puzzles"]:
        assert set(item) == KEYS
        assert item["source"]["file"] == f"italian/{RECORDS.name}"
        assert set(item["source"]) <= tags  # the record's tags as the source, nothing of its text


def test_the_bundle_builder_keeps_only_what_still_passes(tmp_path: Path, found: list[Puzzle]) -> None:
    """--keep: the puzzles already in OUT that meet today's start rules stay, the others go (here the
    elimination puzzle above, once in the bundled set); no record is scanned again."""
    out = tmp_path / "out"
    out.mkdir()
    elimination = Puzzle(
        id=puzzle_id("italian", "W:W18,21,23,24,27,29:B3,4,6,9,11,13"),
        variant="italian",
        fen="W:W18,21,23,24,27,29:B3,4,6,9,11,13",
        solution=("27-22",),
        themes=("saving-draw",),
        source={"self_play": 3, "ply": 40},
        rating=1200,
    )
    kept = found[0]
    (out / "italian.json").write_text(json.dumps({"puzzles": [kept.to_json(), elimination.to_json()]}))
    args = [str(tmp_path / "no-corpus"), str(out), "--variant", "italian", "--keep", "--target", "1"]
    assert run_bundle(args) == 0
    assert [item["id"] for item in json.loads((out / "italian.json").read_text())["puzzles"]] == [kept.id]
