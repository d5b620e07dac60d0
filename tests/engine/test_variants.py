"""Every registered variant: the search returns legal moves and the capture shortcut misses nothing."""

from __future__ import annotations

import random

import pytest

from engine.api import to_moves
from engine.evaluate import evaluate_position
from engine.search import Searcher
from rules import VARIANTS, Color, Position, RuleSet, parse_fen, start_position
from rules.movegen import generator_for
from tests.engine.cores import cases
from tests.engine.cores import searcher as make


def playout(rules: RuleSet, seed: int, plies: int) -> list[Position]:
    """Positions from random play (the rules library picks the legal moves)."""
    rng = random.Random(seed)
    position = start_position(rules)
    seen = [position]
    for _ in range(plies):
        moves = position.legal_moves()
        if not moves:
            break
        position = position.apply(rng.choice(moves))
        seen.append(position)
    return seen


@pytest.mark.parametrize(("variant", "core"), cases({v: v for v in VARIANTS}))
def test_search_returns_a_legal_move(variant: str, core: str) -> None:
    rules = VARIANTS[variant]
    searcher = make(core, rules, 12)
    for seed in range(3):
        for position in playout(rules, seed, 60)[::12]:
            legal = position.legal_moves()
            result = searcher.search(
                position.white, position.black, position.kings, int(position.turn), depth=3,
                streaks=position.king_streaks,
            )
            if not legal:
                assert result.move is None
                continue
            moves = to_moves(position, [result.move] if result.move else [])
            assert moves and moves[0] in legal


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_capture_shortcut_agrees_with_the_generator(variant: str) -> None:
    rules = VARIANTS[variant]
    searcher = Searcher(rules, tt_bits=4)
    gen = generator_for(rules)
    for seed in range(20):
        for position in playout(rules, seed, 150):
            color = int(position.turn)
            own, opp = (position.white, position.black) if color == 0 else (position.black, position.white)
            moves = gen.fast_moves(position.white, position.black, position.kings, Color(color))
            has_capture = bool(moves) and bool(moves[0][1])
            if has_capture:
                assert searcher.can_capture(own, opp, position.kings, color)


def _turned_start(rules: RuleSet) -> bool:
    """Is Black's start White's turned 180 degrees? (One-way and Kōnane starts are not.)"""
    start = start_position(rules)
    board = start.board
    white = {board.coords[b] for b in board.bits(start.white)}
    black = {board.coords[b] for b in board.bits(start.black)}
    return {(board.height - 1 - r, board.width - 1 - c) for r, c in white} == black


SYMMETRIC_STARTS = sorted(v for v in VARIANTS if _turned_start(VARIANTS[v]))


def test_only_the_odd_starts_are_asymmetric() -> None:
    assert set(VARIANTS) - set(SYMMETRIC_STARTS) == {"oneway", "hawaiian"}


@pytest.mark.parametrize("variant", SYMMETRIC_STARTS)
def test_evaluation_is_symmetric(variant: str) -> None:
    """The start position is symmetric, so White to move and Black to move score the same."""
    rules = VARIANTS[variant]
    start = start_position(rules)
    flipped = Position(rules, start.white, start.black, start.kings, start.turn.opponent)
    assert evaluate_position(start) == evaluate_position(flipped)


def test_one_way_black_men_are_scored_going_up() -> None:
    """One-way checkers: Black's men move up towards rank 8 too, so a Black man nearer rank 8 is
    better for Black, and one about to crown is worth far more than one on its first rank."""
    rules = VARIANTS["oneway"]
    white = "We1,h2"  # the same White men in every position: only the Black man moves

    def black_score(black_man: str) -> int:
        return evaluate_position(parse_fen(rules, f"B:{white}:B{black_man}"))

    assert black_score("c3") < black_score("c5") < black_score("c7")
    assert black_score("a7") - black_score("a1") >= 50


def test_standard_black_men_are_scored_going_down() -> None:
    """The ordinary direction, as a control for the One-way test: Black advances towards rank 1."""
    rules = VARIANTS["czech"]

    def black_score(black_man: str) -> int:
        return evaluate_position(parse_fen(rules, f"B:We1,h2:B{black_man}"))

    assert black_score("c7") < black_score("c5") < black_score("c3")
