"""Which language, where: private replies in the client's language, public posts in the server's, DMs in the
player's (their /settings choice, else the last client locale the bot saw from them)."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

import discord

from messages.i18n import ENGLISH, Words, words

if TYPE_CHECKING:
    from bot.client import DamaBot

log = logging.getLogger(__name__)


def private(interaction: discord.Interaction[Any]) -> Words:
    """Replies only the player sees, modals and menus: their Discord client's language."""
    return words(interaction.locale)


async def public(bot: DamaBot, guild_id: int | None, interaction: discord.Interaction[Any] | None = None) -> Words:
    """Posts everyone in a server reads: /server-settings language, else the server's Discord locale. Outside a
    server (a DM game), the language of whoever caused the post."""
    if guild_id is None:
        return private(interaction) if interaction is not None else ENGLISH
    chosen = (await bot.service.players.server_settings(guild_id)).language
    if chosen:
        return words(chosen)
    guild = bot.get_guild(guild_id)
    if guild is not None:
        return words(guild.preferred_locale)
    if interaction is not None and interaction.guild_id == guild_id and interaction.guild_locale is not None:
        return words(interaction.guild_locale)
    return ENGLISH


async def of_player(bot: DamaBot, player_id: int) -> Words:
    """DMs and reminders: the player's chosen language, else the last one their client showed."""
    return words((await bot.service.players.preferences(player_id)).language)


async def remember_locale(bot: DamaBot, interaction: discord.Interaction[Any], seen: dict[int, str]) -> None:
    """Keep the last client locale of each player (written only when it changes)."""
    locale = str(interaction.locale)
    user_id = interaction.user.id
    if seen.get(user_id) == locale:
        return
    seen[user_id] = locale
    try:
        await bot.service.players.saw_locale(user_id, locale)
    except Exception as error:  # a language is never worth failing an interaction for (e.g. during shutdown)
        seen.pop(user_id, None)
        log.warning("could not record the locale of player %s: %s", user_id, type(error).__name__)
