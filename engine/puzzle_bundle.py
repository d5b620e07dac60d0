"""Build the bundled puzzle set: `python -m engine.puzzle_bundle CORPUS OUT [--variant ID] [--target N]`.

CORPUS is a folder laid out like the project's reference corpus (one sub-folder per variant of published
PDN records, see data/puzzles/SOURCES.md). Each variant's records are scanned first; where they yield fewer
than --target puzzles, engine self-play games fill the rest, starting from the corpus' published opening
positions (11-man ballots, opening books) where it has them. Only the puzzles are kept (OUT/<variant>.json,
one puzzle per line), each with its source: the record's file, game number and tags, or the self-play seed.
Generation runs niced in worker processes and stops at the target or after --max-games self-play games.
With --keep, the puzzles already in OUT that still meet the finder's rules for a start (MIN_CHOICES legal
moves, a reasonable alternative to the solution) are kept, the records are not scanned again, and self-play
goes on after the highest seed they name, with the same openings a full build would have drawn.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from engine.puzzle_games import record_files, record_jobs, run_pool, scan_job, self_play_scan
from engine.puzzles import MIN_CHOICES, Finder, Puzzle, read_puzzles
from rules import Game, RuleSet, find_variant, format_fen, parse_fen, parse_move
from rules.pdn_replay import replay, tag
from rules.pdn_scan import read_records

BUNDLED = ("italian", "international", "english", "russian", "brazilian")
RECORDS = {"italian": "italian", "international": "international", "english": "english", "russian": "russian"}
OPENINGS = {  # where self-play starts: the corpus' own opening positions
    "italian": "italian/11_man_italian.pdn",
    "english": "english/11_man_english.pdn",
    "russian": "russian/hcheckers-idf64-openings",
    "brazilian": "russian/hcheckers-idf64-openings",  # the same 8x8 board and start; every move legal in both
}
BATCH = 16


def openings(corpus: Path, rules: RuleSet) -> list[tuple[str, str]]:
    """(FEN, label) of each published opening for rules: FEN-only records, or short opening lines replayed."""
    name = OPENINGS.get(rules.id)
    if name is None or not (corpus / name).exists():
        return []
    found: list[tuple[str, str]] = []
    for path in record_files([str(corpus / name)]):
        for record in read_records(path.read_bytes()):
            fen = tag(record, "FEN")
            if fen and not record.moves:
                try:
                    found.append((format_fen(Game(rules, fen).position), f"{path.name} #{record.number}"))
                except ValueError:
                    continue
                continue
            replayed = replay(record, rules)
            if replayed.ok and replayed.game is not None and replayed.game.ply:
                found.append((replayed.game.fen, f"{path.name} #{record.number}"))
    return found


def still_a_puzzle(finder: Finder, puzzle: Puzzle) -> bool:
    """A kept puzzle meets the start rules added since it was found: enough choice, and no elimination."""
    position = parse_fen(finder.rules, puzzle.fen)
    if len(position.legal_moves()) < MIN_CHOICES:
        return False
    return bool(finder.reasonable(position, parse_move(position, puzzle.solution[0])))


def build(
    corpus: Path, rules: RuleSet, target: int, workers: int, max_games: int, kept: Sequence[Puzzle] = ()
) -> list[Puzzle]:
    found: dict[str, Puzzle] = {}
    folder = RECORDS.get(rules.id)
    if kept:
        found = {puzzle.id: puzzle for puzzle in kept}
    elif folder is not None and (corpus / folder).exists():
        files = record_files([str(corpus / folder)])
        jobs = [job for path in files for job in record_jobs(path, rules, f"{folder}/{path.name}")]
        for puzzle in run_pool(((scan_job, job) for job in jobs), workers, None):
            found.setdefault(puzzle.id, puzzle)
    starts = openings(corpus, rules)
    rng = random.Random(rules.id)
    seed = max((int(p.source.get("self_play", 0)) for p in kept), default=0)
    for _ in range(seed if starts else 0):  # the openings the seeds before drew
        rng.choice(starts)
    while len(found) < target and seed < max_games:
        tasks: list[tuple[Any, ...]] = []
        for _ in range(BATCH):
            seed += 1
            fen, label = rng.choice(starts) if starts else (None, "")
            tasks.append((self_play_scan, rules.id, seed, fen, label))
        for puzzle in run_pool(tasks, workers, None):
            found.setdefault(puzzle.id, puzzle)
    return list(found.values())


def write(path: Path, puzzles: Sequence[Puzzle]) -> None:
    lines = ",\n".join(json.dumps(p.to_json(), ensure_ascii=False, separators=(",", ":")) for p in puzzles)
    path.write_text('{"puzzles": [\n' + lines + "\n]}\n", encoding="utf-8")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m engine.puzzle_bundle", description=__doc__.split("\n")[0])
    parser.add_argument("corpus", type=Path)
    parser.add_argument("out", type=Path)
    parser.add_argument("--variant", action="append", help="only these (default: the bundled five)")
    parser.add_argument("--target", type=int, default=220)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--max-games", type=int, default=600)
    parser.add_argument("--keep", action="store_true", help="keep OUT's puzzles that still pass, then add more")
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    for variant in args.variant or BUNDLED:
        rules = find_variant(variant)
        kept: list[Puzzle] = []
        existing = args.out / f"{rules.id}.json"
        if args.keep and existing.exists():
            finder = Finder(rules)
            kept = [p for p in read_puzzles(json.loads(existing.read_text("utf-8"))) if still_a_puzzle(finder, p)]
        puzzles = build(args.corpus, rules, args.target, args.workers, args.max_games, kept)
        write(args.out / f"{rules.id}.json", puzzles)
    return 0


if __name__ == "__main__":
    sys.exit(main())
