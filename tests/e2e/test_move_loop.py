"""The one move loop through the loopback Discord: in a game against the bot, the player enters a conditional
reply while the bot thinks about its answer; the answer meets it, and the bot answers that too, all in the
reply to the one /move, long before any overdue sweep (30 s) could. The same state from a timer: the bot's
reply left to the sweep goes the same way. The bot runs in this process (a scripted engine stands in for the
search, so the test knows the bot's moves); the plies come from the rules library (tests/scripted.py)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
import pytest_asyncio

from bot.client import DamaBot
from data import Database
from service import SYSTEM, Service, acting_as
from tests.e2e.helpers import field, game_id_of, game_state, rows, slash_move
from tests.fakediscord import guard
from tests.fakediscord.fake import FakeDiscord
from tests.fakediscord.fixtures import bot_launcher, fake_discord  # noqa: F401
from tests.fakediscord.process import BotLauncher
from tests.scripted import FirstMoveEngine, waiting_line

pytestmark = pytest.mark.asyncio


@pytest_asyncio.fixture
async def database(tmp_path: Path) -> AsyncIterator[tuple[Database, Path]]:
    path = tmp_path / "inproc.sqlite3"
    db = await Database.open(path)
    yield db, path
    await db.close()


async def _start(launcher: BotLauncher, db: Database, engine: FirstMoveEngine) -> DamaBot:
    def factory() -> DamaBot:
        # no background loops: nothing but the reply to the command can move the game on
        return DamaBot(Service(db, engine=engine), run_timers=False, guild_ready_timeout=0.05,
                       connector=guard.loopback_connector())

    return (await launcher.run_in_process(factory)).client  # type: ignore[no-any-return]


async def _bot_game(fake: FakeDiscord) -> int:
    started = await fake.wait_for_reply(await fake.slash(fake.alice, "play", level=1, colour="white"))
    return game_id_of(started)


def _plies(path: Path, game: int) -> list[tuple[str, int]]:
    return [(str(n), int(p)) for n, p in rows(path, "SELECT notation, player_id FROM moves WHERE game_id = ? "
                                                    "ORDER BY ply", (game,))]


async def test_a_move_meets_the_waiting_reply_and_the_bot_answers_it_at_once(
    fake_discord: FakeDiscord, bot_launcher: BotLauncher, database: tuple[Database, Path]  # noqa: F811
) -> None:
    fake = fake_discord
    db, path = database
    first, line, plies = waiting_line()
    entered: dict[str, Any] = {}

    async def enter_line() -> None:  # the player's /premove lands while the bot searches
        with acting_as(SYSTEM):
            entered["lines"] = await bot.service.premoves.add(entered["game"], fake.alice.id, line)

    bot = await _start(bot_launcher, db, FirstMoveEngine(enter_line))
    game = entered["game"] = await _bot_game(fake)
    played = await slash_move(fake, fake.alice, first)
    assert not played.ephemeral and field(played, "Last move") == first
    state = await fake.wait_until(lambda: (s := game_state(path, game))["ply"] == 4 and s, timeout=10,
                                  what="the bot's answer to the conditional reply")
    assert state["current_fen"].startswith("W") and state["status"] == "active"
    bot_id = _plies(path, game)[1][1]
    assert _plies(path, game) == list(zip(plies, [fake.alice.id, bot_id, fake.alice.id, bot_id], strict=True))
    assert entered["lines"].lines  # the line was stored while the bot was to move
    # the boards follow the reply: the last one shows the bot's second answer, with the player to move
    last = await fake.wait_until(
        lambda: next((m for m in reversed(fake.messages(fake.channel))
                      if m.embeds and field(m, "Last move") == plies[3]), None), what="the last board")
    assert field(last, "To move") is not None and fake.alice.mention in (field(last, "To move") or "")


async def test_the_timer_plays_the_same_loop(
    fake_discord: FakeDiscord, bot_launcher: BotLauncher, database: tuple[Database, Path]  # noqa: F811
) -> None:
    """The bot's reply left for the overdue sweep (its process died) reaches the same ply in one tick."""
    fake = fake_discord
    db, path = database
    first, line, plies = waiting_line()
    bot = await _start(bot_launcher, db, FirstMoveEngine())
    game = await _bot_game(fake)
    with acting_as(SYSTEM):  # the move stored by a process that died before the bot answered
        await bot.service.games.move(game, fake.alice.id, first, bot_reply=False)
        await bot.service.premoves.add(game, fake.alice.id, line)
        bot.service.ctx.clock = lambda: datetime.now(UTC) + timedelta(seconds=31)  # past the sweep's grace
        await bot.timers.tick()
    assert [n for n, _ in _plies(path, game)] == plies
