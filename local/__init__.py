"""Local mode: Dama in a terminal, without Discord, through the same service (a second front end beside
bot/; neither imports the other)."""

from __future__ import annotations

from local.run import main, run_session
from local.session import LocalSession
from local.text import ALICE_ID, BOB_ID, NAMES, board_text

__all__ = ["ALICE_ID", "BOB_ID", "NAMES", "LocalSession", "board_text", "main", "run_session"]
