"""Matches against py-draughts' engines at equal time per move, through a subprocess bridge.

    python -m benchmarks.pydraughts_match russian --engine simple --pairs 50 --time 0.5

py-draughts is GPL, so it lives only in benchmarks/.pydraughts-venv (created here on first use, gitignored)
and is reached only through benchmarks/pydraughts/bridge.py running under that virtualenv's Python.
Targets (issue 6): >= 65% against SimpleEngine on russian and international, >= 45% against TurboEngine
on international, 100 games at 0.5 s per move.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import subprocess
import sys
import venv
from pathlib import Path
from typing import IO, Any

from benchmarks.match import GameRecord, ballots, level_player, play_game, summarize
from rules import Game, Move, find_variant

HERE = Path(__file__).resolve().parent
VENV = HERE / ".pydraughts-venv"
BRIDGE = HERE / "pydraughts" / "bridge.py"
PACKAGE = "py-draughts"
VARIANTS = ("international", "russian", "brazilian")


def ensure_venv() -> Path:
    python = VENV / "bin" / "python"
    if not python.exists():
        venv.create(VENV, with_pip=True)
    check = subprocess.run([str(python), "-c", "import draughts"], capture_output=True)
    if check.returncode != 0:
        subprocess.run([str(python), "-m", "pip", "install", "--quiet", PACKAGE], check=True)
    return python


class Bridge:
    def __init__(self, python: Path, variant: str, engine: str, seconds: float) -> None:
        self.process = subprocess.Popen(
            [str(python), str(BRIDGE)], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
        )
        self.ask({"variant": variant, "engine": engine, "time": seconds})

    def ask(self, request: dict[str, Any]) -> dict[str, Any]:
        stdin: IO[str] = self.process.stdin  # type: ignore[assignment]
        stdout: IO[str] = self.process.stdout  # type: ignore[assignment]
        stdin.write(json.dumps(request) + "\n")
        stdin.flush()
        line = stdout.readline()
        if not line:
            raise RuntimeError("the py-draughts bridge exited")
        answer: dict[str, Any] = json.loads(line)
        return answer

    def close(self) -> None:
        self.process.kill()
        self.process.wait()


def numbering(game: Game) -> dict[int, int]:
    """Our bit -> py-draughts' 1-based square: dark squares row by row from White's top left."""
    board = game.position.board
    return {bit: i + 1 for i, bit in enumerate(sorted(board.coords, key=lambda b: board.coords[b]))}


def fen_for(game: Game) -> str:
    index = numbering(game)
    position = game.position
    board = position.board

    def side(mask: int) -> str:
        return ",".join(("K" if position.kings >> s & 1 else "") + str(index[s]) for s in board.bits(mask))

    return f"{position.turn.letter}:W{side(position.white)}:B{side(position.black)}"


def bridge_player(bridge: Bridge) -> Any:
    def play(game: Game, seconds: float) -> Move:
        index = numbering(game)
        answer = bridge.ask({"fen": fen_for(game)})
        path, captures = answer["path"], set(answer["captures"])
        legal = game.position.legal_moves()
        for move in legal:
            if (index[move.start], index[move.end]) == (path[0], path[-1]) and {
                index[c] for c in move.captures
            } == captures:
                return move
        raise RuntimeError(f"py-draughts played {path} x {sorted(captures)}, not legal here: {fen_for(game)}")

    return play


def _pair(args: tuple[str, list[str], str, float, int]) -> list[GameRecord]:
    variant, opening, engine, seconds, seed = args
    rules = find_variant(variant)
    bridge = Bridge(VENV / "bin" / "python", rules.id, engine, seconds)
    ours = level_player(5, seed)
    theirs = bridge_player(bridge)
    out = []
    try:
        for ours_white in (True, False):
            white, black = (ours, theirs) if ours_white else (theirs, ours)
            score, plies, how = play_game(rules, opening, white, black, seconds)
            out.append(GameRecord(tuple(opening), ours_white, score if ours_white else 1 - score, plies, how))
            print(f"  {' '.join(opening)} ours {'white' if ours_white else 'black'}: "
                  f"{score if ours_white else 1 - score} ({how}, {plies} plies)", flush=True)
    finally:
        bridge.close()
    return out


def run(variant: str, engine: str, pairs: int, seconds: float, workers: int) -> list[GameRecord]:
    ensure_venv()
    rules = find_variant(variant)
    openings = ballots(rules)
    jobs = [(rules.id, openings[i % len(openings)], engine, seconds, i) for i in range(pairs)]
    with multiprocessing.get_context("spawn").Pool(workers) as pool:
        return [r for pair in pool.imap_unordered(_pair, jobs) for r in pair]


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.pydraughts_match")
    parser.add_argument("variant", choices=VARIANTS)
    parser.add_argument("--engine", choices=("simple", "turbo"), default="simple")
    parser.add_argument("--pairs", type=int, default=50, help="colour-reversed pairs (100 games by default)")
    parser.add_argument("--time", type=float, default=0.5, help="seconds per move, both engines")
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args(argv)
    try:
        find_variant(args.variant)
    except Exception as error:  # the variant is not registered yet
        print(f"error: {error}", file=sys.stderr)
        sys.exit(2)
    records = run(args.variant, args.engine, args.pairs, args.time, args.workers)
    label = f"{args.variant}: Dama level 5 vs py-draughts {args.engine.title()}Engine at {args.time}s/move"
    print(summarize(label, records))


if __name__ == "__main__":
    main()
