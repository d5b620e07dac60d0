"""Code run in other processes by the concurrency and crash tests."""

from __future__ import annotations

import asyncio
import random
import sys
from multiprocessing.queues import Queue
from multiprocessing.synchronize import Barrier
from typing import Any

from data import Database
from service import SYSTEM, GameError, GameSettings, Service, StaleGame, acting_as


def race(path: str, game_id: int, rounds: int, index: int, barrier: Barrier, results: Queue[Any]) -> None:
    """Each round: wait for the other process, read the game, then both try to move at that version."""
    with acting_as(SYSTEM):  # another process: the test's scope does not reach it
        asyncio.run(_race(path, game_id, rounds, index, barrier, results))


async def _race(path: str, game_id: int, rounds: int, index: int, barrier: Barrier, results: Queue[Any]) -> None:
    db = await Database.open(path, migrate=False)
    try:
        service = Service(db)
        for round_number in range(rounds):
            barrier.wait()
            game = await service.queries.game(game_id)
            legal = game.position.legal_moves()
            move = legal[index % len(legal)]
            barrier.wait()  # both have read the same version: now race
            assert game.to_move_id is not None
            try:
                await service.games.play(game_id, game.to_move_id, move, expected_version=game.version)
                outcome = "stored"
            except StaleGame as error:
                outcome = f"stale: {error}"
            results.put((round_number, index, game.version, outcome))
            barrier.wait()
    finally:
        await db.close()


async def churn(path: str, seed: int) -> None:
    """Play random games for ever (until killed): moves, new games, resignations, draws, takebacks."""
    rng = random.Random(seed)
    db = await Database.open(path)
    service = Service(db, rng=rng)
    players = [1, 2, 3, 4]
    print("started", flush=True)
    while True:
        active = [g for p in players for g in await service.queries.my_games(p) if g.my_turn]
        if len(active) < 4:
            white, black = rng.sample(players, 2)
            challenge = await service.challenges.create(
                white,
                black,
                settings=GameSettings(color="white", rated=rng.random() < 0.5),
            )
            await service.challenges.accept(challenge.id, black)
            if rng.random() < 0.3:
                await service.challenges.play_bot_game(white, settings=GameSettings(color="random"))
            continue
        mine = rng.choice(active)
        game = mine.game
        roll = rng.random()
        try:
            if roll < 0.02:
                await service.games.resign(game.id, game.to_move_id or 0)
            elif roll < 0.04 and game.ply > 0:
                await service.games.request_takeback(game.id, game.opponent_of(game.to_move_id or 0))
                await service.games.answer_takeback(game.id, game.to_move_id or 0, True)
            else:
                move = rng.choice(game.position.legal_moves())
                await service.games.play(game.id, game.to_move_id or 0, move)
        except GameError:
            pass


if __name__ == "__main__":
    with acting_as(SYSTEM):
        asyncio.run(churn(sys.argv[1], int(sys.argv[2])))
