"""The page as a Discord Activity, in headless Chromium: a test parent frame plays Discord's client (it
answers the Embedded App SDK's postMessage handshake, READY, AUTHORIZE and AUTHENTICATE, tests/web/
activity_parent.html), the game's page inside it signs in through the bot's POST /api/token against the
loopback Discord's /oauth2/token and /users/@me, and ends signed in. The parent is served on the page's own
origin by a small proxy in front of the site, as Discord's <application id>.discordsays.com proxy serves an
Activity (the SDK answers only messages from Discord's origins or its own). Without ACTIVITY_ENABLED the same
parent cannot frame the page at all."""

from __future__ import annotations

import secrets
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlencode

import aiohttp
import pytest
from aiohttp import web
from selenium import webdriver
from selenium.webdriver.common.by import By

from tests.web.browser import chromium
from tests.web.loopback import LoopbackDiscord
from tests.web.site import Site, free_port
from tests.web.test_browser import csp_violations, wait_for

pytestmark = pytest.mark.slow
PARENT = Path(__file__).with_name("activity_parent.html")
HOP = {"host", "content-length", "transfer-encoding", "connection", "accept-encoding", "content-encoding"}


class Front:
    """127.0.0.1:<port>: /discord-client answers with the parent page; everything else goes to the site."""

    def __init__(self, discord: LoopbackDiscord) -> None:
        self.discord = discord
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.target = ""
        self.parent = ""
        self.runner: web.AppRunner = discord.run(self._start())

    async def _start(self) -> web.AppRunner:
        self.http = aiohttp.ClientSession(auto_decompress=True)
        app = web.Application()
        app.router.add_route("*", "/{tail:.*}", self.serve)
        runner = web.AppRunner(app, access_log=None)
        await runner.setup()
        await web.TCPSite(runner, "127.0.0.1", self.port).start()
        return runner

    async def serve(self, request: web.Request) -> web.StreamResponse:
        if request.path == "/discord-client":
            return web.Response(text=self.parent, content_type="text/html")
        headers = {name: value for name, value in request.headers.items() if name.lower() not in HOP}
        body = await request.read()
        async with self.http.request(
            request.method, self.target + request.path_qs, headers=headers, data=body or None, allow_redirects=False
        ) as answer:
            content = await answer.read()
            out = web.Response(status=answer.status, body=content)
            for name, value in answer.headers.items():
                if name.lower() not in HOP:
                    out.headers.add(name, value)
            return out

    def close(self) -> None:
        async def stop() -> None:
            await self.http.close()
            await self.runner.cleanup()

        self.discord.run(stop())


@pytest.fixture
def front(discord: LoopbackDiscord) -> Iterator[Front]:
    made = Front(discord)
    try:
        yield made
    finally:
        made.close()


def activity_site(discord: LoopbackDiscord, front: Front, folder: Path, activity: bool) -> Site:
    site = discord.site(folder, base_url=front.base, activity=activity)
    front.target = f"http://127.0.0.1:{site.port}"
    return site


def open_in_discord(front: Front, discord: LoopbackDiscord, page: str, code: str) -> str:
    """The parent page framing `page` with Discord's query parameters; its address."""
    frame_id = secrets.token_hex(8)
    query = urlencode({"frame_id": frame_id, "instance_id": "i-1-gc-2", "platform": "desktop"})
    fill = {
        "__SRC__": f"{page}?{query}",
        "__CLIENT_ID__": str(discord.fake.app_id),
        "__FRAME_ID__": frame_id,
        "__CODE__": code,
        "__USER_ID__": str(discord.fake.bob.id),
    }
    text = PARENT.read_text(encoding="utf-8")
    for key, value in fill.items():
        text = text.replace(key, value)
    front.parent = text
    return f"{front.base}/discord-client"


def test_the_page_inside_discord_signs_in_through_the_sdk_and_the_bots_token_exchange(
    discord: LoopbackDiscord, front: Front, tmp_path: Path
) -> None:
    site = activity_site(discord, front, tmp_path, activity=True)
    browser = chromium_fresh()
    try:
        game = site.new_game()
        page = site.link(game)
        assert page.startswith(front.base)
        code = discord.fake.activity_code(discord.fake.bob, str(discord.fake.app_id), ["identify"])
        browser.get(open_in_discord(front, discord, page, code))
        browser.switch_to.frame(browser.find_element(By.ID, "activity"))
        wait_for(browser, lambda: bool(browser.find_elements(By.ID, "signed-in")), "signed in inside the frame")
        assert browser.find_element(By.ID, "signed-in").text == "Signed in as Bob"
        assert browser.find_element(By.CSS_SELECTOR, 'meta[name="csrf-token"]').get_attribute("content")
        # the page's own links stay on the origin that serves it (Discord's proxy, here the test's)
        assert browser.find_element(By.ID, "my-games").get_attribute("href") == f"{front.base}/my"
        browser.switch_to.default_content()
        seen = browser.execute_script("return window.seen")
        # the first page: handshake, AUTHORIZE, AUTHENTICATE; signed in, the reloaded page only says hello
        assert seen == ["op0", "AUTHORIZE", "AUTHENTICATE", "op0"], seen
        assert browser.execute_script("return window.refused") == []
        token = browser.execute_script("return window.authenticated")
        assert token in discord.fake.oauth_tokens  # the access token the loopback Discord gave for the code
        assert discord.fake.oauth_tokens[token] is discord.fake.bob
        assert code not in discord.fake.oauth_codes  # exchanged, once
        assert discord.fake.oauth_refusals == []
        assert site.run(site.service.sessions.sessions_of(discord.fake.bob.id)) == 1
        assert csp_violations(browser) == []
    finally:
        browser.quit()
        site.close()


def test_without_activity_enabled_the_same_parent_cannot_frame_the_page(
    discord: LoopbackDiscord, front: Front, tmp_path: Path
) -> None:
    site = activity_site(discord, front, tmp_path, activity=False)
    browser = chromium_fresh()
    try:
        page = site.link(site.new_game())
        code = discord.fake.activity_code(discord.fake.bob, str(discord.fake.app_id), ["identify"])
        browser.get(open_in_discord(front, discord, page, code))
        wait_for(
            browser,
            lambda: any("frame-ancestors" in entry["message"] for entry in browser.get_log("browser")),
            "the frame refused by frame-ancestors 'none'",
        )
        browser.switch_to.frame(browser.find_element(By.ID, "activity"))
        assert browser.find_elements(By.ID, "signed-in") == []
        browser.switch_to.default_content()
        assert browser.execute_script("return window.seen") == []
        assert code in discord.fake.oauth_codes  # never exchanged
    finally:
        browser.quit()
        site.close()


def chromium_fresh() -> webdriver.Chrome:
    """A browser of its own: no cookie from another test's sign-in."""
    return chromium()
