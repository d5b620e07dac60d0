"""Engine speed: nodes per second on 8x8 boards, and the depth reached on a middlegame in 1.5 s.

Targets (issue 6): >= 150,000 nodes/s on 8x8 and depth >= 12 on an 8x8 middlegame in 1.5 s.
A node is one call of the search or the quiescence search (each made move is one node).
Strength is measured by benchmarks/match.py (level against level) and benchmarks/pydraughts_match.py.
"""

from __future__ import annotations

import time

from engine.search import Searcher
from rules import find_variant, parse_fen

# Middlegames reached by engine play from a ballot (18-20 plies in).
POSITIONS = {
    "italian start": ("italian", None),
    "italian middlegame": ("italian", "W:W16,17,19,23,24,29,30,31,32:B1,2,3,4,6,9,10,14,18"),
    "russian middlegame": ("russian", "W:Wd4,f4,a3,c3,e3,g3,b2,a1,e1,g1:Bd8,h8,a7,c7,e7,b6,d6,h6,c5,g5"),
    "international middlegame": (
        "international",
        "W:W27,30,31,32,33,37,38,40,41,43,44,45,46,47,48,49,50:B1,2,3,4,5,6,7,8,9,11,13,16,18,19,20,21,22",
    ),
}
DEPTH_POSITION = "italian middlegame"
DEPTH_SECONDS = 1.5
NPS_SECONDS = 3.0


def run(name: str, seconds: float) -> tuple[int, int, float]:
    variant, fen = POSITIONS[name]
    rules = find_variant(variant)
    position = parse_fen(rules, fen or rules.start_fen)
    searcher = Searcher(rules)
    started = time.perf_counter()
    result = searcher.search(position.white, position.black, position.kings, int(position.turn), seconds=seconds)
    elapsed = time.perf_counter() - started
    return result.depth, result.nodes, elapsed


def main() -> None:
    eight = []
    for name in POSITIONS:
        depth, nodes, elapsed = run(name, NPS_SECONDS)
        nps = nodes / elapsed
        if not name.startswith("international"):
            eight.append(nps)
        print(f"{name:26s} {nps:10,.0f} nodes/s  depth {depth:2d} in {elapsed:.2f} s")
    print(f"8x8 mean nodes/s: {sum(eight) / len(eight):,.0f} (target >= 150,000)")
    depth, nodes, elapsed = run(DEPTH_POSITION, DEPTH_SECONDS)
    print(f"depth on the {DEPTH_POSITION} in {DEPTH_SECONDS} s: {depth} (target >= 12; {nodes:,} nodes)")


if __name__ == "__main__":
    main()
