"""`python -m rules` is a contract for users' scripts: output shapes and exit codes."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from rules.cli import main

ROOT = Path(__file__).resolve().parents[2]


def run(*argv: str, stdin: str = "") -> tuple[int, str]:
    out = io.StringIO()
    code = main(list(argv), out=out, stdin=io.StringIO(stdin))
    return code, out.getvalue()


def test_perft_json() -> None:
    code, out = run("perft", "italian", "4", "--json")
    record = json.loads(out)
    assert code == 0
    assert {"variant", "fen", "depth", "nodes", "seconds"} <= set(record)
    assert (record["variant"], record["depth"], record["nodes"]) == ("italian", 4, 1469)


def test_perft_divide_sums_to_total() -> None:
    code, out = run("perft", "italian", "3", "--divide")
    lines = out.strip().splitlines()
    per_move = [int(line.rsplit(":", 1)[1]) for line in lines[:-1]]
    assert code == 0 and len(per_move) == 7 and sum(per_move) == 302
    assert "perft(3) = 302" in lines[-1]


def test_moves_json_has_paths_and_captures() -> None:
    code, out = run("moves", "italian", "--fen", "W:W22:B18,19,10", "--json")
    assert code == 0
    assert json.loads(out) == [{"notation": "22x6", "path": ["22", "13", "6"], "captures": ["18", "10"]}]


def test_moves_from_stdin_one_line_per_fen() -> None:
    code, out = run("moves", "italian", "--fen", "-", "--json", stdin="W:W22:B18,19,10\nnot a fen\nB:W28,31:B24\n")
    lines = out.strip().splitlines()
    assert len(lines) == 3
    assert json.loads(lines[0])[0]["notation"] == "22x6"
    assert "error" in json.loads(lines[1])
    assert json.loads(lines[2]) == []
    assert code == 2  # one FEN was bad


def test_check_legal_illegal_and_bad_input() -> None:
    fen = "W:W22:B18,19,10"
    code, out = run("check", "italian", "--fen", fen, "22x13x6")
    assert (code, out.strip()) == (0, "22x6")
    code, out = run("check", "italian", "--fen", fen, "22x15", "--json")
    record = json.loads(out)
    assert code == 1
    assert record["legal"] is False and record["reason"] == "fewer_pieces"
    assert record["legal_moves"] == ["22x13x6"] and "capture 2 pieces" in record["message"]
    code, out = run("check", "italian", "--fen", fen, "22x6", "--json")
    assert code == 0 and json.loads(out)["legal"] is True


@pytest.mark.parametrize(
    "argv",
    [
        ["check", "italian", "--fen", "W:W22,22:B1", "22-18"],
        ["check", "italian", "hello"],
        ["perft", "nonsense", "3"],
        ["perft", "italian", "99"],
        ["moves", "italian", "--fen", "W:W99:B1"],
        ["perft", "italian", "three"],
    ],
)
def test_bad_input_exits_2_without_traceback(argv: list[str]) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "rules", *argv], capture_output=True, text=True, cwd=ROOT, check=False
    )
    assert result.returncode == 2
    assert "Traceback" not in result.stderr
    assert result.stderr.strip()


def test_a_reader_that_stops_early_gets_no_traceback() -> None:
    """docs/OPENINGS.md pipes the ballots into `head -3`: the reader goes away before the output ends."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "rules", "ballots", "english"], cwd=ROOT,
        stdout=subprocess.PIPE, stderr=subprocess.PIPE,
    )
    assert proc.stdout is not None and proc.stderr is not None
    proc.stdout.close()  # like `head` once it has its lines
    errors = proc.stderr.read().decode()
    proc.wait(timeout=60)
    assert "Traceback" not in errors and "BrokenPipeError" not in errors, errors
