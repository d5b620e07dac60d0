"""Where interactions enter the bot: measured from arrival to the end of their handling, and turned away with
a sentence once a graceful stop has begun.

discord.py turns each INTERACTION_CREATE into a task (the command tree's, a view's, a persistent button's);
nothing in its public API says when that task ends, nor lets a bot refuse new interactions while the old ones
finish. So the gateway's parser for that event is wrapped: the tasks it starts are timed to their end, with
the outcome the one error handler recorded (bot/ui/errors.py), and while closed the event never reaches the
command tree: it is answered "restarting" at once. The tasks are recognised by the names discord.py gives
them, among those a task factory saw start during the parser's call (cheaper than scanning every task).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import aiohttp
import discord

from bot import metrics
from bot.logs import log_context
from bot.ui import speech
from messages.lifecycle import cut_short, restarting

if TYPE_CHECKING:
    from bot.client import DamaBot

log = logging.getLogger(__name__)

# discord.py's names for the tasks running slash commands, autocomplete, buttons, selects and modals
INTERACTION_TASKS = (
    "CommandTree-invoker",
    "discord-ui-view-dispatch-",
    "discord-ui-dynamic-item-",
    "discord-ui-modal-dispatch-",
)


class Intake:
    def __init__(self, bot: DamaBot) -> None:
        self.bot = bot
        self.open = True
        self._replies: set[asyncio.Task[None]] = set()
        self._started: list[asyncio.Future[Any]] | None = None  # tasks started while an interaction is dispatched
        # interactions being handled, by id: discord.py's own object once on_interaction has seen it (it knows
        # whether the interaction was answered), for those a stop cuts short
        self._in_flight: dict[int, discord.Interaction[Any] | None] = {}
        self._cut_short: list[discord.Interaction[Any]] = []

    def install(self) -> None:
        """Wrap the gateway's INTERACTION_CREATE parser (before connecting: each shard reads this dict)."""
        parsers: dict[str, Callable[[Any], None]] = self.bot._connection.parsers
        original = parsers["INTERACTION_CREATE"]

        def parse(data: Any) -> None:
            if self.open:
                self._measured(original, data)
            else:
                self._turn_away(data)

        parsers["INTERACTION_CREATE"] = parse
        self.watch_tasks()

    def watch_tasks(self) -> None:
        """Note the tasks started while an interaction is dispatched (a task factory: no scan of every task)."""
        loop = asyncio.get_running_loop()
        previous = loop.get_task_factory()

        def factory(loop: asyncio.AbstractEventLoop, coro: Any, **options: Any) -> Any:
            task = previous(loop, coro, **options) if previous else asyncio.Task(coro, loop=loop, **options)
            if self._started is not None:
                self._started.append(task)
            return task

        loop.set_task_factory(factory)

    def close(self) -> None:
        """From now on, every interaction is answered "restarting" and nothing else happens."""
        self.open = False

    async def wait_replies(self, timeout: float) -> None:
        if self._replies:
            await asyncio.wait(self._replies, timeout=timeout)

    def _measured(self, original: Callable[[Any], None], data: Any) -> None:
        started = asyncio.get_running_loop().time()
        self._started = []
        try:
            with log_context(**self._about(data)):  # the handler tasks start with (a copy of) this context
                original(data)
        finally:
            tasks, self._started = self._started, None
        for task in tasks:
            if isinstance(task, asyncio.Task) and task.get_name().startswith(INTERACTION_TASKS):
                self._in_flight.setdefault(int(data.get("id", 0)), None)
                task.add_done_callback(lambda done: self._finished(data, started, done))

    def seen(self, interaction: discord.Interaction[Any]) -> None:
        """discord.py's object for an interaction being handled (DamaBot.on_interaction hands each one in)."""
        if interaction.id in self._in_flight:
            self._in_flight[interaction.id] = interaction

    def _about(self, data: Any) -> dict[str, int | None]:
        """Shard, server and game of an interaction, for its log lines."""
        guild = data.get("guild_id")
        server = int(guild) if str(guild or "").isdigit() else None
        count = self.bot.shard_count or 1
        inner: Any = data.get("data") or {}
        game = metrics.game_in(inner)
        return {"server": server, "shard": 0 if server is None else (server >> 22) % count, "game": game}

    def _finished(self, data: Any, started: float, task: asyncio.Future[Any]) -> None:
        interaction_id = int(data.get("id", 0))
        outcome = metrics.verdict(interaction_id)
        interaction = self._in_flight.pop(interaction_id, None)
        if task.cancelled() and not self.open:  # the stop's grace ran out: the player hears why
            self._cut_short.append(interaction or discord.Interaction(data=data, state=self.bot._connection))
        if task.cancelled() or task.exception() is not None:
            outcome = "error"
        kind = metrics.INTERACTION_KINDS.get(int(data.get("type", 0)), "other")
        inner: Any = data.get("data") or {}
        name = self._command(inner) if kind in ("slash", "autocomplete") else metrics.component_name(inner)
        metrics.interaction_done(kind, name, outcome, asyncio.get_running_loop().time() - started)

    def _command(self, data: Any) -> str:
        """The name of the tree's command this interaction names ("unknown" if the tree has none such)."""
        command: Any = self.bot.tree.get_command(str(data.get("name", "")))
        options = data.get("options") or []
        while isinstance(command, discord.app_commands.Group):
            sub = next((o for o in options if o.get("type") in (1, 2)), None)
            if sub is None:
                return "unknown"
            command, options = command.get_command(str(sub.get("name", ""))), sub.get("options") or []
        return "unknown" if command is None else str(command.qualified_name)

    async def tell_cut_short(self, timeout: float) -> None:
        """Tell the players whose interactions the stop cancelled that the bot restarted before finishing."""
        told, self._cut_short = self._cut_short, []
        if not told:
            return
        tasks = [asyncio.ensure_future(self._tell(interaction)) for interaction in told]
        _, late = await asyncio.wait(tasks, timeout=timeout)
        for task in late:  # Discord is slow: the stop goes on
            task.cancel()
        await asyncio.gather(*late, return_exceptions=True)

    async def _tell(self, interaction: discord.Interaction[Any]) -> None:
        text = cut_short(speech.private(interaction))
        try:
            if interaction.response.is_done():  # after a defer, the first follow-up replaces "thinking"
                await interaction.followup.send(text, ephemeral=True)
            elif interaction.type is not discord.InteractionType.autocomplete:
                await interaction.response.send_message(text, ephemeral=True)
        except (discord.HTTPException, aiohttp.ClientError, OSError) as error:
            log.info("stopping: could not tell a player that their action was cut short (%s)", type(error).__name__)

    def _turn_away(self, data: Any) -> None:
        interaction = discord.Interaction(data=data, state=self.bot._connection)
        metrics.TURNED_AWAY.inc()
        task = asyncio.get_running_loop().create_task(self._answer(interaction), name="dama-turn-away")
        self._replies.add(task)
        task.add_done_callback(self._replies.discard)

    async def _answer(self, interaction: discord.Interaction[Any]) -> None:
        try:
            if interaction.type is discord.InteractionType.autocomplete:
                await interaction.response.autocomplete([])
            elif interaction.type is not discord.InteractionType.ping:
                await interaction.response.send_message(restarting(speech.private(interaction)), ephemeral=True)
        except discord.HTTPException:
            log.info("stopping: could not tell a player that the bot is restarting")
