"""A move: a frozen value identified by (start, final square, captured set), with the full path kept."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Move:
    """Squares are internal bit indices of the variant's Board; names come from notation.

    path: every landing square, start first. captures: captured squares in capture order.
    captured_kings: bit mask of the captured squares that held kings.
    """

    path: tuple[int, ...]
    captures: tuple[int, ...] = ()
    promotes: bool = False
    king_move: bool = False
    captured_kings: int = 0

    @property
    def start(self) -> int:
        return self.path[0]

    @property
    def end(self) -> int:
        return self.path[-1]

    @property
    def is_capture(self) -> bool:
        return bool(self.captures)

    @property
    def identity(self) -> tuple[int, int, frozenset[int]]:
        """Two capture paths with the same identity are the same move (docs/RULES.md)."""
        return (self.path[0], self.path[-1], frozenset(self.captures))

    @property
    def is_reversible(self) -> bool:
        """A king's quiet move: it counts towards the no-progress draw rules."""
        return self.king_move and not self.captures

    @property
    def captured_king_count(self) -> int:
        return self.captured_kings.bit_count()
