"""Vote games: /vote-game start, join, begin, vote, status, leave, cancel (docs/CLUBS.md)."""

from __future__ import annotations

from bot.exts.votegame import controls
from bot.exts.votegame.cog import VoteGames
from bot.ui.feature import Feature

FEATURE = Feature(VoteGames, controls.DYNAMIC_ITEMS)
