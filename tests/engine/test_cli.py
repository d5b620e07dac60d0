from __future__ import annotations

import json

import pytest

from engine.cli import main


def test_json_output_has_the_contract_keys(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["analyse", "italian", "--depth", "4", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert set(data) == {"move", "score", "pv", "depth", "nodes", "nps"}
    assert data["pv"][0] == data["move"]
    assert data["depth"] >= 4


def test_text_output(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["analyse", "italian", "--fen", "W:W22,26,29,31:B1,13,15", "--depth", "6"]) == 0
    out = capsys.readouterr().out
    assert "best move: 22-18" in out
    assert "nps:" in out


@pytest.mark.parametrize(
    "argv",
    [
        ["analyse", "nosuchgame"],
        ["analyse", "italian", "--fen", "W:W99:B1"],
        ["analyse", "italian", "--depth", "zero"],
        ["analyse", "italian", "--time", "-1"],
        ["ponder", "italian"],
    ],
)
def test_bad_input_is_one_line_and_exit_2(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: ")
    assert err.count("\n") == 1
