"""Channel permissions the bot needs to post boards, checked before it promises anything."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord

from bot.ui.errors import MissingPermissions

if TYPE_CHECKING:
    from bot.client import DamaBot

    Interaction = discord.Interaction[DamaBot]


def missing_permissions(perms: discord.Permissions, *, thread: bool) -> list[str]:
    needed = {
        "Send Messages": perms.send_messages,
        "Embed Links": perms.embed_links,
        "Attach Files": perms.attach_files,
    }
    if thread:
        needed["Create Public Threads"] = perms.create_public_threads
        needed["Send Messages in Threads"] = perms.send_messages_in_threads
    return [name for name, ok in needed.items() if not ok]


def require_permissions(interaction: Interaction, *, thread: bool = False) -> None:
    """Refuse early, in words, when the bot could not post boards where the command was used."""
    if interaction.guild_id is None:
        return
    missing = missing_permissions(interaction.app_permissions, thread=thread)
    if missing:
        raise MissingPermissions(missing)
