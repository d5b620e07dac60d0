"""What every part of the service shares: the database, clock, RNG, engine, config and the cache of rules games,
and the terms of a new game read from them. The steps of a game's life that several operations run inside
their transactions (loading, clocks, timers, ending a game, ratings) are in service/lifecycle.py."""

from __future__ import annotations

import os
import random
import secrets
import socket
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from data.db import Database
from data.repositories import Repositories
from rules import Game, find_variant
from service.engine import Engine, RandomEngine
from service.errors import InvalidSetting
from service.timecontrol import TimeControl, parse_clock

Clock = Callable[[], datetime]


def utc_now() -> datetime:
    return datetime.now(UTC)


DISCORD_SITE = "Discord"
LOCAL_SITE = "Dama local mode"


@dataclass(frozen=True, slots=True)
class ServiceConfig:
    challenge_ttl: timedelta = timedelta(hours=24)
    default_days_per_move: int = 3
    min_days_per_move: int = 1
    max_days_per_move: int = 14
    vacation_days_per_year: int = 14
    bot_time_budget: float = 2.0  # seconds the engine may think
    bot_levels: range = range(1, 6)  # engine.api levels 1-5
    default_variant: str = "italian"
    # The PDN Site of this process's games, wherever they are exported (a game's own record, the web page's
    # download, an analysis): Discord ("Discord server N" for a server's game), or local mode's.
    site: str = DISCORD_SITE
    analysis_seconds: float = 0.6  # engine time per position of a post-game analysis (61 positions < 60 s)
    # Cluster mode: how long a process holds work it claimed (timers, an overdue bot move) before another
    # process may take it over, and how long a bot reply may be missing before another process plays it.
    work_lease: timedelta = timedelta(seconds=60)
    bot_move_grace: timedelta = timedelta(seconds=30)
    announce_grace: float = 15.0  # seconds the outbox worker leaves a player's news to the reply to that player


class GameCache:
    """Rules games kept between moves, keyed by (game id, version).

    Every change to a game's position bumps its version, so a cached game at the row's version is
    exactly what a replay would build. A caller takes the game out while it uses it (Game is mutable).
    """

    def __init__(self, size: int = 4096) -> None:
        self._size = size
        self._games: OrderedDict[int, tuple[int, Game]] = OrderedDict()

    def take(self, game_id: int, version: int) -> Game | None:
        entry = self._games.pop(game_id, None)
        return entry[1] if entry is not None and entry[0] == version else None

    def put(self, game_id: int, version: int, game: Game) -> None:
        self._games[game_id] = (version, game)
        self._games.move_to_end(game_id)
        while len(self._games) > self._size:
            self._games.popitem(last=False)


class Context:
    def __init__(
        self,
        db: Database,
        *,
        engine: Engine | None = None,
        clock: Clock | None = None,
        rng: random.Random | None = None,
        config: ServiceConfig | None = None,
    ) -> None:
        self.db = db
        self.rng = rng or random.Random()
        self.engine: Engine = engine or RandomEngine(self.rng)
        self.clock: Clock = clock or utc_now
        self.config = config or ServiceConfig()
        self.games = GameCache()
        # Names this process in leases: host, process id and a random part (a restarted process with a reused
        # pid must not inherit its predecessor's leases).
        self.worker = f"{socket.gethostname()}:{os.getpid()}:{secrets.token_hex(3)}"

    def now(self) -> datetime:
        moment = self.clock()
        if moment.tzinfo is None:
            raise ValueError("the service clock must return aware datetimes")
        return moment.astimezone(UTC)


async def game_terms(
    ctx: Context, repos: Repositories, guild_id: int | None, variant: str | None, days_per_move: int | None
) -> tuple[str, int]:
    """The variant id and days per move of a new game or event: what was asked, else the server's settings,
    else the config. Raises rules.UnknownVariantError, InvalidSetting for days outside the config's range."""
    config = ctx.config
    server = await repos.servers.get(guild_id) if guild_id is not None else None
    variant_id = find_variant(variant or (server.default_variant if server else None) or config.default_variant).id
    days = days_per_move
    if days is None:
        days = server.days_per_move if server else config.default_days_per_move
    if not config.min_days_per_move <= days <= config.max_days_per_move:
        raise InvalidSetting("days per move", days, f"{config.min_days_per_move}-{config.max_days_per_move}")
    return variant_id, days


def clock_terms(ctx: Context, text: str | None) -> TimeControl | None:
    """The time control a player asked for (None: none asked). Raises BadClock."""
    if text is None:
        return None
    config = ctx.config
    return parse_clock(text, min_days=config.min_days_per_move, max_per_move=config.max_days_per_move)
