"""/explore: which moves this server's games (and the asker's own) played from an opening position, how they
went, the most recent game of each, a picture with arrows as thick as the moves are popular, and the engine's
view where a hint would be allowed. Private: it may count the asker's games from other servers."""

from __future__ import annotations

import asyncio
import io
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.ui.boards import BOARD_SIZE
from bot.ui.options import VariantArg
from bot.ui.speech import private
from messages.openings import (
    explorer_engine_heading,
    explorer_evaluation,
    explorer_move,
    explorer_moves_heading,
    explorer_no_engine,
    explorer_title,
    explorer_total,
)
from render import RenderOptions, render_explorer
from rules import parse_move
from service import ExplorerView
from service.explorer import evaluated

if TYPE_CHECKING:
    from bot.client import DamaBot

    Interaction = discord.Interaction[DamaBot]

EXPLORE_COOLDOWN = 10.0  # seconds per user: the engine looks at up to four moves
SHOWN_MOVES = 10
MAX_MOVES_TEXT = 400


def explorer_picture(view: ExplorerView, language: str) -> bytes:
    moves = [(parse_move(view.position, m.move), m.games) for m in view.moves[:SHOWN_MOVES]]
    options = RenderOptions(size=BOARD_SIZE, caption=False, language=language)
    return render_explorer(view.position, moves, options)


class Explore(commands.Cog):
    def __init__(self, bot: DamaBot) -> None:
        self.bot = bot

    @app_commands.command(name="explore", description="Moves played here from an opening position, and how they went")
    @app_commands.describe(
        variant="Which draughts (default: the server's)",
        moves="The moves from the start, e.g. 11-15 23-19 (leave empty for the start)",
    )
    @app_commands.checks.cooldown(1, EXPLORE_COOLDOWN, key=lambda i: i.user.id)
    async def explore(
        self,
        interaction: Interaction,
        variant: VariantArg | None = None,
        moves: app_commands.Range[str, 1, MAX_MOVES_TEXT] | None = None,
    ) -> None:
        line = (moves or "").replace(",", " ").split()
        view = await self.bot.service.explorer.explore(interaction.user.id, interaction.guild_id, variant, line)
        await interaction.response.defer(ephemeral=True, thinking=True)
        view = await evaluated(view, self.bot.analyser)
        w = private(interaction)
        embed = discord.Embed(title=explorer_title(w, view)[:256], description=explorer_total(w, view))
        if view.moves:
            listed = "\n".join(explorer_move(w, m) for m in view.moves[:SHOWN_MOVES])
            embed.add_field(name=explorer_moves_heading(w), value=listed[:1024], inline=False)
        scored = [m for m in view.moves if m.score is not None]
        if scored:
            lines = "\n".join(explorer_evaluation(w, m) for m in scored)
            embed.add_field(name=explorer_engine_heading(w), value=lines[:1024], inline=False)
        elif not view.evaluate:
            withheld = explorer_no_engine(w, near_game=view.near_game)
            embed.add_field(name=explorer_engine_heading(w), value=withheld, inline=False)
        png = await asyncio.to_thread(explorer_picture, view, w.locale)
        embed.set_image(url="attachment://explorer.png")
        file = discord.File(io.BytesIO(png), filename="explorer.png")
        await interaction.followup.send(embed=embed, file=file, ephemeral=True)
