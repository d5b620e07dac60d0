"""Layer 2b: interaction payloads through discord.py's real dispatch (tree routing, option parsing, checks,
cooldowns, autocomplete, persistent DynamicItem buttons, the tree error handler), no sockets."""

from __future__ import annotations

import discord
import pytest

from bot.client import DamaBot
from tests.bot.dispatch import autocomplete, click, dispatch, make_bot, slash
from tests.bot.support import ALICE, BOB
from tests.bot.test_commands import new_game

pytestmark = pytest.mark.asyncio
EPHEMERAL = 64


async def test_move_command_defers_then_posts_the_board(bot: DamaBot) -> None:
    adapter = await make_bot(bot)
    game_id = await new_game(bot.service)
    await bot.service.players.set_preferences(BOB, notifications="channel")
    sent = await dispatch(bot, adapter, slash(ALICE, "move", {"move": "22-18"}), answers=2)
    assert sent[0]["path"].endswith("/callback") and sent[0]["json"]["type"] == 5  # deferred
    followup = sent[1]
    assert followup["method"] == "POST" and followup["path"].startswith("/webhooks/")
    assert followup["files"] == [f"game-{game_id}-1.png"]
    assert followup["json"]["content"] == "<@101> played 22-18. <@102>, your move."
    buttons = [c["custom_id"] for row in followup["json"]["components"] for c in row["components"]]
    assert buttons == [f"dama:{a}:{game_id}" for a in ("move", "type", "draw", "resign", "study", "follow")]
    assert followup["json"]["embeds"][0]["image"]["url"] == f"attachment://game-{game_id}-1.png"


async def test_refusal_goes_through_the_tree_error_handler(bot: DamaBot) -> None:
    adapter = await make_bot(bot)
    await new_game(bot.service)
    sent = await dispatch(bot, adapter, slash(BOB, "move", {"move": "9-13"}))
    data = sent[0]["json"]["data"]
    assert sent[0]["json"]["type"] == 4 and data["flags"] & EPHEMERAL
    assert data["content"] == "It is not your turn: the game is waiting for <@101>."


async def test_hint_cooldown_per_user(bot: DamaBot) -> None:
    adapter = await make_bot(bot)
    await new_game(bot.service)
    first = await dispatch(bot, adapter, slash(ALICE, "hint", {}), answers=2)
    assert first[1]["json"]["content"].startswith("Hint for game #1:")
    second = await dispatch(bot, adapter, slash(ALICE, "hint", {}))
    assert second[0]["json"]["data"]["content"].startswith("Slow down: you can use this again in")
    assert second[0]["json"]["data"]["flags"] & EPHEMERAL


async def test_server_settings_needs_manage_server(bot: DamaBot) -> None:
    adapter = await make_bot(bot)
    sent = await dispatch(bot, adapter, slash(ALICE, "server-settings", {"thread_per_game": True}))
    assert sent[0]["json"]["data"]["content"] == "You need the Manage Server permission for that."
    admin = discord.Permissions(manage_guild=True)
    sent = await dispatch(bot, adapter, slash(ALICE, "server-settings", {"thread_per_game": True}, permissions=admin))
    assert "A thread per game: on" in sent[0]["json"]["data"]["content"]


async def test_move_autocomplete_lists_legal_moves_with_captures(bot: DamaBot) -> None:
    adapter = await make_bot(bot)
    await new_game(bot.service)
    sent = await dispatch(bot, adapter, autocomplete(ALICE, "move", "move", {"move": "22"}))
    assert sent[0]["json"]["type"] == 8
    choices = {c["value"] for c in sent[0]["json"]["data"]["choices"]}
    assert choices == {"22-18", "22-19"}  # docs/RULES.md (Italian): from 22 a White man steps to 18 or 19
    none = await dispatch(bot, adapter, autocomplete(BOB, "move", "move", {"move": ""}))
    assert none[0]["json"]["data"]["choices"] == []  # not Bob's turn


async def test_persistent_move_button_after_a_restart(bot: DamaBot) -> None:
    # A fresh bot (no views in memory) routes an old message's button by its custom_id alone.
    adapter = await make_bot(bot)
    game_id = await new_game(bot.service)
    sent = await dispatch(bot, adapter, click(ALICE, f"dama:move:{game_id}"))
    data = sent[0]["json"]["data"]
    assert sent[0]["json"]["type"] == 4 and data["flags"] & EPHEMERAL
    assert data["content"] == f"Game #{game_id}: which piece do you want to move?"
    select = data["components"][0]["components"][0]
    assert select["type"] == 3 and [o["label"] for o in select["options"]] == ["21", "22", "23", "24"]
    refused = await dispatch(bot, adapter, click(BOB, f"dama:resign:{game_id}"))
    assert refused[0]["json"]["data"]["content"] == f"Resign game #{game_id}? This cannot be undone."
