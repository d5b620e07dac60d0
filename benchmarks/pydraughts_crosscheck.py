"""Legal moves cross-checked against independent implementations, over random games.

    python -m benchmarks.pydraughts_crosscheck [VARIANT ...] [--library py-draughts|pydraughts] [--games 150]

Two GPL libraries serve as references, each in its own virtualenv under benchmarks/ (created on first use)
and reached over a subprocess bridge; the project never imports them:
* py-draughts (benchmarks/pydraughts/bridge.py): international, russian, brazilian;
* pydraughts by AttackingOrDefending (benchmarks/pydraughts/bridge_aod.py): english, italian, international,
  frisian, turkish, russian, brazilian, anti-international.

Each position's moves are compared as (start, end, set of captured squares). Both sides see the position as
its FEN, without the game's history (Frisian's three-king-moves limit depends on history, so it is not
compared). Random play is biased towards captures and kings, where rules differ. Known reference faults are
filtered and counted, never hidden: pydraughts 0.6.7 lets a Turkish king slide through occupied squares.
Exit status 1 on any other difference, with the position and both move lists.
"""

from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys
import venv
from collections.abc import Callable
from pathlib import Path
from typing import IO, Any

from benchmarks.pydraughts_match import VENV as PY_DRAUGHTS_VENV
from benchmarks.pydraughts_match import Bridge, ensure_venv, fen_for, numbering
from rules import Game, Position, RuleSet, find_variant, format_fen, parse_fen

HERE = Path(__file__).resolve().parent
AOD_VENV = HERE / ".pydraughts-aod-venv"
AOD_BRIDGE = HERE / "pydraughts" / "bridge_aod.py"
AOD_VARIANTS = {
    "english": "english",
    "italian": "italian",
    "international": "standard",
    "frisian": "frisian",
    "turkish": "turkish",
    "russian": "russian",
    "brazilian": "brazilian",
    "anti-international": "antidraughts",
}
PY_DRAUGHTS_VARIANTS = ("international", "russian", "brazilian")

Key = tuple[int, int, frozenset[int]]  # our (start, end, captured squares)


class PyDraughts:
    """py-draughts over the match bridge; squares are numbered row by row from White's top left."""

    def __init__(self, rules: RuleSet) -> None:
        ensure_venv()
        self.bridge = Bridge(PY_DRAUGHTS_VENV / "bin" / "python", rules.id, "simple", 0.1)

    def moves(self, game: Game) -> set[Key]:
        back = {n: bit for bit, n in numbering(game).items()}
        answer = self.bridge.ask({"legal": fen_for(game)})
        return {(back[p[0]], back[p[-1]], frozenset(back[c] for c in caps)) for p, caps in answer["moves"]}

    def close(self) -> None:
        self.bridge.close()


class AodPydraughts:
    """pydraughts reads our FEN; its square numbers are learnt by asking for a lone king's moves."""

    def __init__(self, rules: RuleSet) -> None:
        python = AOD_VENV / "bin" / "python"
        if not python.exists():
            venv.create(AOD_VENV, with_pip=True)
        if subprocess.run([str(python), "-c", "import draughts"], capture_output=True).returncode != 0:
            subprocess.run([str(python), "-m", "pip", "install", "--quiet", "pydraughts"], check=True)
        self.process = subprocess.Popen(
            [str(python), str(AOD_BRIDGE)], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
        )
        self.variant = AOD_VARIANTS[rules.id]
        self.square: dict[int, int] = {}
        board = parse_fen(rules, rules.start_fen).board
        for bit in board.squares:
            starts = {steps[0] for steps, _ in self._ask(f"W:WK{board.name(bit)}:B")}
            if len(starts) == 1:
                self.square[starts.pop()] = bit

    def _ask(self, fen: str) -> list[Any]:
        stdin: IO[str] = self.process.stdin  # type: ignore[assignment]
        stdout: IO[str] = self.process.stdout  # type: ignore[assignment]
        stdin.write(json.dumps({"variant": self.variant, "fen": fen}) + "\n")
        stdin.flush()
        answer = json.loads(stdout.readline())
        if "error" in answer:
            raise RuntimeError(f"pydraughts could not read {fen}: {answer['error']}")
        moves: list[Any] = answer["moves"]
        return moves

    def moves(self, game: Game) -> set[Key]:
        sq = self.square
        return {
            (sq[s[0]], sq[s[-1]], frozenset(sq[c] for c in caps)) for s, caps in self._ask(format_fen(game.position))
        }

    def close(self) -> None:
        self.process.kill()
        self.process.wait()


def slides_through_a_piece(position: Position, key: Key) -> bool:
    """A quiet move whose straight path crosses an occupied square (pydraughts' Turkish kings do that)."""
    start, end, captured = key
    if captured:
        return False
    board = position.board
    (r1, c1), (r2, c2) = board.coords[start], board.coords[end]
    dr, dc = (r2 > r1) - (r2 < r1), (c2 > c1) - (c2 < c1)
    occupied = position.white | position.black
    r, c = r1 + dr, c1 + dc
    while (r, c) != (r2, c2):
        square = board.by_coord.get((r, c))
        if square is not None and occupied >> square & 1:
            return True
        r, c = r + dr, c + dc
    return False


KNOWN_FAULTS: dict[tuple[str, str], Callable[[Position, Key], bool]] = {
    ("pydraughts", "turkish"): slides_through_a_piece,
}


def check(library: str, variant: str, games: int, plies: int, seed: int) -> int:
    rules = find_variant(variant)
    reference = PyDraughts(rules) if library == "py-draughts" else AodPydraughts(rules)
    fault = KNOWN_FAULTS.get((library, variant))
    rng = random.Random(seed)
    positions = differences = faults = 0
    try:
        for _ in range(games):
            game = Game(rules)
            for _ in range(plies):
                if game.outcome() is not None:
                    break
                as_fen = parse_fen(rules, format_fen(game.position))  # what the reference sees: no history
                mine = {(m.start, m.end, frozenset(m.captures)) for m in as_fen.legal_moves()}
                other = reference.moves(game)
                if fault is not None:
                    wrong = {key for key in other - mine if fault(as_fen, key)}
                    faults += len(wrong)
                    other -= wrong
                positions += 1
                if mine != other:
                    differences += 1
                    name = as_fen.board.name

                    def show(keys: set[Key], name: Callable[[int], str] = name) -> list[str]:
                        return sorted(f"{name(s)}-{name(e)} x{sorted(name(c) for c in cs)}" for s, e, cs in keys)

                    print(
                        f"{variant}: {format_fen(as_fen)}\n  only ours:   {show(mine - other)}\n"
                        f"  only theirs: {show(other - mine)}"
                    )
                moves = game.position.legal_moves()
                weights = [1 + 3 * len(m.captures) + 2 * m.king_move for m in moves]
                game.push(rng.choices(moves, weights)[0])
    finally:
        reference.close()
    noted = f" ({faults} known-fault moves of the reference set aside)" if faults else ""
    print(
        f"{library} {variant}: {positions:,} positions from {games} random games, "
        f"{differences} with different moves{noted}"
    )
    return differences


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.pydraughts_crosscheck")
    parser.add_argument("variants", nargs="*", help="default: every variant the library has")
    parser.add_argument("--library", choices=("py-draughts", "pydraughts"), default="py-draughts")
    parser.add_argument("--games", type=int, default=150)
    parser.add_argument("--plies", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    known = tuple(AOD_VARIANTS) if args.library == "pydraughts" else PY_DRAUGHTS_VARIANTS
    unknown = set(args.variants) - set(known)
    if unknown:
        parser.error(f"{args.library} has no {', '.join(sorted(unknown))}; choose from {', '.join(known)}")
    failed = sum(check(args.library, v, args.games, args.plies, args.seed) for v in args.variants or known)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
