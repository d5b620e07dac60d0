"""/premove: conditional moves, entered while the opponent is to move (private to their player)."""

from __future__ import annotations

from bot.exts.premove.cog import Premoves
from bot.ui.feature import Feature

FEATURE = Feature(Premoves)
