"""Following games and players: /follow, /unfollow and the Follow button (docs/ANYWHERE.md).

A follower gets a followed game's moves and result, and the start of a followed player's games, by DM, at most
one message an hour, batching what happened meanwhile. News is queued in the transaction that causes it
(service/follow_news.py), only for followers who may see that game under the privacy rule. Each hour a
follower's news is taken and queued in the outbox in one transaction, so it goes out once across restarts and
processes. A follower whose DMs are closed is dropped.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from data.repositories import Repositories
from data.repositories.follows import FollowNewsRow
from data.timeutil import to_db
from service.access import ScopedPart
from service.announcements import Announcement, AnnouncementKind, announce
from service.context import Context
from service.lifecycle import load_row
from service.results import FollowNews

HOUR = timedelta(hours=1)


@dataclass(frozen=True, slots=True)
class Following:
    games: tuple[int, ...]
    players: tuple[int, ...]


async def queue_follow_news(ctx: Context, now: datetime) -> list[int]:
    """Each follower with news who had none in the last hour: one DM's worth, queued once. Returns who."""
    sent_before = to_db(now - HOUR)
    async with ctx.db.read() as repos:
        due = await repos.follows.followers_due(sent_before)
    queued: list[int] = []
    for follower in due:
        async with ctx.db.write() as repos:
            if not await repos.follows.claim_sending(follower, sent_before, to_db(now)):
                continue
            news = await _batch(repos, await repos.follows.take_news(follower))
            if news:
                await announce(repos, Announcement(AnnouncementKind.FOLLOW, player_id=follower, follows=news), now)
                queued.append(follower)
    return queued


async def _batch(repos: Repositories, rows: list[FollowNewsRow]) -> tuple[FollowNews, ...]:
    started: set[int] = set()
    moves: dict[int, list[str]] = {}
    results: dict[int, str] = {}
    for row in rows:
        moves.setdefault(row.game_id, [])
        if row.kind == "start":
            started.add(row.game_id)
        elif row.kind == "end" and row.notation is not None:
            results[row.game_id] = row.notation
        elif row.notation is not None:
            moves[row.game_id].append(row.notation)
    found = []
    for game_id, played in moves.items():
        game = await repos.games.get(game_id)
        if game is not None:
            ended = results.get(game_id)
            found.append(FollowNews(game_id, game.white_id, game.black_id, game_id in started, tuple(played), ended))
    return tuple(found)


class FollowService(ScopedPart):
    def __init__(self, ctx: Context) -> None:
        self._ctx = ctx

    async def follow_game(self, follower_id: int, game_id: int, guild_id: int | None, channel_id: int | None) -> bool:
        """Follow a game the follower may see (GameNotFound otherwise); False if already followed."""
        now = to_db(self._ctx.now())
        async with self._ctx.db.write() as repos:
            await load_row(repos, game_id)
            await repos.players.ensure(follower_id, None, now)
            return await repos.follows.add(
                follower_id, game_id=game_id, player_id=None, guild_id=guild_id, channel_id=channel_id, now=now
            )

    async def follow_player(
        self, follower_id: int, player_id: int, guild_id: int | None, channel_id: int | None
    ) -> bool:
        now = to_db(self._ctx.now())
        async with self._ctx.db.write() as repos:
            await repos.players.ensure(follower_id, None, now)
            await repos.players.ensure(player_id, None, now)
            return await repos.follows.add(
                follower_id, game_id=None, player_id=player_id, guild_id=guild_id, channel_id=channel_id, now=now
            )

    async def unfollow(self, follower_id: int, *, game_id: int | None = None, player_id: int | None = None) -> bool:
        async with self._ctx.db.write() as repos:
            return await repos.follows.remove(follower_id, game_id=game_id, player_id=player_id)

    async def following(self, follower_id: int) -> Following:
        async with self._ctx.db.read() as repos:
            rows = await repos.follows.of_follower(follower_id)
        games = tuple(r.game_id for r in rows if r.game_id is not None)
        return Following(games, tuple(r.player_id for r in rows if r.player_id is not None))

    async def drop_follower(self, follower_id: int) -> None:
        """The follower closed their DMs (Discord said 50007): no news is queued or retried for them again."""
        async with self._ctx.db.write() as repos:
            await repos.follows.drop_follower(follower_id)
