"""Hand-built tactics (see tactics.py for how each is checked)."""

from __future__ import annotations

from tests.engine.tactics import Tactic

LARGE_TACTICS: list[Tactic] = []
