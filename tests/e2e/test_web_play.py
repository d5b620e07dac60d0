"""A move made on the web page, end to end: the real bot (`python -m bot`) against the loopback Discord with
WEB_PORT and the OAuth2 client settings; Alice signs in through the loopback Discord's /oauth2/authorize,
/oauth2/token and /users/@me, posts her move to the page as the JSON contract says, and the board appears in
the game's channel once, with Bob's "your move" DM, exactly as after a /move."""

from __future__ import annotations

import asyncio
import json
import re
from urllib.parse import parse_qs, urlsplit

import aiohttp
import pytest

from tests.e2e.helpers import game_id_of, start_game, wait_dms
from tests.fakediscord.fixtures import bot_launcher, fake_discord  # noqa: F401
from tests.web.site import free_port

pytestmark = pytest.mark.asyncio


async def test_a_move_made_on_the_web_appears_in_the_channel_once(fake_discord, bot_launcher) -> None:  # noqa: F811
    fake = fake_discord
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    fake.oauth_redirects.add(f"{base}/auth/callback")
    env = {
        "WEB_PORT": str(port),
        "WEB_BASE_URL": base,
        "DISCORD_CLIENT_ID": str(fake.app_id),
        "DISCORD_CLIENT_SECRET": fake.oauth_client_secret,
    }
    await bot_launcher.process("bot", env=env)
    first = await start_game(fake, fake.alice, fake.bob)
    game = game_id_of(first)
    page = next(c["url"] for c in first.all_components() if c.get("type") == 2 and c.get("style") == 5)
    fake.oauth_browser_user = fake.alice
    async with aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True)) as http:
        async with http.get(f"{base}/auth/login?next={urlsplit(page).path}", allow_redirects=False) as answer:
            authorize = answer.headers["Location"]
        query = {key: values[0] for key, values in parse_qs(urlsplit(authorize).query).items()}
        consent = {**query, "decision": "authorize"}
        async with http.post(authorize.split("?")[0], data=consent, allow_redirects=False) as answer:
            back = answer.headers["Location"]
        async with http.get(back, allow_redirects=False) as answer:
            assert answer.status == 303 and answer.headers["Location"] == page
        async with http.get(page) as answer:
            found = re.search(r'<meta name="csrf-token" content="([^"]+)">', await answer.text())
        assert found is not None and fake.oauth_refusals == []
        headers = {"X-CSRF-Token": found.group(1), "Origin": base, "Content-Type": "application/json"}
        async with http.post(page + "/move", data=json.dumps({"move": "22-18"}), headers=headers) as answer:
            state = await answer.json()
            assert answer.status == 200, state
    assert state["moves"][-1]["text"] == "22-18"
    posted = await fake.wait_for_message(fake.channel, after=first, predicate=lambda m: "22-18" in m.content)
    assert posted.content == f"{fake.alice.mention} played 22-18." and posted.attachments
    assert f"dama:move:{game}" in posted.custom_ids()  # the board with Bob's buttons, as after a /move
    await wait_dms(fake, fake.bob, 1)  # Bob's "your move", after the board
    await asyncio.sleep(1.0)  # anything posted twice would be here by now
    boards = [m for m in fake.messages(fake.channel) if m.id > first.id and "22-18" in m.content]
    assert [m.id for m in boards] == [posted.id]
