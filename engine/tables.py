"""`python -m engine tables build VARIANT [--pieces N]`: the endgame table file of every position of up to
N pieces, men and kings (engine/core/tables.c solves it): up to 5 on a 32-square board (the default), up to 4
on International's (its default).

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

MAX_PIECES = native.TABLE_FILE_PIECES  # on the 32-square boards (International: fewer)


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


def build_tables(rules: RuleSet, pieces: int | None = None, folder: Path | None = None) -> BuildReport:
    """pieces: the most a position holds (default: the most the variant's file may hold)."""
    if native.core is None:
        raise TablesError(f"the compiled core is not built ({native.IMPORT_ERROR}): run `make .venv/.installed`")
    most = native.table_file_pieces(rules)
    if not most:
        raise TablesError(
            f"{rules.id} has no endgame tables: they cover the 32-square boards (not giveaway) and International"
        )
    pieces = most if pieces is None else pieces
    if not 2 <= pieces <= most:
        raise TablesError(f"--pieces must be between 2 and {most} for {rules.id}")
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
