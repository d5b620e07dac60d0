"""Races on one game: exactly one move is stored per ply; the others are told the game has changed."""

from __future__ import annotations

import asyncio
import multiprocessing
from typing import Any

import pytest

from data import Database
from service import Service, StaleGame, check_database
from tests.service.conftest import ALICE, new_game
from tests.service.workers import race


@pytest.mark.asyncio
async def test_fifty_coroutines_race_for_one_move(service: Service, db: Database) -> None:
    game = await new_game(service)
    legal = game.position.legal_moves()

    async def attempt(index: int) -> str:
        try:
            await service.games.play(game.id, ALICE, legal[index % len(legal)], expected_version=game.version)
        except StaleGame as error:
            return str(error)
        return "stored"

    outcomes = await asyncio.gather(*(attempt(i) for i in range(50)))
    assert outcomes.count("stored") == 1
    assert outcomes.count("the game has changed") == 49
    history = await service.queries.history(game.id)
    assert [m.ply for m in history] == [1]
    assert (await service.queries.game(game.id)).version == game.version + 1
    assert await check_database(db) == []


@pytest.mark.asyncio
async def test_two_processes_race_on_one_database(target: str) -> None:
    path = target
    db = await Database.open(path)
    try:
        game = await new_game(Service(db))
    finally:
        await db.close()
    rounds = 12
    context = multiprocessing.get_context("spawn")
    barrier = context.Barrier(2)
    results: Any = context.Queue()
    workers = [
        context.Process(target=race, args=(str(path), game.id, rounds, index, barrier, results)) for index in range(2)
    ]
    for worker in workers:
        worker.start()
    outcomes = [results.get(timeout=60) for _ in range(2 * rounds)]
    for worker in workers:
        worker.join(timeout=30)
        assert worker.exitcode == 0
    for round_number in range(rounds):
        in_round = [o for o in outcomes if o[0] == round_number]
        assert sorted(o[3] for o in in_round) == ["stale: the game has changed", "stored"]
        assert len({o[2] for o in in_round}) == 1  # both read the same version
    db = await Database.open(path)
    try:
        history = await Service(db).queries.history(game.id)
        assert [m.ply for m in history] == list(range(1, rounds + 1))
        assert await check_database(db) == []
    finally:
        await db.close()
