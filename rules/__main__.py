"""Entry point for `python -m rules`."""

import sys

import rules.cli_openings  # registers the `ballots` subcommand
import rules.cli_pdn  # registers the `pdn` subcommand
import rules.cli_variants  # noqa: F401  (registers the `variants` subcommand)
from rules.cli import main

sys.exit(main())
