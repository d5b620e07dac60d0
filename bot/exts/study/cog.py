"""/study: a private board to think on between moves (step through the game, try lines, stored nowhere)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.exts.study import controls
from bot.ui.lookup import game_for
from bot.ui.options import game_autocomplete

if TYPE_CHECKING:
    from bot.client import DamaBot

    Interaction = discord.Interaction[DamaBot]

MAX_PLY = 10_000  # far beyond any real game; the real bound is checked against the game


class Studies(commands.Cog):
    def __init__(self, bot: DamaBot) -> None:
        self.bot = bot

    @app_commands.command(
        name="study", description="Study a game: step through its moves and try lines (only you see it)"
    )
    @app_commands.describe(
        game="The game number (you may leave it out when only one game awaits you)",
        ply="Start at the position after this many plies (half-moves); default: the latest",
        imported="An imported game's number (see /import) instead of a game",
    )
    @app_commands.autocomplete(game=game_autocomplete)
    async def study(
        self,
        interaction: Interaction,
        game: int | None = None,
        ply: app_commands.Range[int, 0, MAX_PLY] | None = None,
        imported: int | None = None,
    ) -> None:
        if imported is not None:
            await controls.open_imported(interaction, imported, ply)
            return
        target = await game_for(interaction, game)
        await controls.open_game(interaction, target.id, ply)

    @commands.Cog.listener()
    async def on_interaction(self, interaction: Interaction) -> None:
        """A study's Type a move box is answered from its custom_id, so one left open over a restart is too."""
        if interaction.type is discord.InteractionType.modal_submit:
            await controls.answer_typed(interaction)
