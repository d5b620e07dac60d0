"""`python -m render VARIANT [--fen FEN] [--moves "22-18 9-13"] [--last-move MOVE] ... -o FILE.png`."""

from __future__ import annotations

import argparse
import dataclasses
import sys
from collections.abc import Sequence
from typing import NoReturn

from messages import describe
from render.draw import render_board
from render.options import DEFAULT_SIZE, MAX_SIZE, MIN_SIZE, RenderOptions, clamp_size
from render.replay import render_replay
from render.theme import ThemeError, load_theme, theme_names
from rules import Game, Move, RulesError, find_variant

ABSURD_SIZE = (16, 10_000)  # outside this the caller made a mistake; inside it we clamp quietly


class UsageError(Exception):
    pass


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise UsageError(message)


def _parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="python -m render",
        description="Draw a draughts position or replay as an image.",
        epilog='examples:\n  python -m render italian --moves "22-18 11-14 18x11" -o board.png\n'
        '  python -m render russian --fen "W:Wc3,e3:Bd4,f6" --hint c3:g7 -o hint.png\n'
        '  python -m render italian --moves "22-18 11-14 18x11" --replay -o game.gif',
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument(
        "variant", help="variant id or alias, e.g. italian, international, russian (python -m rules variants)"
    )
    parser.add_argument(
        "--fen",
        help='start position as a PDN FEN: side to move, then each side\'s pieces, K for kings, e.g. '
        '"W:W22,K31:B18,19,10" (default: the variant\'s start)',
    )
    parser.add_argument(
        "--moves", default="", help='moves played from the start in the variant\'s notation, e.g. "22-18 9-13"'
    )
    parser.add_argument("--last-move", help="one more move, played and drawn as the last move")
    parser.add_argument("--hint", help="a move from the final position, drawn as a hint arrow")
    parser.add_argument("--theme", default="classic", help=f"one of {', '.join(theme_names())}")
    parser.add_argument("--flip", action="store_true", help="draw from Black's side")
    parser.add_argument("--size", default=str(DEFAULT_SIZE), help=f"width in px ({MIN_SIZE}-{MAX_SIZE})")
    parser.add_argument("--white", help="White player's name for the caption")
    parser.add_argument("--black", help="Black player's name for the caption")
    parser.add_argument("--no-caption", action="store_true")
    parser.add_argument("--replay", action="store_true", help="write an animation of --moves (.gif or .webp)")
    parser.add_argument("-o", "--output", required=True, help="output file")
    return parser


def _size(text: str) -> int:
    try:
        size = int(text)
    except ValueError:
        raise UsageError(f"--size must be a whole number of pixels, not {text!r}") from None
    if not ABSURD_SIZE[0] <= size <= ABSURD_SIZE[1]:
        raise UsageError(f"--size {size} is not a sensible picture width (use {MIN_SIZE}-{MAX_SIZE})")
    return clamp_size(size)


def _play(game: Game, number: int, text: str) -> Move:
    """Play one move of --moves; a refusal names the move and says why, with the legal moves."""
    before = game.position
    try:
        return game.play(text)
    except RulesError as error:
        raise UsageError(f"move {number} ({text}): {describe(error, before)}") from None


def _hint(game: Game, text: str) -> Move:
    try:
        return game.parse(text)
    except RulesError as error:
        raise UsageError(f"--hint {text}: {describe(error, game.position)}") from None


def _run(argv: Sequence[str] | None) -> None:
    args = _parser().parse_args(argv)
    try:
        rules = find_variant(args.variant)
        load_theme(args.theme)
    except RulesError as error:
        raise UsageError(describe(error)) from None
    except ThemeError as error:
        raise UsageError(str(error)) from None
    options = RenderOptions(
        theme=args.theme.strip().lower(),
        size=_size(args.size),
        flip=args.flip,
        caption=not args.no_caption,
        white_name=args.white,
        black_name=args.black,
    )
    moves = args.moves.split()
    if args.last_move:
        moves.append(args.last_move)
    try:
        if args.replay:
            if not moves:
                raise UsageError("--replay needs --moves")
            fmt = "webp" if args.output.lower().endswith(".webp") else "gif"
            data = render_replay(rules, args.fen, moves, options, fmt=fmt)
        else:
            game = Game(rules, args.fen)
            last: Move | None = None
            for number, text in enumerate(moves, 1):
                last = _play(game, number, text)
            outcome = game.outcome()
            hint = _hint(game, args.hint) if args.hint else None
            first = rules.first_player
            plies = game.ply + (0 if game.positions[0].turn is first else 1)
            options = dataclasses.replace(
                options,
                last_move=last,
                hint=hint,
                note=game.notations[-1] if game.notations else None,
                move_number=plies // 2 + 1,
                result=outcome.result if outcome else None,
            )
            data = render_board(game.position, options)
    except RulesError as error:
        raise UsageError(describe(error)) from None
    try:
        with open(args.output, "wb") as out:
            out.write(data)
    except OSError as error:
        raise UsageError(f"cannot write {args.output}: {error.strerror}") from None


def main(argv: Sequence[str] | None = None) -> int:
    """Exit 0 on success, 2 with a one-line message on stderr for any bad input."""
    try:
        _run(argv)
    except UsageError as error:
        message = " ".join(str(error).split())
        print(f"render: error: {message}", file=sys.stderr)
        return 2
    return 0
