"""`python -m bot [command]`: with no command, run the bot (bot.app.main); otherwise an operator command."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from bot import app, cli
from bot.settings import load_settings


def parser() -> argparse.ArgumentParser:
    top = argparse.ArgumentParser(prog="python -m bot", description="Dama, correspondence draughts on Discord")
    commands = top.add_subparsers(dest="command")
    cli.add_commands(commands)
    return top


def main(argv: Sequence[str] | None = None) -> int:
    args = parser().parse_args(argv)
    if args.command is None:
        return app.main()
    return cli.run(args, load_settings())


if __name__ == "__main__":
    sys.exit(main())
