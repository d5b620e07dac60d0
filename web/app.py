"""The web server: a game's page (or an imported record's), the board at any ply, the state for a page
that follows the game, the PDN, and the static files (scripts, style sheet, favicon). Handlers are thin: the
service says which game a link opens (or that it opens none, web/load.py), page.py writes the answer in a
worker thread.

    server = await start(service, WebConfig(port=8080, base_url="https://dama.example.org"))
    ...
    await server.stop()
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TypeVar

from aiohttp import web

from service import SYSTEM, Caller, Service, acting_as
from web.auth import Accounts, OAuthConfig, here
from web.guard import (
    LOOPBACK,
    Busy,
    Network,
    RateLimit,
    RedactedAccessLog,
    guard,
    networks,
    not_found,
    quiet_malformed_requests,
    reader_words,
)
from web.limits import (
    HEADER_TIMEOUT,
    KEEPALIVE_TIMEOUT,
    MAX_CONNECTIONS,
    MAX_PER_ADDRESS,
    Connections,
    GuardedRunner,
    connection_cap,
)
from web.load import Loader, NotFound
from web.mine import Mine
from web.page import Account, PageData, activity_page, board_svg, caption, move_items, page, window
from web.play import News, Play, player_view

STATIC = Path(__file__).parent / "static"
STATIC_TYPES = {
    "dama.js": "text/javascript",
    "play.js": "text/javascript",  # a player's controls, only on the pages of their own games in progress
    "activity.js": "text/javascript",  # Discord's Embedded App SDK and the handshake, with ACTIVITY_ENABLED=1
    "dama.css": "text/css",
    "favicon.png": "image/png",
}
FAVICON = "favicon.png"  # also at /favicon.ico, where browsers look for it on any page (a refusal's too)
GAME_PATH = r"/g/{game:\d{1,15}}/{token:[A-Za-z0-9_-]{1,64}}"
IMPORTED_PATH = r"/i/{imported:\d{1,15}}/{token:[A-Za-z0-9_-]{1,64}}"  # a record brought in by /import
access_log = logging.getLogger("web").getChild("access")
RENDER_WAIT = 10.0  # seconds a request waits for a free render slot before it is told the server is busy
T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class WebConfig:
    port: int
    base_url: str  # the address players see, e.g. https://dama.example.org behind a reverse proxy
    host: str = "127.0.0.1"
    secret: str | None = None  # None: the one kept in the database (generated on the first start)
    poll_seconds: float = 5.0  # how often an open page of a game in progress asks for news
    requests_per_minute: float = 120.0  # per client address
    burst: int = 60
    trusted_proxies: tuple[Network, ...] = networks(LOOPBACK)  # whose X-Forwarded-For counts
    max_connections: int = MAX_CONNECTIONS  # open at once, in all (kept under half the file limit)
    max_per_address: int = MAX_PER_ADDRESS  # open at once from one address (an IPv6 /64); a proxy: no cap
    renders: int = 2  # pages and boards drawn at once (worker threads the bot's own pictures share)
    header_timeout: float = HEADER_TIMEOUT  # from a request's first byte to the end of its head
    keepalive_timeout: float = KEEPALIVE_TIMEOUT  # without a complete request, from opening or the last answer
    oauth: OAuthConfig | None = None  # signing in with Discord (DISCORD_CLIENT_ID/SECRET); None: read-only
    news: News | None = None  # after an action on the page: the front end posts the news the service queued
    actions_per_minute: float = 30.0  # a signed-in session's moves, offers and sign-outs (bursts of 10)
    activity: bool = False  # ACTIVITY_ENABLED=1: the page runs inside Discord as an Activity (docs/ACTIVITY.md)


class Pages:
    def __init__(self, service: Service, config: WebConfig) -> None:
        self.service = service
        self.config = config
        self.loader = Loader(service, config.poll_seconds)
        self.static = {name: (STATIC / name).read_bytes() for name in STATIC_TYPES}
        self.renders = asyncio.Semaphore(config.renders)
        actions = RateLimit(config.actions_per_minute, 10)
        self.accounts = Accounts(service, config.oauth, config.base_url, actions, config.activity)
        self.play = Play(service, self.accounts, self.state, config.news)
        self.mine = Mine(service, self.accounts)

    async def render(self, work: Callable[..., T], *args: object) -> T:
        """Draw in a worker thread, a few at once: a crowd of requests waits its turn (RENDER_WAIT at most,
        then 503), it does not take every thread from the bot."""
        try:
            async with asyncio.timeout(RENDER_WAIT):
                await self.renders.acquire()
        except TimeoutError:
            raise Busy from None
        try:
            return await asyncio.to_thread(work, *args)
        finally:
            self.renders.release()

    async def game_page(self, request: web.Request) -> web.Response:
        try:
            data = await self.loader.load(request, request.query.get("ply"), past_end=True)
        except NotFound:
            return not_found(request)
        data = replace(data, account=await self.account(request, data))
        text = await self.render(page, reader_words(request), data)
        return web.Response(text=text, content_type="text/html", headers={"Cache-Control": "no-store"})

    async def account(self, request: web.Request, data: PageData) -> Account | None:
        """The page's Sign in link, or who is signed in and whether they play this game (None: the site
        offers no sign-in)."""
        accounts = self.accounts
        if not accounts.enabled:
            return None
        session = await accounts.viewer(request)
        activity = accounts.oauth.client_id if accounts.oauth and accounts.activity else None
        # inside Discord the page is served by Discord's proxy, on its origin: links relative to the page
        # (/g/<game>/<token>, /i/<record>/<token>) stay there; WEB_BASE_URL's would leave the Activity
        root = "../.." if activity else accounts.base_url
        if session is None:
            return Account(root, here(request), activity=activity)
        plays = "game" in request.match_info and session.player_id in (data.names.white_id, data.names.black_id)
        notes: tuple[tuple[int, str], ...] = ()
        lines: tuple[tuple[int, str], ...] = ()
        if plays:
            number = data_number(request)
            with acting_as(Caller(session.player_id, None)):  # a player sees their game from anywhere
                found = await self.service.notes.of(number, session.player_id)
                saved = await self.service.notes.lines(number, session.player_id)
            notes = tuple((note.ply, note.text) for note in found)
            lines = tuple((line.ply, " ".join(line.moves)) for line in saved)
        return Account(root, here(request), session.name, session.csrf, plays, notes, activity, lines)

    async def player(self, request: web.Request, data: PageData) -> dict[str, object] | None:
        """For the signed-in player of this game: their colour, turn, legal moves and draw offers."""
        if "game" not in request.match_info or not self.accounts.enabled:
            return None
        session = await self.accounts.viewer(request)
        if session is None or session.player_id not in (data.names.white_id, data.names.black_id):
            return None
        game = await self.service.web.open(data_number(request), request.match_info["token"])
        offers = [(offer.kind, offer.from_id) for offer in await self.service.games.pending_offers(game.id)]
        return player_view(game, session.player_id, offers)

    async def ply(self, request: web.Request) -> web.Response:
        """The board after one ply and its caption, for the page's script."""
        try:
            data = await self.loader.load(request, request.match_info["ply"], review=False)
        except NotFound:
            return not_found(request)
        svg = await self.render(board_svg, data, data.ply)
        plies = len(data.replay.moves)
        return _json({"ply": data.ply, "svg": svg, "caption": caption(reader_words(request), data.ply, plies)})

    async def state(self, request: web.Request) -> web.Response:
        """What changes while a game is played: the moves (the part of the list holding ?ply, default the
        last), whose move it is, the deadline, the result."""
        try:
            data = await self.loader.load(request, request.query.get("ply"))
        except NotFound:
            return not_found(request)
        header = data.header
        plies = len(data.replay.moves)
        first, last = window(data.ply, plies)
        body = {
            "version": str(header.version),
            "plies": plies,
            "first": first,
            "last": last,
            "active": header.active,
            "status": header.status,
            "clock": header.clock,
            "moves": move_items(data),
        }
        you = await self.player(request, data)
        if you is not None:
            body["you"] = you
        return _json(body)

    async def activity_entry(self, request: web.Request) -> web.StreamResponse:
        """`/`, where Discord opens the Activity (ACTIVITY_ENABLED=1; 404 otherwise). Not signed in: a page
        that signs in through the SDK (activity.js) and reloads. Signed in: the game the player asked for
        with Open board (else My games), its path relative, so Discord's proxy keeps it, with Discord's
        query parameters (frame_id, …), which the SDK reads again there."""
        accounts = self.accounts
        if accounts.oauth is None or not accounts.activity:
            return not_found(request)
        session = await accounts.viewer(request)
        query = "?" + request.query_string[:2048] if request.query_string else ""
        if session is not None:
            game_id = self.service.web.wanted_game(session.player_id)
            target = "my"
            if game_id is not None:
                with acting_as(Caller(session.player_id, None)):  # their own game, from anywhere
                    found = await self.service.queries.game(game_id)
                    link = await self.service.web.link(found)
                target = self.service.web.path(game_id).lstrip("/") if link is not None else "my"
            return redirect_relative(f"./{target}{query}")
        w = reader_words(request)
        text = activity_page(w, accounts.oauth.client_id)
        return web.Response(text=text, content_type="text/html", headers={"Cache-Control": "no-store"})

    async def pdn(self, request: web.Request) -> web.Response:
        try:
            data = await self.loader.load(request, None, review=False)
        except NotFound:
            return not_found(request)
        number = data_number(request)
        if "imported" in request.match_info:
            text = await self.service.imports.export_pdn(number)
            name = f"dama-imported-{number}.pdn"
        else:
            shown = (data.names.white, data.names.black)  # never "Player <Discord id>"
            notes = await self.own_notes(request, data) if request.query.get("mine") == "1" else None
            text = await self.service.queries.export_pdn(number, names=shown, notes=notes)
            name = f"dama-{number}-notes.pdn" if notes else f"dama-{number}.pdn"
        return web.Response(
            text=text,
            content_type="application/x-portable-draughts-notation",
            headers={"Content-Disposition": f'attachment; filename="{name}"', "Cache-Control": "no-store"},
        )

    async def own_notes(self, request: web.Request, data: PageData) -> dict[int, str] | None:
        """The signed-in player's own notes for their annotated copy (None for anyone else: the plain PDN)."""
        session = await self.accounts.viewer(request)
        if session is None or session.player_id not in (data.names.white_id, data.names.black_id):
            return None
        with acting_as(Caller(session.player_id, None)):
            found = await self.service.notes.of(data_number(request), session.player_id)
        return {note.ply: note.text for note in found} or None

    async def static_file(self, request: web.Request) -> web.Response:
        name = request.match_info.get("name", FAVICON)
        if name not in self.static:
            return not_found(request)
        kind = STATIC_TYPES[name]
        return web.Response(
            body=self.static[name],
            content_type=kind,
            charset="utf-8" if kind.startswith("text/") else None,
            headers={"Cache-Control": "max-age=3600, public"},
        )


def redirect_relative(location: str) -> web.Response:
    return web.Response(status=303, headers={"Location": location, "Cache-Control": "no-store"})


def data_number(request: web.Request) -> int:
    return int(request.match_info.get("game") or request.match_info["imported"])


def _json(body: object) -> web.Response:
    return web.Response(
        text=json.dumps(body, ensure_ascii=False),
        content_type="application/json",
        headers={"Cache-Control": "no-store"},
    )


def build_app(service: Service, config: WebConfig) -> web.Application:
    pages = Pages(service, config)
    limit = RateLimit(config.requests_per_minute, config.burst)
    app = web.Application(middlewares=[guard(limit, config.trusted_proxies, config.activity)])
    for path in (GAME_PATH, IMPORTED_PATH):
        app.router.add_get(path, pages.game_page)
        app.router.add_get(path + r"/ply/{ply:\d{1,6}}", pages.ply)
        app.router.add_get(path + "/state", pages.state)
        app.router.add_get(path + "/pdn", pages.pdn)
    for action in ("move", "draw", "decline", "resign", "note", "premove"):
        app.router.add_post(GAME_PATH + "/" + action, getattr(pages.play, action))
    app.router.add_get("/static/{name}", pages.static_file)
    app.router.add_get("/favicon.ico", pages.static_file)
    app.router.add_get("/my", pages.mine.page)
    app.router.add_get("/my/next", pages.mine.next)
    app.router.add_get("/auth/login", pages.accounts.login)
    app.router.add_get("/auth/callback", pages.accounts.callback)
    app.router.add_post("/auth/logout", pages.accounts.logout)
    app.router.add_post("/api/token", pages.accounts.activity_token)
    app.router.add_get("/", pages.activity_entry)
    return app


class WebServer:
    def __init__(self, runner: GuardedRunner, config: WebConfig) -> None:
        self._runner = runner
        self.config = config

    @property
    def connections(self) -> Connections:
        return self._runner.connections

    async def stop(self) -> None:
        await self._runner.cleanup()


class WebUnavailable(Exception):
    """The pages cannot be served where the settings say (the port is taken, the address is not this
    machine's); the message says where and why, for the operator."""


async def start(service: Service, config: WebConfig) -> WebServer:
    """Listen on config.host:port and give the service its link secret and public address."""
    with acting_as(SYSTEM):
        await service.web.configure(config.base_url, config.secret, config.activity)
    quiet_malformed_requests()
    cap = connection_cap(config.max_connections)
    connections = Connections(cap, config.max_per_address, config.trusted_proxies, config.header_timeout)
    runner = GuardedRunner(
        build_app(service, config),
        connections,
        config.keepalive_timeout,
        access_log_class=RedactedAccessLog,
        access_log=access_log,
        handle_signals=False,
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
