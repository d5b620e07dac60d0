"""Study: /study and the Study button under every board; a private board to step through a game and try lines."""

from __future__ import annotations

from bot.exts.study import controls
from bot.exts.study.cog import Studies
from bot.ui.feature import Feature

FEATURE = Feature(Studies, controls.DYNAMIC_ITEMS)
