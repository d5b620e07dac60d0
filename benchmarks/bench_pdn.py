"""PDN reading: an /import-sized file (200 games, about 1 MB at most) read and replayed, with and without
the variant given. Target: a full /import file read and replayed in < 2 s when its variant is known (a GameType
tag, or the server's default variant, which /import always passes); it runs in a worker thread.

The games are random but legal (biased towards captures, like the cross-checks), written by Dama; "without
the variant" strips the GameType tags so that every game is replayed under each 8x8 numbered variant until
one alone fits (rules/pdn_replay.py), the slowest path a real file can take.
"""

from __future__ import annotations

import random
import time

from benchmarks.pdn_crosscheck import random_game
from rules.pdn import write_game
from rules.pdn_replay import replay
from rules.pdn_scan import read_records
from rules.variants import find_variant

GAMES = 200


def _file(variant: str, rng: random.Random, *, gametype: bool) -> bytes:
    texts = []
    for index in range(GAMES):
        text = write_game(random_game(variant, 80, rng), {"Event": f"Bench {index}"})
        if not gametype:
            text = "\n".join(line for line in text.splitlines() if not line.startswith("[GameType"))
        texts.append(text)
    return "\n".join(texts).encode()


def _measure(label: str, data: bytes, variant: str | None) -> None:
    rules = find_variant(variant) if variant else None
    best = float("inf")
    replayed = 0
    for _ in range(3):
        started = time.perf_counter()
        results = [replay(record, rules) for record in read_records(data)]
        best = min(best, time.perf_counter() - started)
        replayed = sum(result.ok for result in results)
    print(
        f"{label}: {len(data) / 1000:,.0f} kB, {GAMES} games ({replayed} replayed) in {best:.2f} s "
        f"= {GAMES / best:,.0f} games/s"
    )


def main() -> None:
    rng = random.Random(1)
    italian = _file("italian", rng, gametype=True)
    _measure("Italian, GameType tags", italian, None)
    bare = _file("italian", rng, gametype=False)
    _measure("Italian, no GameType (found by elimination)", bare, None)
    _measure("Italian, no GameType, variant given", bare, "italian")
    _measure("International, GameType tags", _file("international", rng, gametype=True), None)


if __name__ == "__main__":
    main()
