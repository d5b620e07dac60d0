"""What a feature folder under bot/exts/ hands to the bot: its cog and its persistent buttons."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import discord
from discord.ext import commands

if TYPE_CHECKING:
    from bot.client import DamaBot


@dataclass(frozen=True)
class Feature:
    cog: Callable[[DamaBot], commands.Cog]
    dynamic_items: tuple[type[discord.ui.DynamicItem[Any]], ...] = ()
