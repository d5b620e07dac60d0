"""What a command or a button does, shared by both: call the service, then announce. No game logic here:
refusals come from the service (GameError) or the rules (wrapped with their position for the reply)."""

from __future__ import annotations

from typing import Any

import discord

from bot.client import dama
from bot.errors import MoveRefused, Refusal
from rules import Move, RulesError
from service import BOT_ID, GameOver, GameView, NotAParticipant, NotYourTurn, OfferAnswer


async def game_for(interaction: discord.Interaction[Any], game_id: int | None, *, my_turn: bool = False) -> GameView:
    """The game named, or the caller's only game (awaiting their move, if my_turn or if several are active)."""
    service = dama(interaction).service
    if game_id is not None:
        return await service.queries.game(game_id)
    mine = await service.queries.my_games(interaction.user.id)
    waiting = [g for g in mine if g.my_turn]
    if len(waiting) == 1:
        return waiting[0].game
    if len(mine) == 1:  # even if it is not the caller's turn: the service then says whose it is
        return mine[0].game
    if not mine:
        raise Refusal("You have no active games. Start one with /challenge or /play.")
    if not waiting and my_turn:
        raise Refusal("None of your games is waiting for your move.")
    listed = ", ".join(f"#{n}" for n in sorted(g.game.id for g in waiting or mine)[:10])
    raise Refusal(f"You have several games ({listed}); say which with the game option.")


def check_can_move(game: GameView, player_id: int) -> None:
    """Refuse before showing move pickers (the service checks again when the move is played)."""
    if game.color_of(player_id) is None:
        raise NotAParticipant(player_id)
    if not game.active:
        raise GameOver(game)
    if game.to_move_id != player_id:
        assert game.to_move_id is not None
        raise NotYourTurn(game.to_move_id)


async def play_move(
    interaction: discord.Interaction[Any],
    game_id: int,
    move: str | Move,
    *,
    expected_version: int | None = None,
) -> None:
    bot = dama(interaction)
    game = await bot.service.queries.game(game_id)
    try:
        result = await bot.service.games.play(
            game_id, interaction.user.id, move, expected_version=expected_version, bot_reply=False
        )
    except RulesError as error:
        raise MoveRefused(error, game.position) from error
    await bot.announcer.moved(interaction, result)
    bot.timers.poke()


async def resign(interaction: discord.Interaction[Any], game_id: int) -> None:
    bot = dama(interaction)
    finished = await bot.service.games.resign(game_id, interaction.user.id)
    await bot.announcer.finished(interaction, finished)
    bot.timers.poke()


async def offer(interaction: discord.Interaction[Any], game_id: int, kind: str) -> None:
    """Offer a draw (accepting the opponent's if there is one) or ask to take back the last move."""
    bot = dama(interaction)
    service = bot.service
    if kind == "draw":
        answer = await service.games.offer_draw(game_id, interaction.user.id)
    else:
        answer = await service.games.request_takeback(game_id, interaction.user.id)
    await settled(interaction, answer, asker=interaction.user.id)


async def answer_offer(
    interaction: discord.Interaction[Any], game_id: int, kind: str, accept: bool, *, clear_buttons: bool = False
) -> None:
    """Answer the opponent's offer; clear_buttons takes the Accept/Decline buttons off the question."""
    service = dama(interaction).service
    if kind == "draw":
        answer = await service.games.answer_draw(game_id, interaction.user.id, accept)
    else:
        answer = await service.games.answer_takeback(game_id, interaction.user.id, accept)
    if clear_buttons:
        await interaction.response.edit_message(view=None)
    await settled(interaction, answer, asker=answer.offer.from_id)


async def settled(interaction: discord.Interaction[Any], answer: OfferAnswer, *, asker: int) -> None:
    """Say what became of an offer: pending (ask the opponent), accepted (show the board) or declined."""
    from bot.views.buttons import offer_controls

    bot = dama(interaction)
    offer, game = answer.offer, answer.game
    what = "the draw offer" if offer.kind == "draw" else "the takeback request"
    opponent = game.opponent_of(asker)
    if answer.finished is not None:
        await bot.announcer.finished(interaction, answer.finished)
    elif offer.status == "accepted":  # a takeback
        undone = ", ".join(m.notation for m in answer.undone)
        await bot.announcer.board(game, interaction, f"Takeback accepted: {undone} taken back.")
    elif offer.status == "declined":
        who = "The bot" if opponent == BOT_ID and interaction.user.id == asker else f"<@{interaction.user.id}>"
        text = f"{who} declined {what} in game #{game.id}."
        await _say(interaction, text, ephemeral=opponent == BOT_ID)
    else:
        request = "offers a draw" if offer.kind == "draw" else "asks to take back their last move"
        text = f"<@{asker}> {request} in game #{game.id}. <@{opponent}>, do you agree?"
        await _say(interaction, text, view=offer_controls(offer.kind, game.id), mention=opponent)
    bot.timers.poke()


async def _say(
    interaction: discord.Interaction[Any],
    text: str,
    *,
    ephemeral: bool = False,
    view: discord.ui.View | None = None,
    mention: int | None = None,
) -> None:
    mentions = discord.AllowedMentions(users=[discord.Object(id=mention)] if mention else False)
    kwargs: dict[str, Any] = {"ephemeral": ephemeral, "allowed_mentions": mentions}
    if view is not None:
        kwargs["view"] = view
    if interaction.response.is_done():
        await interaction.followup.send(text, **kwargs)
    else:
        await interaction.response.send_message(text, **kwargs)


async def accept_challenge(interaction: discord.Interaction[Any], challenge_id: int) -> None:
    bot = dama(interaction)
    started = await bot.service.challenges.accept(challenge_id, interaction.user.id)
    challenge = started.challenge
    text = f"<@{interaction.user.id}> accepted <@{challenge.challenger_id}>'s challenge: game #{started.game.id}."
    await interaction.response.edit_message(content=text, view=None)
    await bot.announcer.started(interaction, started)
    bot.timers.poke()


async def decline_challenge(interaction: discord.Interaction[Any], challenge_id: int) -> None:
    """The challenged player declines; the challenger withdraws. Open challenges can only be withdrawn."""
    service = dama(interaction).service
    challenge = await service.challenges.get(challenge_id)
    user = interaction.user.id
    if user == challenge.challenger_id:
        await service.challenges.cancel(challenge_id, user)
        text = f"<@{user}> withdrew the challenge."
    elif challenge.opponent_id is None:
        raise Refusal("Anyone may accept an open challenge; only its author can withdraw it.")
    else:
        await service.challenges.decline(challenge_id, user)
        text = f"<@{user}> declined <@{challenge.challenger_id}>'s challenge."
    await interaction.response.edit_message(content=text, view=None, allowed_mentions=discord.AllowedMentions.none())
