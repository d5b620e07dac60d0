"""Running local mode: a terminal session over the real service, or a scripted one (tests feed a StringIO)."""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path
from typing import TextIO

import engine as engine_module
from data.db import Database
from local.session import BOARDS_DIR, LocalSession
from service import Analyser, Engine, Service


def run_session(
    input: TextIO,
    output: TextIO,
    *,
    database_path: Path | str,
    boards_dir: Path = BOARDS_DIR,
    engine: Engine | None = None,
    analyser: Analyser | None = None,
    echo: bool = False,
    banner: bool = True,
    pictures: bool = True,
) -> int:
    """Read commands from `input` until quit or end of input; write everything to `output`.

    engine/analyser default to the real engine (its process pool is shut down at the end). With echo,
    each command is written after its prompt, so a scripted transcript reads like a terminal.
    """
    own_engine = engine is None
    with asyncio.Runner() as runner:
        db = runner.run(Database.open(database_path))
        try:
            service = Service(db, engine=engine or engine_module.default_engine())
            session = LocalSession(service, output, boards_dir=boards_dir, analyser=analyser, pictures=pictures)
            if banner:
                session.say(
                    "Dama local mode (DISCORD_TOKEN is not set, so no Discord): you are local:alice; "
                    "local:bob shares your keyboard, and the bot is always ready."
                )
                where = f"board pictures go to {boards_dir}/ (pictures off to stop)" if pictures else "no pictures"
                session.say(f"Games are kept in {db.path}; {where}.")
                session.say("Boards: w/b are White's/Black's men, W/B their kings, . an empty square.")
                session.say("Type help for the commands, quit to leave.")
            runner.run(session.start())
            while True:
                output.write(runner.run(session.prompt()))
                output.flush()
                try:
                    line = input.readline()
                except KeyboardInterrupt:
                    line = ""
                if not line:  # end of input (Ctrl-D) or Ctrl-C
                    output.write("\n")
                    break
                if echo:
                    output.write(line if line.endswith("\n") else line + "\n")
                if not runner.run(session.handle(line)):
                    break
            session.say("Bye. Your games are saved; run python -m bot again to continue them.")
        finally:
            runner.run(db.close())
            if own_engine:
                engine_module.shutdown()
    return 0


def main(database_path: Path | str, *, pictures: bool = True) -> int:
    """Local mode in this terminal (`python -m bot` starts it when there is no token and stdin is a TTY)."""
    return run_session(sys.stdin, sys.stdout, database_path=database_path, pictures=pictures)


