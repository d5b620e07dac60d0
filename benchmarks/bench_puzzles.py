"""Puzzle generation (engine/puzzles.py): puzzles found per CPU-minute from a record file, and the share of a
collection's games that yield at least one puzzle.

CPU time counts the worker processes (one worker, niced) and this process. Inputs, from the environment:
PUZZLE_RECORDS (a PDN file; default: the Italian test excerpt tests/engine/pdn/partite-shots.pdn) and
PUZZLE_COLLECTION (a folder or file; default: tests/rules/pdn_files, real games of several variants).
docs/PUZZLES.md gives the figures for the published collections the bundled set was built from.
"""

from __future__ import annotations

import os
import resource
import time
from pathlib import Path

from engine.puzzle_games import record_files, record_jobs, scan_games

ROOT = Path(__file__).resolve().parents[1]
RECORDS = ROOT / "tests" / "engine" / "pdn" / "partite-shots.pdn"
COLLECTION = ROOT / "tests" / "rules" / "pdn_files"


def _cpu() -> float:
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def per_cpu_minute(path: Path) -> None:
    jobs = [job for file in record_files([str(path)]) for job in record_jobs(file, None)]
    before, started = _cpu(), time.perf_counter()
    found = scan_games(jobs, workers=1)
    cpu, wall = _cpu() - before, time.perf_counter() - started
    rate = len(found) / (cpu / 60) if cpu else 0.0
    print(
        f"{path.name}: {len(jobs)} games, {len(found)} puzzles in {cpu:.1f} CPU-s ({wall:.1f} s wall): "
        f"{rate:.1f} puzzles per CPU-minute"
    )


def share_of_games(path: Path) -> None:
    jobs = [job for file in record_files([str(path)]) for job in record_jobs(file, None)]
    found = scan_games(jobs, workers=1)
    games = {(job.source["file"], job.source["game"]) for job in jobs}
    yielding = {(p.source["file"], p.source["game"]) for p in found}
    share = len(yielding) / len(games) if games else 0.0
    print(f"{path.name}: {len(yielding)} of {len(games)} games yield a puzzle ({share:.0%}), {len(found)} puzzles")


def main() -> None:
    try:
        per_cpu_minute(Path(os.environ.get("PUZZLE_RECORDS", RECORDS)))
        share_of_games(Path(os.environ.get("PUZZLE_COLLECTION", COLLECTION)))
    except FileNotFoundError as missing:
        raise SystemExit(f"No PDN file or folder at {missing}: set PUZZLE_RECORDS and PUZZLE_COLLECTION.") from None


if __name__ == "__main__":
    main()
