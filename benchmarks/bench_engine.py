"""Engine speed, side by side in one run: today's compiled core, the pure-Python core, and the engine as it
was before the compiled core (built from a pinned revision: benchmarks/reference.py). The machine is shared
and noisy: compare the ratios.

Canadian (12x12) runs on the 128-bit build of the same C sources (engine._core_wide), measured beside the
Python core in the same run.
Targets (issue 16): nodes/s on the 8x8 mix and on International >= 10x the old engine; compiled perft
>= 20 M leaf nodes/s on International from the start; depth >= 20 in 1.5 s on the Italian middlegame;
time used per move between 85% and 100% of the time asked for.
A node is one call of the search or the quiescence search (each made move is one node).
Strength is measured by benchmarks/match.py (--b 0: against the engine before the compiled core) and
benchmarks/pydraughts_match.py.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from benchmarks import reference
from engine.native import NativeSearcher, build_core, covered
from engine.search import Searcher
from rules import find_variant, parse_fen
from rules.perft import perft

# Middlegames reached by engine play from a ballot (18-20 plies in).
POSITIONS = {
    "italian start": ("italian", None),
    "italian middlegame": ("italian", "W:W16,17,19,23,24,29,30,31,32:B1,2,3,4,6,9,10,14,18"),
    "russian middlegame": ("russian", "W:Wd4,f4,a3,c3,e3,g3,b2,a1,e1,g1:Bd8,h8,a7,c7,e7,b6,d6,h6,c5,g5"),
    "international middlegame": (
        "international",
        "W:W27,30,31,32,33,37,38,40,41,43,44,45,46,47,48,49,50:B1,2,3,4,5,6,7,8,9,11,13,16,18,19,20,21,22",
    ),
    # 22 plies of depth-8 compiled play from the start (no Canadian ballots yet).
    "canadian middlegame": (
        "canadian",
        "W:W37,38,41,43,44,48,49,51,53,54,56,57,58,59,60,61,62,63,64,65,66,67,68,69,70,71,72"
        ":B1,2,3,4,5,6,7,8,9,10,11,12,14,15,16,17,19,21,22,23,24,25,26,27,29,30,31",
    ),
}
# Frisian (compiled since the core learnt its straight captures and king move limit): 18 plies of engine play.
FRISIAN_MIDDLEGAME = "W:W29,31,35,36,41,42,43,44,45,46,47,48,49,50:B1,2,3,4,5,6,7,8,10,12,14,15,16,22"
FRISIAN_PERFT = (9, 6)  # depths from the start: compiled, Python
LARGE = ("international", "canadian")  # reported on their own, not in the 8x8 mean
DEPTH_POSITION = "italian middlegame"
DEPTH_SECONDS = 1.5
NPS_SECONDS = 2.0
TIME_ASKED = (0.5, 1.5)
PERFT = (("international", 8, 5), ("canadian", 8, 5))  # variant, compiled depth, Python depth

CORES: dict[str, Callable[[Any], Any]] = {
    "compiled": lambda rules: NativeSearcher(rules),
    "python": lambda rules: Searcher(rules),
    "before": lambda rules: reference.searcher_class()(rules),
}


def run(core: str, name: str, seconds: float) -> tuple[int, int, float, float]:
    """Depth, nodes, wall seconds and CPU seconds of one timed search (CPU time survives a busy machine)."""
    variant, fen = POSITIONS[name]
    rules = find_variant(variant)
    position = parse_fen(rules, fen or rules.start_fen)
    searcher = CORES[core](rules)
    started, cpu = time.perf_counter(), time.process_time()
    result = searcher.search(position.white, position.black, position.kings, int(position.turn), seconds=seconds)
    elapsed, cpu = time.perf_counter() - started, time.process_time() - cpu
    return result.depth, result.nodes, elapsed, cpu


def cores_for(name: str) -> list[str]:
    """Every core, less the compiled one where its extension is not built."""
    return [core for core in CORES if core != "compiled" or covered(find_variant(POSITIONS[name][0]))]


def speed() -> None:
    mean: dict[str, list[float]] = {core: [] for core in CORES}
    large: dict[str, dict[str, float]] = {variant: {} for variant in LARGE}
    for name in POSITIONS:
        variant = POSITIONS[name][0]
        for core in cores_for(name):
            depth, nodes, elapsed, cpu = run(core, name, NPS_SECONDS)
            nps = nodes / max(cpu, 1e-3)
            if variant in large:
                large[variant][core] = nps
            else:
                mean[core].append(nps)
            print(f"{name:26s} {core:9s} {nps:12,.0f} nodes/CPU-s  depth {depth:2d} in {elapsed:.2f} s "
                  f"({100 * cpu / elapsed:3.0f}% of a core)")
    figures = {"8x8 mean": {core: sum(v) / len(v) for core, v in mean.items() if v}, **large}
    for core in CORES:
        print(f"{core:9s} " + "; ".join(
            f"{label} {rates[core]:12,.0f} nodes/CPU-s ({rates[core] / rates['before']:5.1f}x before)"
            for label, rates in figures.items() if core in rates
        ))
    print("targets: >= 10x before on the 8x8 mean and on international")
    for core in cores_for(DEPTH_POSITION):
        depth, nodes, elapsed, cpu = run(core, DEPTH_POSITION, DEPTH_SECONDS)
        print(f"depth on the {DEPTH_POSITION} in {DEPTH_SECONDS} s, {core:9s}: {depth:2d} ({nodes:,} nodes, "
              f"{100 * cpu / elapsed:3.0f}% of a core)")
    for core in cores_for(DEPTH_POSITION):
        depth, cpu = depth_in_cpu_time(core, DEPTH_POSITION, DEPTH_SECONDS)
        print(f"deepest iteration on the {DEPTH_POSITION} within {DEPTH_SECONDS} CPU-s, {core:9s}: {depth:2d} "
              f"({cpu:.2f} CPU-s)")
    print("target: >= 20 (compiled)")


def depth_in_cpu_time(core: str, name: str, budget: float) -> tuple[int, float]:
    """The deepest iteration a fresh search completes within budget CPU seconds: what an idle core reaches.

    Each depth runs as one search from scratch (iterative deepening from depth 1, as a timed search does),
    so no work carries over between the measurements."""
    variant, fen = POSITIONS[name]
    rules = find_variant(variant)
    position = parse_fen(rules, fen or rules.start_fen)
    spent, reached = 0.0, 0
    for depth in range(1, 60):
        searcher = CORES[core](rules)
        started = time.process_time()
        searcher.search(position.white, position.black, position.kings, int(position.turn), depth=depth)
        cpu = time.process_time() - started
        if cpu > budget:
            break
        reached, spent = depth, cpu
    return reached, spent


def perft_speed() -> None:
    for variant, compiled_depth, python_depth in PERFT:
        rules = find_variant(variant)
        position = parse_fen(rules, rules.start_fen)
        target = " (target >= 20)" if variant == "international" else ""
        if covered(rules):
            core = build_core(rules, tt_bits=8, keep_duplicates=True)
            started, cpu = time.perf_counter(), time.process_time()
            leaves = core.perft(position.white, position.black, position.kings, int(position.turn), compiled_depth)
            elapsed, cpu = time.perf_counter() - started, time.process_time() - cpu
            print(f"perft {compiled_depth} {variant} start, compiled: {leaves:,} leaves in {elapsed:.2f} s "
                  f"({cpu:.2f} CPU-s) = {leaves / cpu / 1e6:.1f} M leaves/CPU-s{target}")
        started, cpu = time.perf_counter(), time.process_time()
        leaves = perft(position, python_depth, keep_duplicates=True)
        elapsed, cpu = time.perf_counter() - started, time.process_time() - cpu
        print(f"perft {python_depth} {variant} start, python:   {leaves:,} leaves in {elapsed:.2f} s "
              f"({cpu:.2f} CPU-s) = {leaves / cpu / 1e6:.2f} M leaves/CPU-s")


def frisian_speed() -> None:
    """Frisian nodes per CPU-second, compiled / Python / before, in one run; then perft from the start."""
    rules = find_variant("frisian")
    position = parse_fen(rules, FRISIAN_MIDDLEGAME)
    cores = list(CORES) if covered(rules) else ["python", "before"]
    for core in cores:
        searcher = CORES[core](rules)
        started, cpu = time.perf_counter(), time.process_time()
        result = searcher.search(position.white, position.black, position.kings, int(position.turn),
                                 seconds=NPS_SECONDS)
        elapsed, cpu = time.perf_counter() - started, time.process_time() - cpu
        print(f"frisian middlegame         {core:9s} {result.nodes / max(cpu, 1e-3):12,.0f} nodes/CPU-s  depth "
              f"{result.depth:2d} in {elapsed:.2f} s ({100 * cpu / elapsed:3.0f}% of a core)")
    start = parse_fen(rules, rules.start_fen)
    compiled_depth, python_depth = FRISIAN_PERFT
    if covered(rules):
        handle = build_core(rules, tt_bits=8)
        cpu = time.process_time()
        leaves = handle.perft(start.white, start.black, start.kings, int(start.turn), compiled_depth)
        cpu = time.process_time() - cpu
        print(f"perft {compiled_depth} frisian start, compiled: {leaves:,} leaves in {cpu:.2f} CPU-s = "
              f"{leaves / cpu / 1e6:.1f} M leaves/CPU-s")
    cpu = time.process_time()
    leaves = perft(start, python_depth)
    cpu = time.process_time() - cpu
    print(f"perft {python_depth} frisian start, python:   {leaves:,} leaves in {cpu:.2f} CPU-s = "
          f"{leaves / cpu / 1e6:.2f} M leaves/CPU-s")


def time_use() -> None:
    for asked in TIME_ASKED:
        for core in CORES:
            shares = []
            for name in POSITIONS:
                if core not in cores_for(name):
                    continue
                _, _, elapsed, _ = run(core, name, asked)
                shares.append(elapsed / asked)
            print(f"time used when asked for {asked} s, {core:9s}: {100 * min(shares):5.1f}% to "
                  f"{100 * max(shares):5.1f}% (mean {100 * sum(shares) / len(shares):5.1f}%)")
    print("target: 85% to 100%")


def main() -> None:
    speed()
    perft_speed()
    frisian_speed()
    time_use()


if __name__ == "__main__":
    main()
