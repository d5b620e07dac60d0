"""What a play command or button does, shared by both: call the service, then deliver the news it queued.
No game logic here: refusals come from the service (GameError) or the rules (wrapped with their position for
the reply). The change is stored before anything is posted, so a Discord failure only delays the news."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord

from bot.ui import speech
from messages.news import offer_declined
from messages.play import bot_name
from rules import Move
from service import BOT_ID, MoveResult, OfferAnswer, OfferKind, OfferStatus

if TYPE_CHECKING:
    from bot.client import DamaBot

    Interaction = discord.Interaction[DamaBot]


async def play_move(
    interaction: Interaction,
    game_id: int,
    move: str | Move,
    *,
    expected_version: int | None = None,
) -> bool:
    """Play the move and what it sets off (the service's one move loop: conditional replies, the bot's replies),
    posting each step's boards as the reply while the bot thinks about the next. A refusal (service.MoveRefused)
    carries its position, so nothing is loaded here to explain it. Returns whether the boards went out (False:
    stored, and the player was told they follow)."""
    bot = interaction.client
    delivered = True

    async def show(step: MoveResult) -> None:
        nonlocal delivered
        if delivered:  # once some news waits for Discord, the rest waits behind it (the outbox posts it)
            delivered = await bot.outbox.deliver_inline(interaction, game_id)

    await bot.service.games.move(game_id, interaction.user.id, move, expected_version=expected_version, on_ply=show)
    bot.timers.poke()
    return delivered


async def resign(interaction: Interaction, game_id: int) -> None:
    bot = interaction.client
    await bot.service.games.resign(game_id, interaction.user.id)
    await bot.outbox.deliver_inline(interaction, game_id)
    bot.timers.poke()


async def offer(interaction: Interaction, game_id: int, kind: OfferKind) -> None:
    """Offer a draw (accepting the opponent's if there is one) or ask to take back the last move."""
    bot = interaction.client
    service = bot.service
    if kind is OfferKind.DRAW:
        answer = await service.games.offer_draw(game_id, interaction.user.id)
    else:
        answer = await service.games.request_takeback(game_id, interaction.user.id)
    await settled(interaction, answer)


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
    await settled(interaction, answer)


async def settled(interaction: Interaction, answer: OfferAnswer) -> None:
    """The bot's own refusal is the asker's private reply; everything else is news the service queued."""
    bot = interaction.client
    game, offer_view = answer.game, answer.offer
    declined_by_bot = offer_view.status is OfferStatus.DECLINED and game.opponent_of(offer_view.from_id) == BOT_ID
    if declined_by_bot:
        w = speech.private(interaction)
        text = offer_declined(w, offer_view.kind, bot_name(w, game.bot_level), game.id)
        if interaction.response.is_done():
            await interaction.followup.send(text, ephemeral=True)
        else:
            await interaction.response.send_message(text, ephemeral=True)
    else:
        await bot.outbox.deliver_inline(interaction, game.id)
    bot.timers.poke()
