"""The daily digest: one DM a day, at the hour a player chose (in their time zone, UTC unless set), listing the
games waiting for their move with their deadlines, instead of a DM per move (reminders before a loss on time
still come).

Once a day, whatever the restarts or processes: a player's digest for a day is claimed (players.last_digest_day)
in the same transaction that queues its DM in the outbox, and the outbox delivers each row once.
"""

from __future__ import annotations

from datetime import datetime

from data.timeutil import local_time
from service.announcements import Announcement, AnnouncementKind, announce
from service.context import Context
from service.results import GameView


async def queue_due_digests(ctx: Context, now: datetime) -> list[int]:
    """Queue today's digest of every player whose hour has come; returns who got one (nobody waiting on them:
    the day is claimed, and nothing is sent)."""
    queued: list[int] = []
    async with ctx.db.read() as repos:
        players = await repos.players.with_digest()
    for player in players:
        local = local_time(now, player.time_zone)
        day = local.date().isoformat()
        hour = player.digest_hour
        if hour is None or local.hour < hour or (player.last_digest_day is not None and player.last_digest_day >= day):
            continue
        player_id = player.id
        async with ctx.db.write() as repos:
            if not await repos.players.claim_digest(player_id, day):
                continue  # another process, or this one before a restart, queued it
            waiting = [GameView.from_row(row) for row in await repos.games.active_waiting_for(player_id)]
            if not waiting:
                continue
            waiting.sort(key=lambda game: (game.move_deadline is None, game.move_deadline or now, game.id))
            news = Announcement(AnnouncementKind.DIGEST, player_id=player_id, games=tuple(waiting))
            await announce(repos, news, now)
            queued.append(player_id)
    return queued
