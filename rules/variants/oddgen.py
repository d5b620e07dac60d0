"""Generator subclasses for the BrainKing oddities (rules/variants/oddities.py).

Each class says how it differs from the plain Generator; everything else is inherited. All but Corner use
the generic fast path (`_generic_fast`), so the shift fast path of the federation variants is untouched,
and switch off `fast_capture_check`, so the engine's shift capture test answers "maybe" for them.
"""

from __future__ import annotations

import itertools
from typing import TYPE_CHECKING

from rules.board import Board, step_table
from rules.errors import Reason
from rules.movegen import CaptureSequence, Explanation, Generator
from rules.ruleset import DIAGONALS, DOWN_LEFT, DOWN_RIGHT, ORTHOGONALS, UP_LEFT, UP_RIGHT, Color, RuleSet, Vector

if TYPE_CHECKING:
    from rules.position import Position


def _mirror(vectors: tuple[Vector, ...]) -> tuple[Vector, ...]:
    return tuple((-dr, dc) for dr, dc in vectors)


def _delta(board: Board, start: int, dest: int) -> tuple[int, int]:
    (r0, c0), (r1, c1) = board.coords[start], board.coords[dest]
    return r1 - r0, c1 - c0


def _quiet_man(position: Position, squares: list[int], capture_mark: bool) -> bool:
    """The text names a plain step of one of the mover's men (two squares, no capture mark)."""
    piece = position.piece_at(squares[0])
    return piece is not None and not piece.is_king and len(squares) == 2 and not capture_mark


class _OddGenerator(Generator):
    def __init__(self, rules: RuleSet) -> None:
        super().__init__(rules)
        self.fast_men = False
        self.fast_capture_check = False
        self.fast_moves = self._generic_fast


class CornerGenerator(Generator):
    """Corner checkers: Czech rules, men crowned only on RuleSet.promotion_squares (the Generator reads
    them, shift fast path included); this class only explains why a man on the far row outside the
    corner cannot move."""

    def explain_move(self, position: Position, squares: list[int], capture_mark: bool) -> Explanation | None:
        board = self.board
        start = squares[0]
        piece = position.piece_at(start)
        if piece is None or piece.is_king or not board.promotion_mask(piece.color) >> start & 1:
            return None
        names = (self.rules.promotion_squares or ((), ()))[piece.color]
        return Reason.NOT_CROWNED_HERE, {"square": board.name(start), "crowning": tuple(names)}


class OneWayGenerator(_OddGenerator):
    """One-way checkers: Black's men use White's vectors (up the board, towards rank 8) and both sides'
    men are crowned on the top row."""

    def __init__(self, rules: RuleSet) -> None:
        super().__init__(rules)
        self.man_move_tables = (self.man_move_tables[0], self.man_move_tables[0])
        self.man_capture_vectors = (self.man_capture_vectors[0], self.man_capture_vectors[0])
        self.man_capture_tables = (self.man_capture_tables[0], self.man_capture_tables[0])
        top = self.promo[Color.WHITE]
        self.promo = (top, top)

    def explain_move(self, position: Position, squares: list[int], capture_mark: bool) -> Explanation | None:
        piece = position.piece_at(squares[0])
        if piece is None or piece.is_king:
            return None
        if _delta(self.board, squares[0], squares[1])[0] > 0:  # towards row 0 is up for everyone
            return Reason.ONE_WAY, {}
        return None


class ParachuteGenerator(_OddGenerator):
    """Parachute checkers: Czech rules plus parachutists. A parachutist is a man standing on its own
    promotion row: a man that reaches that row is crowned at once, so no other man can stand there and the
    piece kind needs no extra state. Its only move is one jump backwards over an enemy piece on the next
    row, landing just behind it; it is then an ordinary man and the move ends (PARACHUTE_SINGLE_JUMP).
    For the Czech king-priority rule a parachutist's capture is a man's capture."""

    def __init__(self, rules: RuleSet) -> None:
        super().__init__(rules)
        board = self.board
        drops: list[dict[int, tuple[tuple[int, int], ...]]] = []
        for color, back in ((Color.WHITE, (DOWN_LEFT, DOWN_RIGHT)), (Color.BLACK, (UP_LEFT, UP_RIGHT))):
            table: dict[int, tuple[tuple[int, int], ...]] = {}
            for square in board.bits(self.promo[color]):
                jumps = []
                for vector in back:
                    victim = board.step(square, vector)
                    land = board.step(victim, vector) if victim >= 0 else -1
                    if land >= 0:
                        jumps.append((victim, land))
                table[square] = tuple(jumps)
            drops.append(table)
        self.drops = (drops[0], drops[1])

    def parachutists(self, color: Color, own: int, kings: int) -> int:
        return own & ~kings & self.promo[color]

    def forbidden_men(self, color: Color) -> int:
        return 0  # a man on its promotion row is a parachutist

    def sequences(
        self, color: Color, own: int, opp: int, kings: int, starts: int | None = None
    ) -> list[CaptureSequence]:
        starts = own if starts is None else starts
        drops = starts & self.parachutists(color, own, kings)
        found = super().sequences(color, own, opp, kings, starts & ~drops)
        occupied = own | opp
        for square in self.board.bits(drops):
            for victim, land in self.drops[color][square]:
                if opp >> victim & 1 and not occupied >> land & 1:
                    found.append(
                        CaptureSequence((square, land), (victim,), (bool(kings >> victim & 1),), False, False)
                    )
        return found

    def explain_move(self, position: Position, squares: list[int], capture_mark: bool) -> Explanation | None:
        start = squares[0]
        if not self.parachutists(position.turn, position.own, position.kings) >> start & 1:
            return None
        row = 7 if position.turn is Color.WHITE else 2
        return Reason.PARACHUTIST_MUST_CAPTURE, {"square": self.board.name(start), "row": row}


def _line_table(board: Board, vector: Vector) -> tuple[int, ...]:
    """step_table without the diagonal steps from points that have no diagonal line (row+col odd)."""
    table = list(step_table(board, vector))
    if vector[0] and vector[1]:
        for bit, (row, col) in board.coords.items():
            if (row + col) % 2:
                table[bit] = -1
    return tuple(table)


class AlquerqueGenerator(_OddGenerator):
    """Alquerque on the 5x5 grid: moves and jumps follow the lines (diagonals only through the points with
    row+col even). Men step forward, diagonally forward or sideways, but not at all once on the far row;
    a capture's first jump goes in a stepping direction, later jumps in any direction along a line.
    Captured pieces stay until the move ends; no promotion."""

    def __init__(self, rules: RuleSet) -> None:
        super().__init__(rules)
        board = self.board
        steps = rules.man_move_vectors
        self.step_tables = (
            tuple(_line_table(board, v) for v in steps),
            tuple(_line_table(board, v) for v in _mirror(steps)),
        )
        self.any_tables = tuple(_line_table(board, v) for v in DIAGONALS + ORTHOGONALS)
        self.far_row = (board.promotion_mask(Color.WHITE), board.promotion_mask(Color.BLACK))

    def quiet_pairs(self, color: Color, own: int, opp: int, kings: int) -> list[tuple[int, int]]:
        empty = self.mask & ~(own | opp)
        pairs = []
        for frm in self.board.bits(own & ~self.far_row[color]):
            for table in self.step_tables[color]:
                to = table[frm]
                if to >= 0 and empty >> to & 1:
                    pairs.append((frm, to))
        return pairs

    def sequences(
        self, color: Color, own: int, opp: int, kings: int, starts: int | None = None
    ) -> list[CaptureSequence]:
        found: list[CaptureSequence] = []
        for start in self.board.bits(own if starts is None else starts):
            occupied = (own | opp) & ~(1 << start)
            self._jump(color, start, (start,), (), 0, occupied, opp, found)
        return found

    def _jump(
        self,
        color: Color,
        cur: int,
        path: tuple[int, ...],
        caps: tuple[int, ...],
        taken: int,
        occupied: int,
        opp: int,
        found: list[CaptureSequence],
    ) -> None:
        tables = self.step_tables[color] if len(path) == 1 else self.any_tables
        went_on = False
        for table in tables:
            victim = table[cur]
            if victim < 0 or not opp >> victim & 1 or taken >> victim & 1:
                continue
            land = table[victim]
            if land < 0 or occupied >> land & 1:
                continue
            went_on = True
            self._jump(color, land, path + (land,), caps + (victim,), taken | 1 << victim, occupied, opp, found)
        if not went_on and caps:
            found.append(CaptureSequence(path, caps, (False,) * len(caps), False, False))

    def explain_move(self, position: Position, squares: list[int], capture_mark: bool) -> Explanation | None:
        board = self.board
        start, nxt = squares[0], squares[1]
        if position.piece_at(start) is None:
            return None
        dr, dc = _delta(board, start, nxt)
        if max(abs(dr), abs(dc)) not in (1, 2) or (dr and dc and abs(dr) != abs(dc)):
            return None
        row, col = board.coords[start]
        if dr and dc and (row + col) % 2:
            return Reason.NO_LINE, {"start": board.name(start), "end": board.name(nxt)}
        backwards = dr > 0 if position.turn is Color.WHITE else dr < 0
        if max(abs(dr), abs(dc)) == 2:
            return (Reason.FIRST_JUMP_FORWARD, {}) if backwards else None
        if not _quiet_man(position, squares, capture_mark):
            return None
        if self.far_row[position.turn] >> start & 1:
            return Reason.LAST_ROW_STUCK, {"square": board.name(start)}
        if backwards:
            return Reason.NO_BACKWARD_MOVE, {}
        return None


class KonaneGenerator(_OddGenerator):
    """Hawaiian checkers (Kōnane): no quiet moves; every move is a jump straight up, down, left or right
    over an adjacent enemy piece onto the empty square behind it, optionally continued in the same
    direction. Every prefix of a straight multi-jump is a legal move."""

    captures_only = True

    def __init__(self, rules: RuleSet) -> None:
        super().__init__(rules)
        self.jump_tables = tuple(step_table(self.board, v) for v in ORTHOGONALS)

    def quiet_pairs(self, color: Color, own: int, opp: int, kings: int) -> list[tuple[int, int]]:
        return []

    def sequences(
        self, color: Color, own: int, opp: int, kings: int, starts: int | None = None
    ) -> list[CaptureSequence]:
        found: list[CaptureSequence] = []
        for start in self.board.bits(own if starts is None else starts):
            occupied = (own | opp) & ~(1 << start)
            for table in self.jump_tables:
                cur = start
                path: tuple[int, ...] = (start,)
                caps: tuple[int, ...] = ()
                while True:
                    victim = table[cur]
                    if victim < 0 or not opp >> victim & 1:
                        break
                    land = table[victim]
                    if land < 0 or occupied >> land & 1:
                        break
                    cur, path, caps = land, path + (land,), caps + (victim,)
                    found.append(CaptureSequence(path, caps, (False,) * len(caps), False, False))
        return found

    def explain_move(self, position: Position, squares: list[int], capture_mark: bool) -> Explanation | None:
        board = self.board
        deltas = [_delta(board, a, b) for a, b in itertools.pairwise(squares)]
        directions = {(dr // max(abs(dr), abs(dc), 1), dc // max(abs(dr), abs(dc), 1)) for dr, dc in deltas}
        if any(dr and dc for dr, dc in deltas) or any(max(abs(dr), abs(dc)) == 1 for dr, dc in deltas):
            return Reason.JUMPS_ONLY, {}
        if len(directions) > 1:
            return Reason.STRAIGHT_JUMPS, {}
        return None


def corner_moves(rules: RuleSet) -> Generator:
    return CornerGenerator(rules)


def one_way_moves(rules: RuleSet) -> Generator:
    return OneWayGenerator(rules)


def parachute_moves(rules: RuleSet) -> Generator:
    return ParachuteGenerator(rules)


def alquerque_moves(rules: RuleSet) -> Generator:
    return AlquerqueGenerator(rules)


def konane_moves(rules: RuleSet) -> Generator:
    return KonaneGenerator(rules)
