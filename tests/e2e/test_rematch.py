"""Rematch through the loopback Discord: the final board's Rematch button posts a challenge with colours
swapped; the opponent's Accept starts it. /rematch of a game still being played is refused."""

from __future__ import annotations

import pytest

from tests.e2e.helpers import check_board_image, game_id_of, game_state, rows, slash_move, start_game
from tests.fakediscord.fixtures import bot_launcher, fake_discord  # noqa: F401

pytestmark = pytest.mark.asyncio


async def test_the_rematch_button_leads_to_a_new_game_with_colours_swapped(
    fake_discord, bot_launcher  # noqa: F811
) -> None:
    fake = fake_discord
    bot = await bot_launcher.process("bot")
    alice, bob = fake.alice, fake.bob
    game = game_id_of(await start_game(fake, alice, bob, rated=True))
    await slash_move(fake, alice, "21-17")

    early = await fake.wait_for_reply(await fake.slash(bob, "rematch", game=game))
    assert early.ephemeral and early.content == f"Game #{game} is still being played: a rematch comes after it ends."
    assert rows(bot.database_path, "SELECT COUNT(*) FROM challenges") == [(1,)]

    final = await fake.wait_for_reply(await fake.slash(alice, "resign", game=game))
    assert "resigned. Black wins." in final.content
    assert final.custom_ids() == [f"dama:rematch:{game}", f"dama:study:{game}"]
    final_message = fake.message_by_id(final.message_id)

    carol = fake.add_user("carol")  # a member of the server, not a player
    stranger = await fake.wait_for_reply(await fake.click(carol, final_message, f"dama:rematch:{game}"))
    assert stranger.ephemeral and stranger.content == "You are not playing in that game."

    offer = await fake.wait_for_reply(await fake.click(bob, final_message, f"dama:rematch:{game}"))
    assert not offer.ephemeral
    assert offer.content.startswith(f"{alice.mention}, {bob.mention} asks for a rematch of game #{game}: ")
    assert "Italian draughts, 3 days per move, rated, " in offer.content and "now plays White." in offer.content
    twice = await fake.wait_for_reply(await fake.click(bob, final_message, f"dama:rematch:{game}"))
    assert twice.ephemeral and twice.content.startswith("You already asked for this rematch"), twice.content
    crossed = await fake.wait_for_reply(await fake.click(alice, final_message, f"dama:rematch:{game}"))
    assert crossed.ephemeral and crossed.content.startswith("Your opponent already asked you"), crossed.content
    assert rows(bot.database_path, "SELECT COUNT(*) FROM challenges WHERE status = 'open'") == [(1,)]
    accept = next(c for c in offer.custom_ids() if c.startswith("dama:accept:"))
    started = (await fake.wait_for_followups(await fake.click(alice, offer, accept), 1))[0]
    assert "begins" in started.content, started.content
    check_board_image(started)
    second = game_id_of(started)
    assert second != game
    old, new = game_state(bot.database_path, game), game_state(bot.database_path, second)
    assert (new["white_id"], new["black_id"]) == (old["black_id"], old["white_id"]) == (bob.id, alice.id)
    for same in ("variant", "rated", "days_per_move", "start_fen", "bot_level", "guild_id"):
        assert new[same] == old[same], same
    assert (new["status"], new["ply"]) == ("active", 0)
