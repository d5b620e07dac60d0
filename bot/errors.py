"""One place that turns every failure into a short reply: domain refusals become ephemeral sentences,
anything unexpected is logged with its traceback and answered with an apology.

Used by the command tree (tree.on_error), views and modals (on_error), and the persistent buttons
(discord.py only logs exceptions from DynamicItem callbacks, so they call `report` themselves).
"""

from __future__ import annotations

import logging
from typing import Any

import discord
from discord import app_commands

import messages
from rules import Position, RulesError
from service import (
    AlreadyAnswered,
    CannotAnswerOwnOffer,
    CannotChallengeSelf,
    ChallengeExpired,
    ChallengeNotFound,
    GameError,
    GameNotFound,
    GameOver,
    InvalidSetting,
    NoPendingOffer,
    NotAParticipant,
    NothingToTakeBack,
    NotYourTurn,
    OfferAlreadyPending,
    StaleGame,
)

log = logging.getLogger(__name__)


class Refusal(Exception):
    """A bot-side refusal (no such game for you, hints not allowed here, ...): its text is the reply."""


class MissingPermissions(Refusal):
    """The bot lacks channel permissions it needs."""

    def __init__(self, names: list[str], where: str = "this channel") -> None:
        listed = ", ".join(names)
        super().__init__(f"I can't do that in {where}: I need the {listed} permission{'s' * (len(names) > 1)}.")
        self.names = names


class MoveRefused(Exception):
    """A rules error with the position it was refused in, so the reply can list the legal moves."""

    def __init__(self, error: RulesError, position: Position) -> None:
        super().__init__(str(error))
        self.error = error
        self.position = position


_RESULTS = {"1-0": "White won", "0-1": "Black won", "1/2-1/2": "it was drawn"}


def describe_game_error(error: GameError) -> str:
    """A sentence for a service refusal, in the bot's voice."""
    if isinstance(error, NotYourTurn):
        return f"It is not your turn: the game is waiting for <@{error.to_move_id}>."
    if isinstance(error, NotAParticipant):
        return "You are not playing in that game." if "game" in str(error) else "That challenge is not for you."
    if isinstance(error, GameOver):
        game = error.game
        outcome = _RESULTS.get(game.result or "", "it has ended")
        how = f" ({game.termination.value.replace('_', ' ')})" if game.termination else ""
        return f"Game #{game.id} is over: {outcome}{how}."
    if isinstance(error, GameNotFound):
        return f"There is no game #{error.game_id}."
    if isinstance(error, StaleGame):
        return "The game changed while you were choosing; look at the new board and try again."
    if isinstance(error, ChallengeNotFound):
        return "That challenge no longer exists."
    if isinstance(error, ChallengeExpired):
        return "That challenge has expired."
    if isinstance(error, AlreadyAnswered):
        return f"That has already been answered ({error.status})."
    if isinstance(error, CannotChallengeSelf):
        return "You cannot play against yourself."
    if isinstance(error, InvalidSetting):
        return f"The {error.name} cannot be {error.value!r}: allowed are {error.allowed}."
    if isinstance(error, NoPendingOffer):
        return f"There is no {error.kind} offer to answer."
    if isinstance(error, OfferAlreadyPending):
        return f"A {error.kind} offer is already waiting for an answer."
    if isinstance(error, CannotAnswerOwnOffer):
        return "You cannot answer your own offer."
    if isinstance(error, NothingToTakeBack):
        return "You have no move to take back."
    text = str(error)
    return text[:1].upper() + text[1:] + ("" if text.endswith(".") else ".")


def explain(error: BaseException) -> str | None:
    """The player-facing sentence for an expected error, or None for a bug."""
    if isinstance(error, app_commands.CommandInvokeError | app_commands.TransformerError):
        inner = error.__cause__ if isinstance(error, app_commands.TransformerError) else error.original
        if inner is not None and inner is not error:
            found = explain(inner)
            if found is not None:
                return found
        if isinstance(error, app_commands.TransformerError):
            return f"I could not understand {error.value!r}."
        return None
    if isinstance(error, Refusal):
        return str(error)
    if isinstance(error, MoveRefused):
        return messages.describe(error.error, error.position)
    if isinstance(error, GameError):
        return describe_game_error(error)
    if isinstance(error, RulesError):
        return messages.describe(error)
    if isinstance(error, app_commands.CommandOnCooldown):
        return f"Slow down: you can use this again in {error.retry_after:.0f} s."
    if isinstance(error, app_commands.MissingPermissions):
        return "You need the Manage Server permission for that."
    if isinstance(error, app_commands.BotMissingPermissions):
        names = [p.replace("_", " ").title() for p in error.missing_permissions]
        return str(MissingPermissions(names))
    if isinstance(error, app_commands.NoPrivateMessage):
        return "That only works in a server."
    if isinstance(error, app_commands.CheckFailure):
        return "You can't use that here."
    if isinstance(error, discord.Forbidden):
        return (
            "Discord refused me: I am missing a permission here (I need Send Messages, Embed Links, "
            "Attach Files, Create Public Threads and Send Messages in Threads)."
        )
    return None


async def send_ephemeral(interaction: discord.Interaction[Any], text: str) -> None:
    """Reply privately, whether or not the interaction was already acknowledged."""
    text = text[:2000]
    try:
        if interaction.response.is_done():
            await interaction.followup.send(text, ephemeral=True)
        else:
            await interaction.response.send_message(text, ephemeral=True)
    except discord.HTTPException:
        log.warning("could not send an error reply for interaction %s", interaction.id, exc_info=True)


async def report(interaction: discord.Interaction[Any], error: BaseException) -> None:
    """The one error handler. Expected refusals get their sentence; bugs are logged and apologised for."""
    text = explain(error)
    if text is None:
        command = interaction.command.qualified_name if interaction.command else None
        log.error(
            "unhandled error in %s (user %s)",
            f"/{command}" if command else f"component {_custom_id(interaction)}",
            interaction.user.id,
            exc_info=(type(error), error, error.__traceback__),
        )
        text = "Sorry, something went wrong on my side. It has been logged."
    await send_ephemeral(interaction, text)


def _custom_id(interaction: discord.Interaction[Any]) -> str:
    data: Any = interaction.data or {}
    return str(data.get("custom_id", "?"))
