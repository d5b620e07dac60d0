"""`python -m engine tables build VARIANT [--pieces N]`: the endgame table file of every position of up to
N pieces (default 5), men and kings, for a variant on a 32-square board (engine/core/tables.c solves it).

The file goes to engine/tablefiles.py's folder; it is written beside the old one and moved into place, so a
process still mapping the old file keeps reading it.
"""

from __future__ import annotations

import contextlib
import os
import time
from dataclasses import dataclass
from pathlib import Path

from engine import native
from engine.tablefiles import forget_images, table_path, tables_folder
from rules.ruleset import RuleSet

MAX_PIECES = 5


class TablesError(Exception):
    """A build that cannot run; the message is a sentence for the operator's terminal."""


@dataclass(frozen=True)
class BuildReport:
    variant: str
    pieces: int
    path: Path
    positions: int  # index entries, both sides to move (a few are holes: two men on one square)
    longest: int  # plies of the longest win
    seconds: float
    size: int  # bytes


def _remove(partial: Path) -> None:
    with contextlib.suppress(OSError):
        partial.unlink(missing_ok=True)


def build_tables(rules: RuleSet, pieces: int = MAX_PIECES, folder: Path | None = None) -> BuildReport:
    if not 2 <= pieces <= MAX_PIECES:
        raise TablesError(f"--pieces must be between 2 and {MAX_PIECES}")
    if native.core is None:
        raise TablesError(f"the compiled core is not built ({native.IMPORT_ERROR}): run `make .venv/.installed`")
    if not native.endgame_covers(rules):
        raise TablesError(f"{rules.id} has no endgame tables: they cover the 32-square boards, not giveaway")
    folder = folder or tables_folder()
    path = table_path(rules.id, folder)
    partial = path.with_name(path.name + ".partial")
    try:
        folder.mkdir(parents=True, exist_ok=True)
        started = time.monotonic()
        positions, longest = native.build_core(rules, 10).tables_build(str(partial), pieces)
        os.replace(partial, path)
    except OSError as error:
        _remove(partial)
        raise TablesError(f"cannot write {path}: {error.strerror or error}") from None
    except MemoryError:
        _remove(partial)
        raise TablesError(f"not enough memory to build the {pieces}-piece tables") from None
    forget_images()
    return BuildReport(rules.id, pieces, path, positions, longest, time.monotonic() - started, path.stat().st_size)
