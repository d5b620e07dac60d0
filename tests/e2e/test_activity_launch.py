"""Open board as a Discord Activity, end to end: the real bot (`python -m bot`) against the loopback Discord
with ACTIVITY_ENABLED=1 (and the application's Activities switched on in the fake): every board carries Open
board instead of the web link, pressing it answers with LAUNCH_ACTIVITY (interaction callback type 12, whose
body the fake checks against Discord's OpenAPI description), and the Activity Discord opens at `/` signs the
presser in through POST /api/token and leads them to that game's page. The web link without the setting is
tests/e2e/test_web_links.py."""

from __future__ import annotations

import asyncio
import json
import urllib.error
import urllib.request
from typing import Any

import pytest

from tests.e2e.helpers import game_id_of, slash_move, start_game
from tests.fakediscord.fixtures import bot_launcher, fake_discord  # noqa: F401
from tests.fakediscord.model import Message, Reply
from tests.web.site import free_port

pytestmark = pytest.mark.asyncio
QUERY = "?frame_id=f1&instance_id=i-1-gc-2&platform=desktop"


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args: Any, **kwargs: Any) -> None:
        return None


def call(url: str, data: bytes | None = None, headers: dict[str, str] | None = None) -> tuple[int, Any, str]:
    opener = urllib.request.build_opener(NoRedirect)
    request = urllib.request.Request(url, data=data, headers=headers or {})
    try:
        with opener.open(request, timeout=10) as answer:
            return answer.status, answer.headers, answer.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, error.headers, error.read().decode()


def buttons(posted: Message | Reply) -> list[dict[str, Any]]:
    message = posted.message if isinstance(posted, Reply) else posted
    assert message is not None
    return [c for c in message.all_components() if c.get("type") == 2]


async def test_open_board_launches_the_activity_which_opens_on_that_game(fake_discord, bot_launcher) -> None:  # noqa: F811
    fake = fake_discord
    fake.enable_activities()  # and with them Discord's Entry Point command, which the bot's sync must keep
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    env = {
        "WEB_PORT": str(port),
        "WEB_BASE_URL": base,
        "DISCORD_CLIENT_ID": str(fake.app_id),
        "DISCORD_CLIENT_SECRET": fake.oauth_client_secret,
        "ACTIVITY_ENABLED": "1",
    }
    await bot_launcher.process("bot", env=env)
    synced = fake.command_schema[None]
    assert [c["name"] for c in synced if c["type"] == 4] == ["launch"]  # kept (Discord refuses to drop it)
    assert {"move", "board", "challenge"} <= {c["name"] for c in synced if c["type"] == 1}
    first = await start_game(fake, fake.alice, fake.bob)
    game = game_id_of(first)
    moved = await slash_move(fake, fake.alice, "22-18")
    for board in (first, moved):
        (opener,) = [b for b in buttons(board) if b.get("custom_id", "").startswith("dama:activity:")]
        assert opener["label"] == "Open board" and opener["custom_id"] == f"dama:activity:{game}"
        assert [b for b in buttons(board) if b.get("style") == 5] == []  # no web link beside it

    pressed = await fake.click(fake.bob, moved, f"dama:activity:{game}")
    assert await fake.wait_for_ack(pressed) == 12  # LAUNCH_ACTIVITY
    assert pressed.refusals == []

    # Discord opens the Activity at the URL mapping's root: not signed in yet, the page that signs in
    status, headers, page = await asyncio.to_thread(call, f"{base}/{QUERY}")
    assert status == 200 and '<script src="static/activity.js" defer></script>' in page
    assert f'<meta name="dama-activity" content="{fake.app_id}" data-token="api/token">' in page
    assert "frame-ancestors 'self' https://discord.com" in headers["Content-Security-Policy"]
    # what activity.js does with the code Discord's client gives its authorize
    code = fake.activity_code(fake.bob, str(fake.app_id), ["identify"])
    body = json.dumps({"code": code}).encode()
    sent = {"Content-Type": "application/json", "Origin": base}
    status, headers, answer = await asyncio.to_thread(call, f"{base}/api/token", body, sent)
    assert status == 200 and json.loads(answer)["access_token"] in fake.oauth_tokens, answer
    cookie = headers["Set-Cookie"].split(";", 1)[0]
    # signed in, the Activity's root leads to the game Bob pressed Open board under (once)
    status, headers, _ = await asyncio.to_thread(call, f"{base}/{QUERY}", None, {"Cookie": cookie})
    assert status == 303 and headers["Location"].startswith(f"./g/{game}/"), headers["Location"]
    assert headers["Location"].endswith(QUERY)
    status, _, page = await asyncio.to_thread(call, base + "/" + headers["Location"][2:], None, {"Cookie": cookie})
    assert status == 200 and f"Game #{game}" in page and "Signed in as Bob" in page
    status, headers, _ = await asyncio.to_thread(call, f"{base}/{QUERY}", None, {"Cookie": cookie})
    assert status == 303 and headers["Location"] == f"./my{QUERY}"  # asked once: then My games
    assert fake.oauth_refusals == []

