"""Counting a vote team's votes: a pure function of the window's votes (docs/CLUBS.md).

The move with most votes wins. A tie goes to the move that reached that count first: the one whose last
vote (of those it holds when the window closes) was cast earliest. A changed vote counts once, from when it
was changed: the voter's earlier vote is gone, so it neither counts nor dates its old move.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Count:
    path: str  # the move, every landing square
    notation: str
    votes: int
    reached: int  # the order number of the vote that brought it to this count


def tally(votes: Iterable[tuple[int, str, str]]) -> tuple[Count, ...]:
    """(order, path, notation) for each voter's current vote, any order in; the moves by rank out (the winner
    first). Order numbers are distinct and increase with time (the votes table's ids)."""
    counts: dict[str, list[int]] = {}
    names: dict[str, str] = {}
    for order, path, notation in votes:
        entry = counts.setdefault(path, [0, order])
        entry[0] += 1
        entry[1] = max(entry[1], order)
        names[path] = notation
    ranked = sorted(counts.items(), key=lambda item: (-item[1][0], item[1][1]))
    return tuple(Count(path, names[path], votes, reached) for path, (votes, reached) in ranked)
