"""Being away: /vacation (pause your clocks) and /forget-me (delete your data)."""

from __future__ import annotations

from bot.exts.away.cog import Away
from bot.ui.feature import Feature

FEATURE = Feature(Away)
