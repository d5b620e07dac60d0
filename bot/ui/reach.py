"""Where the bot can reach a conversation (docs/ANYWHERE.md): a user install in a group DM, or in a server
that did not install the app, may only answer the interactions it receives there (follow-ups for 15
minutes, at most 5 each); it can never post there later."""

from __future__ import annotations

from typing import Any

import discord


def reply_only(interaction: discord.Interaction[Any]) -> bool:
    if interaction.guild_id is None:  # the bot's own DM (context 1) it may post in; a group DM it may not
        return bool(interaction.context.private_channel)
    return not interaction.is_guild_integration()
