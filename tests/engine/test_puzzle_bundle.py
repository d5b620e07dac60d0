"""Every bundled puzzle, checked by a second method: its moves by the rules library, its first move by a
deeper search on the pure-Python core (the compiled core generated them).

The deep check proves the first move's verdict: the solution's score by a full-window search one ply deeper
than the generator's proof, then every other move shown to fall short of it by a null-window search at the
bound the issue's definition sets. The whole set costs about ten CPU-minutes this way (an all-moves
full-window search cost hours), so the slow tier checks every puzzle; the normal tier checks 3 per variant.
"""

from __future__ import annotations

from typing import Any

import pytest

from data.puzzles import bundled, bundled_variants
from engine.api import fast_of
from engine.puzzles import ADVANTAGE, GAP, MIN_CHOICES, THEMES, Finder, balance, depths_for, puzzle_id
from engine.search import Searcher
from rules import find_variant, parse_fen, parse_move

REQUIRED = ("italian", "international", "english", "russian", "brazilian")
SAMPLE = 3  # puzzles per variant in the normal tier
ALL = [
    pytest.param(variant, item, id=f"{variant}-{item['id']}")
    for variant in bundled_variants()
    for item in bundled(variant)
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
        assert len(position.legal_moves()) >= MIN_CHOICES, item["id"]  # a choice, not a coin toss
        assert position.white and position.black, item["id"]  # both sides have pieces (as a game's FEN must)
        assert len(item["solution"]) % 2 == 1, item["id"]  # ends on the solver's move
        for text in item["solution"]:
            position = position.apply(parse_move(position, text))  # raises on an illegal move
        assert item["themes"] and set(item["themes"]) <= set(THEMES)
        assert 600 <= item["rating"] <= 2600
        source = item["source"]
        assert ("file" in source and "game" in source) or "self_play" in source
        assert isinstance(source["ply"], int)
    assert len(ids) == len(bundled(variant))  # each position once


@pytest.mark.parametrize("variant", bundled_variants())
def test_every_puzzle_has_a_reasonable_alternative_to_its_solution(variant: str) -> None:
    """docs/PUZZLES.md: some move other than the solution does not lose material at a glance (the engine's
    GLANCE-ply search, captures played out, scores it within BLUNDER of the material balance), so the answer
    is not found by crossing out every move that drops a piece."""
    rules = find_variant(variant)
    finder = Finder(rules)
    for item in bundled(variant):
        position = parse_fen(rules, item["fen"])
        assert finder.reasonable(position, parse_move(position, item["solution"][0])), item["id"]


def check_first_move(variant: str, item: dict[str, Any]) -> None:
    """The solution's first move is the only one that keeps a clear advantage (the issue's definition): it wins
    (a man up or more: ADVANTAGE) and every other move either wins at least GAP (1.5 men) less or does not win.
    For a saving draw: it does not lose, and every other move loses, or does GAP worse. Both make it the best."""
    rules = find_variant(variant)
    depth = depths_for(rules).proof + 1  # deeper than the generator's proof
    start = parse_fen(rules, item["fen"])
    board = (start.white, start.black, start.kings, int(start.turn))
    searcher = Searcher(rules, tt_bits=18)
    solution = parse_move(start, item["solution"][0])
    score = searcher.root_move_score(*board, fast_of(solution), depth)
    if "saving-draw" in item["themes"]:
        assert score > -ADVANTAGE, (item["id"], score)
        bound = max(score - GAP, -ADVANTAGE) + 1  # an alternative must score below this
    else:
        assert score >= ADVANTAGE, (item["id"], score)
        bound = max(score - GAP + 1, ADVANTAGE)
    for move in start.legal_moves():
        if move != solution:
            found = searcher.root_move_score(*board, fast_of(move), depth, bound)
            assert found < bound, (item["id"], item["solution"][0], move, score, found)


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
