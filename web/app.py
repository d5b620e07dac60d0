"""The web server: a game's page, the board at any ply, the state for a page that follows the game, the
PDN, and two static files. Handlers are thin: the service says which game a link opens (or that it opens
none), page.py writes the answer in a worker thread.

    server = await start(service, WebConfig(port=8080, base_url="https://dama.example.org"))
    ...
    await server.stop()
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections import OrderedDict
from dataclasses import dataclass
from pathlib import Path

from aiohttp import web

from messages.variants import variant_name
from rules import Game
from service import GameNotFound, GameReview, GameView, Service
from web.guard import RateLimit, RedactedAccessLog, guard, not_found, reader_words
from web.names import names
from web.page import PageData, board_svg, caption, clock_line, move_items, page, status_line

STATIC = Path(__file__).parent / "static"
STATIC_TYPES = {"dama.js": "text/javascript", "dama.css": "text/css"}
GAME_PATH = r"/g/{game:\d{1,15}}/{token:[A-Za-z0-9_-]{1,64}}"
access_log = logging.getLogger("web").getChild("access")


@dataclass(frozen=True, slots=True)
class WebConfig:
    port: int
    base_url: str  # the address players see, e.g. https://dama.example.org behind a reverse proxy
    host: str = "127.0.0.1"
    secret: str | None = None  # None: the one kept in the database (generated on the first start)
    poll_seconds: float = 5.0  # how often an open page of a game in progress asks for news
    requests_per_minute: float = 120.0  # per client address
    burst: int = 60


class Replays:
    """Games replayed from their moves, by (game, version): a page and its plies share one replay."""

    def __init__(self, service: Service, size: int = 256) -> None:
        self._service = service
        self._size = size
        self._games: OrderedDict[tuple[int, int], Game] = OrderedDict()

    async def get(self, game: GameView) -> Game:
        key = (game.id, game.version)
        found = self._games.get(key)
        if found is None:
            found = await self._service.queries.replay(game.id)
            self._games[key] = found
            while len(self._games) > self._size:
                self._games.popitem(last=False)
        self._games.move_to_end(key)
        return found


class Reviews:
    """Stored analyses, by (game, version): a finished game's analysis never changes once stored, and
    deriving its verdicts again for every reader would cost more than the rest of the page."""

    def __init__(self, service: Service, size: int = 128) -> None:
        self._service = service
        self._size = size
        self._reviews: OrderedDict[tuple[int, int], GameReview] = OrderedDict()

    async def get(self, game: GameView) -> GameReview | None:
        if game.active:
            return None
        key = (game.id, game.version)
        found = self._reviews.get(key)
        if found is None:
            found = await self._service.analysis.stored(game)
            if found is None:  # none yet: ask again next time, /analyse may store one meanwhile
                return None
            self._reviews[key] = found
            while len(self._reviews) > self._size:
                self._reviews.popitem(last=False)
        self._reviews.move_to_end(key)
        return found


class Pages:
    def __init__(self, service: Service, config: WebConfig) -> None:
        self.service = service
        self.config = config
        self.replays = Replays(service)
        self.reviews = Reviews(service)
        self.static = {name: (STATIC / name).read_bytes() for name in STATIC_TYPES}

    async def _data(self, request: web.Request, ply_text: str | None, *, review: bool = True) -> PageData:
        """review: whether the answer shows the stored analysis (a single board does not)."""
        game_id = int(request.match_info["game"])
        token = request.match_info["token"]
        game = await self.service.web.open(game_id, token)
        replay = await self.replays.get(game)
        plies = len(replay.moves)
        ply = plies
        if ply_text is not None:
            ply = int(ply_text) if ply_text.isdigit() and len(ply_text) < 6 else -1
            if not 0 <= ply <= plies:
                raise GameNotFound(game_id)
        stored_review = await self.reviews.get(game) if review else None
        stored = await self.service.queries.display_names(game)
        w = reader_words(request)
        lang = request.query.get("lang", "").strip()[:16] or None
        return PageData(
            game=game,
            replay=replay,
            names=names(w, game, stored),
            review=stored_review,
            ply=ply,
            flip=request.query.get("flip") == "1",
            lang=lang,
            token=token,
            poll_seconds=self.config.poll_seconds,
        )

    async def game_page(self, request: web.Request) -> web.Response:
        try:
            data = await self._data(request, request.query.get("ply"))
        except GameNotFound:
            return not_found(request)
        w = reader_words(request)
        text = await asyncio.to_thread(page, w, data)
        return web.Response(text=text, content_type="text/html", headers={"Cache-Control": "no-store"})

    async def ply(self, request: web.Request) -> web.Response:
        """The board after one ply and its caption, for the page's script."""
        try:
            data = await self._data(request, request.match_info["ply"], review=False)
        except GameNotFound:
            return not_found(request)
        svg = await asyncio.to_thread(board_svg, data, data.ply)
        body = {"ply": data.ply, "svg": svg, "caption": caption(reader_words(request), data.ply, data.game.ply)}
        return _json(body)

    async def state(self, request: web.Request) -> web.Response:
        """What changes while a game is played: the moves, whose move it is, the deadline, the result."""
        try:
            data = await self._data(request, None)
        except GameNotFound:
            return not_found(request)
        w = reader_words(request)
        game = data.game
        body = {
            "version": str(game.version),
            "plies": len(data.replay.moves),
            "active": game.active,
            "status": status_line(w, game),
            "clock": clock_line(w, game),
            "moves": move_items(data),
        }
        return _json(body)

    async def pdn(self, request: web.Request) -> web.Response:
        try:
            data = await self._data(request, None, review=False)
        except GameNotFound:
            return not_found(request)
        shown = (data.names.white, data.names.black)  # never "Player <Discord id>"
        text = await self.service.queries.export_pdn(data.game.id, site=self.config.base_url, names=shown)
        name = f"dama-{data.game.id}-{variant_name(reader_words(request), data.game.variant)}.pdn"
        safe = "".join(c if c.isascii() and (c.isalnum() or c in "-_.") else "_" for c in name)
        return web.Response(
            text=text,
            content_type="application/x-portable-draughts-notation",
            headers={"Content-Disposition": f'attachment; filename="{safe}"', "Cache-Control": "no-store"},
        )

    async def static_file(self, request: web.Request) -> web.Response:
        name = request.match_info["name"]
        if name not in self.static:
            return not_found(request)
        return web.Response(
            body=self.static[name],
            content_type=STATIC_TYPES[name],
            charset="utf-8",
            headers={"Cache-Control": "max-age=3600, public"},
        )


def _json(body: object) -> web.Response:
    return web.Response(
        text=json.dumps(body, ensure_ascii=False),
        content_type="application/json",
        headers={"Cache-Control": "no-store"},
    )


def build_app(service: Service, config: WebConfig) -> web.Application:
    pages = Pages(service, config)
    app = web.Application(middlewares=[guard(RateLimit(config.requests_per_minute, config.burst))])
    app.router.add_get(GAME_PATH, pages.game_page)
    app.router.add_get(GAME_PATH + r"/ply/{ply:\d{1,6}}", pages.ply)
    app.router.add_get(GAME_PATH + "/state", pages.state)
    app.router.add_get(GAME_PATH + "/pdn", pages.pdn)
    app.router.add_get("/static/{name}", pages.static_file)
    return app


class WebServer:
    def __init__(self, runner: web.AppRunner, config: WebConfig) -> None:
        self._runner = runner
        self.config = config

    async def stop(self) -> None:
        await self._runner.cleanup()


class WebUnavailable(Exception):
    """The pages cannot be served where the settings say (the port is taken, the address is not this
    machine's); the message says where and why, for the operator."""


async def start(service: Service, config: WebConfig) -> WebServer:
    """Listen on config.host:port and give the service its link secret and public address."""
    await service.web.configure(config.base_url, config.secret)
    runner = web.AppRunner(
        build_app(service, config), access_log_class=RedactedAccessLog, access_log=access_log, handle_signals=False
    )
    await runner.setup()
    try:
        await web.TCPSite(runner, config.host, config.port).start()
    except OSError as error:
        await runner.cleanup()
        where = f"{config.host}:{config.port}"
        raise WebUnavailable(
            f"cannot serve the web pages on {where} (WEB_HOST, WEB_PORT): {error.strerror or error}"
        ) from None
    return WebServer(runner, config)
