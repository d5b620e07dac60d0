"""/hint (ephemeral, where allowed), /pdn (the game file) and /replay (an animation)."""

from __future__ import annotations

from bot.exts.analysis.cog import Analysis
from bot.ui.feature import Feature

FEATURE = Feature(Analysis)
