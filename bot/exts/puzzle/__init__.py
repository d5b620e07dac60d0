"""Puzzles: /puzzle, /puzzle-stats, and the buttons under a puzzle."""

from __future__ import annotations

from bot.exts.puzzle import controls
from bot.exts.puzzle.cog import Puzzles
from bot.exts.puzzle.news import NEWS
from bot.ui.feature import Feature

FEATURE = Feature(Puzzles, controls.DYNAMIC_ITEMS, NEWS)
