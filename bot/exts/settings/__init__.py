"""/settings (per player) and /server-settings (Manage Server)."""

from __future__ import annotations

from bot.exts.settings.cog import Settings
from bot.ui.feature import Feature

FEATURE = Feature(Settings)
