"""The correspondence clock: durable timers fired exactly once, and vacations that pause clocks.

Timers are rows (RoboDanny's reminder pattern): a restart reloads them. `run_due_timers(now)` leases a
batch of due timers to this process (several processes may share the database), then fires each one:
marks it fired and applies its effect in one transaction, so a timer fires once even if several
dispatchers run or a process dies halfway (its leased timers go to another process when the lease runs
out); it returns the events for the bot to post.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from data.models import TimerRow
from data.repositories import Repositories
from data.timeutil import from_db, opt_from_db, to_db
from service.access import ScopedPart
from service.announcements import Announcement, AnnouncementKind, announce
from service.challenges import ChallengeService
from service.context import Context
from service.digest import queue_due_digests
from service.errors import AlreadyOnVacation, NotOnVacation, NoVacationLeft
from service.follows import queue_follow_news
from service.lifecycle import arm_timers, finish, load_row, to_move_id
from service.results import (
    EndReason,
    GameStatus,
    GameView,
    Notifications,
    TimerEvent,
    TimerKind,
    Vacation,
)
from service.votes import VoteService, on_deadline

DAY = 86_400.0


class ClockService(ScopedPart):
    def __init__(self, ctx: Context, challenges: ChallengeService, votes: VoteService | None = None) -> None:
        self._ctx = ctx
        self._challenges = challenges
        self._votes = votes

    async def next_timer_at(self) -> datetime | None:
        """When the dispatcher should wake next (None: no timer pending)."""
        async with self._ctx.db.read() as repos:
            return opt_from_db(await repos.timers.next_due())

    async def run_due_timers(self, now: datetime | None = None) -> list[TimerEvent]:
        """Fire every timer due at `now` (default: the service clock) and return what to post."""
        now = now or self._ctx.now()
        events: list[TimerEvent] = []
        await queue_due_digests(self._ctx, now)  # the loop wakes at least every minute: a digest is on time
        await queue_follow_news(self._ctx, now)
        while True:
            lease_until = to_db(now + self._ctx.config.work_lease)
            async with self._ctx.db.write() as repos:
                due = await repos.timers.claim_due(to_db(now), self._ctx.worker, lease_until)
            if not due:
                return events
            for timer in due:
                event = await self._fire(timer, now)
                if event is not None:
                    events.append(event)

    async def _fire(self, timer: TimerRow, now: datetime) -> TimerEvent | None:
        kind = TimerKind(timer.event)
        due_at = from_db(timer.due_at)
        if kind is TimerKind.CHALLENGE_EXPIRY:
            async with self._ctx.db.write() as repos:
                if not await repos.timers.claim(timer.id, to_db(now), self._ctx.worker):
                    return None
            assert timer.challenge_id is not None
            # The claim is already committed; expiring is idempotent (only open challenges expire).
            challenge = await self._challenges.expire(timer.challenge_id, now)
            return None if challenge is None else TimerEvent(kind, due_at, challenge.challenger_id, challenge=challenge)
        async with self._ctx.db.write() as repos:
            if not await repos.timers.claim(timer.id, to_db(now), self._ctx.worker):
                return None
            if kind is TimerKind.VACATION_END:
                return await self._vacation_over(repos, timer, due_at, now)
            assert timer.game_id is not None
            row = await load_row(repos, timer.game_id)
            if row.status != GameStatus.ACTIVE or row.move_deadline is None:
                return None
            player_id = to_move_id(row)
            if kind is TimerKind.REMINDER:
                game = GameView.from_row(row)
                await _remind(repos, game, player_id, now)
                return TimerEvent(kind, due_at, player_id, game=game)
            if from_db(row.move_deadline) > now:  # a stale timer for an older deadline
                return None
            decided = await on_deadline(self._ctx, repos, row, now)  # a vote team's window closes with its votes
            if not decided:
                result = "0-1" if player_id == row.white_id else "1-0"
                finished = await finish(repos, row, row.version, result, EndReason.TIMEOUT, now)
                return TimerEvent(kind, due_at, player_id, game=finished.game, finished=finished)
        if self._votes is not None:
            await self._votes.close_window(row.id)  # its board is in the outbox, written with the move
        return None

    async def _vacation_over(
        self, repos: Repositories, timer: TimerRow, due_at: datetime, now: datetime
    ) -> TimerEvent | None:
        assert timer.player_id is not None
        if not await self._end_vacation(repos, timer.player_id, now):
            return None
        news = Announcement(AnnouncementKind.VACATION_ENDED, player_id=timer.player_id)
        await announce(repos, news, now)
        return TimerEvent(TimerKind.VACATION_END, due_at, timer.player_id)

    # ---- vacation ----------------------------------------------------------------------------

    def _allowance(self) -> float:
        return self._ctx.config.vacation_days_per_year * DAY

    async def vacation(self, player_id: int) -> Vacation:
        now = self._ctx.now()
        async with self._ctx.db.read() as repos:
            player = await repos.players.get(player_id)
            used = await repos.players.vacation_used(player_id, now.year)
        left = max(self._allowance() - used, 0.0)
        started = opt_from_db(player.vacation_started_at) if player else None
        ends = started + timedelta(seconds=left) if started else None
        return Vacation(player_id, started is not None, started, ends, left)

    async def start_vacation(self, player_id: int) -> Vacation:
        """Pause the player's clocks (in games where they are to move, and any that become so)."""
        now = self._ctx.now()
        now_text = to_db(now)
        async with self._ctx.db.write() as repos:
            await repos.players.ensure(player_id, None, now_text)
            player = await repos.players.get(player_id)
            assert player is not None
            if player.vacation_started_at is not None:
                raise AlreadyOnVacation()
            left = self._allowance() - await repos.players.vacation_used(player_id, now.year)
            if left <= 0:
                raise NoVacationLeft()
            await repos.players.set_vacation_started(player_id, now_text)
            for row in await repos.games.active_waiting_for(player_id):
                if row.move_deadline is None:
                    continue
                remaining = (from_db(row.move_deadline) - now).total_seconds()
                if remaining <= 0:
                    continue  # already lost on time; the timeout timer will say so
                await repos.games.set_clock(row.id, None, remaining)
                await repos.timers.cancel_for_game(row.id)
            ends = now + timedelta(seconds=left)
            await repos.timers.add("vacation_end", to_db(ends), now_text, player_id=player_id)
        return Vacation(player_id, True, now, ends, left)

    async def end_vacation(self, player_id: int) -> Vacation:
        now = self._ctx.now()
        async with self._ctx.db.write() as repos:
            if not await self._end_vacation(repos, player_id, now):
                raise NotOnVacation()
            await repos.timers.cancel_for_player(player_id, "vacation_end")
        return await self.vacation(player_id)

    async def _end_vacation(self, repos: Repositories, player_id: int, now: datetime) -> bool:
        player = await repos.players.get(player_id)
        if player is None or player.vacation_started_at is None:
            return False
        started = from_db(player.vacation_started_at)
        left = self._allowance() - await repos.players.vacation_used(player_id, started.year)
        used = min(max((now - started).total_seconds(), 0.0), max(left, 0.0))
        await repos.players.add_vacation_used(player_id, started.year, used)
        await repos.players.set_vacation_started(player_id, None)
        for row in await repos.games.active_waiting_for(player_id):
            if row.paused_seconds is None:
                continue
            deadline = to_db(now + timedelta(seconds=row.paused_seconds))
            await repos.games.set_clock(row.id, deadline, None)
            await arm_timers(repos, row.id, deadline, row.days_per_move, now)
        return True


async def _remind(repos: Repositories, game: GameView, player_id: int, now: datetime) -> None:
    """Queue the reminder as the player chose to hear; a reply-only conversation hears nothing later: a DM."""
    player = await repos.players.get(player_id)
    via = Notifications(player.notifications if player is not None else "dm")
    if via is Notifications.CHANNEL and game.reply_only:
        via = Notifications.DM
    if via is not Notifications.OFF:
        await announce(repos, Announcement(AnnouncementKind.REMINDER, game=game, player_id=player_id, via=via), now)
