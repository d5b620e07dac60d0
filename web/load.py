"""What a page shows, gathered from the service: a game played here (`/g/<game>/<token>`) or an imported
record (`/i/<number>/<token>`). The service decides whether the link opens anything; a wrong one, or a ply
that the game does not have, is the one NotFound.

Replays and stored analyses are kept per (kind, number, version): a page and its boards share one replay,
and a finished game's analysis, once derived, is not derived again for every reader.
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Generic, TypeVar

from aiohttp import web

from messages.web import unnamed_player
from rules import Game
from service import GameNotFound, GameReview, ImportedGameNotFound, Service
from service.imports import ImportedGame, rebuild
from web.guard import reader_words
from web.headers import game_header, imported_header
from web.names import Names, names
from web.page import Header, PageData

NotFound = (GameNotFound, ImportedGameNotFound)
Key = tuple[str, int, int]  # kind, number, version
T = TypeVar("T")


class Kept(Generic[T]):
    """The last `size` values by key, least recently used out first."""

    def __init__(self, size: int) -> None:
        self._size = size
        self._values: OrderedDict[Key, T] = OrderedDict()

    async def get(self, key: Key, make: Callable[[], Awaitable[T | None]]) -> T | None:
        found = self._values.get(key)
        if found is None:
            found = await make()
            if found is None:  # nothing yet (no analysis stored): ask again next time
                return None
            self._values[key] = found
            while len(self._values) > self._size:
                self._values.popitem(last=False)
        self._values.move_to_end(key)
        return found


@dataclass(frozen=True, slots=True)
class Request:
    """The reader's choices, read once from the address."""

    number: int
    token: str
    ply: str | None
    flip: bool
    lang: str | None
    past_end: bool = False

    @classmethod
    def of(cls, request: web.Request, ply: str | None, past_end: bool = False) -> Request:
        info = request.match_info
        return cls(
            number=int(info.get("game") or info["imported"]),
            token=info["token"],
            ply=ply,
            past_end=past_end,
            flip=request.query.get("flip") == "1",
            lang=request.query.get("lang", "").strip()[:16] or None,
        )


PLY_DIGITS = 5  # no game or record is longer


def chosen_ply(asked: str | None, plies: int, *, past_end: bool = False) -> int:
    """The ply the reader asked for (default: the last); -1 for one the game does not have. past_end: a
    ply beyond the last means the last (the page's ?ply=, e.g. a link kept from a longer record)."""
    if asked is None:
        return plies
    if not (asked.isascii() and asked.isdigit()):  # "²".isdigit() too
        return -1
    if len(asked) > PLY_DIGITS or int(asked) > plies:  # the length first: no huge int() from an address
        return plies if past_end else -1
    return int(asked)


class Loader:
    def __init__(self, service: Service, poll_seconds: float) -> None:
        self.service = service
        self.poll_seconds = poll_seconds
        self.replays: Kept[Game] = Kept(256)
        self.reviews: Kept[GameReview] = Kept(128)

    async def load(
        self, request: web.Request, ply: str | None, *, review: bool = True, past_end: bool = False
    ) -> PageData:
        """review: whether the answer shows the stored analysis (a single board does not); past_end: a ply
        beyond the last shows the last (the page), instead of not found (the script's single board)."""
        asked = Request.of(request, ply, past_end)
        if "imported" in request.match_info:
            return await self._imported(request, asked, review)
        return await self._game(request, asked, review)

    async def _game(self, request: web.Request, asked: Request, review: bool) -> PageData:
        service = self.service
        game = await service.web.open(asked.number, asked.token)
        key = ("game", game.id, game.version)
        replay = await self.replays.get(key, lambda: service.queries.replay(game.id))
        assert replay is not None
        stored = None
        if review and not game.active:
            stored = await self.reviews.get(key, lambda: service.analysis.stored(game))
        w = reader_words(request)
        shown = names(w, game, await service.queries.display_names(game))
        return self._data(asked, game_header(w, game), replay, shown, stored)

    async def _imported(self, request: web.Request, asked: Request, review: bool) -> PageData:
        row = await self.service.web.open_imported_row(asked.number, asked.token)
        key = ("imported", row.id, 0)  # a record never changes: replayed once, like a game's version
        game = await self.replays.get(key, lambda: asyncio.to_thread(rebuild, row))
        assert game is not None
        imported = ImportedGame(row, game)
        stored = None
        if review:
            stored = await self.reviews.get(key, lambda: self.service.analysis.stored_imported(imported.row.id))
        w = reader_words(request)
        shown = Names(row.white_name or unnamed_player(w), row.black_name or unnamed_player(w), 0, 0)
        return self._data(asked, imported_header(w, imported), imported.game, shown, stored)

    def _data(
        self, asked: Request, header: Header, replay: Game, shown: Names, review: GameReview | None
    ) -> PageData:
        ply = chosen_ply(asked.ply, len(replay.moves), past_end=asked.past_end)
        if ply < 0:
            raise GameNotFound(asked.number)
        return PageData(
            header=header,
            replay=replay,
            names=shown,
            review=review,
            ply=ply,
            flip=asked.flip,
            lang=asked.lang,
            token=asked.token,
            poll_seconds=self.poll_seconds,
        )
