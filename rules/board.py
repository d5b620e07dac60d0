"""Board geometry: internal bit layout, coordinates, neighbours, rays and square names.

Diagonal boards use the classic padded layout (a ghost bit after every second row), so that the two
diagonal steps towards the top are right shifts by h and h+1 (h = dark squares per row) and the two towards
the bottom are left shifts by the same amounts; off-board steps land on ghost bits or outside the mask.
Inverted boards (Italian, Spanish) are mirrored into that layout; coordinates and names stay true.
Full boards (every square in play) use row * (width + 1) + column.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass

from rules.errors import NotationError, SquareError
from rules.ruleset import BoardKind, Color, Numbering, RuleSet, Vector

_ALGEBRAIC = re.compile(r"^([a-z])(\d{1,2})$")


@dataclass(frozen=True, slots=True, eq=False)
class Board:
    """One instance per geometry (built once and cached), so identity is equality."""

    width: int
    height: int
    kind: BoardKind
    inverted: bool
    numbering: Numbering
    squares: tuple[int, ...]  # internal bits in notation order (square 1 first)
    coords: dict[int, tuple[int, int]]  # bit -> (row, col), row 0 = top in White's view
    names: dict[int, str]
    by_name: dict[str, int]
    by_coord: dict[tuple[int, int], int]
    mask: int
    half: int  # dark squares per row on diagonal boards
    order: dict[int, int]  # bit -> index in notation order (square 1 is 0)

    # -- geometry -------------------------------------------------------------------------------
    def is_dark(self, row: int, col: int) -> bool:
        if self.kind is BoardKind.FULL:
            return True
        bottom_left_dark = not self.inverted
        # bottom-left is (height-1, 0); dark squares share its colour parity when it is dark
        parity = (self.height - 1) % 2
        same = (row + col) % 2 == parity
        return same if bottom_left_dark else not same

    def step(self, bit: int, vector: Vector) -> int:
        """The square one step along vector, or -1 off the board."""
        row, col = self.coords[bit]
        return self.by_coord.get((row + vector[0], col + vector[1]), -1)

    def promotion_mask(self, color: Color) -> int:
        row = 0 if color is Color.WHITE else self.height - 1
        return _row_mask(self, row)

    def row_of(self, bit: int) -> int:
        return self.coords[bit][0]

    def name(self, bit: int) -> str:
        return self.names[bit]

    def parse_square(self, text: str) -> int:
        """Square name -> bit. Raises SquareError (off the board / light square) or NotationError."""
        token = text.strip().lower()
        if not token:
            raise NotationError("empty square", text=text, reason="empty")
        if self.numbering is Numbering.ALGEBRAIC:
            match = _ALGEBRAIC.match(token)
            if not match:
                raise NotationError(f"{text!r} is not a square name like c3", text=text, reason="not_a_square")
            col = ord(match.group(1)) - ord("a")
            rank = int(match.group(2))
            row = self.height - rank
            if not (0 <= col < self.width and 0 <= row < self.height):
                raise SquareError("off_board", text)
            bit = self.by_coord.get((row, col))
            if bit is None:
                raise SquareError("light_square", text)
            return bit
        if not token.isdigit():
            raise NotationError(f"{text!r} is not a square number", text=text, reason="not_a_square")
        if len(token) > 4 or not 1 <= int(token) <= len(self.squares):
            raise SquareError("off_board", text)
        return self.squares[int(token) - 1]

    def bits(self, mask: int) -> list[int]:
        """Bit indices set in mask, lowest first."""
        out = []
        while mask:
            low = mask & -mask
            out.append(low.bit_length() - 1)
            mask ^= low
        return out


def _row_mask(board: Board, row: int) -> int:
    mask = 0
    for bit, (r, _) in board.coords.items():
        if r == row:
            mask |= 1 << bit
    return mask


@functools.cache
def _build(
    width: int, height: int, kind: BoardKind, inverted: bool, numbering: Numbering
) -> Board:
    coords: dict[int, tuple[int, int]] = {}
    half = width // 2
    probe = Board(width, height, kind, inverted, numbering, (), {}, {}, {}, {}, 0, half, {})
    for row in range(height):
        for col in range(width):
            if not probe.is_dark(row, col):
                continue
            if kind is BoardKind.FULL:
                bit = row * (width + 1) + col
            else:
                internal_col = width - 1 - col if inverted else col
                bit = row * half + internal_col // 2 + row // 2
            coords[bit] = (row, col)
    if numbering is Numbering.BOTTOM_RIGHT:
        order = sorted(coords, key=lambda b: (-coords[b][0], -coords[b][1]))
    else:
        order = sorted(coords, key=lambda b: coords[b])
    names: dict[int, str] = {}
    for index, bit in enumerate(order, start=1):
        if numbering is Numbering.ALGEBRAIC:
            row, col = coords[bit]
            names[bit] = f"{chr(ord('a') + col)}{height - row}"
        else:
            names[bit] = str(index)
    mask = 0
    for bit in coords:
        mask |= 1 << bit
    return Board(
        width=width,
        height=height,
        kind=kind,
        inverted=inverted,
        numbering=numbering,
        squares=tuple(order),
        coords=coords,
        names=names,
        by_name={v: k for k, v in names.items()},
        by_coord={v: k for k, v in coords.items()},
        mask=mask,
        half=half,
        order={bit: index for index, bit in enumerate(order)},
    )


def board_for(rules: RuleSet) -> Board:
    return _build(rules.width, rules.height, rules.board_kind, rules.inverted, rules.numbering)


@functools.cache
def step_table(board: Board, vector: Vector) -> tuple[int, ...]:
    """table[bit] = the bit one step along vector, or -1 (indexed by bit, -1 for non-squares)."""
    size = max(board.coords) + 1
    table = [-1] * size
    for bit in board.coords:
        table[bit] = board.step(bit, vector)
    return tuple(table)


@functools.cache
def ray_table(board: Board, vector: Vector) -> tuple[tuple[int, ...], ...]:
    """table[bit] = the squares along vector from bit (excluded) to the edge."""
    size = max(board.coords) + 1
    table: list[tuple[int, ...]] = [()] * size
    for bit in board.coords:
        ray = []
        cur = board.step(bit, vector)
        while cur != -1:
            ray.append(cur)
            cur = board.step(cur, vector)
        table[bit] = tuple(ray)
    return tuple(table)
