"""rules.star against the independent generator in star_reference.py: start perft, the board's points, and
move sets on random positions (tests/data/star_perft.json says how the stored counts were obtained)."""

from __future__ import annotations

import itertools
import json
import random
from pathlib import Path

import pytest

from rules.star import BOARD, PASS, PLAYER_COUNTS, Point, StarPosition, holes_of, perft
from tests.rules import star_reference as ref

DATA = json.loads((Path(__file__).parents[1] / "data" / "star_perft.json").read_text(encoding="utf-8"))
NAMES = {
    Point.SOUTH: "bottom",
    Point.SOUTH_WEST: "lower-left",
    Point.NORTH_WEST: "upper-left",
    Point.NORTH: "top",
    Point.NORTH_EAST: "upper-right",
    Point.SOUTH_EAST: "lower-right",
}


def test_the_board_is_the_same_star() -> None:
    assert sorted(BOARD.names) == sorted(ref.HOLES.values())
    assert len(BOARD.names) == 121
    for point, name in NAMES.items():
        assert {BOARD.names[h] for h in holes_of(BOARD.point_masks[point])} == ref.POINTS[name]
        assert NAMES[point.opposite] == ref.OPPOSITE[name]


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_seating_matches_the_rule_text(players: int) -> None:
    assert tuple(NAMES[p] for p in StarPosition.start(players).homes) == ref.SEATS[players]


@pytest.mark.parametrize("players", PLAYER_COUNTS)
@pytest.mark.parametrize("depth", [1, 2, 3])
def test_perft_agrees_with_the_reference(players: int, depth: int) -> None:
    assert perft(StarPosition.start(players), depth) == ref.perft(ref.start(players), depth)


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_perft_matches_the_stored_counts(players: int) -> None:
    counts = DATA["counts"][str(players)]
    start = StarPosition.start(players)
    assert [perft(start, d) for d in range(1, len(counts) + 1)] == counts


def test_first_moves_by_hand() -> None:
    # South's front row d1-d4 steps to e5..e9 (two each), c1-c3 jump over the front row (two each).
    moves = {(BOARD.names[m.start], BOARD.names[m.end]) for m in StarPosition.start(2).legal_moves()}
    steps = {(f"d{i}", f"e{i + 4}") for i in range(1, 5)} | {(f"d{i}", f"e{i + 5}") for i in range(1, 5)}
    jumps = {(f"c{i}", f"e{i + 4}") for i in range(1, 4)} | {(f"c{i}", f"e{i + 6}") for i in range(1, 4)}
    assert moves == steps | jumps


def _random_position(rng: random.Random, players: int) -> StarPosition:
    holes = rng.sample(range(121), 10 * players)
    seated = [sum(1 << h for h in holes[s * 10 : s * 10 + rng.randint(1, 10)]) for s in range(players)]
    start = StarPosition.start(players)
    return StarPosition(start.homes, tuple(seated), turn=rng.randrange(players))


@pytest.mark.parametrize("seed", range(6))
def test_move_sets_on_random_positions(seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(40):
        players = rng.choice(PLAYER_COUNTS)
        position = _random_position(rng, players)
        ours = {(BOARD.names[m.start], BOARD.names[m.end]) for m in position.legal_moves() if not m.is_pass}
        theirs = ref.moves(
            {
                "seats": None,
                "marbles": [{BOARD.names[h] for h in holes_of(m)} for m in position.marbles],
                "turn": position.turn,
            }
        )
        assert ours == theirs
        legal = position.legal_moves()
        assert len(ours) == len(legal) or (not ours and legal == (PASS,))
        occupied = {BOARD.names[h] for h in holes_of(position.occupied)}
        for move in legal:
            _check_path([BOARD.names[h] for h in move.path], occupied)


def _check_path(path: list[str], occupied: set[str]) -> None:
    """Each hop of a kept path is a step (the whole move) or a jump over a marble, with no hole twice."""
    assert len(set(path)) == len(path)
    others = occupied - {path[0]}
    for here, there in itertools.pairwise(path):
        (x1, y1), (x2, y2) = ref.AT[here], ref.AT[there]
        dx, dy = x2 - x1, y2 - y1
        assert there not in others
        if (dx, dy) in ref.STEPS:
            assert len(path) == 2
        else:
            assert (dx // 2, dy // 2) in ref.STEPS and dx % 2 == 0 and dy % 2 == 0
            assert ref.HOLES[(x1 + dx // 2, y1 + dy // 2)] in others
