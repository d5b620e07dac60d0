"""/follow game|player|list and /unfollow: news of games and players by DM, at most once an hour."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.ui.errors import Refusal
from bot.ui.speech import private
from messages import follow as words

if TYPE_CHECKING:
    from bot.client import DamaBot

    Interaction = discord.Interaction[DamaBot]

GameNumber = app_commands.Range[int, 1, 2**53 - 1]  # Discord's largest integer option


class Follows(commands.Cog):
    follow = app_commands.Group(name="follow", description="Follow a game or a player")

    def __init__(self, bot: DamaBot) -> None:
        self.bot = bot

    @follow.command(name="game", description="Get a game's moves by DM, at most once an hour")
    @app_commands.describe(game="The game's number")
    async def game(self, interaction: Interaction, game: GameNumber) -> None:
        new = await self.bot.service.follows.follow_game(
            interaction.user.id, game, interaction.guild_id, interaction.channel_id
        )
        await interaction.response.send_message(words.following_game(private(interaction), game, new), ephemeral=True)

    @follow.command(name="player", description="Get a player's new games by DM, at most once an hour")
    @app_commands.describe(player="Whom to follow")
    async def player(self, interaction: Interaction, player: discord.User) -> None:
        new = await self.bot.service.follows.follow_player(
            interaction.user.id, player.id, interaction.guild_id, interaction.channel_id
        )
        text = words.following_player(private(interaction), player.mention, new)
        await interaction.response.send_message(text, ephemeral=True, allowed_mentions=discord.AllowedMentions.none())

    @follow.command(name="list", description="The games and players you follow")
    async def listing(self, interaction: Interaction) -> None:
        following = await self.bot.service.follows.following(interaction.user.id)
        text = words.following_list(
            private(interaction), [f"#{g}" for g in following.games], [f"<@{p}>" for p in following.players]
        )
        await interaction.response.send_message(text, ephemeral=True, allowed_mentions=discord.AllowedMentions.none())

    @app_commands.command(name="unfollow", description="Stop following a game or a player")
    @app_commands.describe(game="The game's number", player="The player")
    async def unfollow(
        self, interaction: Interaction, game: GameNumber | None = None, player: discord.User | None = None
    ) -> None:
        if (game is None) == (player is None):
            raise Refusal(lambda w: words.choose_one(w, w.option("game"), w.option("player")))
        found = await self.bot.service.follows.unfollow(
            interaction.user.id, game_id=game, player_id=player.id if player else None
        )
        await interaction.response.send_message(words.unfollowed(private(interaction), found), ephemeral=True)
