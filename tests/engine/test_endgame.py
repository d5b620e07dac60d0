"""The compiled core's endgame tables, checked against the pure-Python rules library, never against themselves.

Every 2-piece position is solved again here by value iteration over rules.movegen's moves; 3-piece
and 4-king positions are sampled and each claim is proved (or refuted) by an AND-OR search over the same
moves: "wins in d plies" must be provable in d plies and not in fewer, "loses in d" likewise, and a draw
must survive a search of DRAW_HORIZON plies for both sides (short claims only, for the Python search's time).
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable
from functools import cache

import pytest

from engine import native
from engine.search import TABLE_WIN, WIN
from rules import VARIANTS, Color, parse_fen
from rules.movegen import generator_for


@pytest.fixture(autouse=True)
def _compiled_core() -> None:
    """The tables live in the compiled core: without it these tests fail, saying so (never skip)."""
    if native.core is None:
        pytest.fail("the compiled core engine._core is not built: run `make .venv/.installed` (needs gcc)")

VARIANT_IDS = ["english", "italian", "russian", "brazilian"]
DRAW_HORIZON = 10
Position = tuple[int, int, int, int]  # white, black, kings, colour to move
Prover = Callable[[Position, int], bool]  # does the side to move win (or lose) within that many plies


def tables(variant: str) -> tuple[object, list[int]]:
    rules = VARIANTS[variant]
    handle = native.build_core(rules, 10)
    assert native.install_endgame(handle, rules)
    board = generator_for(rules).board
    return handle, [bit for bit in range(64) if board.mask >> bit & 1]


def children(variant: str, position: Position) -> list[Position]:
    white, black, kings, color = position
    gen = generator_for(VARIANTS[variant])
    out = []
    for mover, captured, crowned in gen.fast_moves(white, black, kings, Color(color)):
        if color == 0:
            out.append((white ^ mover, black & ~captured, (kings & ~captured) ^ crowned, 1))
        else:
            out.append((white & ~captured, black ^ mover, (kings & ~captured) ^ crowned, 0))
    return out


def legal(variant: str, position: Position) -> bool:
    white, black, kings, _ = position
    promo = generator_for(VARIANTS[variant]).promo
    return bool(white and black) and not (white & ~kings & promo[0]) and not (black & ~kings & promo[1])


def positions(squares: list[int], pieces: int) -> list[Position]:
    out: list[Position] = []
    for chosen in itertools.combinations(squares, pieces):
        for kinds in itertools.product(range(4), repeat=pieces):
            white = sum(1 << sq for sq, kind in zip(chosen, kinds, strict=True) if not kind & 2)
            black = sum(1 << sq for sq, kind in zip(chosen, kinds, strict=True) if kind & 2)
            kings = sum(1 << sq for sq, kind in zip(chosen, kinds, strict=True) if kind & 1)
            out.extend((white, black, kings, color) for color in (0, 1))
    return out


def solve_two_pieces(variant: str, squares: list[int]) -> dict[Position, tuple[int, int]]:
    """(1 win / -1 loss / 0 draw, plies) for every legal 2-piece position, by plain value iteration."""
    todo = {p: children(variant, p) for p in positions(squares, 2) if legal(variant, p)}
    result: dict[Position, tuple[int, int]] = {}
    plies = 0
    while True:  # pass `plies` settles the results exactly `plies` plies away
        settled = {}
        for position, kids in todo.items():
            if position in result:
                continue
            known = [(-1, 0) if not (c[0] if c[3] == 0 else c[1]) else result.get(c) for c in kids]
            earlier = [o for o in known if o is not None and o[1] < plies]
            if any(o[0] == -1 for o in earlier):
                settled[position] = (1, plies)
            elif len(earlier) == len(kids) and all(o[0] == 1 for o in earlier):
                settled[position] = (-1, plies)
        if not settled and plies > 1:
            break
        result.update(settled)
        plies += 1
    return {p: result.get(p, (0, 0)) for p in todo}


@pytest.mark.parametrize("variant", VARIANT_IDS)
def test_every_two_piece_position_matches_a_python_solution(variant: str) -> None:
    handle, squares = tables(variant)
    expected = solve_two_pieces(variant, squares)
    got = {p: tuple(handle.endgame_probe(*p)) for p in expected}  # type: ignore[attr-defined]
    assert got == expected
    assert {r for r, _ in expected.values()} == {-1, 0, 1}


def prover(variant: str):  # type: ignore[no-untyped-def]
    @cache
    def wins(position: Position, plies: int) -> bool:
        if plies <= 0:
            return False
        return any(loses(child, plies - 1) for child in children(variant, position))

    @cache
    def loses(position: Position, plies: int) -> bool:
        white, black, _, color = position
        if not (white if color == 0 else black):
            return True
        kids = children(variant, position)
        if not kids:
            return True
        return plies > 0 and all(wins(child, plies - 1) for child in kids)

    return wins, loses


@pytest.mark.parametrize("variant", VARIANT_IDS)
def test_sampled_three_piece_results_are_proved_by_search(variant: str) -> None:
    handle, squares = tables(variant)
    wins, loses = prover(variant)
    rng = random.Random(16)
    sample = [p for p in rng.sample(positions(squares, 3), 4000) if legal(variant, p)]
    seen = {-1: 0, 0: 0, 1: 0}
    for position in sample:
        outcome, plies = handle.endgame_probe(*position)  # type: ignore[attr-defined]
        if seen[outcome] >= 15 or plies > 15:  # longer proofs take the Python search too long
            continue
        seen[outcome] += 1
        assert_proved(wins, loses, position, outcome, plies, DRAW_HORIZON)
    assert min(seen.values()) >= 5, seen


def assert_proved(wins: Prover, loses: Prover, position: Position, outcome: int, plies: int, horizon: int) -> None:
    """The table's result is the search's: a win or loss in exactly `plies`, a draw neither within `horizon`."""
    if outcome == 1:
        assert wins(position, plies) and not wins(position, plies - 1), position
    elif outcome == -1:
        assert loses(position, plies) and not loses(position, plies - 1), position
    else:
        assert not wins(position, horizon) and not loses(position, horizon), position


def four_king_positions(squares: list[int]) -> list[Position]:
    out = []
    for chosen in itertools.combinations(squares, 4):
        for colours in itertools.product((0, 1), repeat=4):
            white = sum(1 << sq for sq, c in zip(chosen, colours, strict=True) if c == 0)
            black = sum(1 << sq for sq, c in zip(chosen, colours, strict=True) if c == 1)
            out.extend((white, black, white | black, color) for color in (0, 1))
    return out


@pytest.mark.parametrize("variant", ["english", "russian"])
def test_sampled_four_king_results_are_proved_by_search(variant: str) -> None:
    """Four kings: the short results (up to 7 plies) are proved exactly; draws survive 5 plies."""
    handle, squares = tables(variant)
    wins, loses = prover(variant)
    rng = random.Random(4)
    seen = {-1: 0, 0: 0, 1: 0}
    for position in rng.sample(four_king_positions(squares), 20000):
        if not legal(variant, position):
            continue
        outcome, plies = handle.endgame_probe(*position)  # type: ignore[attr-defined]
        if seen[outcome] >= 12 or plies > 7:
            continue
        seen[outcome] += 1
        assert_proved(wins, loses, position, outcome, plies, 5)
    assert min(seen.values()) >= 5, seen


def test_known_result_petrovs_triangle_needs_the_long_diagonal() -> None:
    """Russian draughts: three kings beat a lone king only when it does not hold the long diagonal a1-h8
    (docs/RULES.md's draw clause for it); exceptions are a few tactical positions."""
    rules = VARIANTS["russian"]
    handle, squares = tables("russian")
    coords = generator_for(rules).board.coords
    long_diagonal = {bit for bit, (row, col) in coords.items() if row == col}
    if len(long_diagonal) != 8:
        long_diagonal = {bit for bit, (row, col) in coords.items() if row + col == 7}
    holding, shut_out = [], []
    for three in itertools.combinations(squares, 3):
        white = sum(1 << sq for sq in three)
        on_diagonal = sum(sq in long_diagonal for sq in three)
        for lone in squares:
            if lone in three:
                continue
            if lone in long_diagonal and not on_diagonal:  # the lone king holds it and moves
                holding.append(handle.endgame_probe(white, 1 << lone, white | 1 << lone, 1)[0])  # type: ignore[attr-defined]
            elif lone not in long_diagonal and on_diagonal == 1:  # White holds it and moves
                shut_out.append(handle.endgame_probe(white, 1 << lone, white | 1 << lone, 0)[0])  # type: ignore[attr-defined]
    assert holding.count(0) / len(holding) > 0.95
    assert shut_out.count(1) / len(shut_out) > 0.95


def lone_king_positions(squares: list[int], strong: int) -> list[Position]:
    out = []
    for chosen in itertools.permutations(squares, strong + 1):
        if list(chosen[:strong]) == sorted(chosen[:strong]):
            white = sum(1 << sq for sq in chosen[:strong])
            out.append((white, 1 << chosen[strong], white | 1 << chosen[strong], 0))
    return out


def test_known_results_two_kings_beat_one_in_english_but_not_in_russian() -> None:
    """Two kings against one win in English draughts (short kings) in nearly every position; with flying
    kings (Russian) one king escapes along the long diagonal and most positions are drawn."""
    for variant, least, most in (("english", 0.99, 1.0), ("russian", 0.0, 0.6)):
        handle, squares = tables(variant)
        found = [handle.endgame_probe(*p)[0] for p in lone_king_positions(squares, 2)]  # type: ignore[attr-defined]
        share = found.count(1) / len(found)
        assert least <= share <= most, (variant, share)


def test_search_converts_a_table_win_within_its_distance() -> None:
    """Both sides play the compiled search with the tables; the stronger side wins within the promised plies."""
    rules = VARIANTS["english"]
    handle, squares = tables("english")
    searcher = native.NativeSearcher(rules, 14)
    for position in lone_king_positions(squares, 2)[::997]:
        outcome, plies = handle.endgame_probe(*position)  # type: ignore[attr-defined]
        if outcome != 1:
            continue
        current = position
        for step in range(plies):
            result = searcher.search(*current, depth=6)
            assert result.move is not None
            remaining = plies - step  # the last capture leaves no piece: a forced win, no longer a table result
            exact = WIN - 1 if remaining == 1 else TABLE_WIN - remaining
            assert result.score == (exact if step % 2 == 0 else -exact)
            kids = children("english", current)
            mover, captured, crowned = result.move
            color = current[3]
            white, black, kings, _ = current
            if color == 0:
                current = (white ^ mover, black & ~captured, (kings & ~captured) ^ crowned, 1)
            else:
                current = (white & ~captured, black ^ mover, (kings & ~captured) ^ crowned, 0)
            assert current in kids
            if not children("english", current):
                break
        assert not children("english", current) and current[3] == 1, (position, plies)


def test_the_brazilian_shot_ends_in_a_drawn_ending() -> None:
    """The shot of tests/engine/tactics_large.py wins material but leaves a king and a man against a man about
    to crown: the tables say draw, and no forced win for White shows up in 13 plies of exhaustive search."""
    rules = VARIANTS["brazilian"]
    handle, _ = tables("brazilian")
    _, loses = prover("brazilian")
    for fen in ("B:WKf2,e3:Ba3", "B:WKe1,e3:Ba3"):
        position = parse_fen(rules, fen, check_counts=False)
        key = (position.white, position.black, position.kings, int(position.turn))
        assert handle.endgame_probe(*key) == (0, 0)  # type: ignore[attr-defined]
        assert not loses(key, 13)
