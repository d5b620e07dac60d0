"""`python -m bot` with DISCORD_API_BASE/DISCORD_GATEWAY_URL connects through bot/discord_endpoints.py to the
loopback Discord, syncs its commands and answers one (the full journeys are a separate suite)."""

from __future__ import annotations

import pytest

from tests.fakediscord.fixtures import bot_launcher, fake_discord  # noqa: F401

pytestmark = pytest.mark.asyncio

ISSUE_COMMANDS = {
    "challenge", "play", "move", "board", "games", "resign", "draw", "takeback", "hint", "pdn", "replay",
    "rules", "rating", "leaderboard", "settings", "server-settings",
}


async def test_python_m_bot_connects_and_answers(fake_discord, bot_launcher) -> None:  # noqa: F811
    await bot_launcher.process("bot")
    await fake_discord.wait_until(lambda: fake_discord.command("server-settings"), what="commands synced")
    synced = {c["name"] for c in fake_discord.commands(guild=True) + fake_discord.commands()}
    assert synced >= ISSUE_COMMANDS
    inter = await fake_discord.slash(fake_discord.alice, "rules", variant="italian")
    reply = await fake_discord.wait_for_reply(inter)
    assert reply.ephemeral and reply.embeds[0]["title"] == "Italian draughts"
