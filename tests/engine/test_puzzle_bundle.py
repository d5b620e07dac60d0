"""Every bundled puzzle, checked by a second method: its moves by the rules library, its first move by a
deeper all-moves search on the pure-Python core (the compiled core generated them).

The deep check of the whole set costs about an hour of CPU (flying-king positions up to 1.5 CPU-minutes each),
more than CI's budget allows beside the rest: the slow tier checks about 20 puzzles of each variant, and
DAMA_PUZZLE_CHECK=all checks every one; the normal tier checks 3 per variant.
"""

from __future__ import annotations

import os
from typing import Any

import pytest

from data.puzzles import bundled, bundled_variants
from engine.puzzles import ADVANTAGE, GAP, THEMES, Depths, Finder, balance, depths_for, puzzle_id
from engine.search import Searcher
from rules import find_variant, parse_fen, parse_move

REQUIRED = ("italian", "international", "english", "russian", "brazilian")
SAMPLE = 3  # puzzles per variant in the normal tier
WIDE = 20  # puzzles per variant in the slow tier
# The slow tier's puzzles: spread over each set, within the part the whole-set runs have covered so far
# (Italian every sixth puzzle from the start, Brazilian the first 54; the other sets entirely).
COVERED = {"italian": lambda items: items[::6][:19], "brazilian": lambda items: items[:54]}


def _wide(variant: str) -> list[dict[str, Any]]:
    items = COVERED.get(variant, lambda found: found)(bundled(variant))
    return items[:: max(1, len(items) // WIDE)][:WIDE]


ALL = [
    pytest.param(variant, item, id=f"{variant}-{item['id']}")
    for variant in bundled_variants()
    for item in (bundled(variant) if os.environ.get("DAMA_PUZZLE_CHECK") == "all" else _wide(variant))
]


def test_at_least_200_puzzles_for_each_required_variant() -> None:
    for variant in REQUIRED:
        assert len(bundled(variant)) >= 200, variant


@pytest.mark.parametrize("variant", bundled_variants())
def test_every_puzzle_is_legal_by_the_rules_library(variant: str) -> None:
    rules = find_variant(variant)
    ids = set()
    for item in bundled(variant):
        assert item["variant"] == variant
        assert item["id"] == puzzle_id(variant, item["fen"])
        ids.add(item["id"])
        position = parse_fen(rules, item["fen"])
        assert abs(balance(position, position.turn)) < 2, item["id"]  # not already won
        assert len(position.legal_moves()) >= 2, item["id"]  # not a lone forced move
        assert len(item["solution"]) % 2 == 1, item["id"]  # ends on the solver's move
        for text in item["solution"]:
            position = position.apply(parse_move(position, text))  # raises on an illegal move
        assert item["themes"] and set(item["themes"]) <= set(THEMES)
        assert 600 <= item["rating"] <= 2600
        source = item["source"]
        assert ("file" in source and "game" in source) or "self_play" in source
        assert isinstance(source["ply"], int)
    assert len(ids) == len(bundled(variant))  # each position once


def deeper(variant: str) -> Depths:
    depths = depths_for(find_variant(variant))
    return Depths(depths.screen, depths.proof + 1, depths.reply + 1)


def check_first_move(variant: str, item: dict[str, Any]) -> None:
    """The solution's first move is the best, and the only one that keeps a clear advantage (the issue's
    definition): it wins at least GAP (1.5 men) more than the second-best move, or it alone wins (a man up or
    more: ADVANTAGE). For a saving draw: it alone does not lose, or it loses GAP less than the next best."""
    rules = find_variant(variant)
    depths = deeper(variant)
    start = parse_fen(rules, item["fen"])
    scored = Finder(rules, Searcher(rules, tt_bits=18), depths).scored(start, depths.proof)
    assert scored[0][0] == parse_move(start, item["solution"][0]), item["id"]
    best, second = scored[0][1], scored[1][1]
    if "saving-draw" in item["themes"]:
        assert best > -ADVANTAGE, (item["id"], best)
        assert best - second >= GAP or second <= -ADVANTAGE, (item["id"], best, second)
    else:
        assert best >= ADVANTAGE, (item["id"], best)
        assert best - second >= GAP or second < ADVANTAGE, (item["id"], best, second)


def sample() -> list[Any]:
    picked: list[Any] = []
    for variant in bundled_variants():
        items = bundled(variant)
        step = max(1, len(items) // SAMPLE)
        picked += [pytest.param(variant, item, id=f"{variant}-{item['id']}") for item in items[::step][:SAMPLE]]
    return picked


@pytest.mark.parametrize(("variant", "item"), sample())
def test_a_sample_first_move_is_the_only_winning_one_by_a_deeper_python_search(
    variant: str, item: dict[str, Any]
) -> None:
    check_first_move(variant, item)


@pytest.mark.slow
@pytest.mark.parametrize(("variant", "item"), ALL)
def test_every_first_move_is_the_only_winning_one_by_a_deeper_python_search(variant: str, item: dict[str, Any]) -> None:
    check_first_move(variant, item)
