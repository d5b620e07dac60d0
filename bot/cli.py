"""Operator commands: `db upgrade`, `db check`, `db backup PATH`, `db copy --to TARGET`, `export-pdn GAME_ID`,
`resync-commands`, `puzzles [--workers N]`. Each works on the database the settings name (DATABASE_URL, else
DATABASE_PATH)."""

from __future__ import annotations

import argparse
import asyncio
import sys

from bot.settings import Settings
from data import Database, DatabaseUnavailable, latest_version
from data.store import is_postgres, masked
from messages.operator import database_problem
from service import (
    SYSTEM,
    GameNotFound,
    Service,
    SourceNotCurrent,
    TargetNotEmpty,
    acting_as,
    check_database,
    copy_database,
)
from service.commands import scope_name


def add_commands(subcommands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    db = subcommands.add_parser("db", help="database maintenance")
    db_commands = db.add_subparsers(dest="db_command", required=True)
    db_commands.add_parser("upgrade", help="apply pending migrations")
    db_commands.add_parser("check", help="integrity check and replay of every game")
    backup = db_commands.add_parser("backup", help="consistent online copy of the database")
    backup.add_argument("path")
    copy = db_commands.add_parser(
        "copy",
        help="copy every table into an EMPTY database (SQLite file or postgresql:// URL), then verify the rows "
        "and replay every game there",
    )
    copy.add_argument("--to", required=True, metavar="TARGET", help="a postgresql://user@host:port/db URL or a file")
    export = subcommands.add_parser("export-pdn", help="print one game as PDN")
    export.add_argument("game_id", type=int)
    puzzles = subcommands.add_parser(
        "puzzles",
        help="search every finished game and imported record not searched yet for puzzles (the running bot "
        "does this too, a batch each half hour), keeping each server's puzzles for that server",
    )
    puzzles.add_argument(
        "--workers", type=int, default=1, choices=range(1, 9), metavar="N", help="worker processes (1-8, default 1)"
    )
    subcommands.add_parser(
        "resync-commands",
        help="register the slash commands with Discord again at the next start (normally only when they change)",
    )


def run(args: argparse.Namespace, settings: Settings) -> int:
    try:
        with acting_as(SYSTEM):  # an operator's command: work without a player (service/access.py)
            return asyncio.run(_run(args, settings))
    except DatabaseUnavailable as error:
        print(database_problem(error), file=sys.stderr)
        return 2


async def _run(args: argparse.Namespace, settings: Settings) -> int:
    if args.command == "db" and args.db_command == "upgrade":
        db = await Database.open(settings.database, migrate=False)  # creates a new SQLite file
        try:
            before = await db.user_version()
            applied = await db.migrate()
        finally:
            await db.close()
        for name in applied:
            print(f"applied {name}")
        print(f"{db.path}: schema version {before} -> {latest_version()}")
        return 0
    # Only upgrade creates a database: the others must not leave an empty file where none was.
    async with await Database.open(settings.database, create=False, migrate=False) as db:
        if args.command == "db" and args.db_command == "copy":
            return await _copy(db, args.to)
        if await db.user_version() != latest_version():
            await db.migrate()
        if args.command == "db":
            return await _maintain(db, args)
        if args.command == "export-pdn":
            try:
                sys.stdout.write(await Service(db).queries.export_pdn(args.game_id))
            except GameNotFound as error:
                print(error, file=sys.stderr)
                return 1
            return 0
        if args.command == "puzzles":
            return await _puzzles(db, args.workers)
        if args.command == "resync-commands":
            scope = scope_name(settings.dev_guild_id)
            await Service(db).commands.forget(scope)
            print(f"the next start registers the slash commands again ({scope})")
            return 0
    raise AssertionError(f"unhandled command {args}")


async def _puzzles(db: Database, workers: int) -> int:
    service = Service(db)
    total = 0
    while await service.puzzles.unscanned_left():
        total += await service.puzzles.collect(workers)
    print(f"{total} puzzles found")
    return 0


async def _maintain(db: Database, args: argparse.Namespace) -> int:
    if args.db_command == "check":
        problems = await check_database(db)
        for problem in problems:
            print(problem)
        print(f"{len(problems)} problem(s) found" if problems else "ok")
        return 1 if problems else 0
    if args.db_command == "backup":
        print(await db.backup(args.path))
        return 0
    raise AssertionError(f"unhandled command {args}")


async def _copy(source: Database, to: str) -> int:
    shown = masked(to) if is_postgres(to) else to
    async with await Database.open(to) as target:
        try:
            report = await copy_database(source, target)
        except SourceNotCurrent:
            print(f"{source.path} is at an older schema: run python -m bot db upgrade on it first", file=sys.stderr)
            return 1
        except TargetNotEmpty as error:
            print(
                f"{shown} is not empty ({', '.join(error.tables)} hold rows): db copy only fills an empty "
                "database, so nothing was copied",
                file=sys.stderr,
            )
            return 1
    for table, rows in report.tables.items():
        print(f"{table}: {rows} rows")
    for problem in report.problems:
        print(problem)
    if report.problems:
        print(f"{len(report.problems)} problem(s) found in the copy at {shown}")
        return 1
    print(f"copied {source.path} to {shown}: every table has the same rows, all {report.games_replayed} games replay")
    return 0
