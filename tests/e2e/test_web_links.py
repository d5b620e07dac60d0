"""The web page's link button, end to end: the real bot (`python -m bot`) against the loopback Discord, with
WEB_PORT and WEB_BASE_URL set every board post carries an "Open on the web" link (validated by the fake:
a link button has a url and no custom id), the link opens the game's page, `/server-settings web_links:False`
removes the buttons and closes the pages; without WEB_PORT no board carries one."""

from __future__ import annotations

import asyncio
import socket
import urllib.error
import urllib.request
from typing import Any

import pytest

from tests.e2e.helpers import game_id_of, slash_move, start_game, wait_dms
from tests.fakediscord import Upload
from tests.fakediscord.fixtures import bot_launcher, fake_discord  # noqa: F401
from tests.fakediscord.model import Message, Reply
from tests.web.site import free_port

pytestmark = pytest.mark.asyncio
LABEL = "Open on the web"


def links(posted: Message | Reply) -> list[dict[str, Any]]:
    message = posted.message if isinstance(posted, Reply) else posted
    assert message is not None
    return [c for c in message.all_components() if c.get("type") == 2 and c.get("style") == 5]


def get(url: str) -> tuple[int, str]:
    try:
        with urllib.request.urlopen(url, timeout=10) as answer:
            return answer.status, answer.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode()


async def test_every_board_links_to_the_game_page(fake_discord, bot_launcher) -> None:  # noqa: F811
    fake = fake_discord
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    await bot_launcher.process("bot", env={"WEB_PORT": str(port), "WEB_BASE_URL": base})
    alice, bob = fake.alice, fake.bob
    first = await start_game(fake, alice, bob)
    game = game_id_of(first)
    (button,) = links(first)
    assert button["label"] == LABEL and "custom_id" not in button
    url = button["url"]
    assert url.startswith(f"{base}/g/{game}/") and len(url.rsplit("/", 1)[1]) >= 16
    status, page = await asyncio.to_thread(get, url)
    assert status == 200 and f"Game #{game}" in page and "White to move" in page

    boards = [first]
    moved = await slash_move(fake, alice, "22-18")
    boards.append(moved)
    shown = await fake.wait_for_reply(await fake.slash(bob, "board", game=game))
    boards.append(shown)
    dms = await wait_dms(fake, bob, 1)  # "your move" with the board
    boards.extend(dm for dm in dms if dm.attachments)
    resigned = await fake.wait_for_reply(await fake.slash(bob, "resign", game=game))
    boards.append(resigned)
    for board in boards:
        assert [b["url"] for b in links(board)] == [url], board.content
    assert resigned.custom_ids() == [f"dama:rematch:{game}", f"dama:study:{game}"]  # finished: Rematch, Study, the link
    status, page = await asyncio.to_thread(get, url)
    assert status == 200 and "White wins: Black resigned." in page

    saved = await fake.wait_for_reply(await fake.slash(fake.owner, "server-settings", web_links=False))
    assert "Boards do not link to the web, and the games' pages are closed." in saved.content
    status, page = await asyncio.to_thread(get, url)
    assert status == 404 and "There is no game at this address." in page
    second = await start_game(fake, alice, bob)
    assert links(second) == []


async def test_without_web_port_no_board_carries_a_link(fake_discord, bot_launcher) -> None:  # noqa: F811
    fake = fake_discord
    await bot_launcher.process("bot")
    first = await start_game(fake, fake.alice, fake.bob)
    moved = await slash_move(fake, fake.alice, "22-18")
    for board in (first, moved):
        assert links(board) == []
        assert board.custom_ids()  # the game's own buttons are still there


async def test_a_debug_log_holds_no_link_token_and_no_web_secret(fake_discord, bot_launcher) -> None:  # noqa: F811
    fake = fake_discord
    port = free_port()
    secret = "operator-chosen-web-secret-0123"
    env = {"WEB_PORT": str(port), "WEB_SECRET": secret, "LOG_LEVEL": "DEBUG"}
    bot = await bot_launcher.process("bot", env=env)
    first = await start_game(fake, fake.alice, fake.bob)
    moved = await slash_move(fake, fake.alice, "22-18")
    url = links(first)[0]["url"]
    token = url.rsplit("/", 1)[1]
    assert [b["url"] for b in links(moved)] == [url]
    for suffix in ("", "/state", "/ply/1", "/pdn"):
        assert (await asyncio.to_thread(get, url + suffix))[0] == 200
    assert (await asyncio.to_thread(get, url[:-1] + ("A" if url[-1] != "A" else "B")))[0] == 404
    await wait_dms(fake, fake.bob, 1)
    log = bot.output()
    assert "DEBUG" in log and "INTERACTION_CREATE" in log  # the chatty loggers ran, components and all
    assert f"GET /g/{game_id_of(first)}/…/state" in log  # the access log names each request...
    assert token not in log and token[:-1] not in log  # ...without the token, nor does any other line
    assert secret not in log


async def test_the_bot_refuses_to_start_on_a_taken_web_port(fake_discord, bot_launcher) -> None:  # noqa: F811
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        bot = await bot_launcher.process("bot", env={"WEB_PORT": str(port)}, start=False)
        await bot.spawn()
        assert await bot.wait_exit() == 5
    output = bot.output()
    assert f"cannot serve the web pages on 127.0.0.1:{port} (WEB_HOST, WEB_PORT)" in output
    assert "Traceback" not in output
    assert fake_discord.sessions == []  # it said so before connecting to Discord


RECORD = b'[White "Ann"]\n[Black "Bo"]\n[Result "1-0"]\n\n1. 22-18 11-15 2. 23-20 9-13 1-0\n'


async def test_an_imported_board_links_to_the_records_page(fake_discord, bot_launcher) -> None:  # noqa: F811
    fake = fake_discord
    port = free_port()
    await bot_launcher.process("bot", env={"WEB_PORT": str(port)})
    report = await fake.wait_for_reply(await fake.slash(fake.alice, "import", file=Upload("club.pdn", RECORD)))
    assert "imported as #1" in report.content, report.content
    board = await fake.wait_for_reply(await fake.slash(fake.bob, "board", imported=1))
    (button,) = links(board)
    assert button["label"] == LABEL and button["url"].startswith(f"http://127.0.0.1:{port}/i/1/")
    status, page = await asyncio.to_thread(get, button["url"])
    assert status == 200 and "Imported game #1: Ann – Bo." in page and ">9-13</a>" in page
