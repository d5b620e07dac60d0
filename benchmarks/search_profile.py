"""Fixed-depth search profile of the compiled core: nodes, quiescence share and time per depth.

    python -m benchmarks.search_profile international --depth 10 --positions 12
    python -m benchmarks.search_profile international --depth 10 --selective 1,3,1,40
    python -m benchmarks.search_profile international --time 0.5   # mean completed depth in half a second

Positions: each ballot opening of the variant played on by the engine at depth 4 for --plies more plies
(deterministic: with the search switches as they were before issue 30). Fixed-depth node counts do not
depend on the machine's load, so they compare the selectivity switches (set_params, set_selective) cheaply
before a match says which is stronger.
"""

from __future__ import annotations

import argparse
import time

from benchmarks.match import ballots, checked_knobs
from engine.api import to_moves
from engine.native import LEGACY_PARAMS, LEGACY_SELECTIVE, NativeSearcher
from rules import Game, find_variant


def positions(variant: str, count: int, plies: int) -> list[tuple[int, int, int, int]]:
    rules = find_variant(variant)
    searcher = NativeSearcher(rules, tt_bits=18, patterns=False)
    searcher.core.set_params(*LEGACY_PARAMS)  # the same positions whatever the defaults become
    searcher.core.set_selective(*LEGACY_SELECTIVE)
    out = []
    for opening in ballots(rules)[:count]:
        game = Game(rules)
        for text in opening:
            game.play(text)
        for _ in range(plies):
            p = game.position
            if game.outcome() is not None:
                break
            result = searcher.search(p.white, p.black, p.kings, int(p.turn), depth=4)
            game.push(to_moves(p, [result.move] if result.move else [])[0])
        p = game.position
        out.append((p.white, p.black, p.kings, int(p.turn)))
    return out


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.search_profile")
    parser.add_argument("variant")
    parser.add_argument("--depth", type=int, default=10)
    parser.add_argument("--time", type=float, default=None, help="search each position this long instead")
    parser.add_argument("--positions", type=int, default=12)
    parser.add_argument("--plies", type=int, default=20, help="plies played after the ballot opening")
    parser.add_argument("--params", default="", help="set_params: lmr divisor x100, prune depth, margin (or legacy)")
    parser.add_argument("--selective", default="", help="set_selective: lmr from, lmp, hang, probcut depth %%, malus, "
                        "countermove, quiet quiescence, king reduction cap, flat reductions (or legacy)")
    parser.add_argument("--probcut", type=int, default=None, help="ProbCut margin per ply (0: off)")
    parser.add_argument("--probcut-pieces", type=int, default=None,
                        help="with --probcut: ProbCut only where at most this many pieces stand (0: anywhere)")
    args = parser.parse_args(argv)
    knobs = checked_knobs(parser, args.probcut, args.params, args.selective, probcut_pieces=args.probcut_pieces)
    rules = find_variant(args.variant)
    todo = positions(args.variant, args.positions, args.plies)
    searcher = NativeSearcher(rules)
    knobs.apply(searcher.core)
    nodes = qnodes = depths = 0
    started = time.process_time()
    for white, black, kings, color in todo:
        searcher.core.clear()
        if args.time:
            depths += searcher.search(white, black, kings, color, seconds=args.time).depth
        else:
            searcher.search(white, black, kings, color, depth=args.depth)
        n, q = searcher.core.stats()
        nodes += n
        qnodes += q
    cpu = time.process_time() - started
    if args.time:
        print(f"{args.variant} {args.time}s, {len(todo)} positions: mean completed depth {depths / len(todo):.1f}, "
              f"{nodes / len(todo):,.0f} nodes a position, {100 * qnodes / max(1, nodes):.1f}% in quiescence")
        return
    print(f"{args.variant} depth {args.depth}, {len(todo)} positions: {nodes / len(todo):,.0f} nodes a position, "
          f"{100 * qnodes / max(1, nodes):.1f}% in quiescence, {cpu / len(todo):.3f} CPU-s a position, "
          f"{nodes / max(cpu, 1e-9) / 1000:,.0f} knodes/s")


if __name__ == "__main__":
    main()
