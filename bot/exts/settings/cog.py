"""/settings (per player) and /server-settings (Manage Server)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

import discord
from discord import app_commands
from discord.ext import commands

from bot.ui.options import THEME_CHOICES, VariantArg
from rules import find_variant
from service import Preferences, ServerSettings

if TYPE_CHECKING:
    from bot.client import DamaBot

    Interaction = discord.Interaction[DamaBot]

_NOTIFY = {"dm": "a direct message", "channel": "a mention in the game's channel", "off": "nothing"}


def preferences_text(prefs: Preferences) -> str:
    return (
        f"When it is your move you get {_NOTIFY.get(prefs.notifications, prefs.notifications)}. "
        f"Board theme: {prefs.board_theme}. Orientation: {prefs.orientation}."
    )


def server_text(settings: ServerSettings) -> str:
    channels = ", ".join(f"<#{c}>" for c in settings.allowed_channels) or "every channel"
    days = settings.days_per_move
    return (
        f"Default variant: {find_variant(settings.default_variant).name}. Default time: {days} day"
        f"{'s' * (days != 1)} per move. Games allowed in: {channels}. "
        f"A thread per game: {'on' if settings.thread_per_game else 'off'}. Hints: {settings.hint_policy}."
    )


class Settings(commands.Cog):
    def __init__(self, bot: DamaBot) -> None:
        self.bot = bot

    @app_commands.command(name="settings", description="Your notifications, board theme and orientation")
    @app_commands.describe(
        notifications="How to tell you it is your move",
        theme="Board colours",
        orientation="Which side is at the bottom (auto: your own)",
    )
    @app_commands.choices(theme=THEME_CHOICES)
    async def settings(
        self,
        interaction: Interaction,
        notifications: Literal["dm", "channel", "off"] | None = None,
        theme: str | None = None,
        orientation: Literal["auto", "white", "black"] | None = None,
    ) -> None:
        players = self.bot.service.players
        if notifications is None and theme is None and orientation is None:
            prefs = await players.preferences(interaction.user.id)
            await interaction.response.send_message(preferences_text(prefs), ephemeral=True)
            return
        prefs = await players.set_preferences(
            interaction.user.id, notifications=notifications, board_theme=theme, orientation=orientation
        )
        await interaction.response.send_message("Saved. " + preferences_text(prefs), ephemeral=True)

    @app_commands.command(name="server-settings", description="Defaults and channels for this server")
    @app_commands.describe(
        default_variant="The variant new games use unless the players choose",
        days_per_move="The default days per move",
        allow_channel="Allow games in this channel (once any is allowed, only those are)",
        disallow_channel="Remove a channel from the allowed list",
        thread_per_game="Give each game its own thread",
        hints="When players may ask for hints in games between people",
    )
    @app_commands.guild_only()
    @app_commands.default_permissions(manage_guild=True)
    @app_commands.checks.has_permissions(manage_guild=True)
    async def server_settings(
        self,
        interaction: Interaction,
        default_variant: VariantArg | None = None,
        days_per_move: app_commands.Range[int, 1, 14] | None = None,
        allow_channel: discord.TextChannel | None = None,
        disallow_channel: discord.TextChannel | None = None,
        thread_per_game: bool | None = None,
        hints: Literal["unrated", "always", "never"] | None = None,
    ) -> None:
        assert interaction.guild_id is not None  # guild_only
        settings = await self.bot.service.players.update_server(
            interaction.guild_id,
            default_variant=default_variant,
            days_per_move=days_per_move,
            thread_per_game=thread_per_game,
            hint_policy=hints,
            allow_channels=(allow_channel.id,) if allow_channel else (),
            disallow_channels=(disallow_channel.id,) if disallow_channel else (),
        )
        await interaction.response.send_message(server_text(settings), ephemeral=True)
