"""/challenge (a member, or anyone) and /play (against the bot)."""

from __future__ import annotations

from bot.exts.challenges import controls
from bot.exts.challenges.cog import Challenges
from bot.ui.feature import Feature

FEATURE = Feature(Challenges, controls.DYNAMIC_ITEMS)
