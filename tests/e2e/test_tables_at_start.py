"""Endgame table files at start-up (engine/tablebuild.py): the real bot on an empty tables folder says what it
has, builds Italian's five-piece file and International's in the background, says when each is in use, and its
engine processes, started before the files existed, use them; with ENGINE_TABLES=off (what the rest of the suite
runs with) it builds nothing."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

import pytest

from engine import native, tablefiles
from rules import VARIANTS
from tests.e2e.helpers import game_id_of
from tests.fakediscord.fake import FakeDiscord
from tests.fakediscord.fixtures import bot_launcher, fake_discord  # noqa: F401

pytestmark = pytest.mark.asyncio
# International, White (a lone king on 31) to move against men on 2, 3 and 15: a win in 39 plies by the four-piece
# file (found by probing it), beyond what a 1.5 s hint reaches without it (depth 22 to 28 on the shared machine).
LONG_WIN = "W:WK31:B2,3,15"
WON = "wins by force (within 20 moves)"  # 39 plies: White's 20th move ends it


async def hint(fake: FakeDiscord, game: int) -> str:
    reply = await fake.wait_for_reply(await fake.slash(fake.alice, "hint", game=game), timeout=60)
    return str(reply.content)


async def test_with_engine_tables_off_nothing_is_built(fake_discord, bot_launcher, tmp_path: Path) -> None:  # noqa: F811
    folder = tmp_path / "tables"
    bot = await bot_launcher.process("bot", env={"ENGINE_TABLES": "off", "DAMA_TABLES": str(folder)})
    await asyncio.sleep(2)
    await bot.stop()
    said = bot.output()
    assert f"endgame tables in {folder}: no table file yet; ENGINE_TABLES=off: no missing one is built" in said
    assert not folder.exists()


@pytest.mark.slow
async def test_a_bot_on_an_empty_folder_builds_and_uses_its_table_files(
    fake_discord, bot_launcher, tmp_path: Path, monkeypatch: pytest.MonkeyPatch  # noqa: F811
) -> None:
    folder = tmp_path / "tables"
    started = time.monotonic()
    bot = await bot_launcher.process("bot", env={"ENGINE_TABLES": "on", "DAMA_TABLES": str(folder)})
    assert (
        f"endgame tables in {folder}: no table file yet; building italian, international, english, russian, "
        "brazilian in the background at the lowest priority" in bot.output()
    )
    offer = await fake_discord.wait_for_reply(await fake_discord.slash(
        fake_discord.alice, "challenge", opponent=fake_discord.bob, colour="white", variant="international",
        fen=LONG_WIN,
    ))
    accept = next(c for c in offer.custom_ids() if c.startswith("dama:accept:"))
    game = game_id_of((await fake_discord.wait_for_followups(await fake_discord.click(fake_discord.bob, offer, accept),
                                                             1))[0])
    before = await hint(fake_discord, game)  # the engine process maps International's tables: none yet
    assert "White" in before and "wins by force" not in before, before
    wanted = [f"endgame tables: {v}'s table file is ready" for v in ("italian", "international")]
    while not all(line in bot.output() for line in wanted):
        # about 75 CPU-seconds in all; at nice 19 on a machine busy with the rest of the suite it takes longer
        assert time.monotonic() - started < 900, bot.tail()
        await asyncio.sleep(2)
    after = await hint(fake_discord, game)  # the same engine process, now with the file
    assert WON in after, after
    await bot.stop()
    assert not list(folder.glob("*.partial"))  # the build of the next variant was stopped with the bot
    # the files are whole: an engine process maps them and its search probes them
    monkeypatch.setenv("DAMA_TABLES", str(folder))
    tablefiles.forget_images()
    try:
        for variant, pieces in (("italian", 5), ("international", 4)):
            handle = native.build_core(VARIANTS[variant], 10)
            assert native.install_table_file(handle, VARIANTS[variant]) == pieces
    finally:
        tablefiles.forget_images()
