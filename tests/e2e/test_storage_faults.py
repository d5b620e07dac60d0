"""The database's faults told as they are, on the real bot (`python -m bot`) against the loopback Discord
(review rows 6 and 7): another process holding the SQLite write lock gets the player a sentence about the
storage within Discord's 3 s (not "Discord is not taking my messages", not silence), and the game goes on once
the lock is free; the database file deleted under the running bot fails /readyz, is an ERROR in the log, and
refuses writes with a sentence instead of losing them at the next start. The bot logs no traceback."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.data.test_faults import hold_lock
from tests.e2e.helpers import check_board_image, slash_move, start_game
from tests.e2e.test_metrics import free_port, get
from tests.fakediscord.fixtures import bot_launcher, fake_discord  # noqa: F401

pytestmark = pytest.mark.asyncio
BUSY = "My storage is busy right now, so I could not save that. Please try again in a minute."
UNWRITABLE = "My storage cannot be written to (its disk is full or read-only, or its file is gone), so I could not"


async def test_a_locked_database_is_told_within_three_seconds(fake_discord, bot_launcher) -> None:  # noqa: F811
    fake = fake_discord
    bot = await bot_launcher.process("bot")
    await start_game(fake, fake.alice, fake.bob)
    holder = await hold_lock(bot.database_path, 8)  # review row 6 held it 30 s
    try:
        inter = await fake.slash(fake.alice, "move", move="22-18")
        reply = await fake.wait_for_reply(inter)
        assert inter.ack_latency is not None and inter.ack_latency < 3.0
        assert reply.content == BUSY and reply.message is not None and reply.message.ephemeral
    finally:
        await holder.wait()
    moved = await slash_move(fake, fake.alice, "22-18")  # the lock is free: the same move goes through
    check_board_image(moved)
    assert "storage fault answering interaction" in bot.output()


async def test_a_deleted_database_file_fails_readiness(fake_discord, bot_launcher) -> None:  # noqa: F811
    fake = fake_discord
    port = free_port()
    bot = await bot_launcher.process("bot", env={"METRICS_PORT": str(port)})
    await start_game(fake, fake.alice, fake.bob)
    status, body = await get(port, "/readyz")
    assert status == 200 and json.loads(body)["database_writable"] is True, body
    for suffix in ("", "-wal", "-shm"):  # review row 7: `rm` of all three mid-run
        Path(f"{bot.database_path}{suffix}").unlink(missing_ok=True)
    status, body = await get(port, "/readyz")
    assert status == 503, body
    assert json.loads(body)["database_writable"] is False and json.loads(body)["database_fault"] == "replaced"
    inter = await fake.slash(fake.alice, "move", move="22-18")
    reply = await fake.wait_for_reply(inter)
    assert reply.content.startswith(UNWRITABLE), reply.content
    log = bot.output()
    assert f"the database file {bot.database_path} was deleted while the bot runs" in log
    assert "readiness: the database cannot be written (replaced" in log
