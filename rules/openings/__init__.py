"""Published openings as data: ballots (drawn openings) and named opening lines, per variant.

The lists live in `rules/openings/<variant id>.json`, each with its sources. Moves are stored in the variant's
own notation as `format_move` writes them, so a game's move texts can be compared with them directly.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

from rules.ruleset import RuleSet

__all__ = [
    "Ballot",
    "NamedLine",
    "Openings",
    "ballot_deck",
    "find_ballot",
    "game_opening",
    "opening_name",
    "openings_for",
]

# Statuses a ballot draw may land on; "barred" openings stay listed but are never drawn.
_PLAYABLE = frozenset({"crossboard", "mail-play", "two-move"})


@dataclass(frozen=True, slots=True)
class NamedLine:
    name: str
    moves: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Ballot:
    number: int
    name: str
    moves: tuple[str, ...]
    status: str

    @property
    def playable(self) -> bool:
        return self.status in _PLAYABLE


@dataclass(frozen=True, slots=True)
class Openings:
    variant: str
    sources: tuple[str, ...]
    ballots: tuple[Ballot, ...]
    lines: tuple[NamedLine, ...]


def _read(variant: str) -> dict[str, Any] | None:
    resource = resources.files("rules.openings").joinpath(f"{variant}.json")
    if not resource.is_file():
        return None
    loaded: dict[str, Any] = json.loads(resource.read_text(encoding="utf-8"))
    return loaded


@cache
def _load(variant: str) -> Openings:
    raw = _read(variant)
    if raw is None:
        return Openings(variant, (), (), ())
    ballots = tuple(
        Ballot(int(b["number"]), str(b["name"]), tuple(str(m) for m in b["moves"]), str(b["status"]))
        for b in raw["ballots"]
    )
    lines = tuple(NamedLine(str(o["name"]), tuple(str(m) for m in o["moves"])) for o in raw["openings"])
    return Openings(variant, tuple(str(s) for s in raw["sources"]), ballots, lines)


def openings_for(rules: RuleSet) -> Openings:
    """The variant's published lists (empty when none is published for it)."""
    return _load(rules.id)


def ballot_deck(rules: RuleSet) -> tuple[Ballot, ...]:
    """The ballots a draw picks from: every listed one but the barred."""
    return tuple(b for b in openings_for(rules).ballots if b.playable)


def find_ballot(rules: RuleSet, number: int) -> Ballot | None:
    return next((b for b in openings_for(rules).ballots if b.number == number), None)


def _starts(moves: Sequence[str], line: Sequence[str]) -> bool:
    return len(moves) >= len(line) and all(a == b for a, b in zip(moves, line, strict=False))


def opening_name(rules: RuleSet, moves: Sequence[str], *, left: bool = False) -> str | None:
    """The name of the longest published line the moves start with.

    left=True names it only once the game has left the line (played past its last move), so a board never
    names an opening the players have not yet completed or may still avoid.
    """
    known = openings_for(rules)
    candidates = [(line.moves, line.name) for line in known.lines]
    candidates += [(ballot.moves, ballot.name) for ballot in known.ballots]
    best: tuple[int, str] | None = None
    for line, name in candidates:
        if _starts(moves, line) and (not left or len(moves) > len(line)) and (best is None or len(line) > best[0]):
            best = (len(line), name)
    return best[1] if best else None


def game_opening(rules: RuleSet, start_fen: str, notations: Sequence[str]) -> str | None:
    """The opening a game from the start position has played and left; None for set-up positions."""
    if start_fen != rules.start_fen:
        return None
    return opening_name(rules, notations, left=True)
