"""`python -m engine analyse VARIANT [--fen FEN] [--time SECONDS] [--depth N] [--json]` and
`python -m engine tables build VARIANT [--pieces N] [--folder DIR]` (engine/tables.py).
`python -m engine puzzles FILE_OR_FOLDER... [--variant ID] [--limit N] [--json] [--workers N]`.

Runs the search in this process (no pool): a command-line tool has no event loop to protect.
Bad input prints one line to stderr and exits with status 2.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path

from engine.api import make_analysis
from engine.hint import hint
from engine.native import make_searcher
from engine.puzzle_games import record_files, record_jobs, scan_games
from engine.tables import MAX_PIECES, TablesError, build_tables
from engine.worker import Outcome
from rules import RulesError, find_variant, format_move, parse_fen


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # type: ignore[override]
        raise _Usage(message)


class _Usage(Exception):
    pass


def _parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="python -m engine", description="Dama's draughts engine")
    sub = parser.add_subparsers(dest="command", required=True)
    analyse = sub.add_parser(
        "analyse",
        help="search a position and print the best move",
        epilog='example:\n  python -m engine analyse italian --fen "W:W22,K31:B18,19,10" --time 1.5',
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    analyse.add_argument(
        "variant", help="variant id or alias, e.g. italian, international, russian (python -m rules variants)"
    )
    analyse.add_argument(
        "--fen",
        help="the position as a PDN FEN: side to move, then each side's pieces, K for kings, e.g. "
        '"W:W22,K31:B18,19,10" (squares in the variant\'s notation; default: the start position)',
    )
    analyse.add_argument("--time", type=float, help="seconds to think (default 2 unless --depth)")
    analyse.add_argument("--depth", type=int, help="plies to search")
    analyse.add_argument("--json", action="store_true", help="print one JSON object")
    tables = sub.add_parser("tables", help="endgame table files").add_subparsers(dest="action", required=True)
    build = tables.add_parser(
        "build",
        help="solve every position of up to N pieces into the variant's table file",
        epilog="example:\n  python -m engine tables build italian --pieces 5",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    build.add_argument(
        "variant", help="italian, english, russian, brazilian (any 32-square board but giveaway), international"
    )
    build.add_argument(
        "--pieces", type=int, help=f"most pieces (2 to {MAX_PIECES}; International 2 to 4; default: the most)"
    )
    build.add_argument("--folder", type=Path, help="where to write (default: DAMA_TABLES or the user's data folder)")
    puzzles = sub.add_parser(
        "puzzles",
        help="find puzzles (decisive combinations) in the games of PDN files",
        epilog="example:\n  python -m engine puzzles games/ --variant italian --limit 20 --json",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    puzzles.add_argument("paths", nargs="+", metavar="FILE_OR_FOLDER", help="PDN files, or folders of them")
    puzzles.add_argument("--variant", help="read every game as this variant (default: each record's GameType)")
    puzzles.add_argument("--limit", type=int, help="stop after this many puzzles")
    puzzles.add_argument("--json", action="store_true", help='print {"puzzles": [...]} as one JSON object')
    puzzles.add_argument("--workers", type=int, default=1, help="worker processes (default 1)")
    return parser


def _build_tables(args: argparse.Namespace) -> int:
    try:
        report = build_tables(find_variant(args.variant), args.pieces, args.folder)
    except (TablesError, RulesError) as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    print(
        f"{report.variant}: every position of up to {report.pieces} pieces, {report.positions:,} entries, "
        f"longest win {report.longest} plies, {report.size / 1e6:.1f} MB in {report.seconds:.1f} s: {report.path}"
    )
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    try:
        args = _parser().parse_args(argv)
        if args.command == "tables":
            return _build_tables(args)
        if args.command == "puzzles":
            return _puzzles(args)
        rules = find_variant(args.variant)
        position = parse_fen(rules, args.fen or rules.start_fen)
        if args.time is not None and not 0 < args.time <= 3600:
            raise _Usage("--time must be between 0 and 3600 seconds")
        if args.depth is not None and not 1 <= args.depth <= 100:
            raise _Usage("--depth must be between 1 and 100")
    except (_Usage, RulesError, OSError) as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    seconds = args.time if args.time is not None or args.depth is not None else 2.0
    result = make_searcher(rules).search(
        position.white,
        position.black,
        position.kings,
        int(position.turn),
        depth=args.depth,
        seconds=seconds,
        streaks=position.king_streaks,
    )
    outcome = Outcome(result.move, result.score, tuple(result.pv), result.depth, result.nodes, result.seconds)
    analysis = make_analysis(position, outcome)
    line = []
    current = position
    for move in analysis.pv:
        line.append(format_move(current, move))
        current = current.apply(move)
    best = format_move(position, analysis.move) if analysis.move else None
    if args.json:
        print(
            json.dumps(
                {
                    "move": best,
                    "score": analysis.score,
                    "pv": line,
                    "depth": analysis.depth,
                    "nodes": analysis.nodes,
                    "nps": analysis.nps,
                }
            )
        )
        return 0
    if best is None:
        print("no legal move: the side to move has lost" if not rules.giveaway else "no legal move: won")
        return 0
    print(f"best move: {best}")
    print(f"score:     {analysis.score:+.2f} (men, side to move)")
    print(f"pv:        {' '.join(line)}")
    print(f"depth:     {analysis.depth}")
    print(f"nodes:     {analysis.nodes}")
    print(f"nps:       {analysis.nps}")
    said = hint(position, analysis)  # the typed hint; players read it in their language through messages/hints.py
    print(f"hint:      {said.move} then {' '.join(said.line) or '-'} ({said.outcome.value}"
          f"{', ' + said.side.label if said.side else ''}{', ' + str(said.count) if said.count else ''})")
    return 0


def _puzzles(args: argparse.Namespace) -> int:
    """Raises _Usage, RulesError or OSError on bad input (main prints them)."""
    rules = find_variant(args.variant) if args.variant else None
    if args.limit is not None and args.limit < 1:
        raise _Usage("--limit must be at least 1")
    if not 1 <= args.workers <= 64:
        raise _Usage("--workers must be between 1 and 64")
    try:
        files = record_files(args.paths)
    except FileNotFoundError as error:
        raise _Usage(f"no such file or folder: {error}") from None
    jobs = (job for path in files for job in record_jobs(path, rules))
    found = scan_games(jobs, workers=args.workers, limit=args.limit)
    if args.json:
        print(json.dumps({"puzzles": [puzzle.to_json() for puzzle in found]}, ensure_ascii=False))
        return 0
    for puzzle in found:
        where = ", ".join(f"{key} {puzzle.source[key]}" for key in ("file", "game", "ply") if key in puzzle.source)
        print(f"{puzzle.id}  {puzzle.variant}  {puzzle.rating}  {' '.join(puzzle.solution)}  ({where})")
        print(f"    {puzzle.fen}  [{', '.join(puzzle.themes)}]")
    print(f"{len(found)} puzzles")
    return 0
