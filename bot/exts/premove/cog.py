"""/premove game moves clear: add a line, list your lines, or clear them (always privately)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.ui.errors import Refusal
from bot.ui.options import game_autocomplete
from bot.ui.speech import private
from messages.premove import no_waiting_game, premove_list, several_waiting_games

if TYPE_CHECKING:
    from bot.client import DamaBot

    Interaction = discord.Interaction[DamaBot]

MAX_LINE_TEXT = 300  # 24 plies of 12x12 captures fit


class Premoves(commands.Cog):
    def __init__(self, bot: DamaBot) -> None:
        self.bot = bot

    @app_commands.command(name="premove", description="Conditional moves: if your opponent plays X, answer Y at once")
    @app_commands.describe(
        game="The game number (you may leave it out when only one game waits for your opponent)",
        moves="Your opponent's move and your reply, in pairs, e.g. 21-17 10-14 22-18 14x21",
        clear="Delete all your conditional moves in this game",
    )
    @app_commands.autocomplete(game=game_autocomplete)
    async def premove(
        self,
        interaction: Interaction,
        game: int | None = None,
        moves: app_commands.Range[str, 1, MAX_LINE_TEXT] | None = None,
        clear: bool = False,
    ) -> None:
        premoves = self.bot.service.premoves
        user = interaction.user.id
        game_id = game if game is not None else await self._waiting_game(interaction)
        w = private(interaction)
        if moves is not None:  # with clear:true the new line replaces the old ones
            if clear:
                await premoves.clear(game_id, user)
            text = premove_list(await premoves.add(game_id, user, moves), added=True, w=w)
        elif clear:
            text = premove_list(await premoves.clear(game_id, user), w=w)
        else:
            text = premove_list(await premoves.lines(game_id, user), w=w)
        await interaction.response.send_message(text[:2000], ephemeral=True)

    async def _waiting_game(self, interaction: Interaction) -> int:
        """The caller's only active game in which the opponent is to move."""
        mine = await self.bot.service.queries.my_games(interaction.user.id)
        waiting = sorted(g.game.id for g in mine if not g.my_turn)
        if len(waiting) == 1:
            return waiting[0]
        if not waiting:
            raise Refusal(no_waiting_game)
        numbers = [f"#{n}" for n in waiting[:10]]
        raise Refusal(lambda w: several_waiting_games(w, w.join(numbers)))
