"""The discord.py client: cogs, persistent buttons, the timer loop and the one error handler.

Everything it needs is passed in (the service, the hint analyser); nothing about a game lives here.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import logging
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot import followups, metrics
from bot.announce import Announcer
from bot.exts import FEATURES
from bot.exts.play.controls import GameButton
from bot.health import HealthServer
from bot.intake import INTERACTION_TASKS, Intake
from bot.outbox import BACKOFF_CEILING, LEASE, OutboxWorker
from bot.timers import TimerLoop
from bot.translator import DamaTranslator
from bot.ui import errors, speech
from bot.ui.caller import ask_for
from bot.ui.feature import news_of
from bot.ui.option_types import check_option_types
from bot.ui.prompts import Prompts
from messages.away import stale_question
from messages.i18n import preload
from messages.play import stale_prompt
from service import SYSTEM, Analyser, Service, StudyBook, acting_as, hint_analyser
from service.commands import scope_name

log = logging.getLogger(__name__)
ENTRY_POINT = 4  # PRIMARY_ENTRY_POINT: the Activity's launch command, made and handled by Discord
ENTRY_POINT_FIELDS = frozenset(
    {"id", "type", "name", "name_localizations", "description", "description_localizations", "handler",
     "integration_types", "contexts", "default_member_permissions", "nsfw"}
)

SHUTDOWN_GRACE = 20.0  # seconds a stop waits for interactions in progress (SHUTDOWN_GRACE; a hint takes ~1.5 s)
RELEASE_TIMEOUT = 5.0  # seconds the database gets to take back this process's claims at a stop


def intents() -> discord.Intents:
    """Guilds for channels and threads; no privileged intents (members, presences, message content)."""
    chosen = discord.Intents.none()
    chosen.guilds = True
    chosen.dm_messages = True  # DM channels for notifications
    return chosen


class DamaTree(app_commands.CommandTree["DamaBot"]):
    async def interaction_check(self, interaction: discord.Interaction[DamaBot]) -> bool:
        """Every slash command and autocomplete: tell the service who is asking (which games they may see),
        and refuse option values of the wrong type (Discord checks them; a modified client need not)."""
        ask_for(interaction)
        if interaction.type is discord.InteractionType.application_command:
            data: Any = interaction.data or {}
            check_option_types(data.get("options") or [])
        return True


class DamaBot(commands.AutoShardedBot):
    """Sharded from the start: with no shard_count, Discord's recommended number of shards, all in this
    process; with shard_count and shard_ids (cluster mode), only those shards: each process then receives,
    and answers, the interactions of its shards' servers (direct messages come through shard 0)."""

    def __init__(
        self,
        service: Service,
        *,
        analyser: Analyser | None = None,
        dev_guild_id: int | None = None,
        sync_commands: bool = True,
        run_timers: bool = True,
        outbox_ceiling: float = BACKOFF_CEILING,
        outbox_lease: float = LEASE,
        shutdown_grace: float = SHUTDOWN_GRACE,
        metrics_address: tuple[str, int] | None = None,
        **options: Any,
    ) -> None:
        options.setdefault("intents", intents())
        # No ping unless a message names whom it means (BoardMessage.mentions, a challenge's opponent): names a
        # player wrote (an imported record's "<@id>") must not notify anyone.
        options.setdefault("allowed_mentions", discord.AllowedMentions.none())
        # Every command, unless it says otherwise: installed on a server or on a player's own account, and
        # usable in servers, the bot's DM and private channels (group DMs) (docs/ANYWHERE.md).
        options.setdefault("allowed_installs", app_commands.AppInstallationType(guild=True, user=True))
        options.setdefault(
            "allowed_contexts", app_commands.AppCommandContext(guild=True, dm_channel=True, private_channel=True)
        )
        super().__init__(command_prefix=commands.when_mentioned, help_command=None, tree_cls=DamaTree, **options)
        self.service = service
        self.analyser: Analyser = analyser or hint_analyser
        self.dev_guild_id = dev_guild_id
        self.sync_commands = sync_commands
        self.run_timers = run_timers
        self.tree.error(self.on_app_command_error)
        self.prompts = Prompts()
        self.studies = StudyBook(service.ctx)  # open study boards (bot/exts/study), in memory only
        self.seen_locales: dict[int, str] = {}  # user id -> the last client locale written to the database
        self.announcer = Announcer(self, news_of(FEATURES))
        self.timers = TimerLoop(self)
        self.outbox = OutboxWorker(self, ceiling=outbox_ceiling, lease=outbox_lease)
        self.shutdown_grace = shutdown_grace
        self.intake = Intake(self)
        self.health = HealthServer(self, *metrics_address) if metrics_address else None
        self._stopping: asyncio.Task[None] | None = None

    async def setup_hook(self) -> None:
        followups.install()  # follow-ups are not posted again blindly after a 5xx
        await asyncio.to_thread(preload)  # compiling the catalogues is CPU work: not on the event loop
        await self.tree.set_translator(DamaTranslator())
        self.intake.install()
        metrics.watch(self)
        if self.health is not None:
            await self.health.start()
        for feature in FEATURES:
            await self.add_cog(feature.cog(self))
            self.add_dynamic_items(*feature.dynamic_items)
        if self.sync_commands:
            with acting_as(SYSTEM):
                await self.sync_tree()
        if self.run_timers:  # the background tasks: deadlines, and delivering the outbox
            self.timers.start()
            self.outbox.start()

    async def sync_tree(self) -> list[app_commands.AppCommand] | None:
        """To the dev guild when DEV_GUILD_ID is set (instant), else globally (Discord caches up to an hour).

        Skipped (None) when this scope already has exactly these commands: Discord rate-limits
        registration, and most restarts change no command.
        """
        guild = discord.Object(id=self.dev_guild_id) if self.dev_guild_id else None
        if guild is not None:
            self.tree.copy_global_to(guild=guild)
        scope = scope_name(self.dev_guild_id)
        digest = await self.command_digest(guild)
        if not await self.service.commands.needs_sync(scope, digest):
            log.info("slash commands unchanged since the last sync (%s); not syncing", scope)
            return None
        synced = await self._sync(guild)
        await self.service.commands.synced(scope, digest)
        log.info("synced %d commands (%s)", len(synced), scope)
        return synced

    async def _sync(self, guild: discord.abc.Snowflake | None) -> list[app_commands.AppCommand]:
        """tree.sync, except that globally the Entry Point command Discord makes for an application with
        Activities (docs/ACTIVITY.md), which a bulk overwrite must not drop (Discord refuses: error 50240), is
        sent back as it is with the bot's own commands."""
        if guild is None and self.application_id is not None:
            found = await self.http.get_global_commands(self.application_id)
            entry = [c for c in found if c.get("type") == ENTRY_POINT]
            kept = [{k: v for k, v in c.items() if k in ENTRY_POINT_FIELDS} for c in entry]
            if kept:
                translator = self.tree.translator
                payload: list[Any] = [
                    await command.get_translated_payload(self.tree, translator)
                    if translator is not None
                    else command.to_dict(self.tree)
                    for command in self.tree.get_commands()
                ]
                data = await self.http.bulk_upsert_global_commands(self.application_id, payload=payload + kept)
                return [app_commands.AppCommand(data=d, state=self._connection) for d in data]
        return await self.tree.sync(guild=guild)

    async def command_digest(self, guild: discord.abc.Snowflake | None) -> str:
        """A digest of exactly the payload tree.sync would send for this scope, translations included (a
        corrected translation must reach Discord)."""
        translator = self.tree.translator
        payload = [
            await command.get_translated_payload(self.tree, translator)
            if translator is not None
            else command.to_dict(self.tree)
            for command in self.tree.get_commands(guild=guild)
        ]
        payload.sort(key=lambda item: (item.get("type", 1), item["name"]))
        return hashlib.sha256(json.dumps(payload, sort_keys=True, default=str).encode()).hexdigest()

    async def close(self) -> None:
        """The graceful stop (SIGTERM, SIGINT), once whoever calls: new interactions are answered that the bot is
        restarting; those in progress get up to shutdown_grace seconds, their inline posts included; then what
        this process still holds (outbox rows, timers, bot replies) is handed back for another process to take
        at once, and the gateway closes. The engine pool is closed by bot.app once this returns."""
        if self._stopping is None:
            self._stopping = asyncio.get_running_loop().create_task(self._stop(), name="dama-stop")
        await asyncio.shield(self._stopping)

    async def _stop(self) -> None:
        self.intake.close()
        log.info("stopping: new interactions are told that the bot is restarting")
        metrics.SHUTTING_DOWN.set(1)
        await self.timers.stop()
        await self.finish_interactions(self.shutdown_grace)
        await self.intake.tell_cut_short(timeout=2.0)
        await self.outbox.stop()  # a post cut short stays claimed until release_work hands it back
        await self.release_work()
        await self.intake.wait_replies(timeout=2.0)
        if self.health is not None:
            await self.health.stop()
        # discord.py's pending "ready" task would otherwise fire after the loop is gone when we stop
        # right after connecting (a traceback at shutdown, nothing worse).
        ready = getattr(self._connection, "_ready_task", None)
        if ready is not None and not ready.done():
            ready.cancel()
        await super().close()

    async def release_work(self) -> None:
        if self.service is None:  # tools build a bot without a service (the catalogue's command scan)
            return
        try:
            async with asyncio.timeout(RELEASE_TIMEOUT):
                with acting_as(SYSTEM):
                    released = await self.service.work.release(self.outbox.name)
        except Exception as error:
            log.warning("stopping: could not hand back the work this process held (%s); its leases will run out",
                        type(error).__name__)
            return
        for work, count in (("outbox", released.outbox), ("timers", released.timers), ("leases", released.leases)):
            metrics.LEASES_RELEASED.labels(work).inc(count)
        log.info("stopping: handed back %d outbox row(s), %d timer(s), %d lease(s)",
                 released.outbox, released.timers, released.leases)

    async def finish_interactions(self, grace: float) -> None:
        """Let commands and button clicks already running finish before the HTTP session closes (a stop
        during a hint would otherwise lose the reply and log a traceback); the rest is cancelled."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + grace
        announced = False
        while running := _interaction_tasks():
            if not announced:
                log.info("stopping: waiting up to %.0f s for %d interaction(s) in progress", grace, len(running))
                announced = True
            left = deadline - loop.time()
            if left <= 0:
                for task in running:
                    task.cancel()
                await asyncio.wait(running, timeout=1.0)
                log.warning("stopping: %d interaction(s) did not finish in time and were cancelled", len(running))
                return
            # scan again afterwards: an interaction may have arrived while these ran
            await asyncio.wait(running, timeout=left)

    async def on_app_command_error(
        self, interaction: discord.Interaction[DamaBot], error: app_commands.AppCommandError
    ) -> None:
        await errors.report(interaction, error)

    async def on_app_command_completion(
        self, interaction: discord.Interaction[DamaBot], command: app_commands.Command[Any, ..., Any] | Any
    ) -> None:
        """A user install cannot post into a group DM later: the next command there shows its games' boards."""
        await self.announcer.show_unseen(interaction)

    async def on_interaction(self, interaction: discord.Interaction[DamaBot]) -> None:
        """Answer what nothing in memory will: a picker, move box or question from before a restart (or
        expired) gets a sentence and a fresh Move button instead of "This interaction failed"."""
        self.intake.seen(interaction)
        ask_for(interaction)  # this event's own task: it says who asks too
        await speech.remember_locale(self, interaction, self.seen_locales)
        if interaction.type not in (discord.InteractionType.component, discord.InteractionType.modal_submit):
            return
        data: Any = interaction.data or {}
        custom_id = data.get("custom_id")
        game_id = self.prompts.stale_game(custom_id) if isinstance(custom_id, str) else None
        if game_id is None:
            return
        if game_id == 0:  # a question about no game (/forget-me): ask again
            await errors.send_ephemeral(interaction, stale_question(speech.private(interaction)))
            return
        view = discord.ui.View(timeout=None)
        view.add_item(GameButton("move", game_id, speech.private(interaction)))
        await errors.send_ephemeral(interaction, stale_prompt(speech.private(interaction), game_id), view=view)

    async def on_ready(self) -> None:
        user = self.user
        log.info(
            "connected as %s (%s) to %d servers on shard(s) %s of %s",
            user,
            user.id if user else "?",
            len(self.guilds),
            ",".join(map(str, sorted(self.shards))),
            self.shard_count,
        )


def _interaction_tasks() -> list[asyncio.Task[object]]:
    current = asyncio.current_task()
    return [
        task
        for task in asyncio.all_tasks()
        if task is not current and not task.done() and task.get_name().startswith(INTERACTION_TASKS)
    ]
