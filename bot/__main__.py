"""`python -m bot [command]`: with no command, run the bot (bot.app.main); otherwise an operator command."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from bot import app, cli
from bot.settings import load_settings


def parser() -> argparse.ArgumentParser:
    top = argparse.ArgumentParser(
        prog="python -m bot",
        description="Dama, correspondence draughts on Discord.",
        epilog="With no command, python -m bot starts the bot: on Discord when DISCORD_TOKEN is set, otherwise "
        "local mode in this terminal (make run does the same). The commands below are for the operator; "
        "settings come from the environment or .env (see .env.example).",
    )
    top.add_argument(
        "--lang",
        metavar="LOCALE",
        help="the language of local mode (it, ru, pt-BR, es-ES, cs, tr, th, nl, fr; default: from LANG, else English)",
    )
    commands = top.add_subparsers(dest="command")
    cli.add_commands(commands)
    return top


def main(argv: Sequence[str] | None = None) -> int:
    args = parser().parse_args(argv)
    if args.command is None:
        return app.main(language=args.lang)
    return cli.run(args, load_settings())


if __name__ == "__main__":
    sys.exit(main())
