"""Every command line explains its arguments in --help: what a variant, a move and a FEN look like."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def help_of(*args: str) -> str:
    done = subprocess.run(
        [sys.executable, "-m", *args, "--help"], cwd=ROOT, capture_output=True, text=True, timeout=60, check=True
    )
    return " ".join(done.stdout.split())


@pytest.mark.parametrize(
    ("command", "wanted"),
    [
        (("rules", "check"), ["variant id or alias, e.g. italian", "22x13x6", "c3:e5", "W:W22,K31:B18,19,10",
                              "python -m rules check italian --fen"]),
        (("rules", "moves"), ["variant id or alias", "one FEN per line", "python -m rules moves russian"]),
        (("rules", "perft"), ["plies to count", "python -m rules perft italian 6"]),
        (("engine", "analyse"), ["variant id or alias", "W:W22,K31:B18,19,10", "python -m engine analyse italian"]),
        (("render",), ["variant id or alias", "W:W22,K31:B18,19,10", "22-18 9-13", "python -m render italian"]),
        (("bot",), ["With no command, python -m bot starts the bot", "local mode", "DISCORD_TOKEN"]),
    ],
)
def test_help_explains_variant_move_and_fen(command: tuple[str, ...], wanted: list[str]) -> None:
    text = help_of(*command)
    for words in wanted:
        assert words in text, (command, words)
