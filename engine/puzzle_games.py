"""Where puzzles come from: games of PDN record files, engine self-play, or stored games, scanned in worker
processes (one game per task), never on an event loop.

A game travels to a worker as plain data (`GameJob`: variant, start FEN, move texts, source) and comes back
as puzzle dicts; the caller removes duplicates (the same position from two games) and applies the limit.
"""

from __future__ import annotations

import concurrent.futures
import multiprocessing
import os
import random
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from engine.puzzles import Finder, Puzzle
from rules import Game, Move, Position, RuleSet, find_variant
from rules.pdn_replay import event_and_date, players, replay
from rules.pdn_scan import read_records

PDN_SUFFIXES = (".pdn", ".txt")
OPENING_PLIES = 6  # self-play: random moves first, so that games differ
SELF_PLAY_PLIES = 160
SELF_PLAY_DEPTH = 4  # shallow, noisy players make the mistakes combinations punish
SELF_PLAY_BLUNDER = 0.08


@dataclass(frozen=True, slots=True)
class GameJob:
    variant: str
    start_fen: str
    moves: tuple[Move, ...]  # each legal in turn (a record goes on past a draw the rules would end)
    source: dict[str, Any] = field(hash=False)
    first_ply: int = 0  # scan from this ply on (a resumed game's opening is nobody's puzzle)


def record_files(paths: Sequence[str]) -> list[Path]:
    """The PDN files named, and those inside the folders named (sorted, recursive)."""
    files: list[Path] = []
    for name in paths:
        path = Path(name)
        if path.is_dir():
            files += sorted(p for p in path.rglob("*") if p.is_file() and p.suffix.lower() in PDN_SUFFIXES)
        elif path.is_file():
            files.append(path)
        else:
            raise FileNotFoundError(name)
    return files


def record_jobs(path: Path, caller: RuleSet | None, label: str | None = None) -> Iterator[GameJob]:
    """One job per game of the file that replays (as far as it replays; broken games keep their good part)."""
    for record in read_records(path.read_bytes()):
        if record.empty:
            continue
        replayed = replay(record, caller)
        game = replayed.game
        if game is None or replayed.rules is None or game.ply == 0:
            continue
        if caller is not None and replayed.rules.id != caller.id:
            continue
        white, black = players(record)
        event, date = event_and_date(record)
        source: dict[str, Any] = {"file": label or path.name, "game": record.number}
        source.update({k: v for k, v in (("white", white), ("black", black), ("event", event), ("date", date)) if v})
        yield GameJob(replayed.rules.id, game.start_fen, tuple(game.moves), source)


def self_play_job(rules: RuleSet, seed: int, opening_fen: str | None = None, opening: str = "") -> GameJob:
    """A game of two shallow, noisy engine players from a random opening (reproducible from the seed),
    after the given opening position (opening names where it comes from)."""
    finder = _finder(rules)
    rng = random.Random(seed)
    game = Game(rules, opening_fen)
    for ply in range(SELF_PLAY_PLIES):
        if game.outcome() is not None:
            break
        position = game.position
        legal = position.legal_moves()
        if ply < OPENING_PLIES or rng.random() < SELF_PLAY_BLUNDER:
            move = rng.choice(legal)
        else:
            scored = finder.scored(position, SELF_PLAY_DEPTH)
            move = max(scored, key=lambda pair: pair[1] + rng.gauss(0.0, 30.0))[0]
        game.push(move)
    source: dict[str, Any] = {"self_play": seed}
    if opening:
        source["opening"] = opening
    return GameJob(rules.id, game.start_fen, tuple(game.moves), source, first_ply=OPENING_PLIES)


def scan_job(job: GameJob) -> list[dict[str, Any]]:
    """Worker side: replay the job's game and return its puzzles as JSON dicts."""
    rules = find_variant(job.variant)
    game = Game(rules, job.start_fen)
    for move in job.moves:
        if move not in game.position.legal_moves():
            break  # a forged or damaged job: its legal part only
        game.push(move)
    positions: list[Position] = game.positions[job.first_ply : -1]
    return [p.to_json() for p in _finder(rules).scan(positions, job.source, job.first_ply)]


def self_play_scan(variant: str, seed: int, opening_fen: str | None = None, opening: str = "") -> list[dict[str, Any]]:
    """Worker side: play one self-play game and return its puzzles."""
    return scan_job(self_play_job(find_variant(variant), seed, opening_fen, opening))


_finders: dict[str, Finder] = {}


def _finder(rules: RuleSet) -> Finder:
    if rules.id not in _finders:
        _finders[rules.id] = Finder(rules)
    return _finders[rules.id]


def _niced() -> None:
    os.nice(5)  # puzzle hunting yields to games and hints on a shared machine


def run_pool(tasks: Iterable[tuple[Any, ...]], workers: int, limit: int | None) -> list[Puzzle]:
    """Run (function, *arguments) tasks in worker processes; puzzles in task order, each position once."""
    context = multiprocessing.get_context("spawn")
    found: list[Puzzle] = []
    seen: set[str] = set()
    with concurrent.futures.ProcessPoolExecutor(workers, mp_context=context, initializer=_niced) as pool:
        futures = [pool.submit(task[0], *task[1:]) for task in tasks]
        for future in futures:
            for item in future.result():
                puzzle = Puzzle.from_json(item)
                if puzzle.id in seen:
                    continue
                seen.add(puzzle.id)
                found.append(puzzle)
            if limit is not None and len(found) >= limit:
                for rest in futures:
                    rest.cancel()
                break
    return found[:limit] if limit is not None else found


def scan_games(jobs: Iterable[GameJob], workers: int = 1, limit: int | None = None) -> list[Puzzle]:
    return run_pool(((scan_job, job) for job in jobs), workers, limit)
