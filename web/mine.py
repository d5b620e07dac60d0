"""A signed-in player's games in progress (`/my`), those awaiting their move first, and `/my/next`, which
opens the first of those (the page's "n" key and the "Next game awaiting my move" link). Only games whose
page the player could open from Discord are listed: a server that turned its links off keeps them closed."""

from __future__ import annotations

import html
from dataclasses import dataclass
from urllib.parse import urlencode

from aiohttp import web

from messages import web as words
from messages.i18n import Words
from messages.variants import variant_name
from service import MyGame, Service
from web.auth import Accounts, redirect
from web.guard import reader_words
from web.headers import clock_line
from web.names import player_name

MAX_LISTED = 200
SIGN_IN_HERE = "/auth/login?" + urlencode({"next": "/my"}, safe="/")  # then back to this list


@dataclass(frozen=True, slots=True)
class Listed:
    title: str
    turn: str
    clock: str
    link: str
    mine: bool


def _e(text: object) -> str:
    return html.escape(str(text), quote=True)


def mine_page(w: Words, games: list[Listed], root: str) -> str:
    items = "".join(
        f'<li class="{"mine" if game.mine else "theirs"}"><a href="{_e(game.link)}">{_e(game.title)}</a> '
        f'<span class="turn">{_e(game.turn)}</span> <span class="clock">{_e(game.clock)}</span></li>'
        for game in games
    )
    listing = f'<ol id="my-games">{items}</ol>' if games else f'<p id="no-games">{_e(words.no_games(w))}</p>'
    return (
        f'<!DOCTYPE html><html lang="{_e(w.locale)}"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        '<meta name="referrer" content="no-referrer"><meta name="robots" content="noindex">'
        f"<title>{_e(words.my_games(w))}</title>"
        f'<link rel="stylesheet" href="{_e(root)}/static/dama.css"></head><body><main>'
        f"<h1>{_e(words.my_games(w))}</h1>"
        f'<p><a id="next-game" accesskey="n" href="{_e(root)}/my/next">{_e(words.next_game(w))}</a></p>'
        f"{listing}</main></body></html>"
    )


class Mine:
    def __init__(self, service: Service, accounts: Accounts) -> None:
        self.service = service
        self.accounts = accounts

    async def _games(self, request: web.Request, player_id: int) -> list[tuple[MyGame, str]]:
        found = []
        for game in await self.service.queries.my_games(player_id, limit=MAX_LISTED):
            link = await self.service.web.link(game.game)
            if link is not None:
                found.append((game, link))
        return found

    async def page(self, request: web.Request) -> web.StreamResponse:
        if not self.accounts.enabled:
            raise web.HTTPNotFound
        session = await self.accounts.viewer(request)
        root = self.accounts.base_url
        if session is None:
            return redirect(303, root + SIGN_IN_HERE)
        w = reader_words(request)
        listed = []
        for mine, link in await self._games(request, session.player_id):
            game = mine.game
            stored = (await self.service.queries.display_names(game))[0 if game.white_id == mine.opponent_id else 1]
            opponent = player_name(w, game, mine.opponent_id, stored)
            title = words.my_game_entry(w, game.id, variant_name(w, game.variant), opponent)
            listed.append(Listed(title, words.my_turn(w, mine.my_turn), clock_line(w, game), link, mine.my_turn))
        text = mine_page(w, listed, root)
        return web.Response(text=text, content_type="text/html", headers={"Cache-Control": "no-store"})

    async def next(self, request: web.Request) -> web.StreamResponse:
        if not self.accounts.enabled:
            raise web.HTTPNotFound
        session = await self.accounts.viewer(request)
        root = self.accounts.base_url
        if session is None:
            return redirect(303, root + SIGN_IN_HERE)
        for mine, link in await self._games(request, session.player_id):
            if mine.my_turn:
                return redirect(303, link)
        return redirect(303, root + "/my")
