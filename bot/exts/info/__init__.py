"""/rules, /rating and /leaderboard."""

from __future__ import annotations

from bot.exts.info.cog import Info
from bot.ui.feature import Feature

FEATURE = Feature(Info)
