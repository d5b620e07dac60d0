"""The background task behind deadlines: it asks the service to fire due timers (reminders, losses on time,
expired challenges, vacations ending) and posts what they produced. Timers are rows in the database, so a
restart simply picks them up again; `poke()` wakes the loop early after a move re-arms a game's timers."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from datetime import UTC, datetime
from typing import TYPE_CHECKING

import discord

from bot.exts.tournament.news import post_news
from bot.ui import speech
from bot.ui.boards import board_message, deadline_text
from messages.i18n import Words, words
from service import Notifications, TimerEvent, TimerKind

if TYPE_CHECKING:
    from bot.client import DamaBot

log = logging.getLogger(__name__)
MAX_SLEEP = 60.0  # re-check at least this often (a clock jump, a timer added by another process)


def poll_interval(lease_seconds: float) -> float:
    """Check at least twice per lease, so work a dead process leased is taken over soon after it expires."""
    return min(MAX_SLEEP, max(lease_seconds / 2, 0.5))


class TimerLoop:
    def __init__(self, bot: DamaBot) -> None:
        self.bot = bot
        self.max_sleep = poll_interval(bot.service.ctx.config.work_lease.total_seconds())
        self._wake = asyncio.Event()
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        if self._task is None:
            self._task = asyncio.get_running_loop().create_task(self._run(), name="dama-timers")

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None

    def poke(self) -> None:
        self._wake.set()

    async def _run(self) -> None:
        await self.bot.wait_until_ready()
        await self.tournaments_catch_up()
        while True:
            try:
                await self.tick()
                delay = await self._delay()
            except Exception:
                log.exception("timer dispatch failed; retrying in %.0f s", self.max_sleep)
                delay = self.max_sleep
            self._wake.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._wake.wait(), timeout=delay)

    async def tournaments_catch_up(self) -> None:
        """After a restart: a round whose last game ended while the bot was down is paired now."""
        try:
            for news in await self.bot.service.tournaments.catch_up():
                await post_news(self.bot.announcer, news)
        except Exception:
            log.exception("could not move the tournaments on after the start")

    async def _delay(self) -> float:
        due = await self.bot.service.clock.next_timer_at()
        if due is None:
            return self.max_sleep
        return min(max((due - datetime.now(UTC)).total_seconds(), 0.0), self.max_sleep)

    async def tick(self) -> list[TimerEvent]:
        """Fire what is due and post each event (one failing post does not stop the others); then play the
        bot's replies another process should have played before it died."""
        events = await self.bot.service.clock.run_due_timers()
        for event in events:
            try:
                await self.post(event)
            except Exception:
                log.exception("could not post timer event %s", event.kind)
        for game_id in await self.bot.service.games.overdue_bot_moves():
            try:
                reply = await self.bot.service.games.play_bot(game_id)
                if reply is not None:
                    log.info("game %s: played the bot's overdue reply", game_id)
                    await self.bot.announcer.moved(None, reply)
            except Exception:
                log.exception("could not play the bot's overdue move in game %s", game_id)
        return events

    async def post(self, event: TimerEvent) -> None:
        announcer = self.bot.announcer
        player = event.player_id
        if event.kind is TimerKind.TIMEOUT and event.finished is not None:
            await announcer.finished(None, event.finished)
        elif event.kind is TimerKind.REMINDER and event.game is not None and player is not None:
            game = event.game
            prefs = await self.bot.service.players.preferences(player)
            if prefs.notifications is Notifications.DM:
                w = words(prefs.language)
                board = await board_message(self.bot.service, game, viewer_id=player, w=w)
                await announcer.dm(player, reminder(w, game.id, deadline_text(game, w)), None, board)
            elif prefs.notifications is Notifications.CHANNEL:
                home = await announcer.home(game)
                if home is not None:
                    w = await speech.public(self.bot, game.guild_id)
                    text = f"<@{player}> {reminder(w, game.id, deadline_text(game, w))}"
                    await home.send(text, allowed_mentions=discord.AllowedMentions(users=True))
        elif event.kind is TimerKind.CHALLENGE_EXPIRY and event.challenge is not None:
            challenge = event.challenge
            if challenge.channel_id is None or challenge.message_id is None:
                return
            channel = self.bot.get_partial_messageable(challenge.channel_id)
            w = await speech.public(self.bot, challenge.guild_id)
            expired = w.say(
                "challenge.expired_post", "{player}'s challenge has expired.", player=f"<@{challenge.challenger_id}>"
            )
            try:
                await channel.get_partial_message(challenge.message_id).edit(
                    content=expired,
                    view=None,
                    allowed_mentions=discord.AllowedMentions.none(),
                )
            except discord.HTTPException:
                log.info("challenge %s: its message is gone", challenge.id)
        elif event.kind is TimerKind.VACATION_END and player is not None:
            w = await speech.of_player(self.bot, player)
            text = w.say("vacation.used_up", "Your vacation allowance is used up: your clocks are running again.")
            await announcer.dm(player, text, None, None)


def reminder(w: Words, game: int, deadline: str) -> str:
    return w.say(
        "reminder.your_move",
        "Reminder: game #{game} is waiting for your move. Deadline: {deadline}.",
        game=game,
        deadline=deadline,
    )
