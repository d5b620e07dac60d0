"""Links to a game's page on the web: a capability URL, `<base>/g/<game>/<token>`.

The token is an HMAC of the game number with a secret, so game numbers cannot be walked: whoever holds
the link may look at the game, nobody else. A wrong token, another game's token, a game whose server turned
the links off and a game that does not exist all end in the same GameNotFound. The secret is the
operator's WEB_SECRET, or one generated on the first start and kept in the database (bot_state).
"""

from __future__ import annotations

import asyncio
import base64
import hashlib
import hmac
import secrets
import time
from collections import OrderedDict

from data.models import ImportedGameRow
from data.timeutil import to_db
from service.access import ScopedPart
from service.context import Context
from service.errors import GameNotFound, ImportedGameNotFound
from service.imports import ImportedGame, ImportService, rebuild
from service.lifecycle import load_row
from service.results import GameView

SECRET_KEY = "web_secret"  # bot_state key of the generated secret
TOKEN_CHARS = 22  # 132 bits of the HMAC, base64url
WANTED_SECONDS = 600.0  # how long an Open board press waits for its Activity to sign in
WANTED_MAX = 10_000  # presses remembered at once; the oldest are forgotten first


def game_token(secret: str, game_id: int, kind: str = "game") -> str:
    """kind: "game" (a game played here) or "imported" (a record brought in by /import): the same number
    gets a different token in each, so one kind's link never opens the other."""
    digest = hmac.new(secret.encode(), f"dama-{kind}:{game_id}".encode(), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest).decode("ascii")[:TOKEN_CHARS]


class WebLinkService(ScopedPart):
    """Off until `configure` is called (the web server is started only when WEB_PORT is set)."""

    def __init__(self, ctx: Context) -> None:
        self._ctx = ctx
        self._secret: str | None = None
        self._base_url: str | None = None
        self.activity = False  # ACTIVITY_ENABLED=1: boards launch the page as a Discord Activity
        self._wanted: OrderedDict[int, tuple[int, float]] = OrderedDict()  # player -> (game, when asked)

    @property
    def enabled(self) -> bool:
        return self._secret is not None and self._base_url is not None

    @property
    def secret(self) -> str | None:
        """The links' secret, for the log's redaction (bot/logs.py) and nothing else."""
        return self._secret

    async def configure(self, base_url: str, secret: str | None = None, activity: bool = False) -> None:
        """secret: WEB_SECRET; without one, the database's (created and stored on the first start)."""
        self._secret = secret or await self._stored_secret()
        self._base_url = base_url.rstrip("/")
        self.activity = activity

    def wants_game(self, player_id: int, game_id: int) -> None:
        """A player pressed Open board under a game's board: the Activity Discord launches for them opens on
        it once they are signed in (`wanted_game`). Kept in memory for a few minutes, a bounded number."""
        self._wanted.pop(player_id, None)
        self._wanted[player_id] = (game_id, time.monotonic())
        while len(self._wanted) > WANTED_MAX:
            self._wanted.popitem(last=False)

    def wanted_game(self, player_id: int) -> int | None:
        """The game the player last asked the Activity for (once), if they asked within WANTED_SECONDS."""
        found = self._wanted.pop(player_id, None)
        if found is None or time.monotonic() - found[1] > WANTED_SECONDS:
            return None
        return found[0]

    async def _stored_secret(self) -> str:
        async with self._ctx.db.write() as repos:
            stored = await repos.state.get(SECRET_KEY)
            if stored is None:
                stored = secrets.token_urlsafe(32)
                await repos.state.put(SECRET_KEY, stored, to_db(self._ctx.now()))
        return stored

    def path(self, game_id: int) -> str:
        assert self._secret is not None
        return f"/g/{game_id}/{game_token(self._secret, game_id)}"

    async def imported_link(self, imported: ImportedGame) -> str | None:
        """The page of an imported record, on the same terms as a game's."""
        if not self.enabled or not await self._allowed(imported.row.guild_id):
            return None
        assert self._secret is not None
        number = imported.row.id
        return f"{self._base_url}/i/{number}/{game_token(self._secret, number, 'imported')}"

    async def open_imported(self, number: int, token: str) -> ImportedGame:
        """The imported record the link names, replayed; ImportedGameNotFound for anything else."""
        row = await self.open_imported_row(number, token)
        return ImportedGame(row, await asyncio.to_thread(rebuild, row))

    async def open_imported_row(self, number: int, token: str) -> ImportedGameRow:
        """The same checks, without replaying the record (a page keeps the replay: a record never changes)."""
        if self._secret is None or not hmac.compare_digest(
            token.encode(), game_token(self._secret, number, "imported").encode()
        ):
            raise ImportedGameNotFound(number)
        row = await ImportService(self._ctx).row(number)
        if not await self._allowed(row.guild_id):
            raise ImportedGameNotFound(number)
        return row

    async def link(self, game: GameView) -> str | None:
        """The page's public address, or None: links off (no web server, or the game's server said no)."""
        if not self.enabled or not await self._allowed(game.guild_id):
            return None
        return f"{self._base_url}{self.path(game.id)}"

    async def open(self, game_id: int, token: str) -> GameView:
        """The game the link names; GameNotFound for anything else, whatever the reason."""
        if self._secret is None or not hmac.compare_digest(token.encode(), game_token(self._secret, game_id).encode()):
            raise GameNotFound(game_id)
        async with self._ctx.db.read() as repos:
            game = GameView.from_row(await load_row(repos, game_id))
        if not await self._allowed(game.guild_id):
            raise GameNotFound(game_id)
        return game

    async def _allowed(self, guild_id: int | None) -> bool:
        if guild_id is None:  # a direct-message or local game
            return True
        async with self._ctx.db.read() as repos:
            row = await repos.servers.get(guild_id)
        return row is None or bool(row.web_links)
