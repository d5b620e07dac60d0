"""Annotated PDN: comments, NAGs and variations where they belong, and the reader still gets the moves."""

from __future__ import annotations

from rules import Game, find_variant
from rules.pdn import read_games
from rules.pdn_annotated import Note, write_annotated

MOVES = ["22-18", "11-15", "23-20", "9-13", "18x9"]


def test_notes_follow_their_moves_and_the_moves_read_back() -> None:
    game = Game.from_moves(find_variant("italian"), MOVES)
    notes = [Note(comment=f"[%eval 0.{n}0]") for n in range(5)]
    notes[3] = Note(4, "[%eval 1.20]", "12-16")
    text = write_annotated(game, notes, {"Event": "test"}, "1-0")
    body = " ".join(text.split("\n\n", 1)[1].split())
    assert body == (
        "1. 22-18 {[%eval 0.00]} 1... 11-15 {[%eval 0.10]} 2. 23-20 {[%eval 0.20]} "
        "2... 9-13 $4 {[%eval 1.20]} (2... 12-16) 3. 18x9 {[%eval 0.40]} 1-0"
    )
    parsed = read_games(text)[0]
    assert parsed.moves == MOVES and parsed.result == "1-0" and parsed.tags["Event"] == "test"


def test_a_closing_brace_cannot_end_a_comment_early() -> None:
    game = Game.from_moves(find_variant("italian"), MOVES[:1])
    text = write_annotated(game, [Note(comment="a } b")], result="*")
    assert "{a ) b}" in text and read_games(text)[0].moves == MOVES[:1]
