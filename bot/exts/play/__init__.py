"""Playing: /move, /board, /games, /resign, /draw, /takeback."""

from __future__ import annotations

from bot.exts.play import controls
from bot.exts.play.cog import Games
from bot.ui.feature import Feature

FEATURE = Feature(Games, controls.DYNAMIC_ITEMS)
