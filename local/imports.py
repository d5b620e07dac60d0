"""Local mode's import: a PDN file from disk, stored as imported games (as /import on Discord); imported N shows one."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import TYPE_CHECKING

from local.text import ALICE_ID, Command, InputError, Parsed
from local.vocabulary import command_word
from messages.imports import (
    cannot_read_file,
    import_report,
    imported_title,
    local_import_usage,
    local_show_usage,
    show_locally,
)
from messages.web import local_imported_link
from rules import find_variant
from rules.errors import RulesError
from service.bounds import MAX_IMPORT_BYTES

if TYPE_CHECKING:
    from local.session import LocalSession


def _read(path: Path) -> bytes:
    with path.open("rb") as handle:
        return handle.read(MAX_IMPORT_BYTES + 1)  # the service refuses anything longer in words


async def import_file(session: LocalSession, parsed: Parsed) -> None:
    if not parsed.args:
        raise InputError(local_import_usage(session.w, command_word(session.w, "import")))
    variant: str | None = None
    if len(parsed.args) > 1:
        try:
            variant = find_variant(" ".join(parsed.args[1:])).id
        except RulesError as error:
            raise InputError(local_import_usage(session.w, command_word(session.w, "import"))) from error
    path = Path(parsed.args[0]).expanduser()
    parsed.args.clear()
    try:
        data = await asyncio.to_thread(_read, path)
    except OSError as error:
        raise InputError(cannot_read_file(str(path), error, session.w)) from error
    report = await session.service.imports.import_pdn(
        data, importer_id=ALICE_ID, guild_id=None, variant=variant or session.service.ctx.config.default_variant
    )
    show = show_locally(session.w, command_word(session.w, "imported"))
    session.say(import_report(report, path.name, show, session.w))


async def show_imported(session: LocalSession, parsed: Parsed) -> None:
    if len(parsed.args) != 1 or not parsed.args[0].lstrip("#").isdigit():
        raise InputError(local_show_usage(session.w, command_word(session.w, "imported")))
    number = int(parsed.args.pop().lstrip("#"))
    found = await session.service.imports.get(number)
    row = found.row
    session.say(imported_title(row.id, row.white_name, row.black_name, row.event, session.w))
    session.say((await session.service.imports.export_pdn(number)).rstrip("\n"))
    link = await session.service.web.imported_link(found)  # None unless WEB_PORT is set
    if link is not None:
        session.say(local_imported_link(session.w, number, link))


COMMANDS = (
    Command(
        "import",
        import_file,
        "import FILE [VARIANT]",
        lambda w: w.say("local.help.import", "import the games of a PDN file"),
    ),
    Command("imported", show_imported, "imported N", lambda w: w.say("local.help.imported", "an imported game in PDN")),
)
