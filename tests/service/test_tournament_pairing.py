"""Pairings: Berger tables (checked against the tables FIDE prints and against caissify-pairings' own
round-robin engine) and Swiss rounds (the rules every pairing must keep, over five rounds for 7-20 players)."""

from __future__ import annotations

import itertools
import random
from collections import Counter

import pytest
from caissify_pairings import generate_pairings

from service.tournaments.pairing import Pairing, Played, berger_round, round_robin, swiss_round
from service.tournaments.scoring import points_of

# FIDE Handbook C.05 (General regulations for competitions), Annex 1, Berger table for 5-6 players.
FIDE_BERGER_6 = [
    [(1, 6), (2, 5), (3, 4)],
    [(6, 4), (5, 3), (1, 2)],
    [(2, 6), (3, 1), (4, 5)],
    [(6, 5), (1, 4), (2, 3)],
    [(3, 6), (4, 2), (5, 1)],
]


def test_berger_table_for_six_matches_the_printed_one() -> None:
    for number, printed in enumerate(FIDE_BERGER_6, start=1):
        assert sorted(berger_round(6, number)) == sorted(printed)


@pytest.mark.parametrize("seats", [4, 6, 8, 10, 12])
def test_berger_tables_match_an_independent_engine(seats: int) -> None:
    players = [
        {
            "id": i,
            "name": str(i),
            "score": 0.0,
            "rating": 2000 - i,
            "starting_number": i,
            "color_hist": [],
            "float_history": [],
            "bye_count": 0,
        }
        for i in range(1, seats + 1)
    ]
    for number in range(1, seats):
        theirs = generate_pairings("round_robin", players, set(), number, seats - 1)
        assert sorted(berger_round(seats, number)) == sorted((p["white_id"], p["black_id"]) for p in theirs)


@pytest.mark.parametrize("count", range(3, 13))
@pytest.mark.parametrize("cycles", [1, 2])
def test_round_robin_pairs_everyone_once_per_cycle_with_balanced_colours(count: int, cycles: int) -> None:
    players = [100 + i for i in range(count)]
    rounds = round_robin(players, cycles)
    per_cycle = count - 1 if count % 2 == 0 else count
    assert len(rounds) == per_cycle * cycles
    for cycle in range(cycles):
        block = rounds[cycle * per_cycle : (cycle + 1) * per_cycle]
        meetings = Counter(frozenset((b.white, b.black)) for r in block for b in r if b.black is not None)
        assert set(meetings) == {frozenset(p) for p in itertools.combinations(players, 2)}
        assert set(meetings.values()) == {1}
        whites = Counter(b.white for r in block for b in r if b.black is not None)
        blacks = Counter(b.black for r in block for b in r if b.black is not None)
        for player in players:
            assert abs(whites[player] - blacks[player]) <= 1, (player, whites[player], blacks[player])
        byes = Counter(b.white for r in block for b in r if b.black is None)
        assert byes == (Counter(players) if count % 2 else Counter())
    for r in rounds:  # everyone appears exactly once a round
        seen = [p for b in r for p in (b.white, b.black) if p is not None]
        assert sorted(seen) == players
    if cycles == 2:  # the second cycle gives each pair the other colours
        first = {(b.white, b.black) for r in rounds[:per_cycle] for b in r if b.black is not None}
        second = {(b.black, b.white) for r in rounds[per_cycle:] for b in r if b.black is not None}
        assert first == second


def play_swiss(count: int, seed: int, rounds: int = 5) -> list[tuple[list[Pairing], dict[int, float], set[int]]]:
    """Five rounds with random results; per round its boards, the scores before it, who had a bye."""
    rng = random.Random(seed)
    seeds = [(p, 2000.0 - 10 * p) for p in range(1, count + 1)]
    played: list[Played] = []
    history = []
    for number in range(1, rounds + 1):
        boards = swiss_round(seeds, played, number, rounds)
        scores = points_of([p for p, _ in seeds], played)
        had_bye = {b.white for b in played if b.black is None}
        history.append((boards, scores, had_bye))
        for board in boards:
            points = 1.0 if board.black is None else rng.choice((1.0, 0.5, 0.0))
            played.append(Played(number, board.white, board.black, points))
    return history


@pytest.mark.parametrize("count", range(7, 21))
def test_swiss_over_five_rounds(count: int) -> None:
    for seed in range(3):
        history = play_swiss(count, seed * 1000 + count)
        met: set[frozenset[int]] = set()
        byes: Counter[int] = Counter()
        for number, (boards, scores, had_bye) in enumerate(history, start=1):
            seen = [p for b in boards for p in (b.white, b.black) if p is not None]
            assert sorted(seen) == list(range(1, count + 1)), "everyone plays once a round"
            for board in boards:
                if board.black is None:
                    byes[board.white] += 1
                    # score groups: the bye goes to the lowest group holding a player without a bye
                    lowest = min(s for p, s in scores.items() if p not in had_bye)
                    assert scores[board.white] == lowest, (number, board, scores)
                    continue
                pair = frozenset((board.white, board.black))
                assert pair not in met, f"round {number}: {sorted(pair)} meet again"
                met.add(pair)
                if number == 2:  # after one round a player meets their own score group or a neighbouring one
                    groups = sorted(set(scores.values()))
                    apart = abs(groups.index(scores[board.white]) - groups.index(scores[board.black]))
                    assert apart <= 1, (board, scores)
            if number == 1:  # round 1: top half against bottom half, in seed order
                paired = sorted(tuple(sorted((b.white, b.black))) for b in boards if b.black is not None)
                half = count // 2
                assert paired == [(i, i + half) for i in range(1, half + 1)]
        assert max(byes.values(), default=0) <= 1
        assert sum(byes.values()) == (5 if count % 2 else 0)


def test_swiss_leaves_withdrawn_players_out() -> None:
    seeds = [(p, 1500.0) for p in range(1, 9)]
    played = [Played(1, b.white, b.black, 1.0) for b in swiss_round(seeds, [], 1, 3)]
    boards = swiss_round(seeds, played, 2, 3, withdrawn=frozenset({3}))
    seen = {p for b in boards for p in (b.white, b.black) if p is not None}
    assert seen == {1, 2, 4, 5, 6, 7, 8}
    assert sum(b.is_bye for b in boards) == 1
