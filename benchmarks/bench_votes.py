"""Vote games (issue 59): a window of 500 voters over 40 legal moves, decided and announced.

`python -m benchmarks votes` (BENCH_STORE=postgresql://… for PostgreSQL; default a temporary SQLite file). Each
round starts a vote game against the bot in an International position where the team has exactly 40 legal moves,
lets 499 members vote through the repository (spread over every move), then times the closing of the window:

- the last vote (VoteService.vote: the vote stored, the window counted, the winner played through
  GameService.play, its board queued in the outbox in the move's transaction, and the bot's reply; the bot
  answers with the random engine, so the search's own time, set by BOT_TIME_BUDGET, is left out);
- the deadline with 499 votes in (ClockService.run_due_timers: the timeout timer, the team's extension, the
  count and the same move call).

Target: under 200 ms for each.
"""

from __future__ import annotations

import asyncio
import os
import statistics
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

from data import Database
from rules import find_variant, format_move, parse_fen
from service import Service
from service.access import SYSTEM, acting_as

FEN = "W:WK26,K50,K6,K23:B1"  # International: White's four kings have 40 moves
VOTERS = 500
ROUNDS = int(os.environ.get("BENCH_ROUNDS", "5"))
MEMBER_BASE = 10**17  # member ids shaped like Discord's


class Clock:
    def __init__(self) -> None:
        self.now = datetime(2026, 12, 1, 12, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now


async def _game(service: Service, db: Database, round_number: int) -> tuple[int, list[str]]:
    """A vote game at FEN, its team of VOTERS members, and 499 of them voted; returns its id and the moves."""
    team = await service.votes.start(
        MEMBER_BASE, name=f"bench {round_number}", guild_id=1, channel_id=round_number, variant="international",
        side="white",
    )  # fmt: skip
    now = "2026-12-01T12:00:00.000000+00:00"
    async with db.write() as repos:
        for i in range(VOTERS):
            await repos.players.ensure(MEMBER_BASE + i, None, now)
            await repos.votes.join(team.id, MEMBER_BASE + i, now)
    begun = await service.votes.begin(team.id, MEMBER_BASE)
    assert begun.game_id is not None
    game_id = begun.game_id
    async with db.write() as repos:  # the position with 40 moves (benchmark set-up only)
        await repos.conn.execute("UPDATE games SET start_fen = ?, current_fen = ? WHERE id = ?", (FEN, FEN, game_id))
    position = parse_fen(find_variant("international"), FEN)
    moves = [(format_move(position, m, full=True), format_move(position, m)) for m in position.legal_moves()]
    assert len(moves) == 40, len(moves)
    async with db.write() as repos:
        for i in range(1, VOTERS):  # everyone but the first member
            path, notation = moves[i % len(moves)]
            await repos.votes.cast(team.id, 0, MEMBER_BASE + i, path, notation, now)
    return game_id, [notation for _, notation in moves]


async def _round(target: str, round_number: int) -> tuple[float, float]:
    """One round in a fresh database: the window closed by the last vote, then another by the deadline."""
    db = await Database.open(target)
    clock = Clock()
    service = Service(db, clock=clock)
    try:
        with acting_as(SYSTEM):
            game_id, notations = await _game(service, db, 1)
            started = time.perf_counter()
            cast = await service.votes.vote(game_id, MEMBER_BASE, notations[0])
            last_vote = time.perf_counter() - started
            assert cast.played is not None
            async with db.read() as repos:
                assert await repos.outbox.last_id(f"game:{game_id}")  # its board, queued with the move

            game_id, _ = await _game(service, db, 2)
            async with db.write() as repos:  # only this game's timers are due at the deadline below
                await repos.conn.execute("DELETE FROM timers WHERE game_id <> ?", (game_id,))
            clock.now += timedelta(days=30)
            started = time.perf_counter()
            await service.clock.run_due_timers()
            deadline = time.perf_counter() - started
            view = await service.queries.game(game_id)
            assert view.ply >= 1 and view.active, view
    finally:
        await db.close()
    return last_vote, deadline


async def _run(folder: str) -> tuple[list[float], list[float]]:
    store = os.environ.get("BENCH_STORE")
    times = [await _round(store or str(Path(folder) / f"votes-{n}.sqlite3"), n) for n in range(ROUNDS)]
    return [t[0] for t in times], [t[1] for t in times]


def main() -> None:
    store = os.environ.get("BENCH_STORE")
    with tempfile.TemporaryDirectory() as folder:
        last_vote, deadline = asyncio.run(_run(folder))
    name = "PostgreSQL (one database for every round)" if store else "SQLite (a fresh file each round)"
    for what, times in (("the last vote", last_vote), ("the deadline", deadline)):
        ms = sorted(t * 1000 for t in times)
        print(
            f"{name}: window of {VOTERS} voters, 40 legal moves, closed by {what}: "
            f"median {statistics.median(ms):.1f} ms, worst {ms[-1]:.1f} ms over {len(ms)} rounds (target < 200 ms)"
        )


if __name__ == "__main__":
    main()
