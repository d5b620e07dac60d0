"""The learned evaluation's pattern tables: window geometry, weight files, installing them in the compiled core.

A window is a 4x4 block of the board (8 playable squares) at even rows and columns, so neighbouring windows
overlap by half. The men in a window (kings count as empty: the hand-set terms score kings) make a base-3
index into a table of 3^8 weights, one table for the middlegame and one for the endgame, blended by the pieces
left. The compiled core adds the sum to engine/evaluate.py's hand-set evaluation; the pure-Python core and a
variant without a file keep the hand-set evaluation alone.

engine/patterns/<variant>.pat, written by `python -m benchmarks.train`: the magic line, a JSON header (variant,
windows, pieces at the start, what it was trained on), then the tables as zlib-compressed little-endian int16,
windows × 2 phases × 3^8, from White's view. The layout "even+flank" adds four flanks, 6-row, 3-column strips
at the corners (9 squares, a table of 3^9 each, stored after the windows' and listed in the header's
"flanks"). The stored tables are antisymmetric: a position and its mirror image with colours swapped score
opposite, so the side to move never matters to the learned term. A file fitted together with the hand-set
weights (`benchmarks.train --joint`) names them in the header's "weights"; the compiled core evaluates with
them wherever it adds that file's term. A file with "phase": "pip" blends its two tables by how far the men
still have to go (the rows between each man and its promotion row, kings none; "pip_rows" per colour and square,
"pip_full" at the start) instead of by the pieces left: a middlegame whose men have run far is scored nearer
the endgame.
"""

from __future__ import annotations

import json
import logging
import os
import struct
import zlib
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from engine.evaluate import Weights
from rules import RuleSet
from rules.board import Board
from rules.fen import parse_fen
from rules.movegen import generator_for

log = logging.getLogger(__name__)

FOLDER = Path(__file__).resolve().parent / "patterns"
MAGIC = b"DAMA-PATTERNS 1\n"
SIZE = 3**8  # one table entry per filling of a window's 8 squares
FLANK_SIZE = 3**9  # a flank's 9 squares
PHASES = 2  # middlegame, endgame
Window = tuple[int, int, int, int]  # per row of the window, the lower of its two (adjacent) bits
WEIGHT_NAMES = set(Weights.__slots__)
PHASE_MEASURES = ("pieces", "pip")  # what blends the middlegame and endgame tables (see pip_rows)
BLEND_KEYS = ("phase", "pip_rows", "pip_full")  # the header entries that say how a file blends its phases


class PatternFileError(ValueError):
    """A pattern file that cannot be read, or that does not fit the variant's board."""


def board_size(board: Board) -> int:
    return max(max(r, c) for r, c in board.coords.values()) + 1


LAYOUTS = ("even", "even+odd", "even+flank")  # see windows() and flanks()


def windows(board: Board, layout: str = "even") -> list[Window] | None:
    """The board's windows, or None when a window row's two squares are not adjacent bits (no patterns then).

    "even": the blocks at even rows and columns. "even+odd" adds the blocks at odd rows and columns, each
    centred on a corner where four even blocks meet, so that a shape across their seams is seen whole.
    """
    by_place = {rc: bit for bit, rc in board.coords.items()}
    size = board_size(board)
    corners = [(top, left) for top in range(0, size - 3, 2) for left in range(0, size - 3, 2)]
    if layout == "even+odd":
        corners += [(top, left) for top in range(1, size - 3, 2) for left in range(1, size - 3, 2)]
    elif layout not in LAYOUTS:
        return None
    out: list[Window] = []
    for top, left in corners:
        rows = []
        for row in range(top, top + 4):
            bits = sorted(by_place[(row, col)] for col in range(left, left + 4) if (row, col) in by_place)
            if len(bits) != 2 or bits[1] != bits[0] + 1:
                return None
            rows.append(bits[0])
        out.append((rows[0], rows[1], rows[2], rows[3]))
    return out


Flank = tuple[int, ...]  # its 9 squares' bits, ascending: digit j of its index is the square flank[j]


def flanks(board: Board, layout: str) -> list[Flank] | None:
    """The layout's flanks (none but in "even+flank"), or None when the board has no 9-square corner strips.

    A flank is the 6 rows nearest a side of the board by the 3 columns nearest an edge: where a wing's men
    stand over the depth of half the board, a shape the 4x4 windows see only in pieces.
    """
    if layout != "even+flank":
        return []
    size = board_size(board)
    by_place = {rc: bit for bit, rc in board.coords.items()}
    out: list[Flank] = []
    for rows in (range(6), range(size - 6, size)):
        for cols in (range(3), range(size - 3, size)):
            bits = sorted(by_place[(r, c)] for r in rows for c in cols if (r, c) in by_place)
            if len(bits) != 9:
                return None
            out.append(tuple(bits))
    return out


def pip_rows(rules: RuleSet) -> tuple[list[int], list[int], int]:
    """Per square, the rows a White man and a Black man there still have to go to promote, and the men's total
    at the start (the pip count's scale)."""
    gen = generator_for(rules)
    board, promo = gen.board, gen.promo
    nbits = max(board.coords) + 1
    rows = []
    for color in (0, 1):
        target = board.coords[(promo[color] & -promo[color]).bit_length() - 1][0]
        rows.append([abs(board.coords[bit][0] - target) if bit in board.coords else 0 for bit in range(nbits)])
    start = parse_fen(rules, rules.start_fen)
    full = pip_count(rows[0], rows[1], start.white & ~start.kings, start.black & ~start.kings)
    return rows[0], rows[1], full


def blend_header(rules: RuleSet, measure: str) -> dict[str, Any]:
    """A file header's entries for blending by `measure`: none for the pieces left (the default), else the rows."""
    if measure == "pieces":
        return {}
    white_rows, black_rows, full = pip_rows(rules)
    return {"phase": "pip", "pip_rows": [white_rows, black_rows], "pip_full": full}


def pip_count(white_rows: Sequence[int], black_rows: Sequence[int], white_men: int, black_men: int) -> int:
    """The men's rows still to go, both colours together."""
    return (sum(white_rows[bit] for bit in range(len(white_rows)) if white_men >> bit & 1)
            + sum(black_rows[bit] for bit in range(len(black_rows)) if black_men >> bit & 1))


def window_squares(window: Window) -> list[int]:
    """The window's 8 bits in index order: digit j of a window's base-3 index is the square window_squares[j]."""
    return [window[k] + t for k in range(4) for t in range(2)]


def index_of(squares: Window | Flank, white_men: int, black_men: int) -> int:
    """A window's (or a flank's) table index: digit j is 0 empty, 1 a white man, 2 a black man on its square j."""
    index = 0
    for j, bit in enumerate(window_squares(squares) if len(squares) == 4 else squares):
        if white_men >> bit & 1:
            index += 3**j
        elif black_men >> bit & 1:
            index += 2 * 3**j
    return index


def rotation(board: Board) -> dict[int, int]:
    """Each square's image when the board turns half round (what a colour swap mirrors)."""
    size = board_size(board)
    by_place = {rc: bit for bit, rc in board.coords.items()}
    return {bit: by_place[(size - 1 - r, size - 1 - c)] for bit, (r, c) in board.coords.items()}


@dataclass(frozen=True)
class PatternTables:
    variant: str
    windows: list[Window]
    full: int  # pieces at the start: the phase blend's scale
    tables: bytes  # windows x PHASES x SIZE, then flanks x PHASES x FLANK_SIZE, little-endian int16
    header: dict[str, Any]
    flanks: tuple[Flank, ...] = ()

    @property
    def weights(self) -> dict[str, int]:
        """The hand-set weights the tables were fitted with (name: value; empty: today's, fitted apart)."""
        return dict(self.header.get("weights", {}))

    @property
    def phase(self) -> str:
        """What blends the tables: "pieces" (the pieces left of full) or "pip" (the men's rows to go)."""
        return str(self.header.get("phase", "pieces"))

    @property
    def pip(self) -> tuple[list[int], list[int], int]:
        """A "pip" file's rows to go per square (White's, Black's) and its count at the start."""
        white, black = self.header["pip_rows"]
        return list(white), list(black), int(self.header["pip_full"])

    def weight(self, window: int, phase: int, index: int) -> int:
        at = ((window * PHASES + phase) * SIZE + index) * 2
        return int(struct.unpack_from("<h", self.tables, at)[0])

    def flank_weight(self, flank: int, phase: int, index: int) -> int:
        at = (len(self.windows) * PHASES * SIZE + (flank * PHASES + phase) * FLANK_SIZE + index) * 2
        return int(struct.unpack_from("<h", self.tables, at)[0])

    def score(self, white_men: int, black_men: int, pieces: int) -> int:
        """The learned term from White's view, as the compiled core computes it (a reference in Python)."""
        mid = end = 0
        for w, window in enumerate(self.windows):
            index = index_of(window, white_men, black_men)
            mid += self.weight(w, 0, index)
            end += self.weight(w, 1, index)
        for f, flank in enumerate(self.flanks):
            index = index_of(flank, white_men, black_men)
            mid += self.flank_weight(f, 0, index)
            end += self.flank_weight(f, 1, index)
        if self.phase == "pip":
            white_rows, black_rows, scale = self.pip
            share = min(pip_count(white_rows, black_rows, white_men, black_men), scale)
        else:
            scale, share = self.full, min(pieces, self.full)
        blend = mid * share + end * (scale - share)
        return abs(blend) // scale * (1 if blend >= 0 else -1)  # truncated, as C divides


def path_for(variant: str) -> Path:
    return FOLDER / f"{variant}.pat"


def table_bytes(n_windows: int, n_flanks: int) -> int:
    return (n_windows * SIZE + n_flanks * FLANK_SIZE) * PHASES * 2


def write(
    path: Path, variant: str, board_windows: list[Window], full: int, tables: bytes, about: dict[str, Any],
    board_flanks: Sequence[Flank] = (),
) -> None:
    if len(tables) != table_bytes(len(board_windows), len(board_flanks)):
        raise ValueError("tables do not match the windows")
    header = {"variant": variant, "windows": [list(w) for w in board_windows], "full": full, **about}
    if board_flanks:
        header["flanks"] = [list(f) for f in board_flanks]
    data = json.dumps(header, sort_keys=True).encode()
    path.write_bytes(MAGIC + struct.pack("<I", len(data)) + data + zlib.compress(tables, 9))


def read(path: Path) -> PatternTables:
    raw = path.read_bytes()
    if not raw.startswith(MAGIC) or len(raw) < len(MAGIC) + 4:
        raise PatternFileError(f"{path.name} is not a pattern file")
    (length,) = struct.unpack_from("<I", raw, len(MAGIC))
    start = len(MAGIC) + 4
    try:
        header = json.loads(raw[start : start + length])
        tables = zlib.decompress(raw[start + length :])
        board_windows = [tuple(int(b) for b in w) for w in header["windows"]]
        board_flanks = tuple(tuple(int(b) for b in f) for f in header.get("flanks", []))
        full = int(header["full"])
        weights = header.get("weights", {})
        if not isinstance(weights, dict) or not all(type(v) is int for v in weights.values()):
            raise TypeError("weights")
        if not isinstance(header.get("phase", "pieces"), str):
            raise TypeError("phase")
        if header.get("phase") == "pip":
            rows, pip_full = header["pip_rows"], header["pip_full"]
            if (type(pip_full) is not int or pip_full <= 0 or not isinstance(rows, list) or len(rows) != 2
                    or not all(isinstance(r, list) and all(type(v) is int and v >= 0 for v in r) for r in rows)):
                raise TypeError("pip")
    except (ValueError, KeyError, TypeError, zlib.error) as exc:
        raise PatternFileError(f"{path.name} is damaged ({type(exc).__name__})") from None
    if (any(len(w) != 4 for w in board_windows) or any(len(f) != 9 for f in board_flanks) or full <= 0
            or len(tables) != table_bytes(len(board_windows), len(board_flanks))):
        raise PatternFileError(f"{path.name} is damaged (its tables do not match its windows)")
    return PatternTables(str(header.get("variant", "")), board_windows, full, tables,  # type: ignore[arg-type]
                         header, board_flanks)


_loaded: dict[str, PatternTables | None] = {}
_logged: set[str] = set()


def tables_for(rules: RuleSet) -> PatternTables | None:
    """The variant's shipped tables when they fit its board (read once per process); None otherwise.

    DAMA_PATTERNS=off turns the learned term off everywhere (the hand-set evaluation alone).
    """
    if os.environ.get("DAMA_PATTERNS", "on") == "off" or rules.giveaway:
        return None
    if rules.id not in _loaded:
        _loaded[rules.id] = _load(rules)
    return _loaded[rules.id]


def _load(rules: RuleSet) -> PatternTables | None:
    path = path_for(rules.id)
    if not path.exists():
        return None
    try:
        found = read(path)
    except (OSError, PatternFileError) as exc:
        _warn(rules.id, f"learned evaluation: {exc}; {rules.id} keeps the hand-set evaluation")
        return None
    layout = str(found.header.get("layout", "even"))  # files before the layouts were all "even"
    board = generator_for(rules).board
    if (found.variant != rules.id or found.windows != windows(board, layout)
            or list(found.flanks) != flanks(board, layout)):
        _warn(rules.id, f"learned evaluation: {path.name} does not fit {rules.id}'s board; "
              "it keeps the hand-set evaluation")
        return None
    reason = unusable(found)
    if reason:
        _warn(rules.id, f"learned evaluation: {path.name} {reason}; {rules.id} keeps the hand-set evaluation")
        return None
    if found.phase == "pip" and found.pip != pip_rows(rules):
        _warn(rules.id, f"learned evaluation: {path.name} does not fit {rules.id}'s board; "
              "it keeps the hand-set evaluation")
        return None
    return found


def unusable(tables: PatternTables) -> str | None:
    """Why this engine cannot evaluate with a well-formed file (a newer blend or weights it lacks), or None."""
    if tables.phase not in PHASE_MEASURES:
        return "blends its tables by a measure this engine does not have"
    if not set(tables.weights) <= WEIGHT_NAMES:
        return "names hand-set weights this engine does not have"
    return None


def _warn(key: str, line: str) -> None:
    if key not in _logged:
        _logged.add(key)
        log.warning(line)


def install(handle: Any, tables: PatternTables | None) -> bool:
    """Add tables' learned term to handle's evaluation (None: remove it). True when installed."""
    if tables is None:
        handle.set_patterns([], b"")
        handle.set_pip_phase([], [], 0)
        return False
    handle.set_patterns([list(w) for w in tables.windows], tables.tables, [list(f) for f in tables.flanks])
    if tables.phase == "pip":
        handle.set_pip_phase(*tables.pip)
    else:
        handle.set_pip_phase([], [], 0)
    return True
