"""Tell the service who is asking (service/access.py), at each place discord.py hands us an interaction."""

from __future__ import annotations

from typing import Any

import discord

from service import Caller, ask_as


def ask_for(interaction: discord.Interaction[Any]) -> None:
    """For the rest of this interaction's task: the service shows this member only the games they may see."""
    ask_as(Caller(interaction.user.id, interaction.guild_id, interaction.channel_id))
