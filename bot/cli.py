"""Operator commands: `db upgrade`, `db check`, `db backup PATH`, `export-pdn GAME_ID`, `resync-commands`."""

from __future__ import annotations

import argparse
import asyncio
import sys

from bot.settings import Settings
from data import Database, DatabaseUnavailable, latest_version
from messages.operator import database_problem
from service import GameNotFound, Service, check_database
from service.commands import scope_name


def add_commands(subcommands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    db = subcommands.add_parser("db", help="database maintenance")
    db_commands = db.add_subparsers(dest="db_command", required=True)
    db_commands.add_parser("upgrade", help="apply pending migrations")
    db_commands.add_parser("check", help="integrity check and replay of every game")
    backup = db_commands.add_parser("backup", help="consistent online copy of the database")
    backup.add_argument("path")
    export = subcommands.add_parser("export-pdn", help="print one game as PDN")
    export.add_argument("game_id", type=int)
    subcommands.add_parser(
        "resync-commands",
        help="register the slash commands with Discord again at the next start (normally only when they change)",
    )


def run(args: argparse.Namespace, settings: Settings) -> int:
    try:
        return asyncio.run(_run(args, settings))
    except DatabaseUnavailable as error:
        print(database_problem(error), file=sys.stderr)
        return 2


async def _run(args: argparse.Namespace, settings: Settings) -> int:
    if args.command == "db" and args.db_command == "upgrade":
        db = await Database.open(settings.database_path, migrate=False)  # creates a new database
        try:
            before = await db.user_version()
            applied = await db.migrate()
        finally:
            await db.close()
        for name in applied:
            print(f"applied {name}")
        print(f"{settings.database_path}: schema version {before} -> {latest_version()}")
        return 0
    # Only upgrade creates a database: the others must not leave an empty file where none was.
    async with await Database.open(settings.database_path, create=False) as db:
        if args.command == "db" and args.db_command == "check":
            problems = await check_database(db)
            for problem in problems:
                print(problem)
            print(f"{len(problems)} problem(s) found" if problems else "ok")
            return 1 if problems else 0
        if args.command == "db" and args.db_command == "backup":
            await db.backup(args.path)
            print(f"backed up {settings.database_path} to {args.path}")
            return 0
        if args.command == "export-pdn":
            try:
                sys.stdout.write(await Service(db).queries.export_pdn(args.game_id))
            except GameNotFound as error:
                print(error, file=sys.stderr)
                return 1
            return 0
        if args.command == "resync-commands":
            scope = scope_name(settings.dev_guild_id)
            await Service(db).commands.forget(scope)
            print(f"the next start registers the slash commands again ({scope})")
            return 0
    raise AssertionError(f"unhandled command {args}")
