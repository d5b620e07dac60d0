"""The learned evaluation's cost: nodes per CPU-second and completed depth, with and without the pattern term.

Side by side in one run, alternating position by position: the same searcher settings, the hand-set evaluation
alone (as before issue 30) and with the shipped pattern tables, on middlegames from the ballots
(benchmarks.search_profile's positions). The issue's bound: the learned evaluation keeps at least 80% of the
nodes per second. A third searcher installs the same tables with the other blend (by the men's rows to go,
"phase": "pip", where the file blends by the pieces left, and the other way round), which should cost nothing more.
"""

from __future__ import annotations

import dataclasses
import time

from benchmarks.search_profile import positions
from engine import patterns
from engine.native import NativeSearcher
from rules import RuleSet, find_variant

VARIANTS = ("italian", "international")
SECONDS = 0.5
COUNT = 10


def measure(searcher: NativeSearcher, position: tuple[int, int, int, int]) -> tuple[int, float, int]:
    searcher.core.clear()
    started = time.process_time()
    result = searcher.search(*position, seconds=SECONDS)
    return result.nodes, time.process_time() - started, result.depth


def other_blend(rules: RuleSet, tables: patterns.PatternTables) -> dict[str, object]:
    """The file's header with the blend it does not use: by the pieces left, or by the men's rows to go."""
    kept = {key: value for key, value in tables.header.items() if key not in patterns.BLEND_KEYS}
    return {**kept, **patterns.blend_header(rules, "pieces" if tables.phase == "pip" else "pip")}


def main() -> None:
    for variant in VARIANTS:
        rules = find_variant(variant)
        tables = patterns.tables_for(rules)
        if tables is None:
            print(f"{variant}: no pattern file ships")
            continue
        hand = NativeSearcher(rules, tt_bits=20, patterns=False)
        learned = NativeSearcher(rules, tt_bits=20)
        other = NativeSearcher(rules, tt_bits=20)
        patterns.install(other.core, dataclasses.replace(tables, header=other_blend(rules, tables)))
        searchers = {"hand": hand, "learned": learned, "other blend": other}
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
            print(f"{variant:13s} {name:11s} {rates[name]:12,.0f} nodes/CPU-s  mean depth {depth / len(places):5.1f} "
                  f"at {SECONDS} s ({len(places)} middlegames)")
        by_pip, by_pieces = ("learned", "other blend") if tables.phase == "pip" else ("other blend", "learned")
        print(f"{variant:13s} learned/hand nodes per second: {rates['learned'] / rates['hand']:.0%} (bound: >= 80%, "
              f"the file blends by {tables.phase}); blended by rows to go/by pieces: "
              f"{rates[by_pip] / rates[by_pieces]:.0%}")
