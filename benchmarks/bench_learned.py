"""The learned evaluation's cost: nodes per CPU-second and completed depth, with and without the pattern term.

Side by side in one run, alternating position by position: the same searcher settings, the hand-set evaluation
alone (as before issue 30) and with the shipped pattern tables, on middlegames from the ballots
(benchmarks.search_profile's positions). The issue's bound: the learned evaluation keeps at least 80% of the
nodes per second. A third searcher adds the same tables blended by the men's rows to go ("phase": "pip"),
which should cost nothing more.
"""

from __future__ import annotations

import dataclasses
import time

from benchmarks.search_profile import positions
from engine import patterns
from engine.native import NativeSearcher
from rules import find_variant

VARIANTS = ("italian", "international")
SECONDS = 0.5
COUNT = 10


def measure(searcher: NativeSearcher, position: tuple[int, int, int, int]) -> tuple[int, float, int]:
    searcher.core.clear()
    started = time.process_time()
    result = searcher.search(*position, seconds=SECONDS)
    return result.nodes, time.process_time() - started, result.depth


def main() -> None:
    for variant in VARIANTS:
        rules = find_variant(variant)
        tables = patterns.tables_for(rules)
        if tables is None:
            print(f"{variant}: no pattern file ships")
            continue
        hand = NativeSearcher(rules, tt_bits=20, patterns=False)
        learned = NativeSearcher(rules, tt_bits=20)
        by_pip = NativeSearcher(rules, tt_bits=20)
        white_rows, black_rows, pip_full = patterns.pip_rows(rules)
        patterns.install(by_pip.core, dataclasses.replace(tables, header={
            **tables.header, "phase": "pip", "pip_rows": [white_rows, black_rows], "pip_full": pip_full}))
        searchers = {"hand": hand, "learned": learned, "pip": by_pip}
        totals = {name: [0, 0.0, 0] for name in searchers}
        places = positions(variant, COUNT, 20)
        for position in places:
            for name, searcher in searchers.items():
                nodes, cpu, depth = measure(searcher, position)
                totals[name][0] += nodes
                totals[name][1] += cpu
                totals[name][2] += depth
        rates = {name: t[0] / max(t[1], 1e-6) for name, t in totals.items()}
        for name, (_nodes, _cpu, depth) in totals.items():
            print(f"{variant:13s} {name:8s} {rates[name]:12,.0f} nodes/CPU-s  mean depth {depth / len(places):5.1f} "
                  f"at {SECONDS} s ({len(places)} middlegames)")
        print(f"{variant:13s} learned/hand nodes per second: {rates['learned'] / rates['hand']:.0%} (bound: >= 80%); "
              f"blended by rows to go/by pieces: {rates['pip'] / rates['learned']:.0%}")
