"""`python -m bot [command]`: with no command, run the bot (bot.app.main); otherwise an operator command."""

from __future__ import annotations

import argparse
import importlib
import importlib.util
import sys
from collections.abc import Sequence

from bot import cli
from bot.settings import load_settings


def parser() -> argparse.ArgumentParser:
    top = argparse.ArgumentParser(prog="python -m bot", description="Dama, correspondence draughts on Discord")
    commands = top.add_subparsers(dest="command")
    cli.add_commands(commands)
    return top


def main(argv: Sequence[str] | None = None) -> int:
    args = parser().parse_args(argv)
    if args.command is None:
        if importlib.util.find_spec("bot.app") is None:
            print("The Discord app (bot.app) is not built yet; try `python -m bot --help` for the operator commands.")
            return 2
        result = importlib.import_module("bot.app").main()
        return int(result or 0)
    return cli.run(args, load_settings())


if __name__ == "__main__":
    sys.exit(main())
