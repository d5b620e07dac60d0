"""Which game a command means: the one named, or the caller's only (or only waiting) game."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord

from bot.ui.errors import Refusal
from messages.i18n import Words
from service import GameOver, GameView, NotAParticipant, NotYourTurn

if TYPE_CHECKING:
    from bot.client import DamaBot

    Interaction = discord.Interaction[DamaBot]


async def game_for(interaction: Interaction, game_id: int | None, *, my_turn: bool = False) -> GameView:
    """The game named, or the caller's only game (awaiting their move, if my_turn or if several are active)."""
    service = interaction.client.service
    if game_id is not None:
        return await service.queries.game(game_id)
    mine = await service.queries.my_games(interaction.user.id)
    waiting = [g for g in mine if g.my_turn]
    if len(waiting) == 1:
        return waiting[0].game
    if len(mine) == 1:  # even if it is not the caller's turn: the service then says whose it is
        return mine[0].game
    if not mine:
        raise Refusal(no_active_games)
    if not waiting and my_turn:
        raise Refusal(lambda w: w.say("lookup.none_waiting", "None of your games is waiting for your move."))
    numbers = [f"#{n}" for n in sorted(g.game.id for g in waiting or mine)[:10]]
    raise Refusal(
        lambda w: w.say(
            "lookup.several",
            "You have several games ({games}); say which with the {option} option.",
            games=w.join(numbers),
            option=w.option("game"),
        )
    )


def no_active_games(w: Words) -> str:
    return w.say(
        "lookup.no_games",
        "You have no active games. Start one with {challenge} or {play}.",
        challenge=w.command("challenge"),
        play=w.command("play"),
    )


def check_can_move(game: GameView, player_id: int) -> None:
    """Refuse before showing move pickers (the service checks again when the move is played)."""
    if game.color_of(player_id) is None:
        raise NotAParticipant(player_id)
    if not game.active:
        raise GameOver(game)
    if game.to_move_id != player_id:
        assert game.to_move_id is not None
        raise NotYourTurn(game.to_move_id)
