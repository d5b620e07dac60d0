"""Delivering the outbox: every announcement the service queued is posted until Discord takes it.

Two paths share the same claims (service/outbox.py):
- inline: right after a player's action, the handler delivers its game's news itself, so the board is the
  reply to the player's command. When Discord fails, the player is told the change is stored and the news
  follows; the row goes back to the queue with a backoff.
- the worker (a background task): claims the oldest waiting row of each stream, posts them side by side
  (one stream's rows strictly in order) and retries failures with exponential backoff, without end, so an
  outage of hours only delays the news. A claim is a lease: if this process dies mid-post, the row is
  claimed again once the lease runs out, by this process after a restart or by another one.

Once from the players' view: the row records Discord's message id when the post succeeds. A post whose
answer was lost (a timeout, a 5xx after Discord had stored it, a crash before the row was marked) is
retried with the same nonce (`dama-<row id>`, sent with enforce_nonce), and Discord answers a repeated
nonce from the same author with the message it already has instead of a second one. Discord keeps nonces
for a few minutes, so a row found in flight after a restart is tried again as soon as its lease ends.
A retried row is first looked for among the bot's messages since the row was written (same words, same
picture): that covers interaction follow-ups, which carry no nonce, a try cut short after a few seconds
so the player hears back, and a restart after Discord forgot the nonce. Only a channel whose history the
bot may not read (no Read Message History) can then show a board twice.
"""

from __future__ import annotations

import asyncio
import logging
import os
import secrets
import socket
from collections.abc import Awaitable, Callable, Sequence
from datetime import UTC, datetime
from typing import TYPE_CHECKING

import aiohttp
import discord

from bot.announce import Undeliverable
from bot.background import BackgroundLoop
from bot.ui import speech
from bot.ui.errors import MissingPermissions
from data.db import StorageFault
from messages.i18n import ENGLISH
from messages.news import board_elsewhere, stored_but_storage_busy, stored_but_waiting
from service import Pending, backoff, game_stream

if TYPE_CHECKING:
    from bot.client import DamaBot

    Interaction = discord.Interaction[DamaBot]

log = logging.getLogger(__name__)

BACKOFF_BASE = 2.0  # seconds before the first retry; doubled each time
BACKOFF_CEILING = 300.0  # at most five minutes between tries (OUTBOX_MAX_BACKOFF)
LEASE = 120.0  # a claim lasts this long: longer than discord.py's own retries of a 5xx (about 25 s)
MAX_SLEEP = 30.0  # look at the table at least this often (rows written by another process)
BATCH = 20  # streams delivered side by side
INLINE_PATIENCE = 8.0  # seconds a player's reply waits for Discord (discord.py retries a 5xx for ~25 s)
REPLIED = "dama_replied"  # interaction.extras key set by the announcer
GIVE_UP_AFTER = 8  # attempts that failed with an error of ours (a bug), not of Discord's
SETTLE_FIRST_WAIT = 1.0  # seconds before an outcome the database refused is recorded again (then doubled)


def replied(interaction: Interaction) -> bool:
    """Whether a board already went out as this interaction's reply (then its original is that board)."""
    return bool(interaction.extras.get(REPLIED))


def worker_name() -> str:
    return f"{socket.gethostname()}:{os.getpid()}:{secrets.token_hex(3)}"


class OutboxWorker(BackgroundLoop):
    task_name = "dama-outbox"

    def __init__(self, bot: DamaBot, *, ceiling: float = BACKOFF_CEILING, lease: float = LEASE) -> None:
        self.bot = bot
        self.name = worker_name()
        self.ceiling = ceiling
        self.lease = lease
        super().__init__()
        self._settling: set[asyncio.Task[None]] = set()  # outcomes waiting for the database to take them
        self._inline: dict[str, asyncio.Lock] = {}  # one action's news of a game at a time, in order (a few
        # bytes per game played since the start; kept, as dropping one while a task waits on it would let
        # the next action run beside that task)

    async def _run(self) -> None:
        await self.bot.wait_until_ready()
        log.info("outbox worker %s started", self.name)
        while True:
            try:
                delay = 0.0 if await self.deliver_due() else await self._delay()
            except StorageFault as fault:  # the database's fault, told in one line: no traceback
                log.warning("outbox: the database refused (%s); looking again in %.0f s", fault, MAX_SLEEP / 10)
                delay = MAX_SLEEP / 10
            except Exception:
                log.exception("outbox delivery failed; looking again in %.0f s", MAX_SLEEP)
                delay = MAX_SLEEP
            if delay > 0:
                await self.nap(delay)

    async def _delay(self) -> float:
        # as often as the timers: rows another process handed back at its stop are taken soon after
        longest = min(MAX_SLEEP, self.bot.timers.max_sleep)
        due = await self.bot.service.outbox.next_due()
        if due is None:
            return longest
        return min(max((due - datetime.now(UTC)).total_seconds(), 0.05), longest)

    async def deliver_due(self) -> int:
        """Claim the next row of every stream that has one due and post them side by side; returns how
        many were claimed (0: nothing is due)."""
        claimed = await self.bot.service.outbox.claim_due(self.name, lease=self.lease, limit=BATCH)
        if claimed:
            await asyncio.gather(*(self.attempt(pending) for pending in claimed))
        return len(claimed)

    async def drain(self) -> None:
        """Deliver everything that is due now (tests, and the timer loop after firing timers)."""
        while await self.deliver_due():
            pass

    async def attempt(self, pending: Pending, via: Interaction | None = None) -> Exception | None:
        """Post one claimed row and record the outcome; None when Discord took it, else what went wrong."""
        outbox = self.bot.service.outbox
        news = pending.announcement
        try:  # a player waits for the inline path: after a few seconds the worker takes over
            async with asyncio.timeout(INLINE_PATIENCE if via is not None else self.lease / 2):
                sent = await self.bot.announcer.deliver(pending, via)
        except Undeliverable as error:
            log.warning("outbox %s (%s): given up: %s", pending.id, news.kind, error)
            await self._give_up(pending, str(error))
            return error
        except MissingPermissions as error:
            reason = error.words(ENGLISH)
            log.warning("outbox %s (%s): %s", pending.id, news.kind, reason)
            await self._later(pending, reason)
            return error
        except discord.HTTPException as error:
            if error.status < 500 and error.status != 429 and via is None:
                log.warning("outbox %s (%s): Discord refuses it (%s); given up", pending.id, news.kind, error)
                await self._give_up(pending, f"{error.status} {error.text}")
                return error
            await self._later(pending, f"{error.status} {error.text}")
            return error
        except (TimeoutError, OSError, aiohttp.ClientError, StorageFault) as error:  # StorageFault: the announcer's
            await self._later(pending, repr(error))  # own writes (where it posted) met a busy or full database
            return error
        except Exception as error:
            log.exception("outbox %s (%s): delivery raised", pending.id, news.kind)
            if pending.attempts >= GIVE_UP_AFTER:
                await self._give_up(pending, repr(error))
            else:
                await self._later(pending, repr(error))
            return error
        async def delivered() -> None:
            if not await outbox.delivered(pending, self.name, channel_id=sent.channel_id, message_id=sent.message_id):
                log.warning("outbox %s: delivered after this worker's lease ran out", pending.id)

        await self._settle(pending, delivered)
        return None

    async def _later(self, pending: Pending, error: str) -> None:
        delay = backoff(pending.attempts, base=BACKOFF_BASE, ceiling=self.ceiling)
        log.info("outbox %s (%s): Discord did not take it (%s); again in %.0f s",
                 pending.id, pending.announcement.kind, error, delay)
        await self._settle(pending, lambda: self.bot.service.outbox.retry_later(pending, self.name, error, delay=delay))
        self.poke()

    async def _give_up(self, pending: Pending, reason: str) -> None:
        await self._settle(pending, lambda: self.bot.service.outbox.failed(pending, self.name, reason))

    async def _settle(self, pending: Pending, record: Callable[[], Awaitable[object]]) -> None:
        """Record a delivery's outcome. When the database refuses it (busy, full, read-only: review row 6), the
        row stays claimed: it is recorded again in the background as soon as the database takes it, so the
        news moves on then, not when the claim's lease runs out (120 s)."""
        try:
            await record()
        except StorageFault as fault:
            log.warning("outbox %s: the database did not take the delivery's outcome (%s); trying again",
                        pending.id, fault.kind)
            task = asyncio.create_task(self._settle_later(pending, record), name=f"dama-outbox-settle-{pending.id}")
            self._settling.add(task)
            task.add_done_callback(self._settling.discard)

    async def _settle_later(self, pending: Pending, record: Callable[[], Awaitable[object]]) -> None:
        loop = asyncio.get_running_loop()
        deadline = loop.time() + self.lease
        wait = SETTLE_FIRST_WAIT
        while loop.time() < deadline:
            await asyncio.sleep(wait)
            try:
                await record()
            except StorageFault:
                wait = min(wait * 2, 10.0)
                continue
            log.info("outbox %s: the delivery's outcome is recorded", pending.id)
            self.poke()
            return

    # ---- inline ----------------------------------------------------------------------------------

    async def deliver_streams(self, streams: Sequence[str]) -> bool:
        """Post what waits in these streams now, in this order (a tournament round: its pairings, then
        each game's first board), without waiting out the grace the worker leaves to the command that
        queued it. At the first thing Discord does not take, the rest is left to the worker's retries;
        returns whether everything went out."""
        outbox = self.bot.service.outbox
        try:
            for stream in streams:
                upto = await outbox.last_id(stream)
                async with self._inline.setdefault(stream, asyncio.Lock()):
                    while (pending := await outbox.claim_stream(stream, upto, self.name, lease=self.lease)) is not None:
                        if await self.attempt(pending) is not None:
                            return False
            return True
        finally:
            self.poke()

    async def deliver_inline(self, interaction: Interaction, game_id: int) -> bool:
        """Post what the player's action queued for this game, as the reply to it. When some of it must
        wait (Discord failed, or earlier news of the game still waits), the player is told that the change
        is stored and the rest follows; returns whether everything went out."""
        stream = game_stream(game_id)
        upto = await self.bot.service.outbox.last_id(stream)  # this action's news, not a later one's
        lock = self._inline.setdefault(stream, asyncio.Lock())
        if lock.locked() and not interaction.response.is_done():
            await interaction.response.defer()  # the earlier action's news goes first; answer in time
        async with lock:
            return await self._deliver_inline(interaction, game_id, stream, upto)

    async def _deliver_inline(self, interaction: Interaction, game_id: int, stream: str, upto: int) -> bool:
        outbox = self.bot.service.outbox
        problem: Exception | None = None
        posted = 0
        while (pending := await outbox.claim_stream(stream, upto, self.name, lease=self.lease)) is not None:
            problem = await self.attempt(pending, interaction)
            if problem is not None:
                break
            posted += 1
        done = problem is None and await outbox.stream_pending(stream, upto) == 0
        log.debug("inline delivery for game %s: %d posted, problem %r, done %s", game_id, posted, problem, done)
        if problem is not None or not done:
            w = speech.private(interaction)
            why = problem.words(w) + " " if isinstance(problem, MissingPermissions) else ""
            waiting = stored_but_storage_busy if isinstance(problem, StorageFault) else stored_but_waiting
            await self.tell_stored(interaction, why + waiting(w, game_id), game_id)
        elif not posted:  # another worker was quicker: the news is out
            await self.tell_stored(interaction, board_elsewhere(speech.private(interaction), None), game_id)
        self.poke()
        return done

    async def tell_stored(self, interaction: Interaction, text: str, game_id: int) -> None:
        try:
            if not interaction.response.is_done():
                await interaction.response.send_message(text, ephemeral=True)
            elif interaction.type is discord.InteractionType.application_command and not replied(interaction):
                await interaction.edit_original_response(content=text)  # the "thinking" reply: an edit
            else:
                await interaction.followup.send(text, ephemeral=True)
        except discord.HTTPException:
            log.info("could not tell the player that game %s's news waits for Discord", game_id)
