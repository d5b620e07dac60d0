"""A game belongs to its server (issue 12): a member of another server gets exactly what a missing game gets,
from every command and button; members of the game's server may look at it there; players everywhere."""

from __future__ import annotations

import pytest

from tests.e2e.helpers import game_id_of, rows, slash_move, start_game, wait_dms
from tests.fakediscord.fixtures import bot_launcher, fake_discord  # noqa: F401

pytestmark = pytest.mark.asyncio


async def test_members_of_another_server_cannot_see_or_touch_a_game(fake_discord, bot_launcher) -> None:  # noqa: F811
    fake = fake_discord
    carol = fake.add_user("carol")  # a member of the game's server, not a player
    mallory = fake.add_user("mallory")  # a member of another server the bot is also in
    elsewhere = fake.add_channel("other-server-games", guild_id=fake.snow.next())
    bot = await bot_launcher.process("bot")
    alice, bob = fake.alice, fake.bob
    board = await start_game(fake, alice, bob)
    game = game_id_of(board)
    await slash_move(fake, alice, "22-18")
    await wait_dms(fake, bob, 1)
    before = rows(bot.database_path, "SELECT * FROM games")
    missing = f"There is no game #{game}."

    async def from_elsewhere(command: str, **options) -> None:  # type: ignore[no-untyped-def]
        reply = await fake.wait_for_reply(await fake.slash(mallory, command, channel=elsewhere, **options))
        assert reply.ephemeral and reply.content == missing, (command, reply.content)
        assert not reply.files and not reply.embeds, command

    for command, options in (
        ("board", {}), ("pdn", {}), ("replay", {}), ("hint", {}), ("move", {"move": "11-14"}),
        ("resign", {}), ("draw", {}), ("takeback", {}), ("analyse", {}), ("rematch", {}), ("premove", {}),
    ):
        await from_elsewhere(command, game=game, **options)
    for custom_id in (f"dama:offer:draw:yes:{game}", f"dama:offer:takeback:no:{game}", f"dama:move:{game}",
                      f"dama:type:{game}", f"dama:resign:{game}", f"dama:draw:{game}", f"dama:rematch:{game}"):
        reply = await fake.wait_for_reply(await fake.forge_click(mallory, board, custom_id, channel=elsewhere))
        assert reply.ephemeral and reply.content == missing, (custom_id, reply.content)
    # the same for the players' own commands when they ask from the other server? No: players see their game
    pdn = await fake.wait_for_reply(await fake.slash(bob, "pdn", channel=elsewhere, game=game))
    assert pdn.ephemeral and pdn.files, pdn.content

    # a member of the game's own server may look at it there, but not act
    looked = await fake.wait_for_reply(await fake.slash(carol, "board", game=game))
    assert not looked.ephemeral and looked.embeds, looked.content
    acted = await fake.wait_for_reply(await fake.slash(carol, "move", game=game, move="11-14"))
    assert acted.ephemeral and acted.content == "You are not playing in that game."

    # the game is untouched and the numbers reveal nothing: a real and a missing game answer alike
    assert rows(bot.database_path, "SELECT * FROM games") == before
    ghost = await fake.wait_for_reply(await fake.slash(mallory, "board", channel=elsewhere, game=game + 100))
    assert ghost.content == f"There is no game #{game + 100}."
