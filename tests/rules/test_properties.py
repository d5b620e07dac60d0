"""Random playouts (hypothesis): invariants, apply/undo, notation/FEN/PDN round trips, two generators agree."""

from __future__ import annotations

import itertools
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules import VARIANTS, Color, Game, find_variant, format_fen, format_move, parse_fen, parse_move, start_position
from rules.movegen import Generator, generator_for
from rules.pdn import read_games, write_game
from rules.position import Position

ITALIAN = find_variant("italian")


def playout(seed: int, plies: int) -> Game:
    rng = random.Random(seed)
    game = Game(ITALIAN)
    for _ in range(plies):
        moves = game.legal_moves()
        if not moves:
            break
        game.push(rng.choice(moves))
    return game


def check_invariants(position: Position) -> None:
    board = position.board
    assert position.white & position.black == 0
    assert position.kings & ~(position.white | position.black) == 0
    assert (position.white | position.black) & ~board.mask == 0
    assert position.white.bit_count() <= 12 and position.black.bit_count() <= 12
    # men never stand on their own promotion row: they are crowned on arrival
    assert position.white & ~position.kings & board.promotion_mask(Color.WHITE) == 0
    assert position.black & ~position.kings & board.promotion_mask(Color.BLACK) == 0


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32), plies=st.integers(0, 120))
def test_playout_invariants_and_undo(seed: int, plies: int) -> None:
    game = playout(seed, plies)
    for position in game.positions:
        check_invariants(position)
    # pieces only ever disappear: counts never grow along the game
    counts = [(p.white.bit_count(), p.black.bit_count()) for p in game.positions]
    assert all(a[0] >= b[0] and a[1] >= b[1] for a, b in itertools.pairwise(counts))
    positions = list(game.positions)
    while game.moves:
        game.undo()
        assert game.position == positions[len(game.moves)]
    assert game.fen == format_fen(parse_fen(ITALIAN, ITALIAN.start_fen))


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32), plies=st.integers(0, 100))
def test_moves_parse_back_and_fen_round_trips(seed: int, plies: int) -> None:
    position = playout(seed, plies).position
    assert parse_fen(ITALIAN, format_fen(position)) == position
    for move in position.legal_moves():
        for full in (False, True):
            text = format_move(position, move, full=full)
            assert parse_move(position, text).identity == move.identity
        assert parse_move(position, format_move(position, move).replace("x", " ")).identity == move.identity


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32), plies=st.integers(0, 100))
def test_pdn_round_trip(seed: int, plies: int) -> None:
    game = playout(seed, plies)
    text = write_game(game, {"Event": "Round trip", "White": "Ann", "Black": "Bo"})
    (parsed,) = read_games(text)
    assert parsed.tags["White"] == "Ann" and parsed.tags["GameType"].startswith("22")
    replay = parsed.to_game()
    assert replay.positions == game.positions
    assert parsed.result == (game.outcome().result if game.outcome() else "*")


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32), plies=st.integers(0, 120))
def test_shift_generator_agrees_with_table_generator(seed: int, plies: int) -> None:
    """The perft fast path (bit shifts) and the general path (step tables) give the same moves."""
    position = playout(seed, plies).position
    gen = Generator(ITALIAN)
    args = (position.white, position.black, position.kings, position.turn)
    assert sorted(gen.fast_moves(*args)) == sorted(gen._generic_fast(*args))
    assert len(position.legal_moves()) == len(gen.fast_moves(*args))


def _shift_variants() -> list[str]:
    return sorted(v for v, rules in VARIANTS.items() if generator_for(rules).fast_moves.__name__ == "fast_moves")


@pytest.mark.parametrize("variant", _shift_variants())
def test_shift_generator_agrees_in_every_variant_that_uses_it(variant: str) -> None:
    """The same agreement, over random games of each variant on the shift path (Russian included: its men
    crowned mid-capture hand over to the general search)."""
    rules = VARIANTS[variant]
    gen = generator_for(rules)
    crowned_mid_capture = 0
    for seed in range(25):
        rng = random.Random(seed)
        position = start_position(rules)
        for _ in range(160):
            args = (position.white, position.black, position.kings, position.turn)
            fast = gen.fast_moves(*args)
            assert sorted(fast) == sorted(gen._generic_fast(*args)), format_fen(position)
            moves = position.legal_moves()
            if not moves:
                break
            row = gen.promo[position.turn]
            crowned_mid_capture += sum(
                1 for m in moves if not m.king_move and any(row >> square & 1 for square in m.path[1:-1])
            )
            position = position.apply(rng.choice(moves))
    if variant == "russian":
        assert crowned_mid_capture, "the random games should reach a man crowned mid-capture"
