"""/explore: the opening explorer."""

from __future__ import annotations

from bot.exts.explore.cog import Explore
from bot.ui.feature import Feature

FEATURE = Feature(Explore)
