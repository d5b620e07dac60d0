"""Endgame table files at start-up (engine/tablebuild.py): the real bot on an empty tables folder says what it
has, builds Italian's five-piece file and International's in the background and says when each is in use;
with ENGINE_TABLES=off (what the rest of the suite runs with) it builds nothing."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

import pytest

from engine import native, tablefiles
from rules import VARIANTS
from tests.fakediscord.fixtures import bot_launcher, fake_discord  # noqa: F401

pytestmark = pytest.mark.asyncio


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
    wanted = [f"endgame tables: {v}'s table file is ready" for v in ("italian", "international")]
    while not all(line in bot.output() for line in wanted):
        # about 75 CPU-seconds in all; at nice 19 on a machine busy with the rest of the suite it takes longer
        assert time.monotonic() - started < 900, bot.tail()
        await asyncio.sleep(2)
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
