"""`python -m rules pdn check FILE... [--variant ID] [--json]`: read and replay every game, report each defect.

Exit 0 when every game replayed, 1 when some did not, 2 when a file could not be read at all.
JSON: {"files": n, "games": n, "replayed": n, "failures": [{"file", "game", "line", "ply", "move", "reason",
"message"}]}.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any, TextIO

from messages import describe
from messages.pdn import failure_sentence
from rules.cli import EXTRA_COMMANDS, UsageError
from rules.errors import RulesError
from rules.pdn_replay import replay
from rules.pdn_scan import MAX_PDN_BYTES, PdnReason, read_records
from rules.ruleset import RuleSet
from rules.variants import find_variant


def _failure(file: str, game: int, line: int, ply: int, move: str, reason: str, message: str) -> dict[str, Any]:
    return {"file": file, "game": game, "line": line, "ply": ply, "move": move, "reason": reason, "message": message}


def check_files(paths: list[str], rules: RuleSet | None) -> tuple[dict[str, Any], bool]:
    """The report, and whether some input could not be read at all."""
    report: dict[str, Any] = {"files": 0, "games": 0, "replayed": 0, "failures": []}
    unreadable = False
    for name in paths:
        try:
            path = Path(name)
            if path.stat().st_size > MAX_PDN_BYTES:
                raise ValueError(f"{path.stat().st_size} bytes, at most {MAX_PDN_BYTES}")
            data = path.read_bytes()
        except (OSError, ValueError) as error:
            unreadable = True
            reason = PdnReason.TOO_LARGE if isinstance(error, ValueError) else PdnReason.UNREADABLE_FILE
            detail = str(error) if isinstance(error, ValueError) else (error.strerror or type(error).__name__)
            message = f"The file could not be read: {detail}."
            report["failures"].append(_failure(name, 0, 0, 0, "", reason.value, message))
            continue
        report["files"] += 1
        for record in read_records(data):
            report["games"] += 1
            replayed = replay(record, rules)
            if replayed.failure is None:
                report["replayed"] += 1
                continue
            failure = replayed.failure
            move = failure.text if failure.ply else ""
            message = failure_sentence(replayed)
            entry = _failure(name, record.number, failure.line, failure.ply, move, str(failure.reason), message)
            report["failures"].append(entry)
    return report, unreadable


def _handle(args: argparse.Namespace, out: TextIO) -> int:
    rules: RuleSet | None = None
    if args.variant:
        try:
            rules = find_variant(args.variant)
        except RulesError as error:
            raise UsageError(describe(error)) from error
    report, unreadable = check_files(args.files, rules)
    if args.json:
        out.write(json.dumps(report, ensure_ascii=False) + "\n")
    else:
        for failure in report["failures"]:
            where = f"{failure['file']}: game {failure['game']}, line {failure['line']}"
            if failure["ply"]:
                where += f", ply {failure['ply']} ({failure['move']})"
            out.write(f"{where}: {failure['message']} [{failure['reason']}]\n")
        out.write(
            f"{report['files']} file(s), {report['games']} game(s), {report['replayed']} replayed, "
            f"{report['games'] - report['replayed']} with a defect\n"
        )
    if unreadable:
        return 2
    return 0 if report["replayed"] == report["games"] else 1


def _configure(parser: argparse.ArgumentParser) -> None:
    sub = parser.add_subparsers(dest="pdn_command", required=True)
    check = sub.add_parser(
        "check",
        help="read and replay every game of PDN files; exit 0 all replayed, 1 some did not, 2 unreadable input",
        epilog="example:\n  python -m rules pdn check games.pdn --variant english --json",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    check.add_argument("files", nargs="+", metavar="FILE", help="PDN files (UTF-8, Windows-1251 or Latin-1)")
    check.add_argument(
        "--variant", help="the variant of games without a GameType tag (default: inferred where the record settles it)"
    )
    check.add_argument("--json", action="store_true", help="print one JSON object")
    check.set_defaults(handler=_handle)


def register() -> None:
    if not any(name == "pdn" for name, _, _ in EXTRA_COMMANDS):
        EXTRA_COMMANDS.append(("pdn", "PDN files: check reads and replays every game and reports", _configure))


register()

__all__ = ["check_files", "register"]
