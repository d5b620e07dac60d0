"""Local mode: explore after finished local games, and a ballot challenge's two games."""

from __future__ import annotations

import re
from collections.abc import Sequence
from pathlib import Path

from engine import Analysis
from rules import Position
from tests.local.test_session import session, table


async def _analyser(position: Position, history: Sequence[Position]) -> Analysis:
    return Analysis(None, -0.5, (), 1, 1, 1, 0.0)


def test_explore_counts_finished_local_games(tmp_path: Path) -> None:
    text = session(
        ["challenge bob english white", "11-15", "23-19", "resign",
         "challenge bob english white", "11-15", "22-18", "resign",
         "explore english", "explore english 11-15", "explore english 9-14 9-14", "quit"],
        tmp_path,
        analyser=_analyser,
    )  # fmt: skip
    assert "Opening explorer: English draughts / American checkers, from the start" in text
    assert "2 games here reached this position." in text
    # Black, to move after 23-19 / 22-18, resigned both: White won both.
    assert "11-15: 2× (White 2, draws 0, Black 0); most recent: game #2" in text
    assert "23-19: 1× (White 1, draws 0, Black 0); most recent: game #1" in text
    assert "22-18: 1× (White 1, draws 0, Black 0); most recent: game #2" in text
    # The engine says -0.5 for the side to move after the move: +0.5 for the side that played it.
    assert "11-15: +0.50 for the side that plays it (in men)" in text
    assert (tmp_path / "boards" / "explorer.png").is_file()
    assert "There is no piece on 9." in text
    # The board names the opening once the game has left the published line (11-15 is the Single Corner group).
    assert "Opening: Single Corner group" in text


def test_a_ballot_challenge_starts_two_games(tmp_path: Path) -> None:
    text = session(["challenge bob english ballot", "games", "quit"], tmp_path, analyser=_analyser)
    found = re.search(r"games #(\d+) and #(\d+) both start from ballot (\d+) \(([^)]*)\)", text)
    assert found is not None, text
    rows = table(tmp_path / "dama.sqlite3", "SELECT id, white_id, black_id, ballot, ballot_pair_id, ply FROM games")
    (a, wa, ba, ballot_a, pair_a, ply_a), (b, wb, bb, ballot_b, pair_b, ply_b) = rows
    assert (wa, ba) == (bb, wb) and ballot_a == ballot_b == int(found.group(3))
    assert (pair_a, pair_b) == (b, a) and ply_a == ply_b == 3
    moves = table(tmp_path / "dama.sqlite3", f"SELECT notation FROM moves WHERE game_id = {a} ORDER BY ply")
    assert " ".join(m for (m,) in moves) == found.group(4)


def test_an_unknown_variant_is_named_not_read_as_a_move(tmp_path: Path) -> None:
    text = session(["explore checkerz 11-15", "explore english 11-15 zz", "quit"], tmp_path)
    assert "I don't know the variant 'checkerz'. Known: italian, international, english" in text, text
    assert "I could not read that move. Write it like" in text  # a word with no digit after the variant
    assert "Traceback" not in text


def test_an_opening_without_a_name_is_labelled_as_moves(tmp_path: Path) -> None:
    """FID names Italian ballots by their moves (docs/OPENINGS.md): the board says "Opening moves: 22-18 11-15",
    not "Opening:" as if the moves were a name. A named line keeps its name (the test above: Single Corner)."""
    text = session(["challenge bob white", "22-18", "11-15", "23-20", "quit"], tmp_path, analyser=_analyser)
    assert "Opening moves: 22-18 11-15" in text
    assert "Opening: 22-18" not in text
