"""The compiled search core (engine/core/*.c) behind engine.search.Searcher's interface.

The C sources are built twice: engine._core with 64-bit boards, and engine._core_wide with 128-bit boards
for the boards whose layout needs more than 64 bits (Canadian's 12x12); a variant runs on the narrowest
that fits, as the 64-bit build is the faster. The pure-Python engine stays the reference and the fallback:
make_searcher() returns a NativeSearcher when that extension was built and the variant's rule switches are
ones the C generator implements, and a Searcher otherwise. One log line per process says which core runs.
DAMA_ENGINE_CORE=python forces the Python core (the test suite runs both).
"""

from __future__ import annotations

import importlib
import logging
import os
import time
from collections.abc import Callable, Sequence
from types import ModuleType
from typing import Any

from engine.evaluate import CHUNK_BITS, Evaluator, Weights, crowns_on_top, evaluator_for, weights_for
from engine.patterns import PatternTables
from engine.patterns import install as install_patterns
from engine.patterns import tables_for as pattern_tables_for
from engine.search import MAX_PLY, Result, SearchCore, Searcher
from engine.tablefiles import table_image, table_path
from rules import VARIANTS
from rules.board import Board, step_table
from rules.king_streaks import NO_STREAKS
from rules.movegen import FastMove, generator_for
from rules.ruleset import DIAGONALS, BoardKind, KingRange, Precedence, PromotionInCapture, RuleSet, Vector, forward

log = logging.getLogger(__name__)


def _load(name: str) -> tuple[ModuleType | None, str]:
    """The extension, or None and why (no compiler at install time: the Python core serves instead)."""
    try:
        return importlib.import_module(name), ""
    except ImportError as error:
        return None, str(error)


core, IMPORT_ERROR = _load("engine._core")
core_wide, WIDE_IMPORT_ERROR = _load("engine._core_wide")
NARROW_BITS = 64  # engine._core's bitboards
WIDE_BITS = 128  # engine._core_wide's

PRECEDENCE = {
    Precedence.FREE: 0,
    Precedence.QUANTITY: 1,
    Precedence.QUANTITY_KINGS: 2,
    Precedence.KING_PRIORITY: 3,
    Precedence.ITALIAN: 4,
    Precedence.FRISIAN: 5,
}
# The C step tables: the diagonals, then straight to the square two away (Frisian's orthogonal captures).
STRAIGHT = ((-2, 0), (2, 0), (0, -2), (0, 2))
DIRECTIONS = DIAGONALS + STRAIGHT
Streaks = tuple[int, int, int, int]
PROMOTION = {PromotionInCapture.STOP: 0, PromotionInCapture.PASS: 1, PromotionInCapture.CONTINUE_AS_KING: 2}
# Share of the time budget the search may spend; the rest covers process and conversion overhead.
TIME_SHARE = 0.93
# Endgame tables cover every position of up to three pieces and of four kings (engine/core/endgame.c) on
# boards of at most 32 squares, built in C on first use: about 1 CPU-second and 3.6 MB per variant and process.
# A table file (engine/tables.py: up to five pieces, men and kings) replaces them when it holds four or more.
ENDGAME_PIECES = 4
# Table files hold up to five pieces where endgame_covers; on International's 50 squares up to four (its largest
# four-piece signature needs 0.3 GB to solve, a five-piece one about 7 GB).
TABLE_FILE_PIECES = 5
LARGE_TABLE_FILE_PIECES = {"international": 4}
# ProbCut (engine/core/search.c), centi-men per ply of depth. Against the same search without it, at 0.1 s
# a move, 60 games each from the ballots: Italian +17 =28 -15, Russian +16 =35 -9, but International
# +10 =20 -30 (a shallow probe misses 10x10's long combinations); so on 10x10 only where at most
# LARGE_PROBCUT_PIECES stand, beside late king moves reduced by two plies at most (LARGE_SELECTIVE), which
# together play even with the search without them (docs/ENGINE-LOG.md, "Endgame pruning, measured right"), and deeper.
PROBCUT_MARGIN = 10
LARGE_PROBCUT_PIECES = 24
# The search's selectivity (engine/core/search.c): set_params (late-move reduction divisor x100, static pruning
# depth, its margin per ply) and set_selective (reductions from move number, late-move pruning, extra reduction
# of a quiet move that offers a capture, ProbCut's probe depth %, history malus, countermoves, quiet moves in
# quiescence, the cap on a king move's reduction). LEGACY_*: the search before issue 30, which
# benchmarks.match restores with --b-params legacy --b-selective legacy (on 10x10 with --b-probcut 0 besides). Per
# board size, chosen by matches (docs/ENGINE.md).
LEGACY_PARAMS = (180, 4, 60)
LEGACY_SELECTIVE = (2, 0, 0, 40, 0)
LARGE_PARAMS = LEGACY_PARAMS
LARGE_SELECTIVE = (2, 0, 0, 40, 1, 0, 0, 2)
_logged: set[str] = set()
_endgame_tables: dict[str, bytes | None] = {}


def uncovered_reason(rules: RuleSet) -> str | None:
    """Why the C generator cannot play this variant, or None when it can."""
    gen = generator_for(rules)
    king_captures = set(rules.king_capture_vectors)
    checks = [
        (rules.board_kind is BoardKind.DIAGONAL, "not a diagonal board"),
        (max(gen.board.coords) < WIDE_BITS, f"more than {WIDE_BITS} bits of board"),
        (gen.fast_men and _steps_are_shifts(gen.board), "board layout"),
        (rules.generator_factory is None and rules.capture_filter is None, "its own move rules"),
        (set(rules.man_move_vectors) == set(forward(DIAGONALS)) and len(rules.man_move_vectors) == 2, "man moves"),
        (set(rules.man_capture_vectors) <= set(DIRECTIONS) and rules.man_capture_distance == 1, "man captures"),
        (rules.king_range in (KingRange.SHORT, KingRange.FLYING), "king range"),
        (
            set(rules.king_move_vectors) == set(DIAGONALS) and king_captures in (set(DIAGONALS), set(DIRECTIONS)),
            "king directions",
        ),
        (rules.precedence in PRECEDENCE, "capture precedence"),
        (not rules.removal_immediate and not rules.no_reverse_turn, "capture removal"),
        (rules.promotes and rules.promotion_squares is None, "promotion"),
        (not crowns_on_top(gen.board, gen.promo[1]), "direction of play"),
    ]
    for ok, reason in checks:
        if not ok:
            return reason
    return None


def _steps_are_shifts(board: Board) -> bool:
    """Is every step of each direction the same bit offset? (The C capture test shifts whole bitboards.)"""
    for vector in DIRECTIONS:
        table = step_table(board, vector)
        if len({to - bit for bit, to in enumerate(table) if bit in board.coords and to >= 0}) > 1:
            return False
    return True


def extension_for(rules: RuleSet) -> tuple[str, ModuleType | None, str]:
    """The name of the extension that plays rules' board, the module (None when not built) and its import error."""
    if max(generator_for(rules).board.coords) < NARROW_BITS:
        return "engine._core", core, IMPORT_ERROR
    return "engine._core_wide", core_wide, WIDE_IMPORT_ERROR


def covered(rules: RuleSet) -> bool:
    return uncovered_reason(rules) is None and extension_for(rules)[1] is not None


def _mirror(vector: Vector) -> Vector:
    return (-vector[0], vector[1])


def build_core(rules: RuleSet, tt_bits: int = 18, keep_duplicates: bool = False, weights: Weights | None = None) -> Any:
    """A Core of the extension for rules' board, evaluating with weights (default: the variant's own).

    Raises RuntimeError when that extension is not built.
    """
    name, module, error = extension_for(rules)
    if module is None:
        raise RuntimeError(f"the compiled core {name} is not built ({error})")
    gen = generator_for(rules)
    board = gen.board
    nsq = max(board.coords) + 1
    steps = [list(step_table(board, v)) for v in DIRECTIONS]
    white_caps = list(rules.man_capture_vectors)
    white_moves = list(rules.man_move_vectors)
    cap_dirs = [[DIRECTIONS.index(v) for v in white_caps], [DIRECTIONS.index(_mirror(v)) for v in white_caps]]
    move_dirs = [[DIAGONALS.index(v) for v in white_moves], [DIAGONALS.index(_mirror(v)) for v in white_moves]]
    king_dirs = [DIRECTIONS.index(v) for v in rules.king_capture_vectors]
    flying = rules.king_range is KingRange.FLYING
    rev_limit = rules.draw_reversible_plies or 10_000
    handle = module.Core(
        nsq, board.mask, steps, cap_dirs, move_dirs, gen.promo[0], gen.promo[1], int(flying),
        int(rules.men_capture_kings), PRECEDENCE[rules.precedence], PROMOTION[rules.promotion_in_capture],
        int(keep_duplicates), rev_limit, tt_bits, *gen.shifts, king_dirs, rules.king_move_limit or 0,
    )
    _install_evaluation(handle, Evaluator(rules, weights) if weights else evaluator_for(rules), nsq)
    return handle


def _install_evaluation(handle: Any, ev: Evaluator, nsq: int) -> None:
    """Hand engine/evaluate.py's per-square tables to the C evaluation (one table per term and side)."""
    per_term: list[list[int]] = [[0] * nsq for _ in range(6)]  # men, adv, kings for White, then Black
    for shift, _mask, *tables in ev.chunks:
        for offset in range(CHUNK_BITS):
            bit = shift + offset
            if bit < nsq:
                for term, table in enumerate(tables):
                    per_term[term][bit] = table[1 << offset]
    men = [per_term[0], per_term[3]]
    adv = [per_term[1], per_term[4]]
    kings = [per_term[2], per_term[5]]
    cones = [[ev.cones[c].get(bit, 0) for bit in range(nsq)] for c in (0, 1)]
    bonus = [[ev.run_bonus[c].get(bit, 0) for bit in range(nsq)] for c in (0, 1)]
    ints = [ev.king, ev.full, ev.mobility, ev.lone_king, ev.king_draw_margin, int(ev.giveaway), int(ev.shift_mobility),
            ev.draw_scale, ev.balance]
    skew = [ev.skew.get(bit, 0) for bit in range(nsq)]
    handle.set_eval(ints, men, adv, kings, list(ev.run_zone), cones, bonus, skew)


def learned_weights(rules: RuleSet, tables: PatternTables | None, overrides: dict[str, int] | None = None) -> Weights:
    """The hand-set weights to evaluate with beside tables' learned term: the variant's own, changed by those
    the tables were fitted with (benchmarks.train --joint), then by overrides (a match's)."""
    return weights_for(rules, {**(tables.weights if tables else {}), **(overrides or {})})


class NativeSearcher:
    """engine.search.Searcher's interface over the compiled core (one per variant and process)."""

    core_name = "compiled"

    def __init__(
        self,
        rules: RuleSet,
        tt_bits: int = 20,
        endgame: bool = True,
        weights: Weights | None = None,
        patterns: bool = True,
        table_files: bool = True,
    ) -> None:
        """patterns: add the variant's learned pattern term (engine/patterns.py) where a file ships for it;
        table_files: probe the variant's endgame table file where one was built (else the built-in tables)."""
        self.rules = rules
        tables = pattern_tables_for(rules) if patterns else None
        if weights is None and tables is not None and tables.weights:
            weights = learned_weights(rules, tables)
        self.core = build_core(rules, tt_bits, weights=weights)
        self.learned = patterns and install_patterns(self.core, tables)
        self.core.set_probcut(*probcut_setting(rules))
        params, selective = selectivity(rules)
        self.core.set_params(*params)
        self.core.set_selective(*selective)
        self.endgame = endgame and install_endgame(self.core, rules, files=table_files)

    def hash_of(self, white: int, black: int, kings: int, color: int, streaks: Streaks = NO_STREAKS) -> int:
        """The position's key; Frisian's king streaks (Position.king_streaks) are part of the position."""
        return int(self.core.hash_of(white, black, kings, color, streaks))

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
        streaks: Streaks = NO_STREAKS,
    ) -> Result:
        """streaks: Position.king_streaks (Frisian's king move limit; the search carries them)."""
        started = time.monotonic()
        budget = -1.0 if seconds is None else max(0.0, seconds * TIME_SHARE)
        max_depth = min(depth or MAX_PLY - 8, MAX_PLY - 8)
        move, score, pv, reached, nodes, _, roots = self.core.search(
            white, black, kings, color, max_depth, budget, list(history)[-400:], should_stop, all_scores, streaks
        )
        result = Result(move, score, list(pv), reached, nodes, time.monotonic() - started)
        result.root_scores = [(m, s) for m, s in roots]
        return result


def probcut_setting(rules: RuleSet) -> tuple[int, int]:
    """set_probcut's arguments for rules' board: the margin (0: off) and the most pieces it prunes among (0: any)."""
    if generator_for(rules).board.mask.bit_count() <= 32:
        return PROBCUT_MARGIN, 0
    return (PROBCUT_MARGIN, LARGE_PROBCUT_PIECES) if rules.id == "international" else (0, 0)


def selectivity(rules: RuleSet) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """set_params' and set_selective's arguments for rules' board: the history malus only where matches chose
    it (International); Frisian's king limit and Canadian's board were never measured with it."""
    if generator_for(rules).board.mask.bit_count() <= 32 or rules.id != "international":
        return LEGACY_PARAMS, LEGACY_SELECTIVE
    return LARGE_PARAMS, LARGE_SELECTIVE


def endgame_covers(rules: RuleSet) -> bool:
    """Whether the compiled core builds endgame tables for rules (8x8 boards, not the giveaway variants)."""
    board = generator_for(rules).board
    return uncovered_reason(rules) is None and not rules.giveaway and board.mask.bit_count() <= 32


def table_file_pieces(rules: RuleSet) -> int:
    """The most pieces a table file of rules may hold (`python -m engine tables build`); 0: it has none."""
    if endgame_covers(rules):
        return TABLE_FILE_PIECES
    return LARGE_TABLE_FILE_PIECES.get(rules.id, 0) if uncovered_reason(rules) is None else 0


def install_table_file(handle: Any, rules: RuleSet) -> int:
    """Let handle probe the variant's table file when there is one; the most pieces it covers (0: none)."""
    image = table_image(rules.id)
    if image is None:
        return 0
    try:
        return int(handle.tables_use(image))
    except ValueError:
        if f"tables:{rules.id}" not in _logged:
            _logged.add(f"tables:{rules.id}")
            log.warning("endgame tables: %s does not fit %s's rules; rebuild it", table_path(rules.id), rules.id)
        return 0


def install_endgame(handle: Any, rules: RuleSet, files: bool = True) -> bool:
    """Let handle's search probe the variant's endgame tables: its table file when there is one (files), and
    the tables built in memory once per process unless the file covers four pieces or more; False when none
    (International has only the file)."""
    if not endgame_covers(rules):
        return files and table_file_pieces(rules) > 0 and install_table_file(handle, rules) > 0
    if files and install_table_file(handle, rules) >= ENDGAME_PIECES:
        return True
    if rules.id not in _endgame_tables:
        _endgame_tables[rules.id] = handle.endgame_build(ENDGAME_PIECES) if endgame_covers(rules) else None
    tables = _endgame_tables[rules.id]
    if tables is None:
        return False
    handle.endgame_use(tables, ENDGAME_PIECES)
    return True


def make_searcher(rules: RuleSet, tt_bits: int = 18, weights: Weights | None = None) -> SearchCore:
    """The compiled searcher where it covers the variant, else the pure-Python one; logs the choice once.

    weights: evaluate with these instead of the variant's own (the tuner's matches).
    """
    wanted = os.environ.get("DAMA_ENGINE_CORE", "auto")
    reason = uncovered_reason(rules)
    name, module, error = extension_for(rules)
    if wanted != "python" and module is not None and reason is None:
        _log_once(f"compiled:{name}", f"engine core: compiled C ({name}) for {rules.id}")
        return NativeSearcher(rules, tt_bits + 2, weights=weights)
    if wanted == "python":
        why = "DAMA_ENGINE_CORE=python"
    elif reason is not None:
        why = f"the compiled core does not cover {rules.id} ({reason})"
    else:
        why = f"the compiled core {name} is not built: {error}"
    _log_once(f"python:{rules.id}", f"engine core: pure Python for {rules.id} ({why})")
    return Searcher(rules, tt_bits=tt_bits, weights=weights)


def log_cores() -> None:
    """One line saying which core will run which variants (at engine start)."""
    if os.environ.get("DAMA_ENGINE_CORE") == "python":
        _log_once("summary", "engine core: pure Python for every variant (DAMA_ENGINE_CORE=python)")
    elif core is None and core_wide is None:
        _log_once("summary", f"engine core: pure Python for every variant (compiled core not built: {IMPORT_ERROR})")
    else:
        names = [rules.id for rules in VARIANTS.values() if covered(rules)]
        built = (("engine._core", core, IMPORT_ERROR), ("engine._core_wide", core_wide, WIDE_IMPORT_ERROR))
        missing = "".join(f"; {name} is not built ({error})" for name, module, error in built if module is None)
        line = f"engine core: compiled C for {', '.join(names)}; pure Python for the other variants{missing}"
        _log_once("summary", line)


def _log_once(key: str, line: str) -> None:
    if key not in _logged:
        _logged.add(key)
        log.info(line)


def native_moves(
    handle: Any, white: int, black: int, kings: int, color: int, streaks: Streaks | None = None
) -> list[FastMove]:
    """The compiled generator's moves; given streaks, without those the king move limit forbids."""
    if streaks is None:
        return [tuple(m) for m in handle.moves(white, black, kings, color)]
    return [tuple(m) for m in handle.moves(white, black, kings, color, streaks)]
