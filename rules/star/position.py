"""Positions and moves of Chinese checkers (docs/VARIANTS.md, "Chinese checkers", has the rules and sources).

A position is immutable: the seats' home points in turn order (clockwise), one bit mask of holes per seat,
whose turn it is, the seats that have filled their goal (in that order, their places), the seats that left,
and the ply count (for the stalling limit). Rules chosen where sources differ, each in one place here:

* GOAL_WITH_BLOCKERS: a seat has finished when every hole of its goal point holds a marble and at least one
  of them is its own, so marbles that never leave their home cannot keep a player out.
* No legal move: the player passes (PASS is then the only legal move).
* A player who leaves or times out: their marbles are taken off the board (Position.without) and they take
  the last place still open; see docs/VARIANTS.md for why.
* Stalling: the game ends after MAX_TURNS_PER_SEAT turns a seat (passes included); the players still
  playing are then placed by how far their marbles are from their goal (fewer steps first, ties share).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from rules.star.board import BOARD, Point

GOAL_WITH_BLOCKERS = True
MAX_TURNS_PER_SEAT = 300
SEATING: dict[int, tuple[Point, ...]] = {
    2: (Point.SOUTH, Point.NORTH),
    3: (Point.SOUTH, Point.NORTH_WEST, Point.NORTH_EAST),
    4: (Point.SOUTH, Point.SOUTH_WEST, Point.NORTH, Point.NORTH_EAST),
    6: tuple(Point),
}
PLAYER_COUNTS = tuple(SEATING)


@dataclass(frozen=True, slots=True)
class StarMove:
    """path: every hole the marble stands on, start first (a step has two, a chain of n jumps n + 1).
    The empty path is a pass. Two moves with the same identity (start, end) give the same position."""

    path: tuple[int, ...]

    @property
    def is_pass(self) -> bool:
        return not self.path

    @property
    def start(self) -> int:
        return self.path[0]

    @property
    def end(self) -> int:
        return self.path[-1]

    @property
    def is_jump(self) -> bool:
        return len(self.path) > 2 or (len(self.path) == 2 and self.path[1] not in BOARD.neighbours[self.path[0]])

    @property
    def identity(self) -> tuple[int, int] | None:
        return (self.path[0], self.path[-1]) if self.path else None


PASS = StarMove(())


def marble_moves(start: int, occupied: int) -> list[StarMove]:
    """Every move of the marble on start: steps, then the ends of jump chains (each by a shortest chain)."""
    occ = occupied & ~(1 << start)
    moves = [StarMove((start, n)) for n in BOARD.neighbours[start] if not occ >> n & 1]
    routes: dict[int, tuple[int, ...]] = {start: (start,)}
    frontier = [start]
    jumps = BOARD.jumps
    while frontier:
        later = []
        for hole in frontier:
            for over, landing in jumps[hole]:
                if occ >> over & 1 and not occ >> landing & 1 and landing not in routes:
                    routes[landing] = (*routes[hole], landing)
                    later.append(landing)
        frontier = later
    moves.extend(StarMove(path) for end, path in routes.items() if end != start)
    return moves


def holes_of(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


@dataclass(frozen=True, slots=True)
class StarPosition:
    homes: tuple[Point, ...]
    marbles: tuple[int, ...]
    turn: int = 0
    finished: tuple[int, ...] = ()
    gone: tuple[int, ...] = ()
    ply: int = 0
    _occupied: int = field(default=0, compare=False, repr=False)

    def __post_init__(self) -> None:
        occupied = 0
        for mask in self.marbles:
            occupied |= mask
        object.__setattr__(self, "_occupied", occupied)

    @classmethod
    def start(cls, players: int) -> StarPosition:
        """The start for 2, 3, 4 or 6 players; ValueError for another count (callers check PLAYER_COUNTS)."""
        homes = SEATING[players]
        return cls(homes=homes, marbles=tuple(BOARD.point_masks[p] for p in homes))

    @property
    def players(self) -> int:
        return len(self.homes)

    @property
    def occupied(self) -> int:
        return self._occupied

    def goal(self, seat: int) -> Point:
        return self.homes[seat].opposite

    def owner(self, hole: int) -> int | None:
        for seat, mask in enumerate(self.marbles):
            if mask >> hole & 1:
                return seat
        return None

    @property
    def active(self) -> tuple[int, ...]:
        """Seats still playing, in turn order."""
        return tuple(s for s in range(self.players) if s not in self.finished and s not in self.gone)

    @property
    def max_plies(self) -> int:
        return MAX_TURNS_PER_SEAT * self.players

    @property
    def is_over(self) -> bool:
        return len(self.active) <= 1 or self.ply >= self.max_plies

    def goal_filled(self, seat: int) -> bool:
        goal = BOARD.point_masks[self.goal(seat)]
        if not GOAL_WITH_BLOCKERS:
            return self.marbles[seat] & goal == goal
        return self.occupied & goal == goal and bool(self.marbles[seat] & goal)

    def legal_moves(self) -> tuple[StarMove, ...]:
        """The mover's moves; (PASS,) when it has none; () when the game is over."""
        if self.is_over:
            return ()
        moves: list[StarMove] = []
        for hole in holes_of(self.marbles[self.turn]):
            moves.extend(marble_moves(hole, self._occupied))
        return tuple(moves) if moves else (PASS,)

    def play(self, move: StarMove) -> StarPosition:
        """The position after a legal move (from legal_moves or rules.star.notation.parse_move; not checked)."""
        marbles = self.marbles
        finished = self.finished
        if not move.is_pass:
            seat = self.turn
            mask = marbles[seat] & ~(1 << move.start) | 1 << move.end
            marbles = (*marbles[:seat], mask, *marbles[seat + 1 :])
        after = StarPosition(self.homes, marbles, self.turn, finished, self.gone, self.ply + 1)
        if not move.is_pass and after.goal_filled(self.turn):
            after = replace(after, finished=(*finished, self.turn))
        return after._next_turn()

    def without(self, seat: int) -> StarPosition:
        """The seat leaves (resigns or times out): its marbles come off the board; a finished seat keeps its
        place and marbles. Whoever was to move still moves, unless it was the seat that left."""
        if seat in self.finished or seat in self.gone:
            return self
        marbles = (*self.marbles[:seat], 0, *self.marbles[seat + 1 :])
        after = StarPosition(self.homes, marbles, self.turn, self.finished, (*self.gone, seat), self.ply)
        return after._next_turn() if self.turn == seat else after

    def _next_turn(self) -> StarPosition:
        active = self.active
        if len(active) <= 1:
            return self
        later = [s for s in active if s > self.turn]
        return replace(self, turn=later[0] if later else active[0])

    def pips(self, seat: int) -> int:
        """Steps the seat's marbles still have to go: distances to the goal's tip, less the 20 of a full goal."""
        tip = BOARD.tips[self.goal(seat)]
        return sum(BOARD.distance(h, tip) for h in holes_of(self.marbles[seat])) - _FULL_GOAL

    def ranking(self) -> tuple[tuple[int, ...], ...]:
        """Places so far, best first; each place a tuple of seats (ties share a place). While the game goes
        on, only the seats that have finished; at the end every seat."""
        places: list[tuple[int, ...]] = [(s,) for s in self.finished]
        if not self.is_over:
            return tuple(places)
        active = self.active
        for pips in sorted({self.pips(s) for s in active}):
            places.append(tuple(s for s in active if self.pips(s) == pips))
        places.extend((s,) for s in reversed(self.gone))
        return tuple(places)


_FULL_GOAL = sum(sorted(BOARD.distance(h, BOARD.tips[Point.NORTH]) for h in holes_of(BOARD.point_masks[Point.NORTH])))
