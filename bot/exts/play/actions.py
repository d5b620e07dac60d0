"""What a play command or button does, shared by both: call the service, then announce. No game logic here:
refusals come from the service (GameError) or the rules (wrapped with their position for the reply)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord

from bot.ui.errors import MoveRefused
from rules import Move, RulesError
from service import OfferKind

if TYPE_CHECKING:
    from bot.client import DamaBot

    Interaction = discord.Interaction[DamaBot]


async def play_move(
    interaction: Interaction,
    game_id: int,
    move: str | Move,
    *,
    expected_version: int | None = None,
) -> None:
    bot = interaction.client
    game = await bot.service.queries.game(game_id)
    try:
        result = await bot.service.games.play(
            game_id, interaction.user.id, move, expected_version=expected_version, bot_reply=False
        )
    except RulesError as error:
        raise MoveRefused(error, game.position) from error
    await bot.announcer.moved(interaction, result)
    bot.timers.poke()


async def resign(interaction: Interaction, game_id: int) -> None:
    bot = interaction.client
    finished = await bot.service.games.resign(game_id, interaction.user.id)
    await bot.announcer.finished(interaction, finished)
    bot.timers.poke()


async def offer(interaction: Interaction, game_id: int, kind: OfferKind) -> None:
    """Offer a draw (accepting the opponent's if there is one) or ask to take back the last move."""
    bot = interaction.client
    service = bot.service
    if kind is OfferKind.DRAW:
        answer = await service.games.offer_draw(game_id, interaction.user.id)
    else:
        answer = await service.games.request_takeback(game_id, interaction.user.id)
    await bot.announcer.offer_settled(interaction, answer, asker=interaction.user.id)


async def answer_offer(
    interaction: Interaction, game_id: int, kind: OfferKind, accept: bool, *, clear_buttons: bool = False
) -> None:
    """Answer the opponent's offer; clear_buttons takes the Accept/Decline buttons off the question."""
    bot = interaction.client
    service = bot.service
    if kind is OfferKind.DRAW:
        answer = await service.games.answer_draw(game_id, interaction.user.id, accept)
    else:
        answer = await service.games.answer_takeback(game_id, interaction.user.id, accept)
    if clear_buttons:
        await interaction.response.edit_message(view=None)
    await bot.announcer.offer_settled(interaction, answer, asker=answer.offer.from_id)
