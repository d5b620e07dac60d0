"""/rules, /rating and /leaderboard."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.ui import speech
from bot.ui.boards import COLOUR
from bot.ui.options import VariantArg
from bot.ui.speech import private
from messages import colour_name
from messages.variants import variant_name, variant_summary
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
        w = private(interaction)
        summary = variant_summary(w, card.variant)
        embed = discord.Embed(title=variant_name(w, card.variant), description=summary[:4096], colour=COLOUR)
        embed.add_field(name=w.say("rules.board", "Board"), value=f"{card.width}×{card.height}")
        embed.add_field(name=w.say("rules.first_to_move", "First to move"), value=colour_name(w, card.first_player))
        embed.add_field(
            name=w.say("rules.moves_written", "Moves are written"), value=", ".join(card.examples) or "—", inline=False
        )
        if card.aliases:
            embed.add_field(
                name=w.say("rules.also_called", "Also called"), value=", ".join(card.aliases)[:1024], inline=False
            )
        embed.set_footer(text=w.say("rules.variant_id", "variant id: {id}", id=card.variant))
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
        w = await speech.public(self.bot, interaction.guild_id, interaction)
        embed = discord.Embed(title=w.say("rating.title", "{player}'s ratings", player=who.display_name), colour=COLOUR)
        for rating in ratings[:25]:
            name = variant_name(w, rating.variant)
            if rating.pool == "bot":
                name = w.say("rating.vs_bot", "{variant} (vs the bot)", variant=name)
            record = stats.get(rating.variant)
            value = w.plural(
                "rating.value",
                "{rating} ±{spread} ({count} game)",
                "{rating} ±{spread} ({count} games)",
                rating.games,
                rating=f"{rating.rating:.0f}",
                spread=f"{2 * rating.rd:.0f}",
            )
            if record:
                value += " · " + w.say(
                    "rating.results",
                    "{wins}W {losses}L {draws}D",
                    wins=record.wins,
                    losses=record.losses,
                    draws=record.draws,
                )
            embed.add_field(name=name[:256], value=value)
        if not ratings and variant:
            embed.description = w.say(
                "rating.none_in", "No rated games yet in {variant}.", variant=variant_name(w, find_variant(variant).id)
            )
        elif not ratings:
            embed.description = w.say("rating.none", "No rated games yet.")
        await interaction.response.send_message(embed=embed, allowed_mentions=discord.AllowedMentions.none())

    @app_commands.command(name="leaderboard", description="The best rated players of a variant")
    @app_commands.describe(variant="Which draughts (default: the server's)")
    async def leaderboard(self, interaction: Interaction, variant: VariantArg | None = None) -> None:
        chosen = find_variant(variant or await self._default_variant(interaction))
        top = await self.bot.service.queries.leaderboard(chosen.id, limit=10)
        w = await speech.public(self.bot, interaction.guild_id, interaction)
        lines = [
            f"{n}. <@{r.player_id}> — "
            + w.plural(
                "rating.value",
                "{rating} ±{spread} ({count} game)",
                "{rating} ±{spread} ({count} games)",
                r.games,
                rating=f"{r.rating:.0f}",
                spread=f"{2 * r.rd:.0f}",
            )
            for n, r in enumerate(top, 1)
        ]
        embed = discord.Embed(
            title=w.say("leaderboard.title", "Leaderboard · {variant}", variant=variant_name(w, chosen.id)),
            description="\n".join(lines) or w.say("rating.none", "No rated games yet."),
            colour=COLOUR,
        )
        await interaction.response.send_message(embed=embed, allowed_mentions=discord.AllowedMentions.none())
