"""The game's page as a Discord Activity (ACTIVITY_ENABLED=1): the Open board button's launch response."""

from __future__ import annotations

from discord.ext import commands

from bot.ui.activity import ActivityButton
from bot.ui.feature import Feature


class Activity(commands.Cog):
    """No command: the button is all (docs/ACTIVITY.md)."""


FEATURE = Feature(lambda bot: Activity(), (ActivityButton,))
