"""Game outcomes (docs/RULES.md Win/Draws, Decisions): no move loses, threefold repetition, 80 plies."""

from __future__ import annotations

import dataclasses

import pytest

from rules import Color, Game, IllegalMoveError, Reason, Termination, find_variant

ITALIAN = find_variant("italian")


def test_no_pieces_loses() -> None:
    game = Game(ITALIAN, "B:W22:B")
    outcome = game.outcome()
    assert outcome is not None
    assert (outcome.termination, outcome.winner, outcome.result) == (Termination.NO_MOVES, Color.WHITE, "1-0")


def test_blocked_side_loses() -> None:
    """Black's man on 24 (h3) can only go to 28, which is taken, and 31 behind it is taken too."""
    game = Game(ITALIAN, "B:W28,31:B24")
    outcome = game.outcome()
    assert outcome is not None and outcome.winner is Color.WHITE
    assert game.legal_moves() == []


def test_threefold_repetition_draws() -> None:
    game = Game(ITALIAN, "W:WK29:BK4")
    shuffle = ["29-25", "4-8", "25-29", "8-4"]
    for text in shuffle:
        game.play(text)
    assert game.outcome() is None  # the start position has occurred twice
    for text in shuffle[:3]:
        game.play(text)
    assert game.outcome() is None
    game.play(shuffle[3])
    outcome = game.outcome()
    assert outcome is not None and outcome.termination is Termination.REPETITION
    assert outcome.result == "1/2-1/2"
    with pytest.raises(IllegalMoveError) as caught:
        game.play("29-25")
    assert caught.value.reason is Reason.GAME_OVER


def test_eighty_plies_without_man_move_or_capture_draws() -> None:
    rules = dataclasses.replace(ITALIAN, draw_repetitions=0)  # isolate the move-count rule
    game = Game(rules, "W:WK29,21:BK4,12")
    shuffle = ["29-25", "4-8", "25-29", "8-4"]
    for ply in range(79):
        game.play(shuffle[ply % 4])
    assert game.outcome() is None
    game.play(shuffle[79 % 4])
    outcome = game.outcome()
    assert outcome is not None and outcome.termination is Termination.MOVE_LIMIT


def test_a_man_move_resets_the_count() -> None:
    rules = dataclasses.replace(ITALIAN, draw_repetitions=0)
    game = Game(rules, "W:WK29,21:BK4,12")
    shuffle = ["29-25", "4-8", "25-29", "8-4"]
    for ply in range(78):
        game.play(shuffle[ply % 4])
    game.play("21-17")  # a man move
    game.play("12-16")
    assert game.outcome() is None


def test_undo_restores() -> None:
    game = Game.from_moves(ITALIAN, ["22-18", "11-14", "18x11"])
    assert game.position.count(Color.BLACK) == 11
    move = game.undo()
    assert move.captures and game.ply == 2
    assert game.position.count(Color.BLACK) == 12
    with pytest.raises(IndexError):
        Game(ITALIAN).undo()
