"""/analyse game: progress in the reply while the engine works, then the graph, the verdicts, the critical
moments and the annotated PDN. The service refuses active games and paces new analyses."""

from __future__ import annotations

import asyncio
import io
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.ui.boards import player_label
from bot.ui.options import MAX_CHOICES, opponent_name
from messages.analysis import GRAPH_NOTE, headline, moments, player_line, progress_text
from render import render_eval_graph
from rules import Color
from service import AnalysisProgress

if TYPE_CHECKING:
    from bot.client import DamaBot

    Interaction = discord.Interaction[DamaBot]

PROGRESS_EVERY = 2.0  # seconds between edits of the reply (Discord rate-limits edits)


async def finished_game_autocomplete(interaction: Interaction, current: str) -> list[app_commands.Choice[int]]:
    """The caller's finished games, the latest first (only they can be analysed)."""
    mine = await interaction.client.service.queries.my_games(interaction.user.id, active_only=False, limit=100)
    choices = []
    for item in mine:
        game = item.game
        if game.active:
            continue
        name = f"#{game.id} vs {opponent_name(interaction, game, item.opponent_id)} · {game.result}"
        if current.strip().lstrip("#") in name:
            choices.append(app_commands.Choice(name=name[:100], value=game.id))
    return choices[:MAX_CHOICES]


class Reviews(commands.Cog):
    def __init__(self, bot: DamaBot) -> None:
        self.bot = bot

    @app_commands.command(name="analyse", description="The engine's analysis of a finished game: graph, errors, PDN")
    @app_commands.describe(game="The number of a finished game")
    @app_commands.autocomplete(game=finished_game_autocomplete)
    async def analyse(self, interaction: Interaction, game: int) -> None:
        service = self.bot.service
        user = interaction.user.id
        target = await service.analysis.check(game, user)  # refusals stay private: before the public reply
        await interaction.response.defer(thinking=True)
        loop = asyncio.get_running_loop()
        last_edit = [0.0]

        async def progress(step: AnalysisProgress) -> None:
            now = loop.time()
            if 0 < step.done < step.total and now - last_edit[0] < PROGRESS_EVERY:
                return
            last_edit[0] = now
            await interaction.edit_original_response(content=progress_text(game, step))

        review = await service.analysis.analyse(game, user, progress)
        theme = (await service.players.preferences(user)).board_theme
        side = Color.BLACK if target.color_of(user) is Color.BLACK else Color.WHITE
        scores = [score / 100 for score in review.white_scores]
        png = await asyncio.to_thread(render_eval_graph, scores, review.marks, theme=theme, view=side)
        graph_name = f"dama-game-{game}-analysis.png"
        embed = discord.Embed(title=f"Game #{game} analysed", description="\n".join(moments(review))[:4096])
        for player in review.players:
            embed.add_field(
                name=f"{player.color.label}: {player_label(target, player.player_id)}"[:256],
                value=player_line(player),
                inline=False,
            )
        embed.set_image(url=f"attachment://{graph_name}")
        embed.set_footer(text=GRAPH_NOTE)
        files = [
            discord.File(io.BytesIO(png), filename=graph_name),
            discord.File(io.BytesIO(review.pdn.encode("utf-8")), filename=f"dama-game-{game}-analysed.pdn"),
        ]
        await interaction.edit_original_response(content=headline(review), embed=embed, attachments=files)
