"""Following games and players: /follow, /unfollow and the Follow button (docs/ANYWHERE.md).

A follower gets a followed game's moves, and the start of a followed player's games, by DM, at most one message
an hour, batching what happened meanwhile. News is queued in the transaction of the move or start that causes it,
only for followers who may see that game under the privacy rule (service/access.py), as who they were where they
followed (the server or conversation). Each hour a follower's news is taken and queued in the outbox in one
transaction, so it goes out once across restarts and processes. A follower whose DMs are closed is dropped.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from data.models import BOT_ID
from data.repositories import Repositories
from data.repositories.follows import FollowNewsRow, FollowRow
from data.timeutil import to_db
from service.access import Caller, may_see
from service.announcements import Announcement, AnnouncementKind, announce
from service.context import Context, load_row
from service.results import FollowNews, GameView, MoveRecord

HOUR = timedelta(hours=1)


@dataclass(frozen=True, slots=True)
class Following:
    games: tuple[int, ...]
    players: tuple[int, ...]


def _sees(follow: FollowRow, game: GameView) -> bool:
    return may_see(game, Caller(follow.follower_id, follow.guild_id, follow.channel_id))


async def note_move(repos: Repositories, game: GameView, move: MoveRecord, now: datetime) -> None:
    """In the move's transaction: queue it for the game's followers who may see it."""
    for follow in await repos.follows.of_game(game.id):
        if follow.follower_id not in (game.white_id, game.black_id) and _sees(follow, game):
            await repos.follows.add_news(follow.follower_id, game.id, "move", move.notation, to_db(now))


async def note_start(repos: Repositories, game: GameView, now: datetime) -> None:
    """In the start's transaction: queue it for the followers of either player who may see it."""
    players = tuple(p for p in (game.white_id, game.black_id) if p != BOT_ID)
    told: set[int] = set()
    for follow in await repos.follows.of_players(players):
        if follow.follower_id in told or follow.follower_id in players or not _sees(follow, game):
            continue
        told.add(follow.follower_id)
        await repos.follows.add_news(follow.follower_id, game.id, "start", None, to_db(now))


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
    by_game: dict[int, tuple[bool, list[str]]] = {}
    for row in rows:
        started, moves = by_game.setdefault(row.game_id, (False, []))
        if row.kind == "start":
            by_game[row.game_id] = (True, moves)
        elif row.notation is not None:
            moves.append(row.notation)
    found = []
    for game_id, (started, moves) in by_game.items():
        game = await repos.games.get(game_id)
        if game is not None:
            found.append(FollowNews(game_id, game.white_id, game.black_id, started, tuple(moves)))
    return tuple(found)


class FollowService:
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
