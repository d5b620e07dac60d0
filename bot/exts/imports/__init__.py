"""/import: PDN records brought to the bot, stored as imported games of the server."""

from __future__ import annotations

from bot.exts.imports.cog import Imports
from bot.ui.feature import Feature

FEATURE = Feature(Imports)
