"""Words for /import (and local mode's import): the per-game report, the limits, imported games."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from messages.i18n import ENGLISH, Words
from messages.pdn import failure_sentence
from messages.variants import variant_name
from rules.pdn_replay import players
from service.bounds import MAX_RECORD_PLIES
from service.errors import GameError, ImportedGameNotFound, ImportTooLarge, RecordTooLong
from service.imports import ImportedEntry, ImportReport

REPORT_LIMIT = 1900  # characters: a Discord message holds 2000


def _too_large(e: ImportTooLarge, w: Words) -> str:
    if e.kind == "bytes":
        return w.say(
            "import.too_large.bytes",
            "That file is too large to import: {size} bytes, at most {limit}.",
            size=f"{e.size:,}",
            limit=f"{e.limit:,}",
        )
    return w.say(
        "import.too_large.games",
        "That file holds {size} games; at most {limit} can be imported at once.",
        size=e.size,
        limit=e.limit,
    )


def _too_long(e: RecordTooLong, w: Words) -> str:
    if e.work == "study":
        return w.plural(
            "study.too_long.imported",
            "Imported game #{number} has {count} ply; a study opens records of at most {limit}.",
            "Imported game #{number} has {count} plies; a study opens records of at most {limit}.",
            e.plies,
            number=e.number,
            limit=e.limit,
        )
    if e.work == "analysis" and e.imported:
        return w.plural(
            "analysis.too_long.imported",
            "Imported game #{number} has {count} ply; an analysis covers at most {limit}.",
            "Imported game #{number} has {count} plies; an analysis covers at most {limit}.",
            e.plies,
            number=e.number,
            limit=e.limit,
        )
    if e.work == "analysis":
        return w.plural(
            "analysis.too_long",
            "Game #{number} has {count} ply; an analysis covers at most {limit}.",
            "Game #{number} has {count} plies; an analysis covers at most {limit}.",
            e.plies,
            number=e.number,
            limit=e.limit,
        )
    if e.imported:
        return w.plural(
            "replay.too_long.imported",
            "Imported game #{number} has {count} ply; a replay shows at most {limit}. Try {pdn}.",
            "Imported game #{number} has {count} plies; a replay shows at most {limit}. Try {pdn}.",
            e.plies,
            number=e.number,
            limit=e.limit,
            pdn=w.command("pdn"),
        )
    return w.plural(
        "replay.too_long",
        "Game #{number} has {count} ply; a replay shows at most {limit}. Try {pdn}.",
        "Game #{number} has {count} plies; a replay shows at most {limit}. Try {pdn}.",
        e.plies,
        number=e.number,
        limit=e.limit,
        pdn=w.command("pdn"),
    )


IMPORT_ERRORS: dict[type[GameError], Callable[[Any, Any, Words], str]] = {
    ImportedGameNotFound: lambda e, name, w: w.say(
        "import.not_found", "There is no imported game #{number}.", number=e.imported_id
    ),
    ImportTooLarge: lambda e, name, w: _too_large(e, w),
    RecordTooLong: lambda e, name, w: _too_long(e, w),
}


def nothing_given(w: Words = ENGLISH) -> str:
    return w.say("import.nothing_given", "Attach a PDN file or paste the PDN text to import.")


def both_given(w: Words = ENGLISH) -> str:
    return w.say("import.both_given", "Attach a PDN file or paste PDN text, not both.")


def pasted_text(w: Words = ENGLISH) -> str:
    return w.say("import.pasted_text", "the pasted text")


def show_on_discord(w: Words = ENGLISH) -> str:
    return w.say(
        "import.show.discord",
        "Show one with {board}, {replay} or {pdn} and its number in the {imported} option.",
        board=w.command("board"),
        replay=w.command("replay"),
        pdn=w.command("pdn"),
        imported=w.option("imported"),
    )


def show_locally(w: Words, command: str) -> str:
    """command: local mode's word for `imported` in the session's language."""
    return w.say("import.show.local", "Show one with: {command} N.", command=command)


def _entry_line(entry: ImportedEntry, w: Words) -> str:
    result = entry.replay
    record = result.record
    names = " – ".join(name for name in players(record) if name)
    label = w.say("import.game", "Game {number}", number=record.number) + (f" ({names})" if names else "")
    if entry.too_long is not None:
        return w.plural(
            "import.too_long",
            "{game}: not imported. It has {count} ply; a record may have at most {limit}.",
            "{game}: not imported. It has {count} plies; a record may have at most {limit}.",
            entry.too_long,
            game=label,
            limit=MAX_RECORD_PLIES,
        )
    if entry.imported_id is not None and result.rules is not None and result.game is not None:
        return w.plural(
            "import.stored",
            "{game}: imported as #{number} ({variant}, {count} ply, {result}).",
            "{game}: imported as #{number} ({variant}, {count} plies, {result}).",
            result.game.ply,
            game=label,
            number=entry.imported_id,
            variant=variant_name(w, result.rules.id),
            result=result.result,
        )
    failure = result.failure
    where = label
    if failure is not None:
        if failure.ply:
            where = w.say(
                "import.where.ply",
                "{game}, line {line}, ply {ply} ({move})",
                game=label,
                line=failure.line,
                ply=failure.ply,
                move=failure.text,
            )
        else:
            where = w.say("import.where.line", "{game}, line {line}", game=label, line=failure.line)
    return w.say("import.refused", "{where}: not imported. {why}", where=where, why=failure_sentence(result, w))


def import_report(report: ImportReport, source: str, how_to_show: str | None = None, w: Words = ENGLISH) -> str:
    """The answer to an import: how many games were stored, then one line per game (shortened to fit)."""
    total = len(report.entries)
    if total == 0:
        return w.say("import.no_games", "I found no game in that PDN.")
    head = w.plural(
        "import.head",
        "Imported {stored} of {count} game from {source}.",
        "Imported {stored} of {count} games from {source}.",
        total,
        stored=report.stored,
        source=source,
    )
    if report.stored:
        head += " " + (how_to_show if how_to_show is not None else show_on_discord(w))
    lines = [head]
    used = len(head)
    for index, entry in enumerate(report.entries):
        line = _entry_line(entry, w)
        if used + len(line) + 1 > REPORT_LIMIT - 40:
            rest = total - index
            lines.append(w.plural("import.more", "… and {count} more game.", "… and {count} more games.", rest))
            break
        lines.append(line)
        used += len(line) + 1
    return "\n".join(lines)


def imported_title(imported_id: int, white: str, black: str, event: str, w: Words = ENGLISH) -> str:
    names = f"{white or '?'} – {black or '?'}"
    if event:
        return w.say(
            "import.title.event",
            "Imported game #{number}: {names}, {event}.",
            number=imported_id,
            names=names,
            event=event,
        )
    return w.say("import.title", "Imported game #{number}: {names}.", number=imported_id, names=names)


def imported_pdn(imported_id: int, w: Words = ENGLISH) -> str:
    return w.say("import.pdn", "Imported game #{number} as PDN.", number=imported_id)


def imported_replay(imported_id: int, moves: int, w: Words = ENGLISH) -> str:
    return w.plural(
        "import.replay",
        "Replay of imported game #{number} ({count} move).",
        "Replay of imported game #{number} ({count} moves).",
        moves,
        number=imported_id,
    )


def local_import_usage(w: Words, command: str) -> str:
    """command: local mode's word for `import` in the session's language."""
    return w.say(
        "import.local.usage",
        "Write it like: {command} games.pdn (optionally followed by the variant, e.g. {command} games.pdn english).",
        command=command,
    )


def local_show_usage(w: Words, command: str) -> str:
    """command: local mode's word for `imported` in the session's language."""
    return w.say(
        "import.local.show_usage", "Write it like: {command} 3 (the number the import report gave).", command=command
    )


def cannot_read_file(path: str, error: OSError, w: Words = ENGLISH) -> str:
    """One whole sentence per common reason; the system's own words (English) only for a rare one."""
    if isinstance(error, FileNotFoundError):
        return w.say("import.local.no_file", "There is no file {path}.", path=path)
    if isinstance(error, PermissionError):
        return w.say("import.local.not_allowed", "I am not allowed to read {path}.", path=path)
    if isinstance(error, IsADirectoryError):
        return w.say("import.local.is_folder", "{path} is a folder, not a file.", path=path)
    reason = error.strerror or type(error).__name__
    return w.say("import.local.cannot_read", "I cannot read {path}: {reason}.", path=path, reason=reason)


__all__ = [
    "IMPORT_ERRORS",
    "both_given",
    "cannot_read_file",
    "import_report",
    "imported_pdn",
    "imported_replay",
    "imported_title",
    "local_import_usage",
    "local_show_usage",
    "nothing_given",
    "pasted_text",
    "show_locally",
    "show_on_discord",
]
