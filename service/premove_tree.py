"""The tree of a player's conditional moves: each line alternates the opponent's move and the reply.

Moves are full paths ("22x13x6"), as the game stores them, so a line replays unambiguously. Two lines
that share their start share a branch; at any branch point the reply to a given opponent move is one.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

Line = tuple[str, ...]


class LineConflict(Exception):
    """The new line answers an opponent move differently from a stored line (index: of the reply)."""

    def __init__(self, index: int, opponent_move: str, stored_reply: str, new_reply: str) -> None:
        super().__init__(f"{opponent_move}: {stored_reply} or {new_reply}")
        self.index = index
        self.opponent_move = opponent_move
        self.stored_reply = stored_reply
        self.new_reply = new_reply


@dataclass
class PremoveTree:
    """Opponent move -> (my reply, what follows)."""

    branches: dict[str, tuple[str, PremoveTree]] = field(default_factory=dict)

    @classmethod
    def of(cls, lines: Iterable[Line]) -> PremoveTree:
        """A tree from stored lines (which never conflict; a later conflicting one is skipped)."""
        tree = cls()
        for line in lines:
            try:
                tree.add(line)
            except LineConflict:
                continue
        return tree

    def check(self, line: Line, offset: int = 0) -> None:
        """Raise LineConflict if `line` cannot join the tree (nothing changes)."""
        if len(line) < 2:
            return
        branch = self.branches.get(line[0])
        if branch is None:
            return
        reply, rest = branch
        if reply != line[1]:
            raise LineConflict(offset + 1, line[0], reply, line[1])
        rest.check(line[2:], offset + 2)

    def add(self, line: Line) -> None:
        """Join `line` (pairs of opponent move and reply) to the tree; raises LineConflict first."""
        if len(line) % 2:
            raise ValueError("a line is pairs of an opponent move and a reply")
        self.check(line)
        node = self
        for at in range(0, len(line), 2):
            opponent, reply = line[at], line[at + 1]
            if opponent not in node.branches:
                node.branches[opponent] = (reply, PremoveTree())
            node = node.branches[opponent][1]

    def follow(self, opponent_move: str) -> tuple[str, PremoveTree] | None:
        """The reply to the opponent's move and the tree after it, or None when no line starts so."""
        return self.branches.get(opponent_move)

    def lines(self) -> list[Line]:
        """Every line from the root to a leaf, in the order they were added."""
        found: list[Line] = []
        for opponent, (reply, rest) in self.branches.items():
            tails = rest.lines()
            if not tails:
                found.append((opponent, reply))
            found.extend((opponent, reply, *tail) for tail in tails)
        return found

    def __len__(self) -> int:
        return len(self.lines())
