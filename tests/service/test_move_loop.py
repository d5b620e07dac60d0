"""The one move loop (GameService.move / play_bot): a move and everything it sets off (conditional replies, the
bot's replies, the end of the game) are played in one call until a human is to move, whatever starts it; a
refusal carries its position; and a move costs at most one read and one write of its game row per ply,
counted on the real SQLite and PostgreSQL connections."""

from __future__ import annotations

import re
from collections.abc import AsyncIterator, Iterable, Sequence
from contextlib import asynccontextmanager
from typing import Any

import pytest

from data import Database
from data.repositories import Repositories
from rules import IllegalMoveError, Reason
from service import BOT_ID, GameSettings, MoveRefused, MoveResult, Service
from tests.scripted import FirstMoveEngine, waiting_line
from tests.service.conftest import ALICE, BOB, FakeClock, new_game

pytestmark = pytest.mark.asyncio


async def _bot_game(db: Database, clock: FakeClock, engine: FirstMoveEngine) -> tuple[Service, int]:
    service = Service(db, engine=engine, clock=clock)
    started = await service.challenges.play_bot_game(ALICE, settings=GameSettings(bot_level=1, color="white"))
    return service, started.game.id


async def _plies(service: Service, game_id: int) -> list[tuple[str, int]]:
    return [(m.notation, m.player_id) for m in await service.queries.history(game_id)]


def _expected(plies: list[str]) -> list[tuple[str, int]]:
    return list(zip(plies, [ALICE, BOT_ID, ALICE, BOT_ID], strict=True))


async def test_a_move_plays_on_until_a_human_is_to_move(db: Database, clock: FakeClock) -> None:
    first, line, plies = waiting_line()
    holder: dict[str, Any] = {}

    async def enter_line() -> None:  # while the bot thinks about its reply, the player plans the next one
        await holder["service"].premoves.add(holder["game"], ALICE, line)

    service, game_id = await _bot_game(db, clock, FirstMoveEngine(enter_line))
    holder.update(service=service, game=game_id)
    steps: list[list[str]] = []

    async def shown(step: MoveResult) -> None:
        steps.append([ply.move.notation for ply in step.plies()])

    result = await service.games.move(game_id, ALICE, first, on_ply=shown)
    assert [ply.move.notation for ply in result.plies()] == plies
    assert result.last.next_player_id == ALICE and result.last.game.ply == 4
    assert steps == [plies[:1], plies[1:3], plies[3:]]  # each stored step, told before the bot thinks again
    assert await _plies(service, game_id) == _expected(plies)


async def test_the_overdue_sweep_plays_the_same_loop(db: Database, clock: FakeClock) -> None:
    """The bot's reply left to the sweep (its process died) meets the waiting conditional reply the same way."""
    first, line, plies = waiting_line()
    service, game_id = await _bot_game(db, clock, FirstMoveEngine())
    await service.games.move(game_id, ALICE, first, bot_reply=False)
    await service.premoves.add(game_id, ALICE, line)
    clock.advance(seconds=31)
    assert await service.games.overdue_bot_moves() == [game_id]
    played = await service.games.play_bot(game_id)
    assert played is not None and [p.move.notation for p in played.plies()] == plies[1:]
    assert await _plies(service, game_id) == _expected(plies)


async def test_a_refused_move_carries_its_position_and_changes_nothing(service: Service) -> None:
    game = await new_game(service)
    with pytest.raises(MoveRefused) as refused:
        await service.games.move(game.id, ALICE, "10-13")  # a black man
    assert isinstance(refused.value.error, IllegalMoveError) and refused.value.error.reason is Reason.NOT_YOUR_PIECE
    assert refused.value.position == game.position and refused.value.game.version == game.version
    assert (await service.queries.game(game.id)).version == game.version


# ---- round trips -----------------------------------------------------------------------------------------

_GAME_ROW = re.compile(r"\b(?:FROM|JOIN|UPDATE|INTO)\s+games\b", re.IGNORECASE)


class _Counted:
    """The store's real connection, with every statement written down."""

    def __init__(self, conn: Any, log: list[str]) -> None:
        self._conn, self._log = conn, log

    def __getattr__(self, name: str) -> Any:
        return getattr(self._conn, name)

    async def execute_fetchall(self, sql: str, params: Iterable[Any] = ()) -> Sequence[Any]:
        self._log.append(sql)
        return await self._conn.execute_fetchall(sql, params)  # type: ignore[no-any-return]

    async def execute(self, sql: str, params: Iterable[Any] = ()) -> int:
        self._log.append(sql)
        return await self._conn.execute(sql, params)  # type: ignore[no-any-return]

    async def insert(self, sql: str, params: Iterable[Any] = ()) -> int:
        self._log.append(sql)
        return await self._conn.insert(sql, params)  # type: ignore[no-any-return]

    async def execute_many(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        self._log.append(sql)
        await self._conn.execute_many(sql, rows)


class _CountingStore:
    def __init__(self, inner: Any) -> None:
        self._inner = inner
        self.log: list[str] = []
        self.paused = False  # not counting (another caller's work in the middle of the move)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._inner, name)

    @asynccontextmanager
    async def write(self) -> AsyncIterator[Repositories]:
        async with self._inner.write() as repos:
            yield self._counted(repos, "-- write transaction")

    @asynccontextmanager
    async def read(self) -> AsyncIterator[Repositories]:
        async with self._inner.read() as repos:
            yield self._counted(repos, "-- read")

    def _counted(self, repos: Repositories, mark: str) -> Repositories:
        if self.paused:
            return repos
        self.log.append(mark)
        return Repositories(_Counted(repos.conn, self.log))


def _count(db: Database) -> _CountingStore:
    counting = _CountingStore(db.store)
    db.store = counting  # type: ignore[assignment]
    return counting


def _game_row(log: list[str]) -> tuple[int, int]:
    """(reads, writes) of the games table among the statements."""
    touching = [sql.lstrip().split()[0].upper() for sql in log if _GAME_ROW.search(sql)]
    return touching.count("SELECT"), sum(1 for verb in touching if verb != "SELECT")


async def test_a_move_reads_and_writes_its_game_row_once(service: Service, db: Database) -> None:
    game = await new_game(service)
    await service.games.move(game.id, ALICE, game.position.legal_moves()[0])  # the rules game is now cached
    counting = _count(db)
    after = await service.queries.game(game.id)
    counting.log.clear()
    await service.games.move(game.id, BOB, after.position.legal_moves()[0])
    assert _game_row(counting.log) == (1, 1), counting.log
    assert counting.log.count("-- read") == 1 and counting.log.count("-- write transaction") == 1
    assert sum(1 for sql in counting.log if "outbox" in sql) >= 1  # the board's news, in the same write


async def test_a_clock_game_writes_its_banks_with_the_move(service: Service, db: Database) -> None:
    challenge = await service.challenges.create(ALICE, BOB, settings=GameSettings(color="white", clock="10d+1d"))
    game = (await service.challenges.accept(challenge.id, BOB)).game
    counting = _count(db)
    await service.games.move(game.id, ALICE, game.position.legal_moves()[0])  # at once: 10 days left
    assert _game_row(counting.log) == (1, 1), counting.log
    stored = await service.queries.game(game.id)
    assert stored.white_bank == 11 * 86400 and stored.black_bank == 10 * 86400  # Fischer: what was left + 1 day


async def test_the_bots_replies_cost_one_write_each_and_no_read(db: Database, clock: FakeClock) -> None:
    first, line, plies = waiting_line()
    holder: dict[str, Any] = {}

    async def enter_line() -> None:  # another request, during the bot's search: not the move's statements
        counting.paused = True
        await holder["service"].premoves.add(holder["game"], ALICE, line)
        counting.paused = False

    service, game_id = await _bot_game(db, clock, FirstMoveEngine(enter_line))
    holder.update(service=service, game=game_id)
    counting = _count(db)
    await service.games.move(game_id, ALICE, first)
    log = list(counting.log)
    assert await _plies(service, game_id) == _expected(plies)
    assert _game_row(log) == (1, 4), log  # four plies, one read; the bot's replies write over what was written
    assert log.count("-- read") == 1 and log.count("-- write transaction") == 3  # ply 1; plies 2-3; ply 4
