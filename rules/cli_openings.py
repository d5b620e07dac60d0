"""`python -m rules ballots VARIANT [--json]`: the variant's published ballots.

JSON: {"variant": id, "ballots": [{"number", "name", "moves": [...], "status"}]} (empty when none is published).
"""

from __future__ import annotations

import argparse
import json
from typing import TextIO

from rules.cli import EXTRA_COMMANDS, variant_or_fail
from rules.openings import openings_for


def _run(args: argparse.Namespace, out: TextIO) -> int:
    rules = variant_or_fail(args.variant)
    known = openings_for(rules)
    records = [
        {"number": b.number, "name": b.name, "moves": list(b.moves), "status": b.status} for b in known.ballots
    ]
    if args.json:
        out.write(json.dumps({"variant": rules.id, "ballots": records}, ensure_ascii=False) + "\n")
        return 0
    if not known.ballots:
        out.write(f"no published ballots for {rules.id}\n")
        return 0
    for b in known.ballots:
        out.write(f"{b.number:>4}  {' '.join(b.moves):<22} {b.status:<11} {b.name}\n")
    return 0


def _configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("variant", help="variant id or alias, e.g. english, italian")
    parser.add_argument("--json", action="store_true")
    parser.set_defaults(handler=_run)


def register() -> None:
    if not any(name == "ballots" for name, _, _ in EXTRA_COMMANDS):
        EXTRA_COMMANDS.append(("ballots", "list the published ballots (drawn openings) of a variant", _configure))


register()
