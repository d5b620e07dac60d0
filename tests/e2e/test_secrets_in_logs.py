"""Logs hold no secrets at any level (issue 12): a whole game at LOG_LEVEL=DEBUG, then the bot's log is
searched for the bot token, every interaction token the fake handed out, and webhook URLs with a token; and
the same with the web pages of every kind open (review rows 4 and 5)."""

from __future__ import annotations

import asyncio
import re
import sqlite3
import urllib.error
import urllib.request
from typing import Any

import pytest

from tests.e2e.helpers import game_id_of, slash_move, start_game, wait_dms
from tests.fakediscord import Upload
from tests.fakediscord.fixtures import bot_launcher, fake_discord  # noqa: F401
from tests.fakediscord.model import Reply
from tests.web.site import free_port

pytestmark = pytest.mark.asyncio


async def test_a_debug_log_of_a_whole_game_holds_no_secret(fake_discord, bot_launcher) -> None:  # noqa: F811
    fake = fake_discord
    bot = await bot_launcher.process("bot", env={"LOG_LEVEL": "DEBUG"})
    alice, bob = fake.alice, fake.bob
    board = await start_game(fake, alice, bob)
    game = game_id_of(board)
    for user, move in ((alice, "22-18"), (bob, "11-14"), (alice, "18x11")):
        await slash_move(fake, user, move)
    await wait_dms(fake, bob, 2)
    await fake.wait_for_reply(await fake.slash(bob, "hint", game=game))
    await fake.wait_for_reply(await fake.slash(bob, "resign", game=game))
    log = bot.output()
    assert "DEBUG" in log and "INTERACTION_CREATE" in log  # the chatty loggers did run
    tokens = list(fake.by_token)
    assert len(tokens) >= 6
    assert fake.token not in log
    assert not [token for token in tokens if token in log]
    assert not re.search(r"/webhooks/\d+/(?!<redacted>)", log)
    assert "<redacted>" in log  # what was there is masked, not dropped


RECORD = b'[White "Ann"]\n[Black "Bo"]\n[Result "1-0"]\n\n1. 22-18 11-15 2. 23-20 9-13 1-0\n'


def _link(posted: Any) -> str:
    message = posted.message if isinstance(posted, Reply) else posted
    (url,) = [c["url"] for c in message.all_components() if c.get("type") == 2 and c.get("style") == 5]
    return str(url)


def _get(url: str) -> int:
    try:
        with urllib.request.urlopen(url, timeout=10) as answer:
            answer.read()
            return int(answer.status)
    except urllib.error.HTTPError as error:
        return int(error.code)


async def test_a_debug_log_with_web_pages_of_every_kind_holds_no_secret(fake_discord, bot_launcher) -> None:  # noqa: F811
    """Review rows 4 and 5: no WEB_SECRET (the bot generates one and stores it: aiosqlite logged that INSERT
    with its values), a game's and an imported record's links opened in every form (the access log wrote
    `/i/1/<token>`), interaction tokens, the bot token: none of them anywhere in a DEBUG log."""
    fake = fake_discord
    port = free_port()
    bot = await bot_launcher.process("bot", env={"WEB_PORT": str(port), "LOG_LEVEL": "DEBUG"})
    board = await start_game(fake, fake.alice, fake.bob)
    await slash_move(fake, fake.alice, "22-18")
    report = await fake.wait_for_reply(await fake.slash(fake.alice, "import", file=Upload("club.pdn", RECORD)))
    assert "imported as #1" in report.content, report.content
    imported = await fake.wait_for_reply(await fake.slash(fake.bob, "board", imported=1))
    links = [_link(board), _link(imported)]
    assert [url.split("/")[3] for url in links] == ["g", "i"]
    for url in links:
        for suffix in ("", "?ply=1", "/state", "/ply/1", "/pdn"):
            assert await asyncio.to_thread(_get, url + suffix) == 200, url + suffix
        assert await asyncio.to_thread(_get, url[:-1] + ("A" if url[-1] != "A" else "B")) == 404
    await wait_dms(fake, fake.bob, 1)
    with sqlite3.connect(bot.database_path) as db:
        (secret,) = db.execute("SELECT value FROM bot_state WHERE key = 'web_secret'").fetchone()
    log = bot.output()
    tokens = [url.rsplit("/", 1)[1] for url in links]
    secrets = [fake.token, secret, *tokens, *(token[:-1] for token in tokens), *fake.by_token]
    assert len(secrets) >= 10 and all(len(value) >= 16 for value in secrets)
    assert [value for value in secrets if value in log] == []
    assert "DEBUG" in log and "INTERACTION_CREATE" in log  # the chatty loggers did run
    assert "GET /i/1/…/state" in log and f"GET /g/{game_id_of(board)}/…/pdn" in log  # each request, token cut out
    assert "aiosqlite" not in log  # its DEBUG lines hold every statement's values
