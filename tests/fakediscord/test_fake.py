"""The loopback Discord against a real discord.py bot (demo_bot) run as a subprocess.

Facts checked come from Discord's documented behaviour (error codes 40060, 10062; option limits are
enforced by Discord, not discord.py) and from geometry (the PNG's pixels), not from the fake's code."""

from __future__ import annotations

import io
import socket

import aiohttp
import pytest
from PIL import Image

from tests.fakediscord import BotLauncher, FakeDiscord, FakeDiscordError, InteractionRefused, guard
from tests.fakediscord.demo_bot import CELL, DARK, LIGHT

DEMO = "tests.fakediscord.demo_bot"


def square_colour(png: bytes, size: int, row: int, col: int) -> tuple[int, int, int]:
    img = Image.open(io.BytesIO(png))
    assert img.format == "PNG" and img.size == (size * CELL, size * CELL)
    return img.convert("RGB").getpixel((col * CELL + CELL // 2, row * CELL + CELL // 2))  # type: ignore[return-value]


@pytest.mark.asyncio
async def test_login_sync_ready(fake_discord: FakeDiscord, bot_launcher: BotLauncher) -> None:
    await bot_launcher.process(DEMO)
    paths = [(r.method, r.path.split("/api/v10", 1)[1]) for r in fake_discord.requests]
    assert ("GET", "/users/@me") in paths
    assert ("PUT", f"/applications/{fake_discord.app_id}/commands") in paths
    board = fake_discord.command("board")
    assert board is not None
    size = next(o for o in board["options"] if o["name"] == "size")
    assert (size["type"], size["required"], size["min_value"], size["max_value"]) == (4, True, 2, 19)
    session = fake_discord.ready_session()
    assert session is not None and session.heartbeats >= 1 and session.identify is not None
    assert session.identify["token"] == fake_discord.token
