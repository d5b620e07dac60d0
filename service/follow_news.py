"""What followers hear of, queued inside the transaction that causes it (a move, a game's start or end): only for
followers who may see that game under the privacy rule (service/access.py), judged as who they were where they
followed. service/follows.py sends it, at most once an hour per follower."""

from __future__ import annotations

from datetime import datetime

from data.models import BOT_ID
from data.repositories import Repositories
from data.repositories.follows import FollowRow
from data.timeutil import to_db
from service.access import Caller, may_see
from service.results import GameView, MoveRecord


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


async def note_end(repos: Repositories, game: GameView, now: datetime) -> None:
    """In the transaction that ends the game: its result, for the game's followers who may see it."""
    if game.result is None:
        return
    for follow in await repos.follows.of_game(game.id):
        if follow.follower_id not in (game.white_id, game.black_id) and _sees(follow, game):
            await repos.follows.add_news(follow.follower_id, game.id, "end", game.result, to_db(now))
