"""A stand-in Hub engine for tests of benchmarks.scan_match: plays the first legal move and reports a fixed score.

It speaks the part of the Hub protocol Scan 2.0 speaks (hub/wait, set, init/ready, pos, time, depth, go, quit) and
prints Scan's "info DEPTH MEAN-DEPTH SCORE NODES SECONDS MNPS PV" line before each move; a forced move is reported
at depth 0, as Scan does.
"""

from __future__ import annotations

import sys

from benchmarks.scan_match import hub_move
from rules import find_variant
from rules.fen import parse_fen

DEPTH, SCORE = 7, 30


def position_from_hub(text: str) -> str:
    """Hub's side-and-50-squares spelling as a PDN FEN."""
    pieces: dict[str, list[str]] = {"W": [], "B": []}
    for number, mark in enumerate(text[1:], start=1):
        if mark != "e":
            pieces[mark.upper()].append(("K" if mark.isupper() else "") + str(number))
    return f"{text[0].upper()}:W{','.join(pieces['W'])}:B{','.join(pieces['B'])}"


def main() -> None:
    rules = find_variant("international")
    position = None
    for line in sys.stdin:
        words = line.split()
        if not words:
            continue
        if words[0] == "hub":
            print("wait", flush=True)
        elif words[0] == "init":
            print("ready", flush=True)
        elif words[0] == "pos":
            position = parse_fen(rules, position_from_hub(words[1]))
        elif words[0] == "go" and position is not None:
            moves = sorted(position.legal_moves(), key=lambda m: hub_move(position, m))
            depth = DEPTH if len(moves) > 1 else 0
            print(f"info {depth} {depth}.0 {SCORE} 1000 0.01 0.1 {hub_move(position, moves[0])}", flush=True)
            print(f"move {hub_move(position, moves[0])}", flush=True)
        elif words[0] == "quit":
            return


if __name__ == "__main__":
    main()
