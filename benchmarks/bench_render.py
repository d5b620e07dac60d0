"""Rendering speed and size: median ms per PNG and bytes for 8x8 and 10x10 at the default size,
and seconds for a 60-ply animated replay.  Targets: <15 ms (8x8), <25 ms (10x10), PNG <80 KB, replay <1 s.
"""

from __future__ import annotations

import dataclasses
import random
import statistics
import time

from render import RenderOptions, render_board, render_replay
from rules import Game, Position, RuleSet, find_variant, parse_fen

REPEATS = 40


def _midgame(rules: RuleSet, plies: int, seed: int) -> tuple[Position, RenderOptions]:
    """A position after some random plies, drawn with its last move and a full caption."""
    game = Game(rules)
    rnd = random.Random(seed)
    while game.ply < plies and game.legal_moves():
        game.push(rnd.choice(game.legal_moves()))
    options = RenderOptions(
        last_move=game.moves[-1] if game.moves else None,
        white_name="Giulia",
        black_name="Marco",
        move_number=game.ply // 2 + 1,
        note=game.notations[-1] if game.notations else None,
    )
    return game.position, options


def _median_ms(position: Position, options: RenderOptions) -> tuple[float, int]:
    data = render_board(position, options)  # warm the caches (static layer, sprites, fonts)
    times = []
    for _ in range(REPEATS):
        start = time.perf_counter()
        data = render_board(position, options)
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times), len(data)


def _replay_game(rules: RuleSet, plies: int) -> list[str]:
    for seed in range(100):
        game = Game(rules)
        rnd = random.Random(seed)
        while game.ply < plies and game.legal_moves():
            game.push(rnd.choice(game.legal_moves()))
        if game.ply == plies:
            return list(game.notations)
    raise RuntimeError("no random game reached the wanted length")


def main() -> None:
    boards = [("8x8 italian", find_variant("italian"))]
    try:
        boards.append(("10x10 international", find_variant("international")))
    except Exception:  # the registry may not have it yet: draw a 10x10 geometry anyway

        ten = dataclasses.replace(
            find_variant("italian"), id="ten", width=10, height=10, inverted=False, start_fen="W:W31-50:B1-20"
        )
        boards.append(("10x10 (italian rules)", ten))
    for label, rules in boards:
        position, options = _midgame(rules, 20, seed=1)
        ms, size = _median_ms(position, options)
        start_ms, start_size = _median_ms(parse_fen(rules, rules.start_fen), RenderOptions())
        print(
            f"render {label:24} {ms:6.2f} ms  {size / 1024:5.1f} KB  (start position {start_ms:.2f} ms, "
            f"{start_size / 1024:.1f} KB)"
        )
    rules = find_variant("italian")
    moves = _replay_game(rules, 60)
    for fmt in ("gif", "webp"):
        start = time.perf_counter()
        data = render_replay(rules, None, moves, RenderOptions(), fmt=fmt)
        seconds = time.perf_counter() - start
        print(f"replay 60 plies {fmt:4}          {seconds:6.3f} s   {len(data) / 1024:6.1f} KB")


if __name__ == "__main__":
    main()
