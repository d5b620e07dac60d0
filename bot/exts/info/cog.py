"""/rules, /rating and /leaderboard."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.ui.boards import COLOUR
from bot.ui.options import VariantArg
from rules import find_variant
from service import rules_card

if TYPE_CHECKING:
    from bot.client import DamaBot

    Interaction = discord.Interaction[DamaBot]


class Info(commands.Cog):
    def __init__(self, bot: DamaBot) -> None:
        self.bot = bot

    async def _default_variant(self, interaction: Interaction) -> str:
        if interaction.guild_id is None:
            return self.bot.service.ctx.config.default_variant
        return (await self.bot.service.players.server_settings(interaction.guild_id)).default_variant

    @app_commands.command(name="rules", description="How a variant is played")
    @app_commands.describe(variant="Which draughts (default: the server's)")
    async def rules(self, interaction: Interaction, variant: VariantArg | None = None) -> None:
        card = rules_card(variant or await self._default_variant(interaction))
        embed = discord.Embed(title=card.name, description=card.summary[:4096], colour=COLOUR)
        embed.add_field(name="Board", value=f"{card.width}×{card.height}")
        embed.add_field(name="First to move", value=card.first_player.label)
        embed.add_field(name="Moves are written", value=", ".join(card.examples) or "—", inline=False)
        if card.aliases:
            embed.add_field(name="Also called", value=", ".join(card.aliases)[:1024], inline=False)
        embed.set_footer(text=f"variant id: {card.variant}")
        await interaction.response.send_message(embed=embed, ephemeral=True)

    @app_commands.command(name="rating", description="A player's ratings and results")
    @app_commands.describe(user="Whose rating (default: yours)", variant="Only this variant")
    async def rating(
        self,
        interaction: Interaction,
        user: discord.User | None = None,
        variant: VariantArg | None = None,
    ) -> None:
        who = user or interaction.user
        service = self.bot.service
        ratings = [r for r in await service.queries.ratings(who.id) if variant is None or r.variant == variant]
        stats = {s.variant: s for s in await service.queries.stats(who.id)}
        embed = discord.Embed(title=f"{who.display_name}'s ratings", colour=COLOUR)
        for rating in ratings[:25]:
            name = find_variant(rating.variant).name + (" (vs the bot)" if rating.pool == "bot" else "")
            record = stats.get(rating.variant)
            results = f" · {record.wins}W {record.losses}L {record.draws}D" if record else ""
            embed.add_field(
                name=name[:256], value=f"{rating.rating:.0f} ±{2 * rating.rd:.0f} ({rating.games} games){results}"
            )
        if not ratings:
            embed.description = "No rated games yet" + (f" in {find_variant(variant).name}." if variant else ".")
        await interaction.response.send_message(embed=embed, allowed_mentions=discord.AllowedMentions.none())

    @app_commands.command(name="leaderboard", description="The best rated players of a variant")
    @app_commands.describe(variant="Which draughts (default: the server's)")
    async def leaderboard(self, interaction: Interaction, variant: VariantArg | None = None) -> None:
        chosen = find_variant(variant or await self._default_variant(interaction))
        top = await self.bot.service.queries.leaderboard(chosen.id, limit=10)
        lines = [
            f"{n}. <@{r.player_id}> — {r.rating:.0f} ±{2 * r.rd:.0f} ({r.games} games)" for n, r in enumerate(top, 1)
        ]
        embed = discord.Embed(
            title=f"Leaderboard · {chosen.name}",
            description="\n".join(lines) or "No rated games yet.",
            colour=COLOUR,
        )
        await interaction.response.send_message(embed=embed, allowed_mentions=discord.AllowedMentions.none())
