"""/note game ply text: keep a private note on a game (ply 0) or on the position after one of its moves;
an empty text deletes it. Only the writer ever reads it (on the game's web page, signed in)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.ui.options import game_autocomplete
from bot.ui.speech import private
from messages import notes as words
from service.notes import MAX_NOTE

if TYPE_CHECKING:
    from bot.client import DamaBot

    Interaction = discord.Interaction[DamaBot]


class Notes(commands.Cog):
    def __init__(self, bot: DamaBot) -> None:
        self.bot = bot

    @app_commands.command(name="note", description="Keep a private note on a game or one of its moves")
    @app_commands.describe(
        game="The game number",
        ply="0 for the game itself, or the move the note is about (1 for the first move)",
        text="Your note (leave it out to delete the note there); only you can read it",
    )
    @app_commands.autocomplete(game=game_autocomplete)
    async def note(
        self,
        interaction: Interaction,
        game: int,
        ply: app_commands.Range[int, 0, 100_000],
        text: app_commands.Range[str, 0, MAX_NOTE] = "",
    ) -> None:
        kept = await self.bot.service.notes.write(game, interaction.user.id, ply, text)
        w = private(interaction)
        said = words.saved(w, game, ply) if kept is not None else words.deleted(w, game, ply)
        await interaction.response.send_message(said, ephemeral=True)
