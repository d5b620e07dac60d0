"""/vacation and /forget-me end to end (issue 12), through the loopback Discord and the real bot process."""

from __future__ import annotations

import pytest

from tests.e2e.helpers import field, game_id_of, rows, start_game, wait_dms
from tests.fakediscord.fixtures import bot_launcher, fake_discord  # noqa: F401

pytestmark = pytest.mark.asyncio


async def test_vacation_pauses_and_resumes_the_clock(fake_discord, bot_launcher) -> None:  # noqa: F811
    fake = fake_discord
    bot = await bot_launcher.process("bot")
    alice, bob = fake.alice, fake.bob
    game = game_id_of(await start_game(fake, alice, bob))  # alice (White) is to move
    await wait_dms(fake, alice, 1)

    status = await fake.wait_for_reply(await fake.slash(alice, "vacation"))
    assert status.ephemeral and status.content == (
        "You are not on vacation. Start one with /vacation action:start; it pauses your clocks. "
        "Vacation days left this year: 14."
    )
    started = await fake.wait_for_reply(await fake.slash(alice, "vacation", action="start"))
    assert started.ephemeral and started.content.startswith("Enjoy your vacation"), started.content
    [(deadline, paused)] = rows(bot.database_path, "SELECT move_deadline, paused_seconds FROM games WHERE id = ?",
                                (game,))
    assert deadline is None and paused is not None and paused > 3 * 86_400 - 120
    board = await fake.wait_for_reply(await fake.slash(bob, "board", game=game))
    assert field(board, "Deadline") == "paused (vacation)"
    again = await fake.wait_for_reply(await fake.slash(alice, "vacation", action="start"))
    assert again.ephemeral and again.content == "You are already on vacation."
    on = await fake.wait_for_reply(await fake.slash(alice, "vacation", action="status"))
    assert "You are on vacation since <t:" in on.content, on.content

    ended = await fake.wait_for_reply(await fake.slash(alice, "vacation", action="end"))
    assert ended.ephemeral and ended.content.startswith("Welcome back: your clocks run again."), ended.content
    [(deadline, paused)] = rows(bot.database_path, "SELECT move_deadline, paused_seconds FROM games WHERE id = ?",
                                (game,))
    assert deadline is not None and paused is None
    [(used,)] = rows(bot.database_path, "SELECT used_seconds FROM vacation_usage")
    assert 0 <= used < 120
    not_on = await fake.wait_for_reply(await fake.slash(alice, "vacation", action="end"))
    assert not_on.content == "You are not on vacation."


async def test_forget_me_asks_then_ends_games_and_anonymises(fake_discord, bot_launcher) -> None:  # noqa: F811
    fake = fake_discord
    bot = await bot_launcher.process("bot")
    alice, bob = fake.alice, fake.bob
    game = game_id_of(await start_game(fake, alice, bob))
    await wait_dms(fake, alice, 1)

    asked = await fake.wait_for_reply(await fake.slash(bob, "forget-me"))
    assert asked.ephemeral and "This cannot be undone." in asked.content
    yes, no = sorted(asked.custom_ids(), key=lambda c: not c.endswith(":yes"))
    assert yes.endswith(":yes") and no.endswith(":no")
    cancelled = await fake.wait_for_reply(await fake.click(bob, asked, no))
    assert cancelled.content == "Cancelled."
    assert rows(bot.database_path, "SELECT status FROM games") == [("active",)]

    asked = await fake.wait_for_reply(await fake.slash(bob, "forget-me"))
    yes = next(c for c in asked.custom_ids() if c.endswith(":yes"))
    click = await fake.click(bob, asked, yes)
    [done] = await fake.wait_for_followups(click, 1)
    assert done.ephemeral and done.content == "Done: your data is deleted. Games ended: 1. Challenges withdrawn: 0."
    # bob (Black) left: the game is his loss, unrated, and stays under an anonymous id
    assert rows(bot.database_path, "SELECT status, result, termination, rated, black_id < 0 FROM games") == [
        ("finished", "1-0", "abandoned", 0, 1)]
    assert rows(bot.database_path, "SELECT COUNT(*) FROM players WHERE id = ?", (bob.id,)) == [(0,)]
    # alice hears it on the game's board (the outbox worker posts it)
    final = await fake.wait_for_message(fake.channel, predicate=lambda m: "deleted their data" in m.content,
                                        timeout=20)
    assert final.content.endswith("so the game ends. White wins."), final.content
    assert field(final, "Result") == "1-0 · White wins by forfeit: Black's player has left Dama."
    assert game_id_of(final) == game
    # the post no longer names bob: not in its words, nor on the card
    assert "Anonymous player left Dama" in final.content, final.content
    assert str(bob.id) not in final.content and field(final, "Black") == "Anonymous player"
