"""A web server over a real database on a thread of its own, for tests that drive it from blocking code
(Selenium) or from another event loop: `site.run(coroutine)` runs on the server's loop."""

from __future__ import annotations

import asyncio
import random
import socket
import threading
from collections.abc import Coroutine
from concurrent.futures import Future
from pathlib import Path
from typing import Any, TypeVar

from data import Database
from rules import Game, format_move
from service import GameSettings, GameView, Service
from web import WebConfig, WebServer, start

T = TypeVar("T")
WHITE, BLACK = 734_512_998_101, 734_512_998_202  # Discord-sized ids: a page must never show one


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


class Site:
    def __init__(self, folder: Path, service_options: dict[str, Any] | None = None, **config: Any) -> None:
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, name="test-web", daemon=True)
        self.thread.start()
        port = free_port()
        self.port = port
        self.base = config.pop("base_url", f"http://127.0.0.1:{port}")  # another: a proxy in front (Activity)
        self.config = WebConfig(port=port, base_url=self.base, **config)
        self.db: Database = self.run(Database.open(str(folder / "web.sqlite3")))
        self.service = Service(self.db, rng=random.Random(7), **(service_options or {}))
        self.server: WebServer = self.run(start(self.service, self.config))

    def run(self, work: Coroutine[Any, Any, T]) -> T:
        future: Future[T] = asyncio.run_coroutine_threadsafe(work, self.loop)
        return future.result(timeout=30)

    def close(self) -> None:
        self.run(self.server.stop())
        self.run(self.db.close())
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(timeout=10)

    # -- games ------------------------------------------------------------------------------------

    async def _new_game(
        self, white: str | None, black: str | None, guild_id: int | None, ids: tuple[int, int], fen: str | None
    ) -> GameView:
        white_id, black_id = ids
        await self.service.players.ensure(white_id, white)
        await self.service.players.ensure(black_id, black)
        challenge = await self.service.challenges.create(
            white_id,
            black_id,
            settings=GameSettings(color="white", start_fen=fen),
            guild_id=guild_id,
        )
        return (await self.service.challenges.accept(challenge.id, black_id)).game

    def new_game(
        self,
        white: str | None = "Alice",
        black: str | None = "Bob",
        guild_id: int | None = None,
        *,
        ids: tuple[int, int] = (WHITE, BLACK),
        fen: str | None = None,
    ) -> int:
        return self.run(self._new_game(white, black, guild_id, ids, fen)).id

    async def play_moves(self, game_id: int, plies: int, seed: int) -> list[str]:
        """Random legal moves, each as its notation; the game as the rules library replays it."""
        rng = random.Random(seed)
        played = []
        for _ in range(plies):
            game = await self.service.queries.game(game_id)
            moves = game.position.legal_moves()
            if not moves or not game.active:
                break
            move = rng.choice(moves)
            text = format_move(game.position, move)
            assert game.to_move_id is not None
            await self.service.games.play(game_id, game.to_move_id, text)
            played.append(text)
        return played

    def play(self, game_id: int, plies: int, seed: int = 1) -> list[str]:
        return self.run(self.play_moves(game_id, plies, seed))

    def link(self, game_id: int) -> str:
        async def link() -> str:
            found = await self.service.web.link(await self.service.queries.game(game_id))
            assert found is not None
            return found

        return self.run(link())

    def replay(self, game_id: int) -> Game:
        return self.run(self.service.queries.replay(game_id))
