"""Playing: /move, /board, /games, /resign, /draw, /takeback."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.exts.play import actions
from bot.exts.play.controls import game_controls
from bot.exts.study.controls import add_study_button
from bot.ui import speech
from bot.ui.boards import board_message, deadline_text
from bot.ui.imported import show_imported_board
from bot.ui.lookup import game_for, no_active_games
from bot.ui.options import game_autocomplete, move_autocomplete, opponent_name
from bot.ui.speech import private
from messages import colour_name
from messages.variants import variant_name
from service import OfferKind

if TYPE_CHECKING:
    from bot.client import DamaBot

    Interaction = discord.Interaction[DamaBot]

GAME_HELP = "The game number (you may leave it out when only one game awaits you)"


class Games(commands.Cog):
    def __init__(self, bot: DamaBot) -> None:
        self.bot = bot

    @app_commands.command(name="move", description="Play a move, e.g. 22-18 or 22x13")
    @app_commands.describe(move="Your move in the game's notation", game=GAME_HELP)
    @app_commands.autocomplete(move=move_autocomplete)
    @app_commands.autocomplete(game=game_autocomplete)
    async def move(
        self, interaction: Interaction, move: app_commands.Range[str, 1, 100], game: int | None = None
    ) -> None:
        # A named game is not loaded here: the move's one read in the service checks it (and refuses it in words).
        target = game if game is not None else (await game_for(interaction, None, my_turn=True)).id
        await actions.play_move(interaction, target, move)

    @app_commands.command(name="board", description="Show a game's board with its buttons")
    @app_commands.describe(game=GAME_HELP, imported="An imported game's number (see /import) instead of a game")
    @app_commands.autocomplete(game=game_autocomplete)
    async def board(self, interaction: Interaction, game: int | None = None, imported: int | None = None) -> None:
        if imported is not None:
            await show_imported_board(
                interaction, imported, lambda w: add_study_button(None, imported, w, imported=True)
            )
            return
        target = await game_for(interaction, game)
        await interaction.response.defer()  # rendering runs in a thread; acknowledge first
        w = await speech.public(self.bot, target.guild_id, interaction)
        message = await board_message(self.bot.service, target, viewer_id=interaction.user.id, w=w)
        message.view = add_study_button(game_controls(target.id, w) if target.active else None, target.id, w)
        message.content = w.say("board.game", "Game #{game}.", game=target.id)
        await interaction.followup.send(**message.kwargs())

    @app_commands.command(name="games", description="List your active games")
    async def games(self, interaction: Interaction) -> None:
        mine = await self.bot.service.queries.my_games(interaction.user.id, limit=25)
        w = private(interaction)
        if not mine:
            await interaction.response.send_message(no_active_games(w), ephemeral=True)
            return
        lines = []
        for item in mine:
            game = item.game
            if item.my_turn:
                state = w.say("games.your_move_deadline", "**your move** — {deadline}", deadline=deadline_text(game, w))
            else:
                state = w.say("games.their_move", "their move")
            lines.append(
                w.say(
                    "games.line",
                    "#{game} · {variant} vs {opponent} ({colour}) · {state}",
                    game=game.id,
                    variant=variant_name(w, game.variant),
                    opponent=opponent_name(interaction, game, item.opponent_id),
                    colour=colour_name(w, item.color),
                    state=state,
                )
            )
        embed = discord.Embed(title=w.say("games.title", "Your games"), description="\n".join(lines)[:4096])
        await interaction.response.send_message(embed=embed, ephemeral=True)

    @app_commands.command(name="resign", description="Resign a game")
    @app_commands.describe(game=GAME_HELP)
    @app_commands.autocomplete(game=game_autocomplete)
    async def resign(self, interaction: Interaction, game: int | None = None) -> None:
        target = await game_for(interaction, game)
        await actions.resign(interaction, target.id)

    @app_commands.command(name="draw", description="Offer a draw, or accept your opponent's offer")
    @app_commands.describe(game=GAME_HELP)
    @app_commands.autocomplete(game=game_autocomplete)
    async def draw(self, interaction: Interaction, game: int | None = None) -> None:
        target = await game_for(interaction, game)
        await actions.offer(interaction, target.id, OfferKind.DRAW)

    @app_commands.command(name="takeback", description="Ask to take back your last move (your opponent decides)")
    @app_commands.describe(game=GAME_HELP)
    @app_commands.autocomplete(game=game_autocomplete)
    async def takeback(self, interaction: Interaction, game: int | None = None) -> None:
        target = await game_for(interaction, game)
        await actions.offer(interaction, target.id, OfferKind.TAKEBACK)
