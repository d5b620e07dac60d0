"""/puzzle (a puzzle from real games, privately) and /puzzle-stats."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.exts.puzzle import actions
from bot.exts.puzzle.controls import puzzle_controls
from bot.ui.options import VariantArg
from bot.ui.speech import private
from messages.puzzles import stats_text

if TYPE_CHECKING:
    from bot.client import DamaBot

    Interaction = discord.Interaction[DamaBot]


class Puzzles(commands.Cog):
    def __init__(self, bot: DamaBot) -> None:
        self.bot = bot

    @app_commands.command(name="puzzle", description="A puzzle from real games: find the only move that wins")
    @app_commands.describe(variant="The variant (default: this server's)")
    async def puzzle(self, interaction: Interaction, variant: VariantArg | None = None) -> None:
        service = self.bot.service
        if variant is None:
            if interaction.guild_id is not None:
                variant = (await service.players.server_settings(interaction.guild_id)).default_variant
            else:
                variant = service.ctx.config.default_variant
        guild = interaction.guild_id
        view = await service.puzzles.next(interaction.user.id, variant, guild, own_games=guild is not None)
        await actions.show(interaction, view, puzzle_controls)

    @app_commands.command(name="puzzle-stats", description="Your puzzle rating, puzzles solved and streak")
    async def puzzle_stats(self, interaction: Interaction) -> None:
        stats = await self.bot.service.puzzles.stats(interaction.user.id)
        await interaction.response.send_message(stats_text(stats, private(interaction)), ephemeral=True)
