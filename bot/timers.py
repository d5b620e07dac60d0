"""The background task behind deadlines: it asks the service to fire due timers (reminders, losses on time,
expired challenges, vacations ending); the news they produce goes through the outbox. Timers are rows in the
database, so a restart simply picks them up again; `poke()` wakes the loop early after a move re-arms a
game's timers."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from datetime import UTC, datetime
from typing import TYPE_CHECKING

from bot import metrics
from bot.background import BackgroundLoop
from data.db import StorageFault
from service import TimerEvent

if TYPE_CHECKING:
    from bot.client import DamaBot

log = logging.getLogger(__name__)
MAX_SLEEP = 60.0  # re-check at least this often (a clock jump, a timer added by another process)


def poll_interval(lease_seconds: float) -> float:
    """Check at least twice per lease, so work a dead process leased is taken over soon after it expires."""
    return min(MAX_SLEEP, max(lease_seconds / 2, 0.5))


class TimerLoop(BackgroundLoop):
    task_name = "dama-timers"

    def __init__(self, bot: DamaBot) -> None:
        self.bot = bot
        self._collecting: asyncio.Task[int] | None = None
        super().__init__()

    def _collect_puzzles(self) -> None:
        """Search finished games for puzzles beside the timers (worker processes; a lease keeps it to one
        process and one batch per half hour)."""
        if self._collecting is None or self._collecting.done():
            self._collecting = asyncio.get_running_loop().create_task(self._collect(), name="dama-puzzles")

    async def _collect(self) -> int:
        try:
            return await self.bot.service.puzzles.collect_due()
        except Exception:
            log.exception("could not search finished games for puzzles")
            return 0

    async def stop(self) -> None:
        if self._collecting is not None:
            self._collecting.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._collecting
        await super().stop()

    @property
    def max_sleep(self) -> float:
        """Read when the loop runs: tools build a bot without a service (the catalogue's command scan)."""
        return poll_interval(self.bot.service.ctx.config.work_lease.total_seconds())

    async def _run(self) -> None:
        await self.bot.wait_until_ready()
        await self.tournaments_catch_up()
        while True:
            try:
                await self.tick()
                delay = await self._delay()
            except StorageFault as fault:  # the database's fault, told in one line: no traceback
                log.warning("timers: the database refused (%s); retrying in %.0f s", fault, self.max_sleep)
                delay = self.max_sleep
            except Exception:
                log.exception("timer dispatch failed; retrying in %.0f s", self.max_sleep)
                delay = self.max_sleep
            await self.nap(delay)

    async def tournaments_catch_up(self) -> None:
        """After a restart: a round whose last game ended while the bot was down is paired now (its news
        is in the outbox, written with it)."""
        try:
            if await self.bot.service.tournaments.catch_up():
                self.bot.outbox.poke()
        except Exception:
            log.exception("could not move the tournaments on after the start")

    async def _delay(self) -> float:
        due = await self.bot.service.clock.next_timer_at()
        if due is None:
            return self.max_sleep
        return min(max((due - datetime.now(UTC)).total_seconds(), 0.0), self.max_sleep)

    async def tick(self) -> list[TimerEvent]:
        """Fire what is due. Their news (reminders, losses on time, expired challenges, vacations ending)
        is in the outbox now, written with each timer's effect: wake its worker. Then play the bot's
        replies another process should have played before it died."""
        events = await self.bot.service.clock.run_due_timers()
        metrics.timers_fired(events)
        for game_id in await self.bot.service.games.overdue_bot_moves():
            try:
                if await self.bot.service.games.play_bot(game_id) is not None:
                    log.info("game %s: played the bot's overdue reply", game_id)
            except Exception:
                log.exception("could not play the bot's overdue move in game %s", game_id)
        try:
            await self.bot.service.daily_puzzles.post_due()  # its news is in the outbox, poked below
        except Exception:
            log.exception("could not post the daily puzzles")
        self._collect_puzzles()
        self.bot.outbox.poke()
        return events
