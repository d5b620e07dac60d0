"""Running local mode: a terminal session over the real service, or a scripted one (tests feed a StringIO)."""

from __future__ import annotations

import asyncio
import io
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TextIO

import engine as engine_module
from data.db import Database
from local.session import BOARDS_DIR, LocalSession
from local.text import readable
from local.vocabulary import choice_word, command_word
from messages.i18n import LANGUAGE_NAMES, SHIPPED, SOURCE_LOCALE, Words, resolve
from service import LOCAL_SITE, SYSTEM, Analyser, Engine, Service, ServiceConfig, acting_as
from web import WebConfig
from web.thread import serve_in_thread


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
    language: str | None = None,
    web: WebConfig | None = None,
) -> int:
    """Read commands from `input` until quit or end of input; write everything to `output`.

    engine/analyser default to the real engine (its process pool is shut down at the end). With echo,
    each command is written after its prompt, so a scripted transcript reads like a terminal. With web,
    the games' pages are served meanwhile and every board is followed by its link.
    """
    own_engine = engine is None
    stop_web: Callable[[], None] = _nothing
    # The terminal's owner owns the whole database: local mode asks as the system (service/access.py). The
    # runner copies this context once and runs every step in it.
    with acting_as(SYSTEM), asyncio.Runner() as runner:
        db = runner.run(Database.open(database_path))
        try:
            config = ServiceConfig(site=LOCAL_SITE)  # the PDN Site of every export, the web page's too
            service = Service(db, engine=engine or engine_module.default_engine(), config=config)
            stop_web = start_web(runner, service, database_path, web)
            session = LocalSession(
                service, output, boards_dir=boards_dir, analyser=analyser, pictures=pictures, language=language
            )
            if banner:
                greet(session, db.path, boards_dir, pictures=pictures)
            if web is not None:  # the server is listening by now (start_web waits for it)
                session.say(
                    session.w.say(
                        "local.web_at",
                        "Web pages at {url}; each board is followed by its game's own link.",
                        url=web.base_url,
                    )
                )
            asked = unknown_language(language)
            if asked is not None:
                session.say(no_such_language(session.w, asked))
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
                if echo:  # what was typed, as a terminal shows it (a pasted page: its start)
                    output.write(readable(line.rstrip("\n"), ECHOED_INPUT) + "\n")
                if not runner.run(session.handle(line)):
                    break
            session.say(
                session.w.say("local.bye", "Bye. Your games are saved; run python -m bot again to continue them.")
            )
        finally:
            stop_web()
            runner.run(db.close())
            if own_engine:
                engine_module.shutdown()
    return 0


def greet(session: LocalSession, path: object, boards_dir: Path, *, pictures: bool) -> None:
    """What local mode is, where it keeps things and how to start."""
    w = session.w
    session.say(
        w.say(
            "local.banner",
            "Dama local mode (DISCORD_TOKEN is not set, so no Discord): you are local:alice; "
            "local:bob shares your keyboard, and the bot is always ready.",
        )
    )
    if pictures:
        where = w.say(
            "local.pictures_where",
            "board pictures go to {folder}/ ({pictures} {off} to stop)",
            folder=boards_dir,
            pictures=command_word(w, "pictures"),
            off=choice_word(w, "off"),
        )
    else:
        where = w.say("local.no_pictures", "no pictures")
    session.say(w.say("local.games_kept", "Games are kept in {path}; {pictures}.", path=path, pictures=where))
    session.say(w.say("local.board_key", "Boards: w/b are White's/Black's men, W/B their kings, . an empty square."))
    session.say(
        w.say(
            "local.type_help",
            "Type {help} for the commands, {quit} to leave.",
            help=command_word(w, "help"),
            quit=command_word(w, "quit"),
        )
    )


ECHOED_INPUT = 200  # characters of a piped line written after its prompt
NO_LANGUAGE = ("", "c", "posix")  # LANG values that name no language at all


def unknown_language(language: str | None) -> str | None:
    """The language asked for (--lang, or LANG) when no catalogue speaks it, else None."""
    if language is None:
        return None
    code = language.split(".")[0].split("@")[0].strip()
    if code.lower() in NO_LANGUAGE or code.lower().replace("_", "-").split("-")[0] == SOURCE_LOCALE:
        return None
    return code if resolve(code) == SOURCE_LOCALE else None


def no_such_language(w: Words, asked: str) -> str:
    shipped = [f"{code} ({LANGUAGE_NAMES[code]})" for code in (SOURCE_LOCALE, *SHIPPED)]
    return w.say(
        "local.no_such_language",
        "There is no {language!r} translation, so local mode speaks English; the languages are {languages} "
        "(choose one with --lang, for example --lang it).",
        language=readable(asked),
        languages=w.join(shipped),
    )


def _nothing() -> None:
    pass


def start_web(
    runner: asyncio.Runner, service: Service, database_path: Path | str, web: WebConfig | None
) -> Callable[[], None]:
    """The games' pages on a thread of their own (the link secret is stored first, then that thread reads
    it); returns what stops them."""
    if web is None:
        return _nothing
    runner.run(service.web.configure(web.base_url, web.secret))
    return serve_in_thread(database_path, web, service.ctx.config)


def main(
    database_path: Path | str,
    *,
    pictures: bool = True,
    language: str | None = None,
    web: WebConfig | None = None,
    echo: bool = False,
) -> int:
    """Local mode in this terminal (`python -m bot` starts it when there is no token and stdin is a TTY or
    commands piped in, then with echo); language: a locale (--lang, or LANG such as it_IT.UTF-8)."""
    # bytes that are not text reach the session as such (shown as �), never as a traceback
    for stream, errors in ((sys.stdin, "surrogateescape"), (sys.stdout, "replace")):
        if isinstance(stream, io.TextIOWrapper):
            stream.reconfigure(errors=errors)
    return run_session(
        sys.stdin, sys.stdout, database_path=database_path, pictures=pictures, language=language, web=web, echo=echo
    )
