"""Rules benchmark: legal-move generation (µs) and Italian perft (leaf nodes/s, every leaf made)."""

from __future__ import annotations

import time
import timeit

from rules import find_variant, parse_fen, perft
from rules.movegen import generator_for

# A middlegame reached in a master game shape: both sides with 8-9 men, captures pending for neither.
MIDDLEGAME = "W:W17,18,20,22,23,24,26,27,30:B1,3,5,6,9,11,14,15,16"


def _micro(func: object, number: int = 20000) -> float:
    """Best of 5 runs, µs per call."""
    timer = timeit.Timer(func)  # type: ignore[arg-type]
    return min(timer.repeat(repeat=5, number=number)) / number * 1e6


def _perft_rate(depth: int, repeats: int = 3) -> tuple[int, float, float]:
    rules = find_variant("italian")
    position = parse_fen(rules, rules.start_fen)
    best = float("inf")
    nodes = 0
    for _ in range(repeats):
        started = time.perf_counter()
        nodes = perft(position, depth)
        best = min(best, time.perf_counter() - started)
    return nodes, best, nodes / best


def main() -> dict[str, float]:
    rules = find_variant("italian")
    gen = generator_for(rules)
    results: dict[str, float] = {}
    for label, fen in (("start", rules.start_fen), ("middlegame", MIDDLEGAME)):
        position = parse_fen(rules, fen)
        args = (position.white, position.black, position.kings, position.turn)
        results[f"internal_moves_{label}_us"] = _micro(lambda args=args: gen.fast_moves(*args))
        results[f"legal_moves_{label}_us"] = _micro(position.legal_moves, number=5000)
    for depth in (7, 8):
        nodes, seconds, rate = _perft_rate(depth)
        results[f"perft{depth}_nodes"] = nodes
        results[f"perft{depth}_seconds"] = seconds
        results[f"perft{depth}_nodes_per_s"] = rate
    print("Italian rules benchmark (best of repeats)")
    for label in ("start", "middlegame"):
        print(
            f"  legal moves, {label:10}: internal {results[f'internal_moves_{label}_us']:.2f} µs, "
            f"public Move objects {results[f'legal_moves_{label}_us']:.2f} µs"
        )
    for depth in (7, 8):
        print(
            f"  perft({depth}) = {int(results[f'perft{depth}_nodes'])}: {results[f'perft{depth}_seconds']:.3f} s, "
            f"{results[f'perft{depth}_nodes_per_s']:,.0f} leaf nodes/s"
        )
    return results


if __name__ == "__main__":
    main()
