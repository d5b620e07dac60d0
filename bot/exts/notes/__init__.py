"""Private notes: /note (a note on a game or on one of its moves, read by its writer only)."""

from __future__ import annotations

from bot.exts.notes.cog import Notes
from bot.ui.feature import Feature

FEATURE = Feature(Notes)
