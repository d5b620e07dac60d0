"""Perft speed per variant from its start position (leaf nodes per second, every leaf made)."""

from __future__ import annotations

import time

from rules import VARIANTS, parse_fen, perft

# Depth per variant: about a second of work each on a laptop core.
DEPTHS = {
    "italian": 8,
    "international": 7,
    "english": 8,
    "russian": 8,
    "brazilian": 8,
    "pool": 8,
    "czech": 8,
    "spanish": 8,
    "portuguese": 8,
    "canadian": 6,
    "frisian": 6,
    "turkish": 5,
    "thai": 6,
    "armenian": 4,
    "dameo": 3,
    "gothic": 4,
}


def measure(variant: str, depth: int) -> tuple[int, float]:
    rules = VARIANTS[variant]
    position = parse_fen(rules, rules.start_fen)
    begin = time.perf_counter()
    nodes = perft(position, depth)
    return nodes, time.perf_counter() - begin


def main() -> None:
    print(f"{'variant':<15} {'depth':>5} {'nodes':>12} {'seconds':>8} {'nodes/s':>12}")
    for variant, depth in DEPTHS.items():
        nodes, seconds = measure(variant, depth)
        print(f"{variant:<15} {depth:>5} {nodes:>12,} {seconds:>8.2f} {nodes / seconds:>12,.0f}")


if __name__ == "__main__":
    main()
