"""Languages over the loopback: private refusals in the client's language, public posts in the server's,
reminders in the player's saved language, and slash commands synced with their localizations."""

from __future__ import annotations

import asyncio
import re

import pytest

from messages.i18n import SHIPPED
from tests.e2e.helpers import check_board_image, field, game_id_of, slash_move, start_game, wait_dms
from tests.e2e.test_deadline import shorten_clock
from tests.fakediscord.fixtures import bot_launcher, fake_discord  # noqa: F401

pytestmark = pytest.mark.asyncio

# Italian draughts: after these moves Black's 7x14 takes one piece where 6x15x24 takes two (the most pieces
# must be taken), as in test_two_members.
OPENING = ["24-20", "12-16", "22-18", "11-14", "18x11"]
# Discord locales that must carry every command's localized name: the shipped ones, and es-419 (read as es-ES).
LOCALES = {*SHIPPED, "es-419"}


async def test_the_same_refused_capture_in_italian_and_in_russian(fake_discord, bot_launcher) -> None:  # noqa: F811
    fake = fake_discord
    await bot_launcher.process("bot")
    alice, bob = fake.alice, fake.bob
    await start_game(fake, alice, bob)
    for ply, move in enumerate(OPENING):
        await slash_move(fake, (alice, bob)[ply % 2], move)

    bob.locale = "it"
    italian = await slash_move(fake, bob, "7x14")
    assert italian.ephemeral
    assert italian.content == "Devi mangiare 2 pezzi; 7x14 ne mangia solo 1. Mosse valide: 6x15x24."

    bob.locale = "ru"
    russian = await slash_move(fake, bob, "7x14")
    assert russian.ephemeral
    assert russian.content == "Вы должны побить 2 шашки; ход 7x14 бьёт только 1. Возможные ходы: 6x15x24."

    bob.locale = "en-GB"
    english = await slash_move(fake, bob, "7x14")
    assert english.content == "You must capture 2 pieces; 7x14 captures only 1. Legal: 6x15x24."


async def test_a_public_board_in_an_italian_server_is_worded_in_italian(fake_discord, bot_launcher) -> None:  # noqa: F811
    fake = fake_discord
    fake.guild_locale = "it"  # the server's Discord language, seen in GUILD_CREATE
    await bot_launcher.process("bot")
    alice, bob = fake.alice, fake.bob  # their clients stay English: public posts follow the server
    offer = await fake.wait_for_reply(await fake.slash(alice, "challenge", opponent=bob, colour="white"))
    assert not offer.ephemeral
    assert offer.content.startswith(f"{bob.mention}, {alice.mention} ti sfida a una partita: Dama italiana, ")
    accept = next(c for c in offer.custom_ids() if c.startswith("dama:accept:"))
    board = (await fake.wait_for_followups(await fake.click(bob, offer, accept), 1))[0]
    game = int(re.search(r"#(\d+)", board.embeds[0]["title"]).group(1))
    assert board.content.startswith(f"Comincia la partita #{game}: {alice.mention} (Bianco) contro {bob.mention}")
    assert field(board, "Tocca a") == f"Bianco: {alice.mention}"
    assert board.embeds[0]["title"] == f"Partita #{game} · Dama italiana"
    labels = [c.get("label") for row in board.components for c in row.get("components", [])]
    assert labels == ["Muovi", "Scrivi la mossa", "Proponi patta", "Abbandona", "Studia", "Segui"]
    check_board_image(board)

    # a private refusal still follows the player's own (English) client
    early = await slash_move(fake, bob, "11-15")
    assert early.ephemeral and early.content.startswith("It is not your turn")


async def test_server_settings_language_overrides_the_discord_locale(fake_discord, bot_launcher) -> None:  # noqa: F811
    fake = fake_discord
    await bot_launcher.process("bot")
    owner = fake.owner
    saved = await fake.wait_for_reply(await fake.slash(owner, "server-settings", language="it"))
    assert saved.ephemeral and "Language of public posts: Italiano." in saved.content
    offer = await fake.wait_for_reply(await fake.slash(fake.alice, "challenge", opponent=fake.bob))
    assert " ti sfida a una partita: " in offer.content


async def test_a_reminder_dm_in_the_players_saved_language(fake_discord, bot_launcher) -> None:  # noqa: F811
    fake = fake_discord
    bot = await bot_launcher.process("bot")
    alice, bob = fake.alice, fake.bob
    chose = await fake.wait_for_reply(await fake.slash(bob, "settings", language="it"))
    assert chose.ephemeral and chose.content.startswith("Saved. ")  # said in his client's English
    board = await start_game(fake, alice, bob)
    game = game_id_of(board)
    await slash_move(fake, alice, "22-18")
    told = (await wait_dms(fake, bob, 1))[-1]
    assert told.content.startswith(f"Tocca a te nella partita #{game}.")
    await bot.stop()
    await shorten_clock(bot.database_path, game, 30.0)
    await bot.start()
    reminder = (await wait_dms(fake, bob, 2))[-1]
    assert reminder.content.startswith(f"Promemoria: la partita #{game} aspetta la tua mossa. Scadenza:")
    assert field(reminder, "Tocca a") == f"Nero: {bob.mention}"


async def test_a_players_client_locale_is_remembered_for_dms(fake_discord, bot_launcher) -> None:  # noqa: F811
    fake = fake_discord
    await bot_launcher.process("bot")
    alice, bob = fake.alice, fake.bob
    bob.locale = "it"  # never chose a language: the last client locale seen decides his DMs
    await fake.wait_for_reply(await fake.slash(bob, "games"))
    await start_game(fake, alice, bob)
    await slash_move(fake, alice, "22-18")
    told = (await wait_dms(fake, bob, 1))[-1]
    assert told.content.startswith("Tocca a te nella partita #")


async def test_synced_commands_carry_localizations_for_every_shipped_locale(fake_discord, bot_launcher) -> None:  # noqa: F811
    fake = fake_discord
    await bot_launcher.process("bot")
    for _ in range(100):
        if fake.commands():
            break
        await asyncio.sleep(0.05)
    commands = fake.commands()  # the fake refuses a schema Discord would refuse, localizations included
    assert commands
    for command in commands:
        assert set(command.get("name_localizations") or {}) >= LOCALES, command["name"]
        assert set(command.get("description_localizations") or {}) >= LOCALES, command["name"]
    move = next(c for c in commands if c["name"] == "move")
    assert move["name_localizations"]["it"] == "mossa"
    assert move["name_localizations"]["es-419"] == move["name_localizations"]["es-ES"]
    game_option = next(o for o in move["options"] if o["name"] == "game")
    assert game_option["name_localizations"]["it"] == "partita"
