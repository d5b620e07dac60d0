"""Legal move generation, one generator parameterised by a RuleSet.

Positions are bitboards on Python ints. Capture sequences are found by depth-first search over
precomputed step and ray tables; the precedence rule is a sort key over complete sequences
(dctl's design), applied before duplicates are dropped because Italian rule 4 needs the order.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import TYPE_CHECKING, NamedTuple

from rules.board import Board, board_for, ray_table, step_table
from rules.errors import Reason
from rules.move import Move
from rules.ruleset import (
    DIAGONALS,
    BoardKind,
    Color,
    KingRange,
    Precedence,
    PromotionInCapture,
    RuleSet,
    Vector,
    forward,
)

if TYPE_CHECKING:
    from rules.position import Position

# A variant's own explanation of a refused move: (reason, details for the message).
Explanation = tuple[Reason, dict[str, object]]

# Internal move for make/unmake: (mover xor, captured mask, kings xor).
FastMove = tuple[int, int, int]


class CaptureSequence(NamedTuple):
    """A complete capture before precedence and de-duplication (a tuple: cheap to build)."""

    path: tuple[int, ...]
    captures: tuple[int, ...]
    king_flags: tuple[bool, ...]  # per captured piece, in order: was it a king?
    mover_king: bool
    promotes: bool

    @property
    def kings_captured(self) -> int:
        return sum(self.king_flags)

    def to_move(self) -> Move:
        kings_mask = 0
        for square, is_king in zip(self.captures, self.king_flags, strict=True):
            if is_king:
                kings_mask |= 1 << square
        return Move(self.path, self.captures, self.promotes, self.mover_king, kings_mask)


def _mirror(vectors: tuple[Vector, ...]) -> tuple[Vector, ...]:
    return tuple((-dr, dc) for dr, dc in vectors)


def precedence_key(rules: RuleSet) -> Callable[[CaptureSequence], tuple[object, ...]] | None:
    """The sort key of the variant's capture precedence; the maximum wins. None: free choice."""
    kind = rules.precedence
    if kind is Precedence.FREE:
        return None
    if kind is Precedence.QUANTITY:
        return lambda s: (len(s.captures),)
    if kind is Precedence.QUANTITY_KINGS:
        return lambda s: (len(s.captures), s.kings_captured)
    if kind is Precedence.KING_PRIORITY:
        return lambda s: (s.mover_king,)
    if kind is Precedence.ITALIAN:
        # Art. 6.6-6.9: quantity, with the king, most kings, kings met earliest (lexicographic).
        return lambda s: (len(s.captures), s.mover_king, s.kings_captured, s.king_flags)
    # Frisian (dctl): n kings weigh between 2n-1 and 2n men; then the king must capture.
    weight = 1000
    return lambda s: (
        (len(s.captures) + s.kings_captured) * weight - s.kings_captured,
        s.mover_king,
    )


class Generator:
    """Move generation for one RuleSet. Build once per variant with generator_for()."""

    # Every legal move is a capture (Kōnane): a search must not extend "captures only" lines.
    captures_only = False

    def __init__(self, rules: RuleSet, keep_duplicates: bool = False) -> None:
        self.rules = rules
        # Perft's K convention counts every capture path; everything else wants distinct moves.
        self.keep_duplicates = keep_duplicates
        board = board_for(rules)
        self.board: Board = board
        self.mask = board.mask
        white_moves = rules.man_move_vectors
        white_caps = rules.man_capture_vectors
        self.man_move_tables = (
            tuple(step_table(board, v) for v in white_moves),
            tuple(step_table(board, v) for v in _mirror(white_moves)),
        )
        self.man_capture_vectors = (white_caps, _mirror(white_caps))
        self.man_capture_tables = (
            tuple((v, step_table(board, v)) for v in white_caps),
            tuple((v, step_table(board, v)) for v in _mirror(white_caps)),
        )
        self.king_move_tables = tuple(step_table(board, v) for v in rules.king_move_vectors)
        self.king_move_rays = tuple(ray_table(board, v) for v in rules.king_move_vectors)
        self.king_capture_tables = tuple(
            (v, step_table(board, v)) for v in rules.king_capture_vectors
        )
        self.king_capture_rays = tuple(
            (v, ray_table(board, v)) for v in rules.king_capture_vectors
        )
        self.promo = (board.promotion_mask(Color.WHITE), board.promotion_mask(Color.BLACK))
        if not rules.promotes or rules.king_range is KingRange.NONE:
            self.promo = (0, 0)
        elif rules.promotion_squares is not None:  # Corner checkers: crowned on named squares only
            white_sq, black_sq = (
                sum(1 << board.parse_square(name) for name in names) for names in rules.promotion_squares
            )
            self.promo = (white_sq, black_sq)
        self.flying = rules.king_range in (KingRange.FLYING, KingRange.FLYING_LAND_BEHIND)
        self.land_behind = rules.king_range is KingRange.FLYING_LAND_BEHIND
        self.key = precedence_key(rules)
        # Shift fast path: diagonal board, men step to the two forward diagonals.
        diag_forward = set(forward(DIAGONALS))
        self.fast_men = (
            board.kind is BoardKind.DIAGONAL
            and set(white_moves) == diag_forward
            and len(white_moves) == 2
        )
        self.shifts = (board.half, board.half + 1)
        caps = set(white_caps)
        self.fast_capture_check = board.kind is BoardKind.DIAGONAL and caps <= set(DIAGONALS)
        self.men_capture_forward = bool(caps & diag_forward)
        self.men_capture_backward = bool(caps - diag_forward)
        self.king_capture_vectors_not_diagonal = set(rules.king_capture_vectors) != set(DIAGONALS)
        # fast_moves(white, black, kings, color): legal moves as (mover xor, captured mask, kings xor)
        # for make/unmake and perft.
        self.fast_moves: Callable[[int, int, int, Color], list[FastMove]] = (
            self._build_shift_fast()
            if self.fast_men and self.fast_capture_check and not self.rules.capture_filter and not keep_duplicates
            else self._generic_fast
        )

    # -- variant hooks (overridden in rules/variants/oddgen.py) ---------------------------------
    def forbidden_men(self, color: Color) -> int:
        """Squares where a man of color cannot stand (it would have been crowned there)."""
        return self.promo[color]

    def explain_move(self, position: Position, squares: list[int], capture_mark: bool) -> Explanation | None:
        """A variant's own reason why the typed squares are no legal move; None: the generic reasons."""
        return None

    # -- quiet moves -----------------------------------------------------------------------------
    def quiet_pairs(self, color: Color, own: int, opp: int, kings: int) -> list[tuple[int, int]]:
        """(from, to) of every non-capturing move, men first."""
        empty = self.mask & ~(own | opp)
        men = own & ~kings
        pairs: list[tuple[int, int]] = []
        if self.fast_men:
            for shift in self.shifts:
                if color is Color.WHITE:
                    targets = (men >> shift) & empty
                    while targets:
                        low = targets & -targets
                        to = low.bit_length() - 1
                        pairs.append((to + shift, to))
                        targets ^= low
                else:
                    targets = (men << shift) & empty
                    while targets:
                        low = targets & -targets
                        to = low.bit_length() - 1
                        pairs.append((to - shift, to))
                        targets ^= low
        else:
            tables = self.man_move_tables[color]
            for frm in self.board.bits(men):
                for table in tables:
                    to = table[frm]
                    if to >= 0 and empty >> to & 1:
                        pairs.append((frm, to))
        own_kings = own & kings
        if own_kings:
            pairs.extend(self._king_quiet_pairs(own_kings, empty))
        return pairs

    def _king_quiet_pairs(self, own_kings: int, empty: int) -> list[tuple[int, int]]:
        pairs: list[tuple[int, int]] = []
        if self.flying:
            for frm in self.board.bits(own_kings):
                for rays in self.king_move_rays:
                    for to in rays[frm]:
                        if not empty >> to & 1:
                            break
                        pairs.append((frm, to))
        else:
            for frm in self.board.bits(own_kings):
                for table in self.king_move_tables:
                    to = table[frm]
                    if to >= 0 and empty >> to & 1:
                        pairs.append((frm, to))
        return pairs

    # -- captures --------------------------------------------------------------------------------
    def capturers(self, color: Color, own: int, opp: int, kings: int) -> int:
        """Own pieces that may have a capture (exact for men and short kings on diagonal boards)."""
        if not self.fast_capture_check:
            return own
        empty = self.mask & ~(own | opp)
        men = own & ~kings
        own_kings = own & kings
        prey = opp if self.rules.men_capture_kings else opp & ~kings
        white = color is Color.WHITE
        up = self.men_capture_forward if white else self.men_capture_backward
        down = self.men_capture_backward if white else self.men_capture_forward
        found = 0
        for shift in self.shifts:
            if up:
                found |= men & (prey << shift) & (empty << 2 * shift)
            if down:
                found |= men & (prey >> shift) & (empty >> 2 * shift)
        if own_kings:
            if self.flying or self.king_capture_vectors_not_diagonal:
                found |= own_kings
            else:
                for shift in self.shifts:
                    found |= own_kings & (
                        (opp << shift) & (empty << 2 * shift) | (opp >> shift) & (empty >> 2 * shift)
                    )
        return found

    def sequences(
        self, color: Color, own: int, opp: int, kings: int, starts: int | None = None
    ) -> list[CaptureSequence]:
        """Every complete capture sequence (from the pieces in starts), before the precedence rule."""
        found: list[CaptureSequence] = []
        for start in self.board.bits(own if starts is None else starts):
            is_king = bool(kings >> start & 1)
            occ = (own | opp) & ~(1 << start)
            self._search(color, start, is_king, is_king, (start,), (), (), 0, occ, opp, kings, None, found)
        return found

    def _search(  # noqa: C901 - measured hot path (capture search)
        self,
        color: Color,
        cur: int,
        king: bool,
        mover_king: bool,
        path: tuple[int, ...],
        caps: tuple[int, ...],
        flags: tuple[bool, ...],
        capmask: int,
        occ: int,
        opp: int,
        kings: int,
        last: Vector | None,
        found: list[CaptureSequence],
    ) -> bool:
        """Extend the sequence from cur; append complete ones to found. True if any jump was possible."""
        rules = self.rules
        jumps: list[tuple[Vector, int, tuple[int, ...]]] = []  # (vector, captured, landings)
        if king and self.flying:
            for vector, rays in self.king_capture_rays:
                if last is not None and rules.no_reverse_turn and vector == (-last[0], -last[1]):
                    continue
                ray = rays[cur]
                index = 0
                length = len(ray)
                while index < length and not occ >> ray[index] & 1:
                    index += 1
                if index >= length - 1:
                    continue
                victim = ray[index]
                if not opp >> victim & 1 or capmask >> victim & 1:
                    continue
                beyond: list[int] = []
                for square in ray[index + 1 :]:
                    if occ >> square & 1:
                        break
                    beyond.append(square)
                    if self.land_behind:
                        break
                if beyond:
                    jumps.append((vector, victim, tuple(beyond)))
        else:
            tables = self.king_capture_tables if king else self.man_capture_tables[color]
            may_take_kings = king or rules.men_capture_kings
            for vector, table in tables:
                if last is not None and rules.no_reverse_turn and vector == (-last[0], -last[1]):
                    continue
                victim = table[cur]
                if victim < 0 or not opp >> victim & 1 or capmask >> victim & 1:
                    continue
                if not may_take_kings and kings >> victim & 1:
                    continue
                land = table[victim]
                if land < 0 or occ >> land & 1:
                    continue
                jumps.append((vector, victim, (land,)))
        if not jumps:
            return False
        promo = self.promo[color]
        mode = rules.promotion_in_capture
        for vector, victim, landings in jumps:
            victim_bit = 1 << victim
            new_caps = caps + (victim,)
            new_flags = flags + (bool(kings & victim_bit),)
            new_capmask = capmask | victim_bit
            if rules.removal_immediate:
                new_occ = occ & ~victim_bit
                new_opp = opp & ~victim_bit
            else:
                new_occ, new_opp = occ, opp
            terminals: list[tuple[int, bool]] = []
            continued = False
            for land in landings:
                new_path = path + (land,)
                reaches_row = not king and bool(promo >> land & 1)
                if reaches_row and mode is PromotionInCapture.STOP:
                    terminals.append((land, True))
                    continue
                next_king = king or (reaches_row and mode is PromotionInCapture.CONTINUE_AS_KING)
                if self._search(
                    color, land, next_king, mover_king, new_path, new_caps, new_flags,
                    new_capmask, new_occ, new_opp, kings, vector, found,
                ):
                    continued = True
                else:
                    # crowned on the far row now, or earlier in this move (Russian)
                    ends_on_row = not mover_king and (next_king or bool(promo >> land & 1))
                    terminals.append((land, ends_on_row))
            # A sequence may stop only where no landing square of this jump lets it go on.
            if continued:
                terminals = []
            for land, promotes in terminals:
                found.append(
                    CaptureSequence(path + (land,), new_caps, new_flags, mover_king, promotes)
                )
        return True

    def captures(self, color: Color, own: int, opp: int, kings: int) -> list[CaptureSequence]:
        """Legal captures after the precedence rule, duplicates (same identity) dropped."""
        starts = self.capturers(color, own, opp, kings)
        if not starts:
            return []
        return self._captures_from(color, own, opp, kings, starts)

    def _captures_from(
        self, color: Color, own: int, opp: int, kings: int, starts: int
    ) -> list[CaptureSequence]:
        found = self.sequences(color, own, opp, kings, starts)
        if not found:
            return found
        found = self.apply_precedence(found)
        if len(found) == 1 or self.keep_duplicates:
            return found
        seen: set[tuple[int, int, frozenset[int]]] = set()
        unique = []
        for seq in found:
            ident = (seq.path[0], seq.path[-1], frozenset(seq.captures))
            if ident not in seen:
                seen.add(ident)
                unique.append(seq)
        return unique

    def apply_precedence(self, found: list[CaptureSequence]) -> list[CaptureSequence]:
        key = self.key
        if key is not None and len(found) > 1:
            best = max(key(s) for s in found)
            found = [s for s in found if key(s) == best]
        if self.rules.capture_filter is not None:
            found = self.rules.capture_filter(found)
        return found

    # -- both ------------------------------------------------------------------------------------
    def _to_fast(self, seqs: list[CaptureSequence]) -> list[FastMove]:
        out = []
        for seq in seqs:
            path = seq.path
            end = 1 << path[-1]
            mx = (1 << path[0]) ^ end
            capmask = 0
            for square in seq.captures:
                capmask |= 1 << square
            out.append((mx, capmask, mx if seq.mover_king else end if seq.promotes else 0))
        return out

    def _generic_fast(self, white: int, black: int, kings: int, color: Color) -> list[FastMove]:
        own, opp = (white, black) if color is Color.WHITE else (black, white)
        seqs = self.captures(color, own, opp, kings)
        if seqs:
            return self._to_fast(seqs)
        promo = self.promo[color]
        out = []
        for frm, to in self.quiet_pairs(color, own, opp, kings):
            mx = (1 << frm) | (1 << to)
            if kings >> frm & 1:
                out.append((mx, 0, mx))
            elif promo >> to & 1:
                out.append((mx, 0, 1 << to))
            else:
                out.append((mx, 0, 0))
        return out

    def _build_shift_fast(self) -> Callable[[int, int, int, Color], list[FastMove]]:  # noqa: C901 - measured hot path (builds the shift-based generator once per variant)
        """fast_moves for diagonal boards whose men step to the two forward diagonals.

        Everything the hot loop needs is bound to locals once; the capture test is done with shifts.
        """
        mask = self.mask
        s1, s2 = self.shifts
        promo_white, promo_black = self.promo
        men_take_kings = self.rules.men_capture_kings
        forward_caps = self.men_capture_forward
        backward_caps = self.men_capture_backward
        short_kings = not (self.flying or self.king_capture_vectors_not_diagonal)
        flying_diagonal = self.flying and not self.king_capture_vectors_not_diagonal
        white_color = Color.WHITE
        captures_from = self._captures_from
        to_fast = self._to_fast
        king_pairs = self._king_quiet_pairs

        rules = self.rules
        # Men's captures by shifts. Under CONTINUE_AS_KING a man crowned mid-capture goes on as a king,
        # which the shift search does not follow: it hands such positions to the general search.
        men_fast = (
            not rules.removal_immediate
            and not rules.no_reverse_turn
            and rules.capture_filter is None
            and (rules.precedence is not Precedence.ITALIAN or not rules.men_capture_kings)
            and rules.precedence is not Precedence.FRISIAN
        )
        stop_on_row = rules.promotion_in_capture is PromotionInCapture.STOP
        crowned_goes_on = rules.promotion_in_capture is PromotionInCapture.CONTINUE_AS_KING
        count_kings = rules.precedence is Precedence.QUANTITY_KINGS
        by_quantity = rules.precedence in (Precedence.QUANTITY, Precedence.QUANTITY_KINGS, Precedence.ITALIAN)

        # (is the step a right shift, shift) per allowed direction, for White and for Black
        steps_by_side = {}
        for white_side in (True, False):
            steps: list[tuple[bool, int]] = []
            if forward_caps:
                steps += [(white_side, s1), (white_side, s2)]
            if backward_caps:
                steps += [(not white_side, s1), (not white_side, s2)]
            steps_by_side[white_side] = tuple(steps)

        def extend(
            steps: tuple[tuple[bool, int], ...],
            prey: int,
            promo: int,
            found: set[tuple[int, int, int]],
            start: int,
            cur: int,
            taken: int,
            free: int,
        ) -> None:
            went_on = False
            for right, shift in steps:
                if right:
                    victim = cur >> shift
                    land = victim >> shift
                else:
                    victim = cur << shift
                    land = victim << shift
                if victim & prey and land & free and not victim & taken:
                    went_on = True
                    if land & promo and stop_on_row:
                        found.add((start, land, taken | victim))
                    elif land & promo and crowned_goes_on:
                        raise _CrownedMidCapture
                    else:
                        extend(steps, prey, promo, found, start, land, taken | victim, free)
            if not went_on and taken:
                found.add((start, cur, taken))

        def men_captures(
            starts: int, prey: int, empty: int, promo: int, kings: int, white_side: bool
        ) -> list[FastMove]:
            """Captures by men only, with shifts: same results as the general search for these rules."""
            steps = steps_by_side[white_side]
            found: set[tuple[int, int, int]] = set()
            while starts:
                start = starts & -starts
                starts ^= start
                extend(steps, prey, promo, found, start, start, 0, empty | start)
            if by_quantity and len(found) > 1:
                if count_kings:
                    best = max((t.bit_count(), (t & kings).bit_count()) for _, _, t in found)
                    return [
                        (start ^ end, taken, end & promo)
                        for start, end, taken in found
                        if (taken.bit_count(), (taken & kings).bit_count()) == best
                    ]
                most = max(t.bit_count() for _, _, t in found)
                return [
                    (start ^ end, taken, end & promo) for start, end, taken in found if taken.bit_count() == most
                ]
            return [(start ^ end, taken, end & promo) for start, end, taken in found]

        def king_can_jump(own_kings: int, opp: int, empty: int) -> bool:
            """Can a flying king take anything? Slide each king along every diagonal through empty
            squares; a jump needs an enemy piece at the end of the slide with an empty square behind
            it. Most positions have none, and this spares the full capture search per king."""
            for shift in (s1, s2):
                ray = own_kings
                while ray:
                    ray >>= shift
                    if ray & opp & (empty << shift):
                        return True
                    ray &= empty
                ray = own_kings
                while ray:
                    ray <<= shift
                    if ray & opp & (empty >> shift):
                        return True
                    ray &= empty
            return False

        def fast_moves(white: int, black: int, kings: int, color: Color) -> list[FastMove]:  # noqa: C901 - measured hot path (quiet moves and men's captures)
            empty = mask & ~(white | black)
            if color is white_color:
                own, opp, promo = white, black, promo_white
                up, down = forward_caps, backward_caps
            else:
                own, opp, promo = black, white, promo_black
                up, down = backward_caps, forward_caps
            men = own & ~kings
            prey = opp if men_take_kings else opp & ~kings
            starts = 0
            if up:
                starts = men & ((prey << s1) & (empty << 2 * s1) | (prey << s2) & (empty << 2 * s2))
            if down:
                starts |= men & ((prey >> s1) & (empty >> 2 * s1) | (prey >> s2) & (empty >> 2 * s2))
            own_kings = own & kings
            if own_kings:
                if short_kings:
                    starts |= own_kings & (
                        (opp << s1) & (empty << 2 * s1)
                        | (opp << s2) & (empty << 2 * s2)
                        | (opp >> s1) & (empty >> 2 * s1)
                        | (opp >> s2) & (empty >> 2 * s2)
                    )
                elif not flying_diagonal or king_can_jump(own_kings, opp, empty):
                    starts |= own_kings
            if starts:
                if men_fast and not starts & kings:
                    try:
                        return men_captures(starts, prey, empty, promo, kings, color is white_color)
                    except _CrownedMidCapture:
                        pass
                seqs = captures_from(color, own, opp, kings, starts)
                if seqs:
                    return to_fast(seqs)
            out = []
            if color is white_color:
                targets = (men >> s1) & empty
                while targets:
                    low = targets & -targets
                    out.append((low | low << s1, 0, low & promo))
                    targets ^= low
                targets = (men >> s2) & empty
                while targets:
                    low = targets & -targets
                    out.append((low | low << s2, 0, low & promo))
                    targets ^= low
            else:
                targets = (men << s1) & empty
                while targets:
                    low = targets & -targets
                    out.append((low | low >> s1, 0, low & promo))
                    targets ^= low
                targets = (men << s2) & empty
                while targets:
                    low = targets & -targets
                    out.append((low | low >> s2, 0, low & promo))
                    targets ^= low
            if own_kings:
                for frm, to in king_pairs(own_kings, empty):
                    mx = (1 << frm) | (1 << to)
                    out.append((mx, 0, mx))
            return out

        return fast_moves

    def legal_moves(self, white: int, black: int, kings: int, color: Color) -> list[Move]:
        own, opp = (white, black) if color is Color.WHITE else (black, white)
        seqs = self.captures(color, own, opp, kings)
        if seqs:
            return [s.to_move() for s in seqs]
        promo = self.promo[color]
        return [
            Move((frm, to), (), bool(not kings >> frm & 1 and promo >> to & 1), bool(kings >> frm & 1))
            for frm, to in self.quiet_pairs(color, own, opp, kings)
        ]


class _CrownedMidCapture(Exception):
    """The shift search met a man crowned mid-capture that goes on as a king (Russian rules)."""


@functools.cache
def generator_for(rules: RuleSet, keep_duplicates: bool = False) -> Generator:
    if rules.generator_factory is not None:  # variant hook (rules/variants/hooks.py)
        return rules.generator_factory(rules)
    return Generator(rules, keep_duplicates)
