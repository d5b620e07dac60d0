"""Iterative-deepening PVS over bitboards, for any RuleSet.

Moves are the generator's fast tuples (mover xor, captured mask, kings xor); making a move is
three XORs on ints, and the Zobrist key is updated from the same masks. The transposition table is
a fixed-size list indexed by the low bits of the key, so memory is bounded by construction.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Protocol, runtime_checkable

from engine.evaluate import Evaluator, Weights, evaluator_for
from rules.king_streaks import NO_STREAKS, limit_fast_moves
from rules.movegen import FastMove, generator_for
from rules.ruleset import DIAGONALS, BoardKind, Color, KingRange, RuleSet

INF = 1_000_000
WIN = 100_000
WIN_BOUND = WIN - 1_000  # scores beyond this are forced wins (WIN - plies)
# The compiled core's endgame tables score TABLE_WIN - plies to the end (engine/core/search.c).
TABLE_WIN = 90_000
TABLE_BOUND = TABLE_WIN - 10_000
MAX_PLY = 128
EXACT, LOWER, UPPER = 0, 1, 2
TIME_SHARE = 0.93  # of the budget; the rest covers process and conversion overhead
CHECK_EVERY = 255  # nodes between looks at the clock and the stop flag (a mask)
COLORS = (Color.WHITE, Color.BLACK)
# Shallow pruning in quiet positions: static eval beyond the window by MARGIN per ply of depth.
PRUNE_DEPTH = 4
MARGIN = 60
# Late-move reductions: quiet moves after the first few are searched shallower first (log-shaped).
LMR_FROM = 2
LMR = [[0] * 32 for _ in range(32)]
for _d in range(2, 32):
    for _i in range(LMR_FROM, 32):
        LMR[_d][_i] = min(_d - 1, max(1, int(0.5 + math.log(_d) * math.log(_i) / 1.8)))


class Stop(Exception):
    """Raised inside the search when time is up or the caller cancelled."""


@dataclass(slots=True)
class Result:
    """What a search found. Moves are fast tuples; the API layer turns them into rules.Move."""

    move: FastMove | None
    score: int  # centi-men, side to move
    pv: list[FastMove] = field(default_factory=list)
    depth: int = 0
    nodes: int = 0
    seconds: float = 0.0
    root_scores: list[tuple[FastMove, int]] = field(default_factory=list)


@runtime_checkable
class SearchCore(Protocol):
    """What both search cores offer (Searcher here, engine.native.NativeSearcher over the compiled core): the
    engine's callers see only this, so a core that drifts from the other fails mypy where it is returned."""

    def hash_of(
        self, white: int, black: int, kings: int, color: int, streaks: tuple[int, int, int, int] = NO_STREAKS
    ) -> int: ...

    def search(
        self,
        white: int,
        black: int,
        kings: int,
        color: int,
        *,
        depth: int | None = None,
        seconds: float | None = None,
        history: Sequence[int] = (),
        should_stop: Callable[[], bool] | None = None,
        all_scores: bool = False,
        streaks: tuple[int, int, int, int] = NO_STREAKS,
    ) -> Result: ...


class Searcher:
    """One per variant and process; keeps its transposition table and history between searches."""

    def __init__(self, rules: RuleSet, tt_bits: int = 18, seed: int = 20240611, weights: Weights | None = None) -> None:
        self.rules = rules
        gen = generator_for(rules)
        self.gen = gen
        self.fast_moves = gen.fast_moves
        self.evaluate = (Evaluator(rules, weights) if weights else evaluator_for(rules)).evaluate
        self.giveaway = rules.giveaway
        board = gen.board
        self.nbits = max(board.coords) + 1
        rng = random.Random(seed)
        n = self.nbits
        self.z_piece = (
            [rng.getrandbits(64) for _ in range(n)],
            [rng.getrandbits(64) for _ in range(n)],
        )
        self.z_king = [rng.getrandbits(64) for _ in range(n)]
        self.z_side = rng.getrandbits(64)
        self.z_cache: tuple[dict[int, int], dict[int, int]] = ({}, {})
        self.tt_size = 1 << tt_bits
        self.tt_mask = self.tt_size - 1
        self.tt: list[tuple[int, int, int, int, FastMove | None] | None] = [None] * self.tt_size
        self.history: tuple[dict[int, int], dict[int, int]] = ({}, {})
        self.killers: list[list[FastMove | None]] = [[None, None] for _ in range(MAX_PLY + 2)]
        self.pv_table: list[list[FastMove]] = [[] for _ in range(MAX_PLY + 2)]
        self.stack: list[int] = [0] * (MAX_PLY + 512)
        self.base = 0
        self.rev_limit = rules.draw_reversible_plies or 10_000
        self.nodes = 0
        self.deadline = float("inf")
        self.should_stop: Callable[[], bool] | None = None
        self.root_rev = 0
        self.root_done = False
        self.root_best = -INF
        self._can_capture_setup()

    # -- hashing ---------------------------------------------------------------------------------
    def hash_of(
        self, white: int, black: int, kings: int, color: int, streaks: tuple[int, int, int, int] = NO_STREAKS
    ) -> int:
        """streaks (Frisian's Position.king_streaks) are left out: this core tracks them at the root only."""
        h = self.z_side if color else 0
        for bits, table in ((white, self.z_piece[0]), (black, self.z_piece[1]), (kings, self.z_king)):
            while bits:
                low = bits & -bits
                h ^= table[low.bit_length() - 1]
                bits ^= low
        return h

    def _delta(self, color: int, mx: int, cap: int, kd: int) -> int:
        """Key change for a move by color: mover bits, captured bits, changed king bits, side."""
        n = self.nbits
        key = mx | cap << n | kd << 2 * n
        cache = self.z_cache[color]
        d = cache.get(key)
        if d is None:
            d = self.z_side
            for bits, table in (
                (mx, self.z_piece[color]),
                (cap, self.z_piece[1 - color]),
                (kd, self.z_king),
            ):
                while bits:
                    low = bits & -bits
                    d ^= table[low.bit_length() - 1]
                    bits ^= low
            if len(cache) > 500_000:
                cache.clear()
            cache[key] = d
        return d

    # -- capture test ----------------------------------------------------------------------------
    def _can_capture_setup(self) -> None:
        gen = self.gen
        rules = self.rules
        self.exact_men_test = gen.fast_capture_check and rules.board_kind is BoardKind.DIAGONAL
        self.short_kings = rules.king_range is KingRange.SHORT and set(rules.king_capture_vectors) <= set(DIAGONALS)
        self.cap_fwd = gen.men_capture_forward
        self.cap_back = gen.men_capture_backward
        self.men_take_kings = rules.men_capture_kings
        self.mask = gen.board.mask

    def can_capture(self, own: int, opp: int, kings: int, color: int) -> bool:
        """Exact where the shift test applies (men, and short diagonal kings); True when unsure."""
        if not self.exact_men_test:
            return True
        own_kings = own & kings
        if own_kings and not self.short_kings:
            return True
        empty = self.mask & ~(own | opp)
        men = own ^ own_kings
        targets = opp if self.men_take_kings else opp & ~kings
        s0, s1 = self.gen.shifts
        up = self.cap_fwd if color == 0 else self.cap_back
        down = self.cap_back if color == 0 else self.cap_fwd
        if up and (((men >> s0) & targets) >> s0 & empty or ((men >> s1) & targets) >> s1 & empty):
            return True
        if down and (((men << s0) & targets) << s0 & empty or ((men << s1) & targets) << s1 & empty):
            return True
        if own_kings:
            for s in (s0, s1):
                if ((own_kings >> s) & opp) >> s & empty or ((own_kings << s) & opp) << s & empty:
                    return True
        return False

    # -- driver ----------------------------------------------------------------------------------
    def search(
        self,
        white: int,
        black: int,
        kings: int,
        color: int,
        *,
        depth: int | None = None,
        seconds: float | None = None,
        history: Sequence[int] = (),
        should_stop: Callable[[], bool] | None = None,
        all_scores: bool = False,
        streaks: tuple[int, int, int, int] = NO_STREAKS,
    ) -> Result:
        """Iterative deepening until depth, the time limit or should_stop(); the last full iteration wins.

        history: Zobrist keys of earlier game positions (oldest first) since the last irreversible move,
        for repetition draws. all_scores: search every root move with a full window (for levels).
        streaks: Position.king_streaks; Frisian's king move limit is applied to the root moves only
        (the compiled core, which serves Frisian when built, applies it throughout the tree).
        """
        start = time.monotonic()
        max_depth = min(depth or MAX_PLY - 8, MAX_PLY - 8)
        # Time: iterations go on while time remains (an interrupted one still counts once its first
        # root move, the last best, is resolved), so a search uses about TIME_SHARE of its budget.
        self.deadline = start + seconds * TIME_SHARE if seconds is not None else float("inf")
        self.should_stop = should_stop
        own, opp, h = self._prepare(white, black, kings, color, history)
        moves = self.fast_moves(white, black, kings, COLORS[color])
        if self.rules.king_move_limit:
            moves = limit_fast_moves(self.rules.king_move_limit, streaks, own, kings, color, moves)
        if not moves:
            lost = WIN if self.giveaway else -WIN
            return Result(None, lost, [], 0, 1, time.monotonic() - start)
        best = Result(moves[0], 0, [moves[0]], 0, 0, 0.0)
        scores: dict[FastMove, int] = {}
        previous = 0
        try:
            for d in range(1, max_depth + 1):
                if all_scores:
                    scores = self._score_all(own, opp, kings, color, d, h, moves)
                    moves.sort(key=lambda m: -scores[m])
                    best = Result(moves[0], scores[moves[0]], [moves[0]], d)
                    best.root_scores = [(m, scores[m]) for m in moves]
                else:
                    score = self._aspirate(own, opp, kings, color, d, h, moves, previous)
                    previous = score
                    pv = list(self.pv_table[0]) or [moves[0]]
                    best = Result(pv[0], score, pv, d)
                if not all_scores and abs(best.score) > WIN_BOUND and WIN - abs(best.score) < d:
                    break  # a forced result shorter than the depth searched: deeper adds nothing (to the best move)
                if time.monotonic() >= self.deadline:
                    break
        except Stop:
            partial = self.pv_table[0]
            if not all_scores and partial and self.root_done and partial[0] != best.move:
                best = Result(partial[0], self.root_best, list(partial), best.depth)
        best.nodes = self.nodes
        best.seconds = time.monotonic() - start
        return best

    def _prepare(
        self, white: int, black: int, kings: int, color: int, history: Sequence[int]
    ) -> tuple[int, int, int]:
        """A new search's state: counters, the game's earlier keys, fresh killers and history; (own, opp, key)."""
        self.nodes = 0
        own, opp = (white, black) if color == 0 else (black, white)
        history = list(history)[-400:]
        self.base = len(history)
        self.stack[: self.base] = history
        self.root_rev = len(history)
        for row in self.killers:
            row[0] = row[1] = None
        for table in self.history:
            table.clear()
        return own, opp, self.hash_of(white, black, kings, color)

    def root_move_score(
        self, white: int, black: int, kings: int, color: int, move: FastMove, depth: int, bound: int | None = None
    ) -> int:
        """One root move's score at `depth`, deepened one ply at a time (each iteration orders the next through the
        table). With `bound`, a null-window test instead, as the root search tests its later moves: the result is
        >= bound when the move reaches it, at a fraction of the cost of the score (how a puzzle's alternatives
        are shown to fall short). Both search the child as a PV node."""
        self.deadline = float("inf")
        self.should_stop = None
        own, opp, h = self._prepare(white, black, kings, color, ())
        self.stack[self.base] = h
        c_own, c_opp, c_kings, ch = self._child(own, opp, kings, color, h, move)
        rev = self.root_rev + 1 if (not move[1] and move[2] == move[0]) else 0
        alpha, beta = (-INF, INF) if bound is None else (bound - 1, bound)
        score = 0
        for d in range(1, depth + 1):
            score = -self._search(c_own, c_opp, c_kings, 1 - color, d - 1, -beta, -alpha, 1, ch, True, rev)
        return score

    def _aspirate(
        self,
        own: int,
        opp: int,
        kings: int,
        color: int,
        depth: int,
        h: int,
        moves: list[FastMove],
        previous: int,
    ) -> int:
        if depth >= 4 and abs(previous) < WIN_BOUND:
            window = 40
            alpha, beta = previous - window, previous + window
            while True:
                score = self._root(own, opp, kings, color, depth, alpha, beta, h, moves)
                if score <= alpha:
                    alpha = max(-INF, alpha - window * 4)
                elif score >= beta:
                    beta = min(INF, beta + window * 4)
                else:
                    return score
                window *= 4
                if window > 1000:
                    alpha, beta = -INF, INF
        return self._root(own, opp, kings, color, depth, -INF, INF, h, moves)

    def _child(self, own: int, opp: int, kings: int, color: int, h: int, m: FastMove) -> tuple[int, int, int, int]:
        mx, cap, kx = m
        kd = (kings & cap) ^ kx
        return opp ^ cap, own ^ mx, (kings & ~cap) ^ kx, h ^ self._delta(color, mx, cap, kd)

    def _root(
        self,
        own: int,
        opp: int,
        kings: int,
        color: int,
        depth: int,
        alpha: int,
        beta: int,
        h: int,
        moves: list[FastMove],
    ) -> int:
        """Search the root moves in order, moving the best to the front (stable across iterations)."""
        self.stack[self.base] = h
        self.pv_table[0] = []
        self.root_done = False
        self.root_best = -INF
        best = -INF
        best_index = 0
        other = 1 - color
        for i, m in enumerate(moves):
            c_own, c_opp, c_kings, ch = self._child(own, opp, kings, color, h, m)
            rev = self.root_rev + 1 if (not m[1] and m[2] == m[0]) else 0
            args = (c_own, c_opp, c_kings, other, depth - 1)
            if i == 0:
                score = -self._search(*args, -beta, -alpha, 1, ch, True, rev)
            else:
                score = -self._search(*args, -alpha - 1, -alpha, 1, ch, False, rev)
                if alpha < score < beta:
                    score = -self._search(*args, -beta, -alpha, 1, ch, True, rev)
            if score > best:
                best = score
                best_index = i
                if score > alpha:
                    alpha = score
                    self.pv_table[0] = [m, *self.pv_table[1]]
                    self.root_best = score
                    self.root_done = True
                    if score >= beta:
                        break
            if i == 0:
                self.root_done = True
                if not self.pv_table[0]:
                    self.pv_table[0] = [m]
                    self.root_best = score
        if best_index:
            moves.insert(0, moves.pop(best_index))
        return best

    def _score_all(
        self, own: int, opp: int, kings: int, color: int, depth: int, h: int, moves: list[FastMove]
    ) -> dict[FastMove, int]:
        self.stack[self.base] = h
        self.root_done = False
        out = {}
        for m in moves:
            c_own, c_opp, c_kings, ch = self._child(own, opp, kings, color, h, m)
            rev = self.root_rev + 1 if (not m[1] and m[2] == m[0]) else 0
            out[m] = -self._search(c_own, c_opp, c_kings, 1 - color, depth - 1, -INF, INF, 1, ch, True, rev)
        return out

    def _check(self) -> None:
        if time.monotonic() >= self.deadline or (self.should_stop is not None and self.should_stop()):
            raise Stop

    # -- the tree --------------------------------------------------------------------------------
    def _search(  # noqa: C901 - measured hot path (the search itself)
        self,
        own: int,
        opp: int,
        kings: int,
        color: int,
        depth: int,
        alpha: int,
        beta: int,
        ply: int,
        h: int,
        pv_node: bool,
        rev: int,
    ) -> int:
        if pv_node:
            self.pv_table[ply] = []
        if depth <= 0 or ply >= MAX_PLY:
            return self._quiesce(own, opp, kings, color, alpha, beta, ply)
        self.nodes += 1
        if not self.nodes & CHECK_EVERY:
            self._check()
        stack = self.stack
        index = self.base + ply
        stack[index] = h
        # Repetition (only king moves are reversible) and the no-progress rule: draws.
        if rev >= 4:
            if rev >= self.rev_limit:
                return 0
            low = max(index - rev, 0)
            i = index - 4
            while i >= low:
                if stack[i] == h:
                    return 0
                i -= 2
        tt = self.tt
        slot = h & self.tt_mask
        entry = tt[slot]
        hash_move = None
        if entry is not None and entry[0] == h:
            hash_move = entry[4]
            if entry[1] >= depth and not pv_node:
                score = entry[3]
                if score > WIN_BOUND:
                    score -= ply
                elif score < -WIN_BOUND:
                    score += ply
                flag = entry[2]
                if flag == EXACT or (flag == LOWER and score >= beta) or (flag == UPPER and score <= alpha):
                    return score
        moves = self.fast_moves(opp, own, kings, COLORS[1]) if color else self.fast_moves(own, opp, kings, COLORS[0])
        if not moves:
            return WIN - ply if self.giveaway else ply - WIN
        n = len(moves)
        if n == 1 and ply < 2 * depth + 16:
            depth += 1  # a forced reply costs nothing to look past
        elif (
            depth <= PRUNE_DEPTH
            and not pv_node
            and not moves[0][1]
            and abs(beta) < WIN_BOUND
            and not self.can_capture(opp, own, kings, 1 - color)
        ):
            # Quiet position (no capture for either side): trust the evaluation near the leaves.
            static = self.evaluate(own, opp, kings, color)
            if static - MARGIN * depth >= beta:
                return static
            if depth <= 2 and static + MARGIN * depth <= alpha:
                return static
        killers = self.killers[ply]
        if n > 1:
            if moves[0][1]:
                moves.sort(key=_capture_order, reverse=True)
            else:
                hist = self.history[color]
                moves.sort(key=lambda m: hist.get(m[0], 0), reverse=True)
                k1, k2 = killers
                if k2 is not None and k2 in moves:
                    moves.remove(k2)
                    moves.insert(0, k2)
                if k1 is not None and k1 in moves:
                    moves.remove(k1)
                    moves.insert(0, k1)
            if hash_move is not None and hash_move in moves and moves[0] != hash_move:
                moves.remove(hash_move)
                moves.insert(0, hash_move)
        original_alpha = alpha
        best = -INF
        best_move = moves[0]
        other = 1 - color
        nbits = self.nbits
        dcache = self.z_cache[color]
        next_depth = depth - 1
        for i, m in enumerate(moves):
            mx, cap, kx = m
            c_kings = (kings & ~cap) ^ kx
            c_rev = rev + 1 if (not cap and kx == mx) else 0
            kd = (kings & cap) ^ kx
            d = dcache.get(mx | cap << nbits | kd << 2 * nbits)
            if d is None:
                d = self._delta(color, mx, cap, kd)
            ch = h ^ d
            if i == 0:
                score = -self._search(
                    opp ^ cap, own ^ mx, c_kings, other, next_depth, -beta, -alpha, ply + 1, ch, pv_node, c_rev
                )
            else:
                reduce = 0
                if depth >= 2 and i >= LMR_FROM and not cap and not kx and m not in killers:
                    reduce = LMR[min(depth, 31)][min(i, 31)]
                score = -self._search(
                    opp ^ cap,
                    own ^ mx,
                    c_kings,
                    other,
                    next_depth - reduce,
                    -alpha - 1,
                    -alpha,
                    ply + 1,
                    ch,
                    False,
                    c_rev,
                )
                if reduce and score > alpha:
                    score = -self._search(
                        opp ^ cap, own ^ mx, c_kings, other, next_depth, -alpha - 1, -alpha, ply + 1, ch, False, c_rev
                    )
                if pv_node and alpha < score < beta:
                    score = -self._search(
                        opp ^ cap, own ^ mx, c_kings, other, next_depth, -beta, -alpha, ply + 1, ch, True, c_rev
                    )
            if score > best:
                best = score
                best_move = m
                if score > alpha:
                    alpha = score
                    if pv_node:
                        self.pv_table[ply] = [m, *self.pv_table[ply + 1]]
                    if score >= beta:
                        if not cap:
                            if killers[0] != m:
                                killers[1] = killers[0]
                                killers[0] = m
                            hist = self.history[color]
                            hist[mx] = hist.get(mx, 0) + depth * depth
                        break
        if best >= beta:
            flag = LOWER
        elif best > original_alpha:
            flag = EXACT
        else:
            flag = UPPER
        stored = best
        if stored > WIN_BOUND:
            stored += ply
        elif stored < -WIN_BOUND:
            stored -= ply
        tt[slot] = (h, depth, flag, stored, best_move)
        return best

    def _quiesce(self, own: int, opp: int, kings: int, color: int, alpha: int, beta: int, ply: int) -> int:
        """Captures are compulsory: resolve them all, then stand pat on the evaluation."""
        self.nodes += 1
        if not self.nodes & CHECK_EVERY:
            self._check()
        if ply >= MAX_PLY or not self.can_capture(own, opp, kings, color):
            return self.evaluate(own, opp, kings, color)
        moves = self.fast_moves(opp, own, kings, COLORS[1]) if color else self.fast_moves(own, opp, kings, COLORS[0])
        if not moves:
            return WIN - ply if self.giveaway else ply - WIN
        if not moves[0][1] or self.gen.captures_only:  # Kōnane: every move captures, so stand pat
            return self.evaluate(own, opp, kings, color)
        if len(moves) > 1:
            moves.sort(key=_capture_order, reverse=True)
        best = -INF
        other = 1 - color
        for mx, cap, kx in moves:
            score = -self._quiesce(opp ^ cap, own ^ mx, (kings & ~cap) ^ kx, other, -beta, -alpha, ply + 1)
            if score > best:
                best = score
                if score > alpha:
                    alpha = score
                    if score >= beta:
                        break
        return best


def _capture_order(m: FastMove) -> int:
    return m[1].bit_count() * 4 + bool(m[2])
