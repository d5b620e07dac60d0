"""Every interaction gets an answer (issue 12): a picker from before a restart, an unknown command, numbers
beyond 64 bits and options of the wrong type each get a sentence, never silence or a traceback (the
launcher fails a test on any traceback in the bot's log)."""

from __future__ import annotations

import pytest

from tests.e2e.helpers import game_id_of, rows, slash_move, start_game, wait_dms
from tests.fakediscord.fixtures import bot_launcher, fake_discord  # noqa: F401

pytestmark = pytest.mark.asyncio
HUGE = 2**70


async def test_stale_prompts_unknown_commands_and_huge_numbers_get_sentences(fake_discord, bot_launcher) -> None:  # noqa: F811
    fake = fake_discord
    bot = await bot_launcher.process("bot")
    alice, bob = fake.alice, fake.bob
    board = await start_game(fake, alice, bob)
    game = game_id_of(board)
    moved = await slash_move(fake, alice, "22-18")
    await wait_dms(fake, bob, 1)

    # bob opens the move picker, then the bot restarts before he chooses
    picker = await fake.wait_for_reply(await fake.click(bob, moved, f"dama:move:{game}"))
    assert picker.ephemeral and "which piece" in picker.content, picker.content
    old = fake.message_by_id(picker.message_id)
    select = next(c for c in old.components[0]["components"] if str(c.get("custom_id", "")).startswith("dama-pick:"))
    await bot.restart()
    stale = await fake.wait_for_reply(
        await fake.select(bob, picker.message_id, select["custom_id"], [select["options"][0]["value"]])
    )
    assert stale.ephemeral and "from before I restarted" in stale.content, stale.content
    fresh = [c for c in stale.custom_ids() if c == f"dama:move:{game}"]
    assert fresh, stale.custom_ids()
    reopened = await fake.wait_for_reply(await fake.click(bob, stale, fresh[0]))
    assert reopened.ephemeral and "which piece" in reopened.content  # the fresh button works
    assert rows(bot.database_path, "SELECT ply FROM games WHERE id = ?", (game,)) == [(1,)]

    # a command Discord still lists from an older version of the bot
    gone = await fake.wait_for_reply(await fake.raw_command(bob, "tournament-old", []))
    assert gone.ephemeral and "I don't know that command" in gone.content, gone.content
    assert "WARNING" in bot.output() and "stale or unknown command" in bot.output()

    # numbers beyond 64 bits, in an option and in a button; a string where a number belongs
    board_id = next(c["id"] for c in fake.commands() if c["name"] == "board")
    huge = await fake.wait_for_reply(
        await fake.raw_command(bob, "board", [{"name": "game", "type": 4, "value": HUGE}], command_id=int(board_id))
    )
    assert huge.ephemeral and huge.content == f"There is no game #{HUGE}.", huge.content
    pressed = await fake.wait_for_reply(await fake.forge_click(bob, moved, f"dama:move:{HUGE}", channel=fake.channel))
    assert pressed.ephemeral and pressed.content == f"There is no game #{HUGE}.", pressed.content
    wrong = await fake.wait_for_reply(
        await fake.raw_command(bob, "board", [{"name": "game", "type": 4, "value": "abc"}], command_id=int(board_id))
    )
    assert wrong.ephemeral and "something went wrong" not in wrong.content.lower(), wrong.content
    assert "abc" in wrong.content, wrong.content
