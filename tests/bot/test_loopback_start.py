"""`python -m bot` with DISCORD_API_BASE/DISCORD_GATEWAY_URL connects through bot/discord_endpoints.py to the
loopback Discord, syncs its commands and answers one (the full journeys are a separate suite)."""

from __future__ import annotations

import asyncio
import sys

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


async def test_a_restart_with_unchanged_commands_does_not_sync_again(fake_discord, bot_launcher) -> None:  # noqa: F811
    """Discord rate-limits command registration: only the first start (or an operator's resync) syncs."""
    bot = await bot_launcher.process("bot")
    await fake_discord.wait_until(lambda: fake_discord.sync_log, what="the first sync")
    assert len(fake_discord.sync_log) == 1
    await bot.restart()
    inter = await fake_discord.slash(fake_discord.alice, "rules", variant="italian")
    await fake_discord.wait_for_reply(inter)  # the restarted bot is up and answering
    assert len(fake_discord.sync_log) == 1

    await bot.stop()
    resync = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "bot", "resync-commands", env=bot.env(), stdout=asyncio.subprocess.PIPE
    )
    out, _ = await resync.communicate()
    assert resync.returncode == 0 and b"next start" in out
    await bot.start()
    await fake_discord.wait_until(lambda: len(fake_discord.sync_log) == 2, what="the requested sync")
