"""The loopback Discord (tests/fakediscord) on a thread of its own, serving the OAuth2 sign-in to a web Site
(tests/web/site.py), and a plain HTTP client with a cookie jar that follows the sign-in hop by hop."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Coroutine
from concurrent.futures import Future
from pathlib import Path
from typing import Any, TypeVar

import aiohttp

from tests.fakediscord.fake import FakeDiscord
from tests.web.site import Site
from web import OAuthConfig

T = TypeVar("T")


class LoopbackDiscord:
    def __init__(self) -> None:
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, name="test-discord", daemon=True)
        self.thread.start()
        self.fake: FakeDiscord = self.run(self._start())

    async def _start(self) -> FakeDiscord:
        return await FakeDiscord().start()

    def run(self, work: Coroutine[Any, Any, T]) -> T:
        future: Future[T] = asyncio.run_coroutine_threadsafe(work, self.loop)
        return future.result(timeout=30)

    def oauth(self) -> OAuthConfig:
        return OAuthConfig(str(self.fake.app_id), self.fake.oauth_client_secret, self.fake.api_base)

    def site(self, folder: Path, **config: Any) -> Site:
        """A web site whose Sign in goes to this Discord, registered as the application's redirect."""
        site = Site(folder, oauth=self.oauth(), poll_seconds=0.3, **config)
        self.fake.oauth_redirects.add(f"{site.base}/auth/callback")
        return site

    def close(self) -> None:
        self.run(self.fake.close())
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(timeout=10)


class Client:
    """One browser's worth of cookies, on the loopback Discord's loop; redirects are followed by hand."""

    def __init__(self, discord: LoopbackDiscord) -> None:
        self.discord = discord
        self.http: aiohttp.ClientSession = discord.run(self._open())

    async def _open(self) -> aiohttp.ClientSession:
        return aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True))

    def request(self, method: str, url: str, **options: Any) -> tuple[int, dict[str, str], str]:
        async def go() -> tuple[int, dict[str, str], str]:
            async with self.http.request(method, url, allow_redirects=False, **options) as answer:
                return answer.status, dict(answer.headers), await answer.text()

        return self.discord.run(go())

    def cookie(self, name: str) -> str | None:
        for cookie in self.http.cookie_jar:
            if cookie.key == name:
                return cookie.value
        return None

    def close(self) -> None:
        self.discord.run(self.http.close())
