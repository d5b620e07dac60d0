"""Endgame table files (engine/core/tables.c): build time, size and probe speed per variant.

Builds the files of up to DAMA_BENCH_PIECES pieces (default 4; 5 takes minutes per variant) into a temporary
folder, then probes them: random positions through the Python binding (the call dominates), and the compiled
search, 0.2 s on each of 20 random positions of two pieces more than the file holds (where the file answers at
the leaves, not at the root), with the file and with the built-in tables only (International has none): nodes
per second and mean completed depth. Figures and dates go in docs/ENGINE.md.
"""

from __future__ import annotations

import mmap
import os
import random
import resource
import tempfile
import time
from pathlib import Path

from engine import native
from engine.tables import build_tables
from rules import VARIANTS
from rules.movegen import generator_for

VARIANT_IDS = ("italian", "english", "russian", "brazilian", "international")
PROBES = 200_000


def random_positions(variant: str, pieces: int, count: int) -> list[tuple[int, int, int, int]]:
    gen = generator_for(VARIANTS[variant])
    squares = [bit for bit in range(64) if gen.board.mask >> bit & 1]
    rng = random.Random(1)
    out = []
    while len(out) < count:
        chosen = rng.sample(squares, pieces)
        kinds = [rng.randrange(4) for _ in chosen]
        white = sum(1 << s for s, k in zip(chosen, kinds, strict=True) if not k & 2)
        black = sum(1 << s for s, k in zip(chosen, kinds, strict=True) if k & 2)
        kings = sum(1 << s for s, k in zip(chosen, kinds, strict=True) if k & 1)
        if white and black and not (white & ~kings & gen.promo[0]) and not (black & ~kings & gen.promo[1]):
            out.append((white, black, kings, rng.randrange(2)))
    return out


def main() -> None:
    if native.core is None:
        print("the compiled core is not built: nothing to measure")
        return
    pieces = int(os.environ.get("DAMA_BENCH_PIECES", "4"))
    print(f"{time.strftime('%Y-%m-%d')}: files of up to {pieces} pieces")
    print(
        f"{'variant':<13} {'entries':>13} {'longest':>8} {'MB':>8} {'build s':>8} {'probes/s':>10} "
        f"{'nps, depth with file':>22} {'without':>16}"
    )
    with tempfile.TemporaryDirectory(prefix="dama-tables-") as folder:
        for variant in VARIANT_IDS:
            rules = VARIANTS[variant]
            held = min(pieces, native.table_file_pieces(rules))  # International's files hold 4 at most
            cpu = time.process_time()
            report = build_tables(rules, held, Path(folder))
            built = time.process_time() - cpu
            handle = native.build_core(rules, 16)
            with report.path.open("rb") as file:
                image = mmap.mmap(file.fileno(), 0, access=mmap.ACCESS_READ)
            handle.tables_use(image)
            sample = random_positions(variant, held, PROBES)
            started = time.perf_counter()
            for position in sample:
                handle.endgame_probe(*position)
            rate = PROBES / (time.perf_counter() - started)
            nps, depths = [], []
            for files in (True, False):
                searcher = native.NativeSearcher(rules, 20, endgame=False)
                if files:
                    searcher.core.tables_use(image)
                else:
                    native.install_endgame(searcher.core, rules, files=False)
                nodes = elapsed = depth = 0.0
                for position in random_positions(variant, held + 2, 20):
                    result = searcher.search(*position, seconds=0.2)
                    nodes += result.nodes
                    elapsed += result.seconds
                    depth += result.depth / 20
                nps.append(nodes / max(elapsed, 1e-9))
                depths.append(depth)
            print(
                f"{variant:<13} {report.positions:>13,} {report.longest:>8} {report.size / 1e6:>8.1f} "
                f"{built:>8.1f} {rate:>10,.0f} {nps[0]:>14,.0f} {depths[0]:>7.1f} {nps[1]:>10,.0f} {depths[1]:>5.1f}"
            )
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"build CPU-seconds (process time); peak resident memory of this process {peak:,.0f} MB")
