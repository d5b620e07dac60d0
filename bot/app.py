"""Start the Discord bot: `python -m bot` (bot/__main__.py) calls main().

Lifecycle as in discord.py's advanced_startup example: settings, then `async with` the database and the
bot, the engine's process pool shut down at the end. Without DISCORD_TOKEN there is nothing to connect
to: in a terminal, or with commands piped in, local mode (the local package) runs; with nothing to read
(/dev/null, as a service manager gives) a clear message and exit code 2.
"""

from __future__ import annotations

import asyncio
import dataclasses
import logging
import os
import signal
import stat
import sys
from collections.abc import Callable
from datetime import timedelta
from typing import Any

import aiohttp
import discord

import engine
import local
import web
from bot.client import DamaBot
from bot.discord_endpoints import point_discord_at
from bot.health import MetricsUnavailable
from bot.logs import JsonFormatter, quiet_sql, redact_handlers, remember_secret
from bot.settings import Settings, SettingsError, load_settings
from data.db import Database, DatabaseUnavailable
from engine import tablebuild
from messages.operator import database_problem
from service import Service, ServiceConfig, game_stream, system_context
from web.auth import DISCORD_API
from web.limits import raise_file_limit

log = logging.getLogger("bot")
MISSING_TOKEN = (
    "DISCORD_TOKEN is not set. Put the bot token from the Discord developer portal (Bot tab) in the "
    "environment or in .env (see .env.example and docs/COMMANDS.md)."
)


def configure_logging(settings: Settings) -> None:
    if settings.log_format == "json":
        discord.utils.setup_logging(level=settings.log_level_number, root=True, formatter=JsonFormatter())
    else:
        discord.utils.setup_logging(level=settings.log_level_number, root=True)
    web_secrets = (settings.web.secret.get(), settings.web.client_secret.get()) if settings.web else ()
    secrets = (settings.discord_token.get(), *web_secrets)
    redact_handlers(logging.getLogger(), tuple(s for s in secrets if s))
    quiet_sql()


def web_config(settings: Settings) -> web.WebConfig | None:
    """The web pages' settings, when WEB_PORT is set."""
    if settings.web is None:
        return None
    found = settings.web
    return web.WebConfig(
        found.port,
        found.base_url,
        found.host,
        found.secret.get() or None,
        requests_per_minute=found.requests_per_minute,
        burst=max(1, min(60, int(found.requests_per_minute // 2))),
        trusted_proxies=found.trusted_proxies,
        max_connections=found.max_connections,
        max_per_address=found.max_per_address,
        oauth=oauth_config(settings),
        activity=found.activity,
    )


def oauth_config(settings: Settings) -> web.OAuthConfig | None:
    """Signing in with Discord on the page, when DISCORD_CLIENT_ID and DISCORD_CLIENT_SECRET are set; the
    loopback Discord (DISCORD_API_BASE) serves the sign-in as well."""
    found = settings.web
    if found is None or not found.client_id:
        return None
    api = settings.discord_api_base or DISCORD_API
    return web.OAuthConfig(found.client_id, found.client_secret.get(), api.rstrip("/"))


def fail(message: str, code: int = 2) -> None:
    print(f"dama: {message}", file=sys.stderr)  # noqa: T201 - before logging is set up
    raise SystemExit(code)


def commands_to_read() -> bool:
    """A terminal, or commands piped or redirected from a file (`printf 'play\\nquit\\n' | make run`); not
    /dev/null, which is what a service manager gives a bot started without its token."""
    if sys.stdin is None:
        return False
    try:
        mode = os.fstat(sys.stdin.fileno()).st_mode
    except (OSError, ValueError):
        return False
    return sys.stdin.isatty() or stat.S_ISFIFO(mode) or stat.S_ISREG(mode)


def main(language: str | None = None) -> int:
    """Run the bot until it is stopped. Exits non-zero with a message for bad or missing settings."""
    try:
        settings = load_settings()
    except SettingsError as error:
        fail(str(error))
        raise  # unreachable; fail() exits
    raise_file_limit()  # Linux often starts a process at 1,024 open files: web connections must not take them all
    if settings.tables_folder is not None:
        os.environ["DAMA_TABLES"] = str(settings.tables_folder)  # the engine's processes read it (.env too)
    if settings.engine_tables == "build-only":
        configure_logging(settings)
        log.info(tablebuild.summary())
        return tablebuild.build_missing(say=lambda text: log.info("endgame tables: %s", text))
    try:
        if not settings.discord_token:
            if commands_to_read():
                chosen = language or os.environ.get("LANG")
                say = lambda text: print(f"dama: {text}", file=sys.stderr)  # noqa: E731, T201 - no logging here
                # piped commands end in seconds, which would only start a build and stop it again
                interactive = sys.stdin.isatty() and settings.engine_tables != "off"
                builder = start_tables(settings, say) if interactive else None
                try:
                    return local.main(
                        settings.database,
                        pictures=settings.local_pictures,
                        language=chosen,
                        web=web_config(settings),
                        echo=not sys.stdin.isatty(),  # piped commands are written after their prompts
                    )
                finally:
                    if builder is not None:
                        builder.stop()
            fail(MISSING_TOKEN)
        connect(settings)
    except DatabaseUnavailable as error:
        fail(database_problem(error))
    except web.WebUnavailable as error:
        fail(str(error), 5)
    return 0


def start_tables(settings: Settings, say: Callable[[str], None]) -> tablebuild.TableBuilder | None:
    """Say which endgame table files the engine uses, and build the missing ones in the background unless
    ENGINE_TABLES=off; the builder to stop at exit, or None."""
    if settings.engine_tables == "off":
        say(f"{tablebuild.summary()}; ENGINE_TABLES=off: no missing one is built")
        return None
    todo = tablebuild.missing()
    if not todo:
        say(tablebuild.summary())
        return None
    say(
        f"{tablebuild.summary()}; building {', '.join(todo)} in the background at the lowest priority "
        "(about a minute each; ENGINE_TABLES=off turns this off)"
    )
    builder = tablebuild.TableBuilder()
    builder.start()
    return builder


def connect(settings: Settings) -> None:
    """The Discord bot, until it is stopped; failures to reach or satisfy Discord end in a sentence."""
    configure_logging(settings)
    soft, hard = raise_file_limit()
    log.info("open files: at most %d (hard limit %d)", soft, hard)
    if settings.discord_api_base and settings.discord_gateway_url:
        point_discord_at(settings.discord_api_base, settings.discord_gateway_url)
        log.info("using Discord at %s", settings.discord_api_base)
    builder = start_tables(settings, log.info)
    try:
        connected(settings)
    finally:
        if builder is not None:
            builder.stop()


def connected(settings: Settings) -> None:
    try:
        asyncio.run(run(settings))
    except discord.LoginFailure:
        fail("Discord refused the token (DISCORD_TOKEN): check it in the developer portal.", 3)
    except (web.WebUnavailable, MetricsUnavailable) as error:
        fail(str(error), 5)
    except discord.PrivilegedIntentsRequired:
        fail("Discord asks for a privileged intent; Dama needs none: check the code for a changed intent.", 3)
    except (OSError, aiohttp.ClientError) as error:
        where = settings.discord_api_base or "discord.com"
        fail(f"could not reach Discord at {where}: {error}", 4)
    except KeyboardInterrupt:
        pass


def bot_options(settings: Settings) -> dict[str, Any]:
    options: dict[str, Any] = {}
    if settings.guild_ready_timeout is not None:
        options["guild_ready_timeout"] = settings.guild_ready_timeout
    if settings.shard_count is not None:  # cluster mode; otherwise discord.py asks Discord how many
        options["shard_count"] = settings.shard_count
        options["shard_ids"] = list(settings.shard_ids or range(settings.shard_count))
    if settings.outbox_max_backoff is not None:
        options["outbox_ceiling"] = settings.outbox_max_backoff
    if settings.outbox_lease is not None:
        options["outbox_lease"] = settings.outbox_lease
    options["shutdown_grace"] = settings.shutdown_grace
    if settings.metrics_port is not None:
        options["metrics_address"] = (settings.metrics_host, settings.metrics_port)
    return options


def web_news(bot: DamaBot) -> Callable[[int], None]:
    """After a player's action on a game's page: its news goes out now, as after the same Discord command
    (the outbox's worker would otherwise wait out the grace it leaves to a command's own reply)."""
    running: set[asyncio.Task[bool]] = set()

    def news(game_id: int) -> None:
        bot.timers.poke()
        if not bot.is_ready():
            return  # the worker posts it once the bot is connected
        work = bot.outbox.deliver_streams([game_stream(game_id)])
        task = asyncio.get_running_loop().create_task(work, context=system_context())
        running.add(task)
        task.add_done_callback(running.discard)

    return news


async def run(settings: Settings) -> None:
    async with await Database.open(settings.database) as db:
        config = ServiceConfig(work_lease=timedelta(seconds=settings.work_lease_seconds))
        service = Service(db, engine=engine.default_engine(), config=config)
        bot = DamaBot(service, dev_guild_id=settings.dev_guild_id, **bot_options(settings))
        loop = asyncio.get_running_loop()
        for signum in (signal.SIGTERM, signal.SIGINT):
            try:
                loop.add_signal_handler(signum, lambda: asyncio.ensure_future(bot.close()))
            except (NotImplementedError, RuntimeError):  # not on this platform / not the main thread
                pass
        pages = web_config(settings)
        if pages is not None:
            pages = dataclasses.replace(pages, news=web_news(bot))
        server: web.WebServer | None = None
        try:
            if pages is not None:
                server = await web.start(service, pages)
                remember_secret(service.web.secret or "")  # the generated one, kept in the database
                log.info("serving the games' pages on %s:%s for %s", pages.host, pages.port, pages.base_url)
            async with bot:
                await bot.start(settings.discord_token.get())
        finally:
            if server is not None:
                await server.stop()
            await asyncio.to_thread(engine.shutdown)
