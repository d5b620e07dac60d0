"""/analyse: the engine's post-game analysis of a finished game."""

from __future__ import annotations

from bot.exts.review.cog import Reviews
from bot.ui.feature import Feature

FEATURE = Feature(Reviews)
