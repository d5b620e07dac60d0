"""Playing on the page (issue 60.2): what a signed-in player may do, as JSON posts from the page's script.

    POST <game page>/move     {"move": "22-18"}   the move, as typed or picked on the board
    POST <game page>/draw     {}                   offer a draw, or accept the opponent's
    POST <game page>/decline  {}                   decline the opponent's draw offer
    POST <game page>/resign   {}                   resign (the page asks first)

Each carries the header X-CSRF-Token (the page's <meta name="csrf-token">) and comes from this site
(web/auth.py checks both, and the session's allowance, before anything is read). The link must open the
game (service/weblinks.py), and the action runs as the signed-in player (a Caller) through the same service
call as Discord's, with the same checks: access, turn, legality. The answer is 200 with the game's new state,
or 4xx with the refusal in the reader's language; nothing changes on a refusal. The news the service queued
in the same transaction is posted by the front end (`news`), exactly as after a Discord command.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Awaitable, Callable
from typing import Any

from aiohttp import web

from messages import describe
from messages import web as words
from messages.i18n import Words
from messages.notes import note_label
from messages.play import describe_game_error
from messages.premove import premove_list
from rules import RulesError, format_move
from service import (
    Caller,
    GameError,
    GameNotFound,
    GameOver,
    GameView,
    MoveRefused,
    NotAParticipant,
    NotYourTurn,
    OfferKind,
    Service,
    StaleGame,
    WebSession,
    acting_as,
)
from web.auth import Accounts, Refused
from web.guard import reader_words
from web.names import names

log = logging.getLogger("web").getChild("play")
MAX_BODY = 4096  # a move is a few characters; nothing an action sends is larger
MAX_MOVE = 200
News = Callable[[int], None]  # a game changed on the page: the front end posts what the service queued
Work = Callable[[GameView, WebSession, dict[str, Any]], Awaitable[object]]
CONFLICTS = (GameOver, NotYourTurn, StaleGame)


class BadBody(Exception):
    pass


async def read_body(request: web.Request) -> dict[str, Any]:
    """The action's JSON object (empty for none); BadBody for anything else or anything too large."""
    if request.content_length is not None and request.content_length > MAX_BODY:
        raise BadBody
    raw = await request.content.read(MAX_BODY + 1)
    if len(raw) > MAX_BODY:
        raise BadBody
    if not raw.strip():
        return {}
    try:
        found = json.loads(raw)
    except (ValueError, UnicodeDecodeError):
        raise BadBody from None
    if not isinstance(found, dict):
        raise BadBody
    return found


def refusal(status: int, sentence: str) -> web.Response:
    body = json.dumps({"error": sentence}, ensure_ascii=False)
    headers = {"Cache-Control": "no-store"}
    return web.Response(status=status, text=body, content_type="application/json", headers=headers)


def player_view(game: GameView, player_id: int | None, offers: list[tuple[OfferKind, int]]) -> dict[str, Any] | None:
    """What the page's script needs to let a player play: their colour, whether it is their move, the legal
    moves (each as its notation and its landing squares, start first) and the draw offers standing."""
    if player_id is None or player_id not in (game.white_id, game.black_id):
        return None
    position = game.position
    names = position.board.names
    mine = game.active and game.to_move_id == player_id
    legal = [
        {"text": format_move(position, move), "path": [names[square] for square in move.path]}
        for move in (position.legal_moves() if mine else [])
    ]
    draws = [sender for kind, sender in offers if kind is OfferKind.DRAW]
    return {
        "colour": "white" if player_id == game.white_id else "black",
        "to_move": mine,
        "active": game.active,
        "legal": legal,
        "draw_offered_to_you": any(sender != player_id for sender in draws),
        "draw_offered_by_you": player_id in draws,
    }


class Play:
    def __init__(
        self,
        service: Service,
        accounts: Accounts,
        state: Callable[[web.Request], Awaitable[web.Response]],
        news: News | None,
    ) -> None:
        self.service = service
        self.accounts = accounts
        self.state = state  # the game's state as the page polls it, answered after an action
        self.news = news

    async def move(self, request: web.Request) -> web.Response:
        async def play(game: GameView, session: WebSession, body: dict[str, Any]) -> object:
            move = body.get("move")
            if not isinstance(move, str) or not move.strip() or len(move) > MAX_MOVE:
                raise BadBody
            return await self.service.games.move(game.id, session.player_id, move.strip())

        return await self._act(request, play)

    async def draw(self, request: web.Request) -> web.Response:
        async def draw(game: GameView, session: WebSession, _: dict[str, Any]) -> object:
            return await self.service.games.offer_draw(game.id, session.player_id)

        return await self._act(request, draw)

    async def decline(self, request: web.Request) -> web.Response:
        async def decline(game: GameView, session: WebSession, _: dict[str, Any]) -> object:
            return await self.service.games.answer_draw(game.id, session.player_id, False)

        return await self._act(request, decline)

    async def resign(self, request: web.Request) -> web.Response:
        async def resign(game: GameView, session: WebSession, _: dict[str, Any]) -> object:
            return await self.service.games.resign(game.id, session.player_id)

        return await self._act(request, resign)

    async def note(self, request: web.Request) -> web.Response:
        """Keep (or, empty, delete) the player's note on a ply; the answer is their notes, not the state."""

        async def note(game: GameView, session: WebSession, body: dict[str, Any]) -> object:
            ply, text = body.get("ply"), body.get("text")
            if not isinstance(ply, int) or isinstance(ply, bool) or not isinstance(text, str) or len(text) > 4000:
                raise BadBody
            if session.player_id not in (game.white_id, game.black_id):
                raise NotAParticipant(session.player_id)  # notes are a player's, on their own games
            await self.service.notes.write(game.id, session.player_id, ply, text)
            found = await self.service.notes.of(game.id, session.player_id)
            w = reader_words(request)
            return {"notes": [{"ply": n.ply, "text": n.text, "label": note_label(w, n.ply)} for n in found]}

        return await self._act(request, note, answer=True)

    async def premove(self, request: web.Request) -> web.Response:
        """Add a conditional line ({"line": "11-15 23-19"}) or clear them all ({"clear": true}); the answer
        is the player's lines in words (messages/premove.py, as Discord's /premove says them)."""

        async def premove(game: GameView, session: WebSession, body: dict[str, Any]) -> object:
            line, clear = body.get("line"), body.get("clear") is True
            if not clear and (not isinstance(line, str) or not line.strip() or len(line) > 2000):
                raise BadBody
            premoves = self.service.premoves
            if clear:
                lines = await premoves.clear(game.id, session.player_id)
            else:
                assert isinstance(line, str)
                lines = await premoves.add(game.id, session.player_id, line)
            return {"premoves": premove_list(lines, added=not clear, w=reader_words(request))}

        return await self._act(request, premove, answer=True)

    async def _act(self, request: web.Request, work: Work, *, answer: bool = False) -> web.Response:
        w = reader_words(request)
        try:
            session = await self.accounts.check(request, request.headers.get("X-CSRF-Token", "")[:256])
        except Refused as turned_away:
            return refusal(turned_away.status, turned_away.say(w))
        try:
            body = await read_body(request)
        except BadBody:
            return refusal(400, words.bad_request(w))
        number = int(request.match_info["game"])
        try:
            game = await self.service.web.open(number, request.match_info["token"])
        except GameNotFound:
            return refusal(404, words.not_found(w))
        # As the player, where the game is played: the service's own checks decide (a non-player is refused).
        try:
            with acting_as(Caller(session.player_id, game.guild_id, game.channel_id)):
                done = await work(game, session, body)
        except BadBody:
            return refusal(400, words.bad_request(w))
        except (MoveRefused, RulesError, GameError) as error:
            return await self._refused(w, game, error)
        if answer:
            return web.json_response(done, headers={"Cache-Control": "no-store"})
        if self.news is not None:
            self.news(game.id)
        return await self.state(request)

    async def _refused(self, w: Words, game: GameView, error: GameError | RulesError) -> web.Response:
        """The refusal in the reader's words: a move the rules refuse with that position's legal moves."""
        if isinstance(error, MoveRefused):
            return refusal(422, describe(error.error, error.position, w))
        if isinstance(error, RulesError):
            return refusal(422, describe(error, game.position, w))
        shown = names(w, game, await self.service.queries.display_names(game))
        return refusal(_status(error), describe_game_error(error, shown.of, w))


def _status(error: GameError | RulesError) -> int:
    if isinstance(error, MoveRefused | RulesError):
        return 422
    if isinstance(error, GameNotFound):  # the service's access rule: not this player's to act on
        return 404
    if isinstance(error, NotAParticipant):
        return 403
    if isinstance(error, CONFLICTS):
        return 409
    return 400
