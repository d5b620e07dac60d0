"""Entry point for `python -m rules`."""

import sys

from rules.cli import main

sys.exit(main())
