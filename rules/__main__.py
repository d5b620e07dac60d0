"""Entry point for `python -m rules`."""

import os
import sys

import rules.cli_openings  # registers the `ballots` subcommand
import rules.cli_pdn  # registers the `pdn` subcommand
import rules.cli_variants  # noqa: F401  (registers the `variants` subcommand)
from rules.cli import main

try:
    code = main()
    sys.stdout.flush()
except BrokenPipeError:  # the reader stopped early (`| head`): nothing to report, as with any Unix tool
    os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())  # the exit's own flush would fail again
    code = 1
sys.exit(code)
