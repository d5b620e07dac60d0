"""`python -m rules variants [--json]`: the registry at a glance (ids, names, aliases, board, notation)."""

from __future__ import annotations

import argparse
import json
from typing import TextIO

from rules.cli import EXTRA_COMMANDS
from rules.fen import parse_fen
from rules.ruleset import BoardKind, Numbering, RuleSet
from rules.star import PLAYER_COUNTS, VARIANT_ID, VARIANT_NAME
from rules.variants import VARIANTS

_NOTATION = {
    Numbering.TOP_LEFT: "numeric, 1 at the top left",
    Numbering.BOTTOM_RIGHT: "numeric, 1 at White's bottom right",
    Numbering.ALGEBRAIC: "algebraic, a1 at White's bottom left",
}


def variant_record(rules: RuleSet) -> dict[str, object]:
    start = parse_fen(rules, rules.start_fen)
    return {
        "id": rules.id,
        "name": rules.name,
        "aliases": list(rules.aliases),
        "board": f"{rules.width}x{rules.height}",
        "squares": "all" if rules.board_kind is BoardKind.FULL else "dark",
        "men_per_side": max(start.white.bit_count(), start.black.bit_count()),
        "first_player": rules.first_player.label,
        "notation": _NOTATION[rules.numbering],
        "capture_separator": rules.capture_separator,
        "gametype": rules.pdn_gametype,
        "giveaway": rules.giveaway,
    }


def star_record() -> dict[str, object]:
    """Chinese checkers: a board kind of its own (rules.star), not a RuleSet; players lists the seat counts."""
    return {
        "id": VARIANT_ID,
        "name": VARIANT_NAME,
        "aliases": ["sternhalma"],
        "board": "star",
        "squares": "121 holes",
        "men_per_side": 10,
        "first_player": "South",
        "notation": "rows a-q from the bottom, holes numbered from the left",
        "capture_separator": "-",
        "gametype": None,
        "giveaway": False,
        "players": list(PLAYER_COUNTS),
    }


def _run(args: argparse.Namespace, out: TextIO) -> int:
    records = [*(variant_record(rules) for rules in VARIANTS.values()), star_record()]
    if args.json:
        out.write(json.dumps(records, ensure_ascii=False) + "\n")
        return 0
    for r in records:
        aliases = ", ".join(str(a) for a in r["aliases"]) if r["aliases"] else "-"  # type: ignore[attr-defined]
        out.write(
            f"{r['id']:<20} {r['name']:<40} {r['board']:>5} {r['squares']:<4} {r['men_per_side']:>2} men  "
            f"{r['first_player']:<5} {r['notation']:<38} GameType {r['gametype'] or '-'}  aliases: {aliases}\n"
        )
    return 0


def _configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--json", action="store_true")
    parser.set_defaults(handler=_run)


def register() -> None:
    if not any(name == "variants" for name, _, _ in EXTRA_COMMANDS):
        EXTRA_COMMANDS.append(("variants", "list the variants: ids, aliases, board, notation, GameType", _configure))


register()
