"""Chinese checkers benchmark: legal-move generation per second on the star against Italian's in the same run,
perft from the start, the render time, and the bot's move time at each level (2, 3 and 6 players)."""

from __future__ import annotations

import random
import statistics
import time
import timeit

from engine.star import STAR_LEVELS, choose_move
from render.star import StarRenderOptions, render_star
from rules import find_variant, parse_fen
from rules.star import StarPosition, perft

ITALIAN_MIDDLEGAME = "W:W17,18,20,22,23,24,26,27,30:B1,3,5,6,9,11,14,15,16"


def _per_second(func: object, number: int) -> float:
    """Calls per second, best of 5 runs."""
    timer = timeit.Timer(func)  # type: ignore[arg-type]
    return number / min(timer.repeat(repeat=5, number=number))


def middlegame(players: int, plies: int, seed: int = 7) -> StarPosition:
    """A position reached by forward-leaning random play: marbles spread over the centre, chains available."""
    rng = random.Random(seed)
    position = StarPosition.start(players)
    for _ in range(plies):
        moves = position.legal_moves()
        position = position.play(max(rng.sample(moves, min(4, len(moves))), key=lambda m: len(m.path)))
    return position


def main() -> dict[str, float]:
    results: dict[str, float] = {}
    italian = find_variant("italian")
    for label, fen in (("start", italian.start_fen), ("middlegame", ITALIAN_MIDDLEGAME)):
        results[f"italian_{label}_per_s"] = _per_second(parse_fen(italian, fen).legal_moves, 5000)
    star = {"2p start": StarPosition.start(2), "2p middlegame": middlegame(2, 30), "6p middlegame": middlegame(6, 60)}
    for label, position in star.items():
        results[f"star {label} moves"] = len(position.legal_moves())
        results[f"star {label} per_s"] = _per_second(position.legal_moves, 500)
    started = time.perf_counter()
    results["star perft4 2p"] = perft(StarPosition.start(2), 4)
    results["star perft4 2p seconds"] = time.perf_counter() - started
    picture = middlegame(6, 60)
    results["render ms"] = 1000 * min(timeit.repeat(lambda: render_star(picture), number=1, repeat=5))
    results["render kb"] = len(render_star(picture, StarRenderOptions())) / 1024
    print("Chinese checkers benchmark (best of repeats; legal-move lists per second, as the public objects)")
    for label in ("start", "middlegame"):
        print(f"  Italian {label:>16}: {results[f'italian_{label}_per_s']:>9,.0f} lists/s")
    for label in star:
        moves = int(results[f"star {label} moves"])
        print(f"  star {label:>19}: {results[f'star {label} per_s']:>9,.0f} lists/s ({moves} moves)")
    print(
        f"  star perft(4), 2 players: {int(results['star perft4 2p']):,} leaves in "
        f"{results['star perft4 2p seconds']:.2f} s"
    )
    print(f"  picture, 6 players, 640 px: {results['render ms']:.0f} ms, {results['render kb']:.0f} KB PNG")
    for players, plies in ((2, 30), (3, 45), (6, 60)):
        position = middlegame(players, plies)
        for level in sorted(STAR_LEVELS):
            times = []
            for seed in range(3):
                started = time.perf_counter()
                choose_move(position, level, seed=seed)
                times.append(time.perf_counter() - started)
            results[f"bot {players}p level {level} s"] = statistics.median(times)
        line = ", ".join(f"{lv}: {results[f'bot {players}p level {lv} s']:.2f} s" for lv in sorted(STAR_LEVELS))
        print(f"  bot move, {players} players, median of 3 by level: {line}")
    return results


if __name__ == "__main__":
    main()
