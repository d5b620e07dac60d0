"""Rematch: the button under a game's final board, and /rematch."""

from __future__ import annotations

from bot.exts.rematch import controls
from bot.exts.rematch.cog import Rematches
from bot.ui.feature import Feature

FEATURE = Feature(Rematches, controls.DYNAMIC_ITEMS)
