"""`python -m rules …`: perft, moves, check. A contract for users' scripts: keep it stable.

Exit codes: 0 success (check: the move is legal), 1 illegal move, 2 bad input (variant, FEN, syntax, options).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable, Sequence
from typing import Any, NoReturn, TextIO, TypedDict

from messages import describe
from rules.errors import AmbiguousMoveError, IllegalMoveError, RulesError
from rules.fen import format_fen, parse_fen
from rules.move import Move
from rules.notation import format_move, parse_move
from rules.perft import perft
from rules.position import Position
from rules.ruleset import RuleSet
from rules.variants import find_variant

MAX_DEPTH = 30


class UsageError(Exception):
    """Bad command-line input: one line on stderr, exit 2."""


def _fail(message: str) -> NoReturn:
    raise UsageError(message)


def _rules(name: str) -> RuleSet:
    try:
        return find_variant(name)
    except RulesError as error:
        _fail(describe(error))


def variant_or_fail(name: str) -> RuleSet:
    """The variant, or a usage error in words (for the subcommands other modules add)."""
    return _rules(name)


def _position(rules: RuleSet, fen: str | None) -> Position:
    try:
        return parse_fen(rules, fen if fen else rules.start_fen)
    except RulesError as error:
        _fail(describe(error))


def move_record(position: Position, move: Move) -> dict[str, Any]:
    board = position.board
    return {
        "notation": format_move(position, move),
        "path": [board.name(square) for square in move.path],
        "captures": [board.name(square) for square in move.captures],
    }


def _cmd_perft(args: argparse.Namespace, out: TextIO) -> int:
    rules = _rules(args.variant)
    if not 0 <= args.depth <= MAX_DEPTH:
        _fail(f"depth must be between 0 and {MAX_DEPTH}")
    position = _position(rules, args.fen)
    started = time.perf_counter()
    divide: list[tuple[str, int]] = []
    if args.divide and args.depth >= 1:
        for move in position.legal_moves():
            below = perft(position.apply(move), args.depth - 1, keep_duplicates=args.keep_duplicates)
            divide.append((format_move(position, move, full=True), below))
        nodes = sum(count for _, count in divide)
    else:
        nodes = perft(position, args.depth, keep_duplicates=args.keep_duplicates)
    seconds = time.perf_counter() - started
    if args.json:
        record: dict[str, Any] = {
            "variant": rules.id,
            "fen": format_fen(position),
            "depth": args.depth,
            "nodes": nodes,
            "seconds": round(seconds, 6),
            "convention": "K" if args.keep_duplicates else "D",
        }
        if args.divide:
            record["divide"] = dict(divide)
        out.write(json.dumps(record) + "\n")
        return 0
    for notation, count in divide:
        out.write(f"{notation}: {count}\n")
    rate = nodes / seconds if seconds > 0 else 0.0
    out.write(f"perft({args.depth}) = {nodes}  ({seconds:.3f} s, {rate:,.0f} nodes/s)\n")
    return 0


def _moves_line(rules: RuleSet, fen: str, as_json: bool) -> tuple[str, bool]:
    try:
        position = parse_fen(rules, fen)
    except RulesError as error:
        message = describe(error)
        return (json.dumps({"fen": fen, "error": message}) if as_json else f"error: {message}"), False
    records = [move_record(position, move) for move in position.legal_moves()]
    if as_json:
        return json.dumps(records), True
    return " ".join(r["notation"] for r in records), True


def _cmd_moves(args: argparse.Namespace, out: TextIO, stdin: TextIO) -> int:
    rules = _rules(args.variant)
    if args.fen == "-":
        ok = True
        for raw in stdin:
            line = raw.strip()
            if not line:
                continue
            text, good = _moves_line(rules, line, args.json)
            ok = ok and good
            out.write(text + "\n")
        return 0 if ok else 2
    position = _position(rules, args.fen)
    records = [move_record(position, move) for move in position.legal_moves()]
    if args.json:
        out.write(json.dumps(records) + "\n")
        return 0
    for record in records:
        line = record["notation"]
        if record["captures"]:
            line += f"  path {'x'.join(record['path'])}  captures {', '.join(record['captures'])}"
        out.write(line + "\n")
    if not records:
        out.write("no legal moves\n")
    return 0


def _cmd_check(args: argparse.Namespace, out: TextIO) -> int:
    rules = _rules(args.variant)
    position = _position(rules, args.fen)
    try:
        move = parse_move(position, args.move)
    except (IllegalMoveError, AmbiguousMoveError) as error:
        if isinstance(error, IllegalMoveError):
            reason, legal = error.reason.value, error.legal
        else:
            reason, legal = "ambiguous", error.candidates
        message = describe(error, position)
        if args.json:
            payload = {
                "legal": False,
                "reason": reason,
                "message": message,
                "legal_moves": [format_move(position, m, full=m.is_capture) for m in legal],
            }
            out.write(json.dumps(payload) + "\n")
        else:
            out.write(message + "\n")
        return 1
    except RulesError as error:
        _fail(describe(error))
    notation = format_move(position, move)
    if args.json:
        out.write(json.dumps({"legal": True, "move": notation, **move_record(position, move)}) + "\n")
    else:
        out.write(notation + "\n")
    return 0


VARIANT_HELP = "variant id or alias, e.g. italian, international, russian (python -m rules variants lists them)"
FEN_HELP = (
    "the position as a PDN FEN: side to move, then each side's pieces, K for kings, e.g. "
    "\"W:W22,K31:B18,19,10\" (squares in the variant's notation; default: the start position)"
)
HELP_EPILOG = """examples:
  python -m rules perft italian 6
  python -m rules moves russian --fen "W:Wc3,e3:Bd4,f6"
  python -m rules check italian --fen "W:W22:B18,19,10" 22x15
  python -m rules variants"""


class _Described(TypedDict):
    epilog: str
    formatter_class: type[argparse.RawDescriptionHelpFormatter]


def _described(command: str) -> _Described:
    """The examples under each command's own --help."""
    lines = [line for line in HELP_EPILOG.splitlines()[1:] if f" {command} " in line or line.endswith(command)]
    return {"epilog": "example:\n" + "\n".join(lines), "formatter_class": argparse.RawDescriptionHelpFormatter}


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m rules",
        description="Draughts rules: perft, moves, check.",
        epilog=HELP_EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("perft", help="count leaf nodes to a depth", **_described("perft"))
    p.add_argument("variant", help=VARIANT_HELP)
    p.add_argument("depth", type=int, help="plies to count, e.g. 6")
    p.add_argument("--fen", help=FEN_HELP)
    p.add_argument("--divide", action="store_true", help="counts per root move")
    p.add_argument(
        "--keep-duplicates",
        action="store_true",
        help="count every capture path (published K tables); default: distinct moves (D tables)",
    )
    p.add_argument("--json", action="store_true", help="print JSON")
    m = sub.add_parser(
        "moves", help="list the legal moves (--fen - reads one FEN per line from stdin)", **_described("moves")
    )
    m.add_argument("variant", help=VARIANT_HELP)
    m.add_argument("--fen", help=FEN_HELP + "; - reads one FEN per line from standard input")
    m.add_argument("--json", action="store_true", help="print JSON")
    c = sub.add_parser("check", help="is MOVE legal here? exit 0 legal, 1 illegal, 2 bad input", **_described("check"))
    c.add_argument("variant", help=VARIANT_HELP)
    c.add_argument(
        "move",
        help="the move in the variant's notation: 22-18, a capture 22x13 or with its landing squares 22x13x6 "
        "(numbered boards); c3-d4 or c3:e5 (algebraic boards)",
    )
    c.add_argument("--fen", help=FEN_HELP)
    c.add_argument("--json", action="store_true", help="print JSON")
    for name, help_text, configure in EXTRA_COMMANDS:
        configure(sub.add_parser(name, help=help_text))
    return parser


# Other modules add subcommands here: (name, help, configure(parser)); configure sets `handler`.
EXTRA_COMMANDS: list[tuple[str, str, Callable[[argparse.ArgumentParser], None]]] = []


def main(argv: Sequence[str] | None = None, out: TextIO | None = None, stdin: TextIO | None = None) -> int:
    out = out or sys.stdout
    stdin = stdin or sys.stdin
    parser = _parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as exit_:
        return int(exit_.code or 0) and 2
    try:
        if args.command == "perft":
            return _cmd_perft(args, out)
        if args.command == "moves":
            return _cmd_moves(args, out, stdin)
        if args.command == "check":
            return _cmd_check(args, out)
        handler: Callable[[argparse.Namespace, TextIO], int] = args.handler
        return handler(args, out)
    except UsageError as error:
        sys.stderr.write(f"error: {error}\n")
        return 2
    except KeyboardInterrupt:
        return 130
