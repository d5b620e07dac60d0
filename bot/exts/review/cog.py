"""/analyse game: progress in the reply while the engine works, then the graph, the verdicts, the critical
moments and the annotated PDN. The service refuses active games and paces new analyses."""

from __future__ import annotations

import asyncio
import io
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.ui import speech
from bot.ui.boards import player_label
from bot.ui.errors import Refusal
from bot.ui.options import MAX_CHOICES, opponent_name
from messages import colour_name
from messages.analysis import graph_note, headline, label, moments, player_line, progress_text, title, which_game
from messages.i18n import Words
from messages.openings import opening_heading
from render import render_eval_graph
from rules import Color
from service import AnalysisProgress, GameReview, GameView

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
        name = speech.private(interaction).say(
            "analysis.choice",
            "#{game} vs {opponent} · {result}",
            game=game.id,
            opponent=opponent_name(interaction, game, item.opponent_id),
            result=game.result,
        )
        if current.strip().lstrip("#") in name:
            choices.append(app_commands.Choice(name=name[:100], value=game.id))
    return choices[:MAX_CHOICES]


class Reviews(commands.Cog):
    def __init__(self, bot: DamaBot) -> None:
        self.bot = bot

    @app_commands.command(name="analyse", description="The engine's analysis of a finished game: graph, errors, PDN")
    @app_commands.describe(
        game="The number of a finished game",
        imported="An imported game's number (see /import) instead",
    )
    @app_commands.autocomplete(game=finished_game_autocomplete)
    async def analyse(self, interaction: Interaction, game: int | None = None, imported: int | None = None) -> None:
        service = self.bot.service
        user = interaction.user.id
        if (game is None) == (imported is None):
            raise Refusal(which_game)
        # refusals stay private: checked before the public reply
        if game is not None:
            played: GameView | None = await service.analysis.check(game, user)
        else:
            assert imported is not None
            await service.analysis.check_imported(imported, user)
            played = None
        await interaction.response.defer(thinking=True)
        loop = asyncio.get_running_loop()
        last_edit = [0.0]

        async def progress(step: AnalysisProgress) -> None:
            now = loop.time()
            if 0 < step.done < step.total and now - last_edit[0] < PROGRESS_EVERY:
                return
            last_edit[0] = now
            await interaction.edit_original_response(content=progress_text(shown, step, w))

        w = await speech.public(self.bot, interaction.guild_id, interaction)
        shown = label(game, imported, w)
        if game is not None:
            review = await service.analysis.analyse(game, user, progress)
        else:
            assert imported is not None
            review = await service.analysis.analyse_imported(imported, user, progress)
        await self._send(interaction, review, played, w)

    async def _send(self, interaction: Interaction, review: GameReview, played: GameView | None, w: Words) -> None:
        user = interaction.user.id
        subject = review.subject
        theme = (await self.bot.service.players.preferences(user)).board_theme
        side = Color.BLACK if played is not None and played.color_of(user) is Color.BLACK else Color.WHITE
        scores = [score / 100 for score in review.white_scores]
        png = await asyncio.to_thread(render_eval_graph, scores, review.marks, theme=theme, view=side)
        stem = f"dama-game-{subject.game_id}" if subject.game_id is not None else f"dama-imported-{subject.imported_id}"
        graph_name = f"{stem}-analysis.png"
        embed = discord.Embed(title=title(review, w)[:256], description="\n".join(moments(review, w))[:4096])
        for player in review.players:
            shown = (
                player_label(played, player.player_id)
                if played is not None and player.player_id is not None
                else player.name or "?"
            )
            embed.add_field(
                name=f"{colour_name(w, player.color)}: {shown}"[:256], value=player_line(player, w), inline=False
            )
        if review.opening is not None:
            embed.add_field(name=opening_heading(w, review.opening), value=review.opening, inline=False)
        embed.set_image(url=f"attachment://{graph_name}")
        embed.set_footer(text=graph_note(w))
        files = [
            discord.File(io.BytesIO(png), filename=graph_name),
            discord.File(io.BytesIO(review.pdn.encode("utf-8")), filename=f"{stem}-analysed.pdn"),
        ]
        await interaction.edit_original_response(content=headline(review, w), embed=embed, attachments=files)
