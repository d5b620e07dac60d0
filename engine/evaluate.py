"""Static evaluation, built once per RuleSet from its switches and board geometry.

Scores are integers in centi-men (a man is 100) from the side to move's point of view.
Square terms (advancement, centre, edges, back-rank guard, king placement) are folded into
piece-square tables that are summed through chunked lookup tables: each table maps a
CHUNK_BITS-wide slice of a bitboard to the sum of its squares' values, so a whole side is
scored with a handful of list lookups instead of a loop over pieces.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

from rules.board import Board, ray_table
from rules.fen import parse_fen
from rules.movegen import generator_for
from rules.position import Position
from rules.ruleset import DIAGONALS, BoardKind, Color, KingRange, RuleSet

CHUNK_BITS = 12
MAN = 100


@dataclass(frozen=True, slots=True)
class Weights:
    """Tunable numbers. Defaults derive from the rule switches; TUNING overrides by variant id."""

    king: int  # value of a king in centi-men
    advance_end: int  # per row advanced, at the bare endgame (scaled in by how many pieces are gone)
    advance_open: int  # per row advanced, always
    centre: int  # man on a central file, midgame
    edge: int  # man on a side file (negative: less mobile)
    back_rank: int  # man still guarding its own back rank
    mobility: int  # per available man step
    runaway: int  # man with a free path to promotion, at one step away
    king_control: int  # per square a king sees on the empty board (flying kings), or centre (short)
    lone_king: int  # having a king when the opponent has none
    draw_scale: int = 0  # a switch, not tuned (SWITCHES): 1, a lead shrinks where kings make it hard to win
    balance: int = 0  # per unit of a side's wing imbalance (|sum of its men's files from the centre|), a penalty


SWITCHES = ("draw_scale",)  # Weights fields that turn a term on or off: benchmarks.tune leaves them alone
# Terms added after the published fits: benchmarks.tune fits them only when --only names them, so that the
# fits docs/ENGINE-LOG.md lists still reproduce.
NAMED_ONLY = ("balance",)


def default_weights(rules: RuleSet) -> Weights:
    flying = rules.king_range in (KingRange.FLYING, KingRange.FLYING_LAND_BEHIND)
    if rules.king_range is KingRange.NONE or not rules.promotes:
        king = MAN
    elif flying:
        king = 300  # a flying king controls whole diagonals: about three men in practice
    else:
        king = 150 if rules.men_capture_kings else 170  # immune to men: worth a little more
    return Weights(
        king=king,
        advance_end=10,
        advance_open=2,
        centre=5,
        edge=-4,
        back_rank=8,
        mobility=3,
        runaway=60,
        king_control=3 if flying else 4,
        lone_king=40 if flying else 25,
    )


# Per-variant adjustments on top of the derived defaults, fitted by `python -m benchmarks.tune` (Texel tuning on
# published game records and self-play games; README "How the evaluation was tuned") and kept only where a match
# against the weights before said the tuned ones are not worse.
TUNING: dict[str, dict[str, int]] = {
    # 550 published Italian games: the kings' places, the back rank and having the first king count for more,
    # mobility and advances less (+70 ± 56 Elo, 60.0% in 100 games at 0.1 s/move against the weights before).
    "italian": {
        "king": 161,
        "advance_end": 9,
        "advance_open": 0,
        "edge": -8,
        "back_rank": 18,
        "mobility": -1,
        "runaway": 47,
        "king_control": 28,
        "lone_king": 56,
    },
    # 300 self-play games (too few English records with a result): the back rank and kings count for more
    # (+160 ± 63 Elo, 71.5% in 100 games at 0.1 s/move).
    "english": {
        "king": 206,
        "advance_end": 16,
        "advance_open": 0,
        "centre": 7,
        "edge": 1,
        "back_rank": 45,
        "mobility": 5,
        "runaway": 7,
        "king_control": 10,
        "lone_king": -31,
    },
    # 575 published International games, --penalty 0.001 (unbounded, the fit made the first king worth 5.5 men
    # and lost 47.0% of its match): a better fit to the games, even in play (+7 ± 58 Elo, 51.0% in 100 games).
    "international": {
        "king": 320,
        "advance_end": 4,
        "centre": -1,
        "edge": -12,
        "back_rank": 12,
        "runaway": 93,
        "king_control": -6,
        "lone_king": 65,
    },
    # 40 published Czech games and 300 self-play games: the back rank and the first king count for much more,
    # mobility less (+53 ± 45 Elo, 57.5% in 100 games at 0.1 s/move).
    "czech": {
        "king": 218,
        "advance_end": 20,
        "centre": 2,
        "edge": -26,
        "back_rank": 70,
        "mobility": -7,
        "runaway": 103,
        "king_control": 5,
        "lone_king": 165,
    },
    # 300 self-play games (few Russian records have results): kings cheaper, having the first one worth more,
    # mobility and the centre more (+63 ± 48 Elo, 59.0% in 100 games at 0.1 s/move).
    "russian": {
        "king": 228,
        "advance_end": 0,
        "centre": 14,
        "back_rank": 3,
        "mobility": 11,
        "runaway": 113,
        "king_control": 4,
        "lone_king": 123,
    },
    # 600 self-play games, --penalty 0.001: a better fit to held-out games, even in play (+7 ± 41 Elo, 51.0%).
    "brazilian": {
        "king": 256,
        "advance_end": -4,
        "advance_open": 7,
        "centre": 12,
        "edge": -1,
        "back_rank": 46,
        "mobility": 5,
        "runaway": 80,
        "king_control": 0,
        "lone_king": 58,
    },
}


def weights_for(rules: RuleSet, overrides: dict[str, int] | None = None) -> Weights:
    """The variant's weights: derived defaults, then its TUNING row, then overrides (for tuning and matches)."""
    values = {name: getattr(default_weights(rules), name) for name in Weights.__slots__}
    values.update(TUNING.get(rules.id, {}))
    unknown = set(overrides or {}) - set(values)
    if unknown:
        raise ValueError(f"unknown evaluation weights: {', '.join(sorted(unknown))}")
    values.update(overrides or {})
    return Weights(**values)


def _chunk_tables(values: dict[int, int], nbits: int) -> list[list[int]]:
    """tables[i][v] = sum of values[bit] over the bits set in v, bit = i*CHUNK_BITS + offset."""
    tables = []
    size = 1 << CHUNK_BITS
    for base in range(0, nbits, CHUNK_BITS):
        single = [values.get(base + k, 0) for k in range(CHUNK_BITS)]
        table = [0] * size
        for v in range(1, size):
            low = v & -v
            table[v] = table[v ^ low] + single[low.bit_length() - 1]
        tables.append(table)
    return tables


def _cone(board: Board, bit: int, white: bool) -> int:
    """Squares ahead of a man (towards its promotion row) within the widening diagonal cone."""
    row, col = board.coords[bit]
    mask = 0
    for other, (r, c) in board.coords.items():
        ahead = row - r if white else r - row
        if ahead > 0 and abs(c - col) <= ahead + 1:
            mask |= 1 << other
    return mask


class Evaluator:
    """evaluate(own, opp, kings, color) -> centi-men for the side to move.

    weights: the variant's own (weights_for) unless given; the tuner and matches pass others.
    """

    def __init__(self, rules: RuleSet, weights: Weights | None = None) -> None:  # noqa: C901 - one pass building the tables
        gen = generator_for(rules)
        board = gen.board
        self.rules = rules
        w = weights or weights_for(rules)
        self.weights = w
        self.king = w.king
        self.giveaway = rules.giveaway
        self.mask = board.mask
        nbits = max(board.coords) + 1
        height, width = board.height, board.width
        last = height - 1
        # Initial piece count: the phase runs from the opening (all pieces) to the bare board.
        start = rules.start_fen
        self.full = max(8, _count_start(rules, start))
        centre_lo, centre_hi = (width - 1) / 2 - 1, (width - 1) / 2 + 1
        men_w: dict[int, int] = {}
        adv_w: dict[int, int] = {}
        kings_w: dict[int, int] = {}
        flying = rules.king_range in (KingRange.FLYING, KingRange.FLYING_LAND_BEHIND)
        rays = [ray_table(board, v) for v in DIAGONALS] if board.kind is BoardKind.DIAGONAL else []
        for bit, (row, col) in board.coords.items():
            advance = last - row  # rows travelled by a White man
            value = w.advance_open * advance
            if centre_lo <= col <= centre_hi and 0 < advance < last:
                value += w.centre
            if col in (0, width - 1):
                value += w.edge
            if advance == 0:
                value += w.back_rank
            men_w[bit] = value
            adv_w[bit] = w.advance_end * advance
            if flying and rays:
                kings_w[bit] = sum(len(r[bit]) for r in rays)  # centred on the mean below
            else:
                central = min(row, last - row) + min(col, width - 1 - col)
                kings_w[bit] = w.king_control * min(central, 4) - 2 * w.king_control
        if flying and rays:
            mean = sum(kings_w.values()) // len(kings_w)
            kings_w = {b: w.king_control * (seen - mean) for b, seen in kings_w.items()}
        # Black's men normally advance down the board (tables turned 180°); in One-way checkers they
        # advance up, like White's, so the same tables serve both sides.
        self.black_moves_up = crowns_on_top(board, gen.promo[Color.BLACK])
        mirror = {b: b for b in board.coords} if self.black_moves_up else _mirror(board)
        men_b = {mirror[b]: v for b, v in men_w.items()}
        adv_b = {mirror[b]: v for b, v in adv_w.items()}
        kings_b = {mirror[b]: v for b, v in kings_w.items()}
        cmask = (1 << CHUNK_BITS) - 1
        self.chunks = [
            (i * CHUNK_BITS, cmask, *tables)
            for i, tables in enumerate(
                zip(
                    _chunk_tables(men_w, nbits),
                    _chunk_tables(adv_w, nbits),
                    _chunk_tables(kings_w, nbits),
                    _chunk_tables(men_b, nbits),
                    _chunk_tables(adv_b, nbits),
                    _chunk_tables(kings_b, nbits),
                    strict=True,
                )
            )
        ]
        # Mobility by shifts where the generator itself steps men by shifts.
        self.shift_mobility = gen.fast_men
        self.s0, self.s1 = gen.shifts
        self.mobility = w.mobility
        # Runaway men: men within `zone` rows of promotion whose cone ahead holds no enemy.
        zone = max(2, height // 3)
        self.run_zone = (0, 0)
        self.cones: tuple[dict[int, int], dict[int, int]] = ({}, {})
        self.run_bonus: tuple[dict[int, int], dict[int, int]] = ({}, {})
        if rules.promotes and rules.king_range is not KingRange.NONE:
            zw = zb = 0
            for bit, (row, _col) in board.coords.items():
                if 0 < row <= zone:
                    zw |= 1 << bit
                    self.cones[0][bit] = _cone(board, bit, True)
                    self.run_bonus[0][bit] = w.runaway * 2 // (row + 1)
                black_to_go = row if self.black_moves_up else last - row
                if 0 < black_to_go <= zone:
                    zb |= 1 << bit
                    self.cones[1][bit] = _cone(board, bit, self.black_moves_up)
                    self.run_bonus[1][bit] = w.runaway * 2 // (black_to_go + 1)
            self.run_zone = (zw, zb)
        self.lone_king = w.lone_king
        self.draw_scale = w.draw_scale
        # Balance: a side whose men crowd one wing is weaker (its other wing can be outnumbered). A man's file
        # counts 2 x column - (width - 1): -9 .. 9 on 10x10, so the sum is 0 when the men stand evenly.
        self.balance = w.balance
        self.skew = {bit: 2 * col - (width - 1) for bit, (_row, col) in board.coords.items()}
        self.skew_chunks = ([(i * CHUNK_BITS, cmask, table) for i, table in enumerate(_chunk_tables(self.skew, nbits))]
                            if w.balance else [])  # only when on: weights are built by the hundred in tuning
        # Kings-only endings are drawish, with flying kings even three kings up: the rules say so, not a weight.
        self.king_draw_margin = 3 if flying else 1

    def evaluate(self, own: int, opp: int, kings: int, color: int) -> int:  # noqa: C901 - measured hot path (every leaf of the search)
        if color == 0:
            white, black = own, opp
        else:
            white, black = opp, own
        wk = white & kings
        bk = black & kings
        wm = white ^ wk
        bm = black ^ bk
        nwm = wm.bit_count()
        nbm = bm.bit_count()
        nwk = wk.bit_count()
        nbk = bk.bit_count()
        material = (nwm - nbm) * MAN + (nwk - nbk) * self.king
        if self.giveaway:
            # Losing pieces is the goal: material counts backwards, the rest is noise here.
            score = -material
            return score if color == 0 else -score
        square = 0
        advance = 0
        for shift, m, tmw, taw, tkw, tmb, tab, tkb in self.chunks:
            a = wm >> shift & m
            b = bm >> shift & m
            square += tmw[a] - tmb[b] + tkw[wk >> shift & m] - tkb[bk >> shift & m]
            advance += taw[a] - tab[b]
        total = nwm + nbm + nwk + nbk
        gone = self.full - total
        score = material + square + (advance * gone // self.full if gone > 0 else 0)
        if self.shift_mobility:
            empty = self.mask & ~(white | black)
            s0 = self.s0
            s1 = self.s1
            wmob = (((wm >> s0) | (wm >> s1)) & empty).bit_count()
            bmob = (((bm << s0) | (bm << s1)) & empty).bit_count()
            score += (wmob - bmob) * self.mobility
        runners = wm & self.run_zone[0]
        if runners:
            cones = self.cones[0]
            bonus = self.run_bonus[0]
            while runners:
                low = runners & -runners
                bit = low.bit_length() - 1
                if not cones[bit] & black:
                    score += bonus[bit]
                runners ^= low
        runners = bm & self.run_zone[1]
        if runners:
            cones = self.cones[1]
            bonus = self.run_bonus[1]
            while runners:
                low = runners & -runners
                bit = low.bit_length() - 1
                if not cones[bit] & white:
                    score -= bonus[bit]
                runners ^= low
        if nwk and not nbk:
            score += self.lone_king
        elif nbk and not nwk:
            score -= self.lone_king
        if self.balance:
            white_skew = black_skew = 0
            for shift, m, table in self.skew_chunks:
                white_skew += table[wm >> shift & m]
                black_skew += table[bm >> shift & m]
            score += self.balance * (abs(black_skew) - abs(white_skew))
        # Kings-only endings with a small edge are usually drawn: pull the score towards zero.
        if not nwm and not nbm and nwk and nbk and abs(nwk - nbk) <= self.king_draw_margin:
            score //= 4
        if self.draw_scale:
            score = _drawish(score, nwm, nbm, nwk, nbk)
        return score if color == 0 else -score


def _drawish(score: int, nwm: int, nbm: int, nwk: int, nbk: int) -> int:
    """White's score shrunk when the side behind has a king: by 8 when the side ahead has three pieces or fewer,
    by 2 when the kings are level and the men differ by one at most (truncated towards zero, as C divides)."""
    ahead, behind_kings = (nwm + nwk, nbk) if score > 0 else (nbm + nbk, nwk)
    if score == 0 or not behind_kings:
        return score
    if ahead <= 3:
        divisor = 8
    elif nwk == nbk and abs(nwm - nbm) <= 1:
        divisor = 2
    else:
        return score
    return score // divisor if score > 0 else -(-score // divisor)


def _mirror(board: Board) -> dict[int, int]:
    """bit -> the bit of the square seen from the other side (180° rotation)."""
    out = {}
    for bit, (row, col) in board.coords.items():
        other = board.by_coord.get((board.height - 1 - row, board.width - 1 - col))
        if other is None:  # asymmetric layout: fall back to the vertical mirror
            other = board.by_coord.get((board.height - 1 - row, col), bit)
        out[bit] = other
    return out


def crowns_on_top(board: Board, promotion: int) -> bool:
    """Are all of these crowning squares on the top row (White's far side)?"""
    squares = board.bits(promotion)
    return bool(squares) and all(board.row_of(bit) == 0 for bit in squares)


def _count_start(rules: RuleSet, fen: str) -> int:

    position = parse_fen(rules, fen)
    return (position.white | position.black).bit_count()


@functools.cache
def evaluator_for(rules: RuleSet) -> Evaluator:
    return Evaluator(rules)


def evaluate_position(position: object) -> int:
    """Centi-men for the side to move of a rules.Position (a convenience for tests and tools)."""

    assert isinstance(position, Position)
    ev = evaluator_for(position.rules)
    own, opp = (position.white, position.black) if position.turn is Color.WHITE else (position.black, position.white)
    return ev.evaluate(own, opp, position.kings, int(position.turn))
