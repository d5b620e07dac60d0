"""Local mode: Dama in a terminal, without Discord, through the same service (a second front end beside
bot/; neither imports the other)."""

from __future__ import annotations

from local.session import ALICE_ID, BOB_ID, NAMES, LocalSession, board_text, main, run_session

__all__ = ["ALICE_ID", "BOB_ID", "NAMES", "LocalSession", "board_text", "main", "run_session"]
