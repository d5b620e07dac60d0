"""`python -m rules pdn check FILE... [--variant ID] [--json]`: the report's shape and the exit codes."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import rules.cli_pdn  # noqa: F401 - registers the pdn command
from rules.cli import main

FILES = Path(__file__).parent / "pdn_files"
ROOT = Path(__file__).resolve().parents[2]


def run(*argv: str) -> tuple[int, str]:
    out = io.StringIO()
    code = main(list(argv), out=out)
    return code, out.getvalue()


def test_every_game_replayed_exits_0() -> None:
    code, out = run("pdn", "check", str(FILES / "czech-2008-game1.pdn"), "--variant", "czech", "--json")
    assert code == 0
    assert json.loads(out) == {"files": 1, "games": 1, "replayed": 1, "failures": []}


def test_failures_one_by_one_exit_1() -> None:
    files = [str(FILES / "hcheckers-draw10-101-55.pdn"), str(FILES / "11_man_english-3.pdn")]
    code, out = run("pdn", "check", *files, "--json")
    report = json.loads(out)
    assert code == 1
    assert (report["files"], report["games"], report["replayed"]) == (2, 6, 2)
    first = report["failures"][0]
    assert set(first) == {"file", "game", "line", "ply", "move", "reason", "message"}
    assert (first["game"], first["line"], first["ply"], first["move"], first["reason"]) == (
        1, 4, 1, "A1-A5", "not_a_legal_step",
    )  # fmt: skip
    assert "Legal: a3-b4" in first["message"]
    assert [f["reason"] for f in report["failures"][1:]] == ["variant_needed"] * 3
    assert all(f["move"] == "" and f["ply"] == 0 for f in report["failures"][1:])


def test_the_callers_variant_reads_the_eleven_man_positions() -> None:
    code, out = run("pdn", "check", str(FILES / "11_man_english-3.pdn"), "--variant", "english", "--json")
    assert code == 0 and json.loads(out)["replayed"] == 3


def test_an_unreadable_input_exits_2(tmp_path: Path) -> None:
    code, out = run("pdn", "check", str(tmp_path / "missing.pdn"), str(FILES / "prof2-game4.pdn"), "--json")
    report = json.loads(out)
    assert code == 2
    assert (report["files"], report["games"], report["replayed"]) == (1, 1, 1)
    assert report["failures"][0]["reason"] == "unreadable_file"


def test_text_report_and_unknown_variant() -> None:
    code, out = run("pdn", "check", str(FILES / "hcheckers-draw10-101-55.pdn"))
    assert code == 1
    assert "game 1, line 4, ply 1 (A1-A5)" in out and "[not_a_legal_step]" in out
    assert out.strip().endswith("1 file(s), 3 game(s), 2 replayed, 1 with a defect")
    code, _ = run("pdn", "check", str(FILES / "prof2-game4.pdn"), "--variant", "nonsense")
    assert code == 2


def test_python_dash_m_rules_knows_pdn() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "rules", "pdn", "check", str(FILES / "russian-short-cp1251.pdn"), "--json"],
        capture_output=True, text=True, cwd=ROOT, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["replayed"] == 1
