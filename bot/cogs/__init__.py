"""The slash commands, one cog per area. Each command parses, calls the service, renders and replies."""

from __future__ import annotations

from discord.ext import commands

from bot.cogs.analysis import Analysis
from bot.cogs.challenges import Challenges
from bot.cogs.games import Games
from bot.cogs.info import Info
from bot.cogs.settings import Settings

COGS: tuple[type[commands.Cog], ...] = (Challenges, Games, Analysis, Info, Settings)

__all__ = ["COGS", "Analysis", "Challenges", "Games", "Info", "Settings"]
