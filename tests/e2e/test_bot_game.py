"""Journey 3: a whole game against the bot at level 1, every move made with the Move button and the
picker's selects. The test's own moves come from the engine searching 4 plies (stronger than level 1)."""

from __future__ import annotations

import time

import pytest

import engine
from rules import find_variant, format_move, parse_fen
from tests.e2e.helpers import check_board_image, field, game_id_of, game_state, pick_move, wait_picker_closed
from tests.fakediscord.fixtures import bot_launcher, fake_discord  # noqa: F401

pytestmark = pytest.mark.asyncio
MAX_MOVES = 150


async def test_full_game_against_the_bot_with_buttons(fake_discord, bot_launcher) -> None:  # noqa: F811
    fake = fake_discord
    bot = await bot_launcher.process("bot")
    alice = fake.alice
    started = await fake.wait_for_reply(await fake.slash(alice, "play", level=1, colour="white"))
    game = game_id_of(started)
    assert "Dama bot (level 1)" in started.content and f"{alice.mention} (White)" in started.content
    rules = find_variant("italian")
    board = started.message
    assert board is not None
    began = time.monotonic()
    played = 0
    try:
        for _ in range(MAX_MOVES):
            state = game_state(bot.database_path, game)
            if state["status"] == "finished":
                break
            assert state["current_fen"].startswith("W"), state  # the bot has answered: White to move
            position = parse_fen(rules, state["current_fen"])
            choice = (await engine.analyse(position, depth=4)).move
            assert choice is not None
            inter = await pick_move(fake, alice, board, position.board.name(choice.start),
                                    format_move(position, choice))
            reply = await fake.wait_for_reply(inter)
            check_board_image(reply)
            # the private picker ends by saying what was played (its last step, after the boards)
            await wait_picker_closed(fake, inter, f"You played {format_move(position, choice)} in game #{game}.")
            played += 1
            ply = state["ply"] + 1

            def answered(ply: int = ply) -> dict[str, object] | None:
                now = game_state(bot.database_path, game)
                return now if now["status"] == "finished" or now["ply"] > ply else None

            await fake.wait_until(answered, timeout=20, what="the bot's answer")
            # the newest board of this game (the bot's answer, or the final board)
            board = await fake.wait_until(
                lambda: next((m for m in reversed(fake.messages(fake.channel))
                              if m.embeds and m.embeds[0].get("title", "").startswith(f"Game #{game} ")
                              and (m.custom_ids() or field(m, "Result"))), None),
                what="the latest board")
    finally:
        engine.shutdown()
    final = game_state(bot.database_path, game)
    assert final["status"] == "finished", f"not over after {played} moves"
    last = fake.messages(fake.channel)[-1]
    assert field(last, "Result") is not None and field(last, "Result").startswith(final["result"])
    assert last.custom_ids() == [f"dama:rematch:{game}", f"dama:study:{game}"]  # no move buttons
    check_board_image(last)
    # both sides moved in turn: alice's moves were made through the picker, the bot answered each
    assert final["ply"] in (2 * played - 1, 2 * played)
    print(f"bot game: {final['result']} {final['termination']} after {final['ply']} plies "
          f"in {time.monotonic() - began:.1f} s")
