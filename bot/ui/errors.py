"""One place that turns every failure into a short reply: domain refusals become ephemeral sentences,
anything unexpected is logged with its traceback and answered with an apology.

Used by the command tree (tree.on_error), views and modals (on_error), and the persistent buttons
(discord.py only logs exceptions from DynamicItem callbacks, so they call `report` themselves).
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands

import messages
from bot import metrics
from bot.ui.caller import ask_for
from bot.ui.option_types import BadOption
from bot.ui.speech import private
from data.db import StorageFault
from messages.i18n import Words
from messages.play import describe_game_error, unknown_command
from rules import Position, RulesError
from service import GameError

if TYPE_CHECKING:
    from bot.client import DamaBot

    Interaction = discord.Interaction[DamaBot]

log = logging.getLogger(__name__)


def mention(user_id: int) -> str:
    return f"<@{user_id}>"


class Refusal(Exception):
    """A bot-side refusal (no such game for you, hints not allowed here, ...): `words` says it in a language."""

    def __init__(self, say: Callable[[Words], str]) -> None:
        super().__init__("refusal")
        self.say = say

    def words(self, words: Words) -> str:
        return self.say(words)


class MissingPermissions(Refusal):
    """The bot lacks channel permissions it needs (Discord's English permission names, as its UI shows them)."""

    def __init__(self, names: list[str], where: str | None = None) -> None:
        super().__init__(lambda w: missing_permissions_sentence(w, names, where))
        self.names = names


def missing_permissions_sentence(words: Words, names: list[str], where: str | None) -> str:
    place = where or words.say("permissions.this_channel", "this channel")
    return words.plural(
        "permissions.missing",
        "I can't do that in {place}: I need the {permissions} permission.",
        "I can't do that in {place}: I need the {permissions} permissions.",
        len(names),
        place=place,
        permissions=words.join(names),
    )


class MoveRefused(Exception):
    """A rules error with the position it was refused in, so the reply can list the legal moves."""

    def __init__(self, error: RulesError, position: Position) -> None:
        super().__init__(str(error))
        self.error = error
        self.position = position


def not_a_member(w: Words, name: str) -> str:
    return w.say("error.not_a_member", "{name} is not a member of this server.", name=name)


def _wrapped(error: app_commands.CommandInvokeError | app_commands.TransformerError, w: Words) -> str | None:
    """What a command or transformer failure carries inside, in words; None for a bug."""
    inner = error.__cause__ if isinstance(error, app_commands.TransformerError) else error.original
    if inner is not None and inner is not error:
        found = explain(inner, w)
        if found is not None:
            return found
    if isinstance(error, app_commands.TransformerError):
        if isinstance(error.value, discord.User):  # a member was asked for: Discord resolved no member
            return not_a_member(w, readable(error.value))
        return w.say("error.not_understood", "I could not understand {value!r}.", value=readable(error.value))
    return None


def readable(value: Any) -> str:
    """What a player typed or picked, as they would name it: a member, channel or role by its name, never
    the repr of a discord object (a user the command cannot take, e.g. one who is not in the server)."""
    if isinstance(value, str | int | float):
        return str(value)[:50]
    name = getattr(value, "display_name", None) or getattr(value, "name", None) or getattr(value, "filename", None)
    if name is None and isinstance(getattr(value, "id", None), int):
        name = value.id  # a bare discord.Object: its id is all there is
    return str(name)[:50] if name is not None else "?"


def storage_fault(fault: StorageFault, w: Words) -> str:
    """The database's fault as it is (review rows 6 and 8), never "Discord refused" nor "a bug"."""
    if fault.kind == "busy":
        return w.say(
            "error.storage_busy",
            "My storage is busy right now, so I could not save that. Please try again in a minute.",
        )
    if fault.kind == "lost":
        return w.say(
            "error.storage_lost",
            "I lost the connection to my storage, so I could not save that. Please try again in a minute.",
        )
    return w.say(
        "error.storage_unwritable",
        "My storage cannot be written to (its disk is full or read-only, or its file is gone), so I could not "
        "save that. The bot's operator can see why in the log.",
    )


def _fault_in(error: BaseException) -> StorageFault | None:
    seen: BaseException | None = error
    for _ in range(4):  # a command's or a transformer's wrapper, then the cause
        if seen is None or isinstance(seen, StorageFault):
            return seen
        seen = seen.original if isinstance(seen, app_commands.CommandInvokeError) else seen.__cause__
    return None


def _bot_missing(error: app_commands.BotMissingPermissions, w: Words) -> str:
    names = [p.replace("_", " ").title() for p in error.missing_permissions]
    return missing_permissions_sentence(w, names, None)


# The first entry whose type matches wins, so subclasses come before their bases.
_EXPLAINERS: tuple[tuple[type[BaseException], Callable[[Any, Words], str | None]], ...] = (
    (app_commands.CommandInvokeError, _wrapped),
    (app_commands.TransformerError, _wrapped),
    (Refusal, lambda e, w: e.words(w)),
    (StorageFault, storage_fault),
    (MoveRefused, lambda e, w: messages.describe(e.error, e.position, w)),
    (GameError, lambda e, w: describe_game_error(e, mention, w)),
    (RulesError, lambda e, w: messages.describe(e, None, w)),
    (
        app_commands.CommandOnCooldown,
        lambda e, w: w.say(
            "error.cooldown", "Slow down: you can use this again in {seconds} s.", seconds=f"{e.retry_after:.0f}"
        ),
    ),
    (
        app_commands.MissingPermissions,
        lambda e, w: w.say("error.manage_server", "You need the Manage Server permission for that."),
    ),
    (app_commands.BotMissingPermissions, _bot_missing),
    (app_commands.NoPrivateMessage, lambda e, w: w.say("error.server_only", "That only works in a server.")),
    (
        BadOption,
        lambda e, w: w.say(
            "error.bad_option",
            "The {option} option cannot be {value!r}: that is not a value it takes.",
            option=e.name,
            value=str(e.value)[:50],
        ),
    ),
    (app_commands.CheckFailure, lambda e, w: w.say("error.not_here", "You can't use that here.")),
    (
        discord.Forbidden,
        lambda e, w: w.say(
            "error.discord_forbidden",
            "Discord refused me: I am missing a permission here (I need Send Messages, Embed Links, "
            "Attach Files, Create Public Threads and Send Messages in Threads).",
        ),
    ),
)


def explain(error: BaseException, words: Words) -> str | None:
    """The player-facing sentence for an expected error, or None for a bug."""
    for kind, sentence in _EXPLAINERS:
        if isinstance(error, kind):
            return sentence(error, words)
    return None


async def send_ephemeral(interaction: Interaction, text: str, *, view: discord.ui.View | None = None) -> None:
    """Reply privately, whether or not the interaction was already acknowledged."""
    text = text[:2000]
    extra: dict[str, Any] = {"view": view} if view is not None else {}
    try:
        if interaction.response.is_done():
            await interaction.followup.send(text, ephemeral=True, **extra)
        else:
            await interaction.response.send_message(text, ephemeral=True, **extra)
    except discord.HTTPException:
        log.warning("could not send an error reply for interaction %s", interaction.id, exc_info=True)


async def report(interaction: Interaction, error: BaseException) -> None:
    """The one error handler. Expected refusals get their sentence; bugs are logged and apologised for."""
    if isinstance(error, app_commands.CommandNotFound | app_commands.CommandSignatureMismatch):
        # a command Discord still shows but this bot no longer has (or has changed): not a bug of ours
        log.warning("stale or unknown command %r from user %s", getattr(error, "name", "?"), interaction.user.id)
        metrics.record_outcome(interaction, "refused")
        await send_ephemeral(interaction, unknown_command(private(interaction)))
        return
    if interaction.guild_id is None and isinstance(error, app_commands.TransformerError) and isinstance(
        error.value, discord.User
    ):
        error = app_commands.NoPrivateMessage()  # a member was asked for where there is no server (a DM)
    text = explain(error, private(interaction))
    fault = _fault_in(error)
    if fault is not None:  # the operator's to fix (or to wait out): one line, no traceback
        log.warning("storage fault answering interaction %s: %s", interaction.id, fault)
    metrics.record_outcome(interaction, "refused" if text is not None else "error")
    if text is None:
        command = interaction.command.qualified_name if interaction.command else None
        log.error(
            "unhandled error in %s (user %s)",
            f"/{command}" if command else f"component {_custom_id(interaction)}",
            interaction.user.id,
            exc_info=(type(error), error, error.__traceback__),
        )
        text = private(interaction).say("error.bug", "Sorry, something went wrong on my side. It has been logged.")
    await send_ephemeral(interaction, text)


def _custom_id(interaction: Interaction) -> str:
    data: Any = interaction.data or {}
    return str(data.get("custom_id", "?"))


async def guarded(interaction: Interaction, action: Callable[[], Awaitable[None]]) -> None:
    """discord.py only logs what a DynamicItem callback raises: hand it to the one error handler instead.
    Also the one place a button tells the service who pressed it."""
    ask_for(interaction)
    try:
        await action()
    except Exception as error:
        await report(interaction, error)
