"""International matches against Scan 2.0 (Fabien Letouzey's engine, GPL) over its Hub protocol.

    python -m benchmarks.scan_match --scan /path/to/scan --pairs 20 --time 0.5
    python -m benchmarks.scan_match --scan /path/to/scan --pairs 10 --scan-depth 6   # Scan held to depth 6

Scan is an outside program: build it yourself (its source is public: `make` in its src/, then put the binary
beside its scan.ini and data/); the project never contains, imports or needs it. Each game starts a fresh Scan
process in the binary's folder, with the settings the README's figures used (no opening book, one thread,
tt-size 22), in colour-reversed pairs from the International ballots. Before each of its moves Scan is sent
the whole position (`pos`), so it knows no game history (repetitions); every move of both sides is checked by
the rules library, and an illegal one stops the match. Dama plays at `--level` (5: full strength) for the
same time per move and reports its mean completed depth. `--params`, `--selective` and `--patterns` set
Dama's search switches and learned term as `benchmarks.match` does for its players:

    python -m benchmarks.scan_match --scan /path/to/scan --pairs 20 --params 100,4,60 --selective 2,3,0,40,1
"""

from __future__ import annotations

import argparse
import multiprocessing
import subprocess
from dataclasses import dataclass
from pathlib import Path
from typing import IO

from benchmarks.match import (
    GameRecord,
    Knobs,
    ballots,
    checked_knobs,
    checked_move,
    knob_label,
    play_game,
    summarize,
)
from engine.native import NativeSearcher, make_searcher
from engine.search import Searcher
from engine.worker import Job, play_level
from rules import Color, Game, Move, Position, find_variant

SCAN_SETTINGS = (("book", "false"), ("threads", "1"), ("tt-size", "22"))


def hub_position(position: Position) -> str:
    """'w' or 'b', then squares 1..50: w b (men), W B (kings), e (empty)."""
    board = position.board
    out = ["w" if position.turn is Color.WHITE else "b"]
    for bit in board.squares:
        mask = 1 << bit
        king = bool(position.kings & mask)
        if position.white & mask:
            out.append("W" if king else "w")
        elif position.black & mask:
            out.append("B" if king else "b")
        else:
            out.append("e")
    return "".join(out)


def hub_move(position: Position, move: Move) -> str:
    """Scan's spelling: from-to, or fromxto then x and every captured square."""
    number = position.board.order
    start, end = number[move.start] + 1, number[move.end] + 1
    if not move.captures:
        return f"{start}-{end}"
    return f"{start}x{end}" + "".join(f"x{number[sq] + 1}" for sq in move.captures)


def move_from_hub(position: Position, text: str) -> Move:
    """The legal move Scan means (start, end and captured squares); RuntimeError when there is none."""
    parts = text.replace("-", "x").split("x")
    numbers = [int(p) for p in parts]
    squares = position.board.squares
    start, end = squares[numbers[0] - 1], squares[numbers[1] - 1]
    captured = {squares[n - 1] for n in numbers[2:]}
    for move in position.legal_moves():
        if move.start == start and move.end == end and (not captured or set(move.captures) == captured):
            if not move.captures and captured:
                continue
            return move
    raise RuntimeError(f"Scan played {text}, which is not legal in {hub_position(position)}")


class Scan:
    """One Scan process speaking Hub; closed after the game."""

    def __init__(self, binary: Path, depth: int | None) -> None:
        self.process = subprocess.Popen(
            [str(binary), "hub"], cwd=binary.parent, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
        )
        self.depth = depth
        self.send("hub")
        self.expect("wait")
        for name, value in SCAN_SETTINGS:
            self.send(f"set {name} {value}")
        self.send("init")
        self.expect("ready")

    def send(self, line: str) -> None:
        stdin: IO[str] = self.process.stdin  # type: ignore[assignment]
        stdin.write(line + "\n")
        stdin.flush()

    def expect(self, word: str) -> str:
        stdout: IO[str] = self.process.stdout  # type: ignore[assignment]
        while True:
            line = stdout.readline()
            if not line:
                raise RuntimeError(f"Scan exited while Dama waited for '{word}'")
            if line.split(maxsplit=1)[:1] == [word]:
                return line.strip()

    def play(self, game: Game, seconds: float) -> Move:
        position = game.position
        self.send(f"pos {hub_position(position)}")
        self.send(f"depth {self.depth}" if self.depth is not None else f"time {round(seconds * 1000)}")
        self.send("go")
        answer = self.expect("move").split()
        return move_from_hub(position, answer[1])

    def close(self) -> None:
        try:
            self.send("quit")
            self.process.wait(timeout=5)
        except (OSError, subprocess.TimeoutExpired):
            self.process.kill()


@dataclass
class DamaPlayer:
    """Dama at a level, recording the depth each search completed."""

    level: int
    seed: int
    depths: list[int]
    knobs: Knobs | None = None  # search switches and learned term (None: the variant's own)

    def __post_init__(self) -> None:
        self.searcher: Searcher | object | None = None
        self.counter = self.seed

    def __call__(self, game: Game, seconds: float) -> Move:
        position = game.position
        if self.searcher is None:
            self.searcher = make_searcher(position.rules)
            if self.knobs is not None and isinstance(self.searcher, NativeSearcher):
                self.knobs.apply(self.searcher.core)
        searcher = self.searcher
        history = [searcher.hash_of(p.white, p.black, p.kings, int(p.turn), p.king_streaks)  # type: ignore[attr-defined]
                   for p in game.positions[:-1]]
        self.counter += 1
        job = Job(position.rules.id, position.white, position.black, position.kings, int(position.turn),
                  seconds, None, (), 0, self.level, self.counter, position.king_streaks)
        result = play_level(searcher, job, history, lambda: False)  # type: ignore[arg-type]
        self.depths.append(result.depth)
        return checked_move(position, result.move, "Dama")


def _pair(
    args: tuple[str, list[str], int, float, int, int | None, Knobs | None],
) -> tuple[list[GameRecord], list[int]]:
    binary, opening, level, seconds, seed, scan_depth, knobs = args
    rules = find_variant("international")
    records: list[GameRecord] = []
    depths: list[int] = []
    for dama_white in (True, False):
        scan = Scan(Path(binary), scan_depth)
        dama = DamaPlayer(level, seed * 2 + (1 if dama_white else 2), depths, knobs)
        try:
            white, black = (dama, scan.play) if dama_white else (scan.play, dama)
            score, plies, how = play_game(rules, opening, white, black, seconds)
        finally:
            scan.close()
        records.append(GameRecord(tuple(opening), dama_white, score if dama_white else 1 - score, plies, how))
    return records, depths


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.scan_match")
    parser.add_argument("--scan", required=True, help="the Scan binary (its scan.ini and data/ beside it)")
    parser.add_argument("--pairs", type=int, default=10, help="colour-reversed pairs of games")
    parser.add_argument("--time", type=float, default=0.5, help="seconds per move, each side")
    parser.add_argument("--level", type=int, default=5, help="Dama's level (5: full strength)")
    parser.add_argument("--scan-depth", type=int, default=None, help="hold Scan to this depth instead of the time")
    parser.add_argument("--workers", type=int, default=1, help="games played side by side")
    parser.add_argument("--params", default="", help="Dama's set_params (lmr divisor x100, prune depth, margin), "
                        "or legacy")
    parser.add_argument("--selective", default="", help="Dama's set_selective (lmr from, lmp, hang, probcut depth "
                        "%%, malus[, countermove, quiet quiescence]), or legacy")
    parser.add_argument("--patterns", default="on", help="Dama's learned pattern term: on (the shipped file), off "
                        "(hand-set only) or a pattern file's path")
    args = parser.parse_args(argv)
    binary = Path(args.scan).resolve()
    if not binary.is_file():
        parser.error(f"no Scan binary at {binary}: build it (make in its src/) and name the binary with --scan")
    knobs = checked_knobs(parser, None, args.params, args.selective, args.patterns)
    openings = ballots(find_variant("international"))
    jobs = [(str(binary), openings[i % len(openings)], args.level, args.time, i, args.scan_depth, knobs)
            for i in range(args.pairs)]
    records: list[GameRecord] = []
    depths: list[int] = []
    with multiprocessing.get_context("spawn").Pool(args.workers) as pool:
        for pair, pair_depths in pool.imap_unordered(_pair, jobs):
            records.extend(pair)
            depths.extend(pair_depths)
            print(summarize(f"  after {len(records)} games", records), flush=True)
    scan_label = f"Scan 2.0 at depth {args.scan_depth}" if args.scan_depth else "Scan 2.0"
    label = f"international: Dama level {args.level}{knob_label(knobs)} vs {scan_label} at {args.time}s/move"
    print(summarize(label, records))
    if depths:
        print(f"Dama's mean completed depth: {sum(depths) / len(depths):.1f} over {len(depths)} moves")


if __name__ == "__main__":
    main()
