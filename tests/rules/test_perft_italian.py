"""Italian perft against the published numbers (dctl / damforum, docs/RULES.md and §5.1 Gilbert)."""

from __future__ import annotations

import pytest

from rules import find_variant, parse_fen, perft
from tests.perft_data import PerftRow, published_rows

FAST_LIMIT = 250_000  # leaf nodes; deeper rows run under the slow marker
REACHABLE = 25_000_000

ROWS = published_rows("italian", max_nodes=REACHABLE)


def _param(row: PerftRow) -> object:
    marks = [pytest.mark.slow] if row.nodes > FAST_LIMIT else []
    return pytest.param(row, id=row.id, marks=marks)


def test_published_rows_are_reachable() -> None:
    """The done-when floor: start position to depth 9, the three Gilbert positions to depth 8."""
    deepest: dict[str, int] = {}
    for row in ROWS:
        deepest[row.fen] = max(deepest.get(row.fen, 0), row.depth)
    assert deepest["W:W21-32:B1-12"] >= 9
    gilbert = [fen for fen in deepest if fen != "W:W21-32:B1-12"]
    assert len(gilbert) == 3
    assert all(deepest[fen] >= 8 for fen in gilbert)


@pytest.mark.parametrize("row", [_param(r) for r in ROWS])
def test_perft_matches_published(row: PerftRow) -> None:
    rules = find_variant("italian")
    position = parse_fen(rules, row.fen)
    assert perft(position, row.depth, keep_duplicates=row.convention == "K") == row.nodes
