"""Legal moves cross-checked against py-draughts, an independent implementation, over random games.

    python -m benchmarks.pydraughts_crosscheck [international|russian|brazilian] [--games 200] [--plies 200]

py-draughts stays in its own virtualenv (GPL; see pydraughts_match.py) and answers over the bridge. Each
position's moves are compared as (start, end, set of captured squares); random play is biased towards
captures and kings so that long king captures and promotions come up often. Exit status 1 on any
difference, with the position and both move lists.
"""

from __future__ import annotations

import argparse
import random
import sys

from benchmarks.pydraughts_match import VARIANTS, VENV, Bridge, ensure_venv, fen_for, numbering
from rules import Game, find_variant

Key = tuple[int, int, frozenset[int]]


def ours(game: Game) -> set[Key]:
    index = numbering(game)
    return {
        (index[m.start], index[m.end], frozenset(index[c] for c in m.captures)) for m in game.position.legal_moves()
    }


def theirs(bridge: Bridge, game: Game) -> set[Key]:
    answer = bridge.ask({"legal": fen_for(game)})
    return {(path[0], path[-1], frozenset(captures)) for path, captures in answer["moves"]}


def check(variant: str, games: int, plies: int, seed: int) -> int:
    rules = find_variant(variant)
    bridge = Bridge(VENV / "bin" / "python", rules.id, "simple", 0.1)
    rng = random.Random(seed)
    positions = differences = 0
    try:
        for _ in range(games):
            game = Game(rules)
            for _ in range(plies):
                if game.outcome() is not None:
                    break
                mine, other = ours(game), theirs(bridge, game)
                positions += 1
                if mine != other:
                    differences += 1
                    print(
                        f"{variant}: {fen_for(game)}\n  only ours:   {sorted(mine - other)}\n"
                        f"  only theirs: {sorted(other - mine)}"
                    )
                moves = game.position.legal_moves()
                # prefer long captures and king moves now and then: they are where rules differ
                weights = [1 + 3 * len(m.captures) + 2 * m.king_move for m in moves]
                game.push(rng.choices(moves, weights)[0])
    finally:
        bridge.close()
    print(f"{variant}: {positions:,} positions from {games} random games, {differences} with different moves")
    return differences


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.pydraughts_crosscheck")
    parser.add_argument("variants", nargs="*", help=f"any of {', '.join(VARIANTS)} (default: all)")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--plies", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    unknown = set(args.variants) - set(VARIANTS)
    if unknown:
        parser.error(f"py-draughts has no {', '.join(sorted(unknown))}; choose from {', '.join(VARIANTS)}")
    ensure_venv()
    failed = sum(check(v, args.games, args.plies, args.seed) for v in args.variants or VARIANTS)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
