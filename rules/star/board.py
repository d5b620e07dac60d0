"""The star board of Chinese checkers: 121 holes, six points of ten, and the names of the holes.

Geometry in axial coordinates (q, r), s = -q - r: the star is the union of two triangles of side 13,
{q, r, s >= -4} and {q, r, s <= 4}; their intersection is the central hexagon of 61 holes and each of the six
remaining triangles of 10 is a point. On the page r grows upwards (x = q + r / 2, y = r * sqrt(3) / 2).

Notation: the 17 rows are lettered a (the bottom tip) to q (the top tip) and the holes of a row numbered
from the left, 1 up to the row's length: a1 is the South tip, e1..e13 the wide row above South's point,
i1..i9 the middle row, q1 the North tip. Hole indices (0..120) follow the same order: row by row from a,
left to right.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from rules.errors import NotationError

ROWS = "abcdefghijklmnopq"
HOLES = 121
POINT_SIZE = 10
# The six neighbours in axial coordinates.
DIRECTIONS: tuple[tuple[int, int], ...] = ((1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1))


class Point(enum.IntEnum):
    """The six points of the star, clockwise from the bottom; the opposite of p is (p + 3) % 6."""

    SOUTH = 0
    SOUTH_WEST = 1
    NORTH_WEST = 2
    NORTH = 3
    NORTH_EAST = 4
    SOUTH_EAST = 5

    @property
    def opposite(self) -> Point:
        return _OPPOSITES[self]


_OPPOSITES = tuple(Point((p + 3) % 6) for p in Point)  # a table: the search asks for goals millions of times


def _in_star(q: int, r: int) -> bool:
    s = -q - r
    return min(q, r, s) >= -4 or max(q, r, s) <= 4


def _point_of(q: int, r: int) -> Point | None:
    s = -q - r
    if r <= -5:
        return Point.SOUTH
    if s >= 5:
        return Point.SOUTH_WEST
    if q <= -5:
        return Point.NORTH_WEST
    if r >= 5:
        return Point.NORTH
    if s <= -5:
        return Point.NORTH_EAST
    if q >= 5:
        return Point.SOUTH_EAST
    return None


@dataclass(frozen=True, slots=True)
class StarBoard:
    """Precomputed tables: coordinates, names, neighbours and jumps of every hole, the six points' masks."""

    coords: tuple[tuple[int, int], ...]
    names: tuple[str, ...]
    neighbours: tuple[tuple[int, ...], ...]
    # (over, landing) for each direction where both holes are on the board.
    jumps: tuple[tuple[tuple[int, int], ...], ...]
    point_masks: tuple[int, ...]
    point_of: tuple[Point | None, ...]
    # The hole of each point farthest from the centre: the goal a marble heads for.
    tips: tuple[int, ...]

    def index(self, q: int, r: int) -> int | None:
        return _INDEX.get((q, r))

    def xy(self, hole: int) -> tuple[float, float]:
        """Position on the page in hole spacings, y upwards, the centre at (0, 0)."""
        q, r = self.coords[hole]
        return (q + r / 2, r * 0.8660254037844386)

    def distance(self, a: int, b: int) -> int:
        (q1, r1), (q2, r2) = self.coords[a], self.coords[b]
        dq, dr = q1 - q2, r1 - r2
        return max(abs(dq), abs(dr), abs(dq + dr))

    def hole(self, name: str) -> int:
        """The index of a hole name ('e5'); NotationError (reason not_a_square) for anything else."""
        index = _BY_NAME.get(name.strip().lower())
        if index is None:
            raise NotationError(f"{name!r} is not a hole", text=name.strip()[:20], reason="not_a_square")
        return index


def _build() -> tuple[StarBoard, dict[tuple[int, int], int], dict[str, int]]:
    cells: list[tuple[int, int]] = []
    names: list[str] = []
    for row, r in enumerate(range(-8, 9)):
        in_row = sorted(q for q in range(-8, 9) if _in_star(q, r))
        cells.extend((q, r) for q in in_row)
        names.extend(f"{ROWS[row]}{n}" for n in range(1, len(in_row) + 1))
    index = {cell: i for i, cell in enumerate(cells)}
    neighbours: list[tuple[int, ...]] = []
    jumps: list[tuple[tuple[int, int], ...]] = []
    for q, r in cells:
        near: list[int] = []
        far: list[tuple[int, int]] = []
        for dq, dr in DIRECTIONS:
            over = index.get((q + dq, r + dr))
            if over is None:
                continue
            near.append(over)
            landing = index.get((q + 2 * dq, r + 2 * dr))
            if landing is not None:
                far.append((over, landing))
        neighbours.append(tuple(near))
        jumps.append(tuple(far))
    point_of = tuple(_point_of(q, r) for q, r in cells)
    masks = [0] * 6
    for i, point in enumerate(point_of):
        if point is not None:
            masks[point] |= 1 << i
    tips = [0] * 6
    for point in Point:
        members = [i for i in range(len(cells)) if point_of[i] is point]
        tips[point] = max(members, key=lambda i: max(abs(c) for c in (*cells[i], -sum(cells[i]))))
    board = StarBoard(
        coords=tuple(cells),
        names=tuple(names),
        neighbours=tuple(neighbours),
        jumps=tuple(jumps),
        point_masks=tuple(masks),
        point_of=point_of,
        tips=tuple(tips),
    )
    return board, index, {name: i for i, name in enumerate(names)}


BOARD, _INDEX, _BY_NAME = _build()
