"""Journey 2: the bot process restarts mid-game; the Move button on a board posted before still works."""

from __future__ import annotations

import pytest

from tests.e2e.helpers import (
    check_board_image,
    field,
    game_id_of,
    pick_move,
    rows,
    slash_move,
    start_game,
    wait_dms,
    wait_picker_closed,
)
from tests.fakediscord.fixtures import bot_launcher, fake_discord  # noqa: F401

pytestmark = pytest.mark.asyncio


async def test_old_move_button_works_after_a_restart(fake_discord, bot_launcher) -> None:  # noqa: F811
    fake = fake_discord
    bot = await bot_launcher.process("bot")
    alice, bob = fake.alice, fake.bob
    first = await start_game(fake, alice, bob)
    game = game_id_of(first)
    await slash_move(fake, alice, "22-18")
    board = await slash_move(fake, bob, "11-14")  # this board's buttons are pressed after the restart
    assert field(board, "To move") == f"White: {alice.mention}"
    # alice is told by DM when the game starts and after each of bob's moves; wait until bob's move
    await wait_dms(fake, alice, 2)  # bob's move is fully handled (board posted, alice told) before the stop
    first_pid = bot.pid

    await bot.restart()
    assert bot.pid != first_pid and bot.starts == 2

    # White must take: 18x11 is the only legal move (the man on 18 jumps 14), so the picker goes
    # straight to that piece's moves.
    played = await pick_move(fake, alice, board, "18", "18x11")
    reply = await fake.wait_for_reply(played)
    await wait_picker_closed(fake, played, f"You played 18x11 in game #{game}.")
    assert f"{alice.mention} played 18x11." in reply.content, reply.content
    check_board_image(reply)
    assert field(reply, "Last move") == "18x11 (takes 14)"
    assert rows(bot.database_path, "SELECT ply FROM games WHERE id = ?", (game,)) == [(3,)]

    # and the game goes on with the new board's buttons and with commands
    followup = await slash_move(fake, bob, "7x14")  # Black's only capture: 7 takes the man on 11
    assert followup.content.startswith(f"{bob.mention} played 7x14."), followup.content
    assert [r[0] for r in rows(bot.database_path, "SELECT path FROM moves WHERE game_id = ? ORDER BY ply",
                               (game,))] == ["22-18", "11-14", "18x11", "7x14"]
    # each time it became alice's move she was told by DM: the start, after 11-14, after 7x14
    dms = await wait_dms(fake, alice, 3)
    assert all(f"Your move in game #{game}." in m.content for m in dms)
