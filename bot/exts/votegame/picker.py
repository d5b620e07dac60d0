"""The vote picker: the same menus as Move (a piece, then its move), the chosen move is the member's vote."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord

from bot.exts.play.picker import PiecePicker
from bot.exts.votegame import actions
from bot.ui.prompts import Prompts
from bot.ui.speech import private
from messages.i18n import ENGLISH, Words
from service import GameView
from service.errors import NotOnTeam

if TYPE_CHECKING:
    from bot.client import DamaBot

    Interaction = discord.Interaction[DamaBot]


class VotePicker(PiecePicker):
    def __init__(self, game: GameView, user_id: int, prompts: Prompts, w: Words = ENGLISH) -> None:
        super().__init__(game.position, game.id, user_id, prompts, w)
        self.game = game

    def piece_prompt(self) -> str:
        return self.w.say("picker.vote_piece", "Game #{game}: which piece do you vote to move?", game=self.game.id)

    def moves_prompt(self, square: str) -> str:
        return self.w.say(
            "picker.vote_moves", "Game #{game}: your vote, a move of the piece on {square}:", game=self.game.id,
            square=square,
        )  # fmt: skip

    async def play(self, interaction: Interaction, index: int) -> None:
        await actions.vote(interaction, self.game.id, self.moves[index])
        self.stop()


async def vote_picker(interaction: Interaction, game: GameView) -> None:
    """Open the picker for a member of the team to move (the service refuses anyone else when they vote;
    this refuses them before the menus)."""
    bot = interaction.client
    mine = [t for t in await bot.service.votes.my_teams(interaction.user.id) if t.game_id == game.id]
    if not mine or game.to_move_id != mine[0].seat:
        raise NotOnTeam(game.id)
    await VotePicker(game, interaction.user.id, bot.prompts, private(interaction)).start(interaction)
