"""Words for /import (and local mode's import): the per-game report, the limits, imported games."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from messages.pdn import failure_sentence
from service.errors import GameError, ImportedGameNotFound, ImportTooLarge
from service.imports import ImportedEntry, ImportReport

REPORT_LIMIT = 1900  # characters: a Discord message holds 2000

IMPORT_ERRORS: dict[type[GameError], Callable[[Any, Any], str]] = {
    ImportedGameNotFound: lambda e, name: f"There is no imported game #{e.imported_id}.",
    ImportTooLarge: lambda e, name: (
        f"That file is too large to import: {e.size:,} bytes, at most {e.limit:,}."
        if e.kind == "bytes"
        else f"That file holds {e.size} games; at most {e.limit} can be imported at once."
    ),
}

NOTHING_GIVEN = "Attach a PDN file or paste the PDN text to import."
BOTH_GIVEN = "Attach a PDN file or paste PDN text, not both."
NO_GAMES = "I found no game in that PDN."


def _entry_line(entry: ImportedEntry) -> str:
    result = entry.replay
    record = result.record
    names = " – ".join(v for v in (record.tags.get("White", ""), record.tags.get("Black", "")) if v)
    label = f"Game {record.number}" + (f" ({names})" if names else "")
    if entry.imported_id is not None and result.rules is not None and result.game is not None:
        return (
            f"{label}: imported as #{entry.imported_id} ({result.rules.name}, {result.game.ply} plies, "
            f"{result.result})."
        )
    failure = result.failure
    where = ""
    if failure is not None:
        where = f", line {failure.line}" + (f", ply {failure.ply} ({failure.text})" if failure.ply else "")
    return f"{label}{where}: not imported. {failure_sentence(result)}"


SHOW_ON_DISCORD = "Show one with /board, /replay or /pdn and its number in the imported option."
SHOW_LOCALLY = "Show one with: imported N."


def import_report(report: ImportReport, source: str, how_to_show: str = SHOW_ON_DISCORD) -> str:
    """The answer to an import: how many games were stored, then one line per game (shortened to fit)."""
    total = len(report.entries)
    if total == 0:
        return NO_GAMES
    head = f"Imported {report.stored} of {total} game{'s' * (total != 1)} from {source}."
    if report.stored:
        head += " " + how_to_show
    lines = [head]
    used = len(head)
    for index, entry in enumerate(report.entries):
        line = _entry_line(entry)
        if used + len(line) + 1 > REPORT_LIMIT - 40:
            lines.append(f"… and {total - index} more games.")
            break
        lines.append(line)
        used += len(line) + 1
    return "\n".join(lines)


def imported_title(imported_id: int, white: str, black: str, event: str) -> str:
    names = f"{white or '?'} – {black or '?'}"
    return f"Imported game #{imported_id}: {names}" + (f", {event}" if event else "") + "."


__all__ = [
    "BOTH_GIVEN",
    "IMPORT_ERRORS",
    "NOTHING_GIVEN",
    "NO_GAMES",
    "SHOW_LOCALLY",
    "import_report",
    "imported_title",
]


LOCAL_IMPORT_USAGE = (
    "Write it like: import games.pdn (optionally followed by the variant, e.g. import games.pdn english)."
)
LOCAL_SHOW_USAGE = "Write it like: imported 3 (the number the import report gave)."


def cannot_read_file(path: str, reason: str) -> str:
    return f"I cannot read {path}: {reason}."
