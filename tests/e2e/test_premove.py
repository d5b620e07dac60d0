"""Conditional moves through the loopback Discord: a reply played at once when its move comes (two plies
stored, the board posted), every line cleared by another move, and lines private to their player."""

from __future__ import annotations

import pytest

from tests.e2e.helpers import check_board_image, field, game_id_of, rows, slash_move, start_game, wait_dms
from tests.fakediscord.fixtures import bot_launcher, fake_discord  # noqa: F401

pytestmark = pytest.mark.asyncio


async def test_a_conditional_reply_is_played_at_once_and_other_moves_clear_the_lines(
    fake_discord, bot_launcher  # noqa: F811
) -> None:
    fake = fake_discord
    bot = await bot_launcher.process("bot")
    alice, bob = fake.alice, fake.bob
    game = game_id_of(await start_game(fake, alice, bob))
    await slash_move(fake, alice, "21-17")

    # Italian, Black (bob) to move after 21-17. Alice (White) plans two branches; a third line is illegal:
    # after 12-16 the reply 24-19 is no move (24 goes to 20 only), so it is refused at move 2, 24-19.
    stored = await fake.wait_for_reply(await fake.slash(alice, "premove", game=game, moves="12-16 24-20"))
    assert stored.ephemeral and "1. 12-16 24-20" in stored.content, stored.content
    listing = await fake.wait_for_reply(await fake.slash(alice, "premove", game=game, moves="9-13 22-18"))
    assert listing.ephemeral and "1. 12-16 24-20\n2. 9-13 22-18" in listing.content, listing.content
    bad = await fake.wait_for_reply(await fake.slash(alice, "premove", game=game, moves="11-15 24-19"))
    assert bad.ephemeral and bad.content.startswith("That line is refused at move 2 (24-19, your reply)"), bad.content
    assert rows(bot.database_path, "SELECT COUNT(*) FROM premoves") == [(2,)]
    hidden = await fake.wait_for_reply(await fake.slash(bob, "premove", game=game))
    assert hidden.ephemeral and "You have no conditional moves" in hidden.content and "24-20" not in hidden.content

    played = await slash_move(fake, bob, "12-16")
    assert not played.ephemeral
    assert played.content.startswith(
        f"{bob.mention} played 12-16. {alice.mention} answered at once with 24-20 (a conditional move)."
    ), played.content
    check_board_image(played)
    assert field(played, "Last move") == "24-20"
    assert field(played, "To move") == f"Black: {bob.mention}"
    plies = rows(bot.database_path, "SELECT ply, path, player_id FROM moves WHERE game_id = ? ORDER BY ply", (game,))
    assert plies == [(1, "21-17", alice.id), (2, "12-16", bob.id), (3, "24-20", alice.id)]
    assert rows(bot.database_path, "SELECT ply FROM games WHERE id = ?", (game,)) == [(3,)]
    assert rows(bot.database_path, "SELECT COUNT(*) FROM premoves") == [(0,)]  # the other branch went too

    # a line for 11-15 (20x11 would punish it); bob plays 10-14 instead: nothing is answered, all cleared
    await fake.wait_for_reply(await fake.slash(alice, "premove", game=game, moves="11-15 20x11"))
    other = await slash_move(fake, bob, "10-14")
    assert other.content.startswith(f"{bob.mention} played 10-14.") and "conditional" not in other.content
    assert rows(bot.database_path, "SELECT ply FROM games WHERE id = ?", (game,)) == [(4,)]
    assert rows(bot.database_path, "SELECT COUNT(*) FROM premoves") == [(0,)]
    await wait_dms(fake, alice, 2)
