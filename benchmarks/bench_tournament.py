"""Tournament work off the event loop: seconds to pair a Swiss round (FIDE Dutch, caissify-pairings) for
20, 40 and 64 players (the most a Swiss event takes) after four rounds of random results, and milliseconds
for the standings with Buchholz and the standings picture. Targets: a Swiss round of 64 players < 10 s (it
runs in a worker thread, once per round of a correspondence event); standings < 50 ms; picture < 200 ms."""

from __future__ import annotations

import random
import statistics
import time

from render.standings import StandingsTable, standings_png
from service.tournaments.pairing import Played, swiss_round
from service.tournaments.scoring import standings

ROUNDS_BEFORE = 4


def _history(players: int, seed: int) -> tuple[list[tuple[int, float]], list[Played]]:
    rng = random.Random(seed)
    seeds = [(p, 2000.0 - p) for p in range(1, players + 1)]
    played: list[Played] = []
    for number in range(1, ROUNDS_BEFORE + 1):
        for board in swiss_round(seeds, played, number, ROUNDS_BEFORE + 1):
            points = 1.0 if board.black is None else rng.choice((1.0, 0.5, 0.0))
            played.append(Played(number, board.white, board.black, points))
    return seeds, played


def main() -> None:
    for players in (20, 40, 64):
        seeds, played = _history(players, players)
        times = []
        for _ in range(3):
            start = time.perf_counter()
            swiss_round(seeds, played, ROUNDS_BEFORE + 1, ROUNDS_BEFORE + 1)
            times.append(time.perf_counter() - start)
        best, median = min(times), statistics.median(times)
        print(f"swiss round {ROUNDS_BEFORE + 1}, {players} players: best {best:.3f} s, median {median:.3f} s")
        start = time.perf_counter()
        rows = standings([p for p, _ in seeds], played, swiss=True, rounds_completed=ROUNDS_BEFORE)
        print(f"standings with Buchholz, {players} players: {(time.perf_counter() - start) * 1000:.1f} ms")
        cells = tuple(
            (str(r.rank), f"player {r.player_id}", f"{r.points:g}", f"{r.tiebreak:g}", str(r.games)) for r in rows
        )
        table = StandingsTable("Bench open", ("#", "Player", "Points", "Buchholz", "Games"), cells)
        standings_png(table)  # warm the fonts
        start = time.perf_counter()
        data = standings_png(table)
        print(
            f"standings picture, {players} rows: {(time.perf_counter() - start) * 1000:.1f} ms, {len(data) // 1024} KB"
        )


if __name__ == "__main__":
    main()
