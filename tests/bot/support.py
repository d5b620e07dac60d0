"""Spec'd mocks for calling commands and button callbacks directly (DISCORD-TESTING.md layer 2a).

`spec=` makes a wrong attribute name fail (AttributeError) instead of silently passing; every send is
recorded as a `Sent` so tests read what a player would see.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field
from types import SimpleNamespace
from typing import Any
from unittest.mock import AsyncMock, MagicMock

import discord
from discord import app_commands

from bot.client import DamaBot

GUILD = 1000
CHANNEL = 2000
ALICE, BOB, CAROL = 101, 102, 103
_ids = itertools.count(900_000)


@dataclass
class Sent:
    via: str  # response | followup | edit | modal | defer | channel | dm | edit_original
    content: str | None = None
    ephemeral: bool = False
    embed: discord.Embed | None = None
    files: list[discord.File] = field(default_factory=list)
    view: discord.ui.View | None = None
    modal: discord.ui.Modal | None = None
    to: int | None = None  # channel or user id
    kwargs: dict[str, Any] = field(default_factory=dict)

    @property
    def filenames(self) -> list[str]:
        return [f.filename or "" for f in self.files]

    def file_bytes(self, index: int = 0) -> bytes:
        fp = self.files[index].fp
        fp.seek(0)
        return fp.read()

    @property
    def custom_ids(self) -> list[str]:
        if self.view is None:
            return []
        return [getattr(item, "custom_id", "") for item in self.view.children]


def _record(log: list[Sent], via: str, to: int | None = None) -> Any:
    def record(content: str | None = None, **kwargs: Any) -> MagicMock:
        files = list(kwargs.get("files") or ([kwargs["file"]] if kwargs.get("file") else []))
        log.append(
            Sent(
                via=via,
                content=kwargs.get("content", content),
                ephemeral=bool(kwargs.get("ephemeral", False)),
                embed=kwargs.get("embed"),
                files=files,
                view=kwargs.get("view"),
                to=to,
                kwargs=kwargs,
            )
        )
        return message(to or CHANNEL)

    return record


def message(channel_id: int = CHANNEL) -> MagicMock:
    msg = MagicMock(spec=discord.WebhookMessage)
    msg.id = next(_ids)
    msg.channel = SimpleNamespace(id=channel_id)
    msg.jump_url = f"https://discord.com/channels/{GUILD}/{channel_id}/{msg.id}"
    msg.edit = AsyncMock()
    return msg


class Recorder:
    """What the bot sent, across interactions, channels and DMs."""

    def __init__(self) -> None:
        self.sent: list[Sent] = []

    def public(self) -> list[Sent]:
        return [s for s in self.sent if not s.ephemeral and s.via != "defer"]

    def last(self) -> Sent:
        return self.sent[-1]

    def boards(self) -> list[Sent]:
        """Board pictures posted in channels (DMs excluded)."""
        return [s for s in self.sent if s.via != "dm" and any(n.endswith(".png") for n in s.filenames)]

    def clear(self) -> None:
        self.sent.clear()


def member(user_id: int, *, bot: bool = False, log: Recorder | None = None) -> MagicMock:
    user = MagicMock(spec=discord.Member)
    user.id = user_id
    user.bot = bot
    user.display_name = f"user{user_id}"
    user.name = f"user{user_id}"
    user.mention = f"<@{user_id}>"
    if log is not None:
        user.send = AsyncMock(side_effect=_record(log.sent, "dm", user_id))
    return user


def text_channel(channel_id: int, log: Recorder, perms: discord.Permissions | None = None) -> MagicMock:
    channel = MagicMock(spec=discord.TextChannel)
    channel.id = channel_id
    channel.mention = f"<#{channel_id}>"
    channel.send = AsyncMock(side_effect=_record(log.sent, "channel", channel_id))
    channel.permissions_for = MagicMock(return_value=perms or discord.Permissions.all())
    channel.guild = MagicMock(spec=discord.Guild)
    thread = MagicMock(spec=discord.Thread)
    thread.id = channel_id + 1
    thread.mention = f"<#{thread.id}>"
    thread.send = AsyncMock(side_effect=_record(log.sent, "channel", thread.id))
    channel.create_thread = AsyncMock(return_value=thread)
    return channel


def interaction(
    bot: DamaBot,
    user_id: int,
    log: Recorder,
    *,
    guild_id: int | None = GUILD,
    channel: MagicMock | None = None,
    perms: discord.Permissions | None = None,
    namespace: dict[str, Any] | None = None,
) -> MagicMock:
    inter = MagicMock(spec=discord.Interaction)
    inter.id = next(_ids)
    inter.client = bot
    inter.user = member(user_id, log=log)
    inter.guild_id = guild_id
    inter.channel = channel
    inter.channel_id = channel.id if channel is not None else CHANNEL
    inter.app_permissions = perms or discord.Permissions.all()
    inter.filesize_limit = 10 * 1024 * 1024
    inter.namespace = SimpleNamespace(**(namespace or {}))
    inter.command = None
    inter.data = {}
    state = {"done": False}

    def acknowledging(via: str) -> Any:
        inner = _record(log.sent, via)

        def call(*args: Any, **kwargs: Any) -> Any:
            if state["done"]:
                raise discord.InteractionResponded(inter)
            state["done"] = True
            if via == "modal":
                log.sent.append(Sent(via="modal", modal=args[0]))
                return None
            result = inner(*args, **kwargs)
            callback = MagicMock(spec=discord.InteractionCallbackResponse)
            callback.message_id = result.id
            return callback

        return call

    response = MagicMock(spec=discord.InteractionResponse)
    response.is_done = MagicMock(side_effect=lambda: state["done"])
    response.send_message = AsyncMock(side_effect=acknowledging("response"))
    response.edit_message = AsyncMock(side_effect=acknowledging("edit"))
    response.send_modal = AsyncMock(side_effect=acknowledging("modal"))

    def defer(**kwargs: Any) -> Any:
        return acknowledging("defer")(**kwargs)

    response.defer = AsyncMock(side_effect=defer)
    inter.response = response
    followup = MagicMock(spec=discord.Webhook)

    def follow(content: str | None = None, **kwargs: Any) -> Any:
        if not state["done"]:
            raise AssertionError("followup before the interaction was acknowledged")
        return _record(log.sent, "followup")(content, **kwargs)

    followup.send = AsyncMock(side_effect=follow)
    inter.followup = followup
    inter.edit_original_response = AsyncMock(side_effect=_record(log.sent, "edit_original"))
    return inter


async def run_command(bot: DamaBot, name: str, inter: MagicMock, **options: Any) -> None:
    """Call a slash command's callback as the tree would, sending errors to the tree's error handler."""
    command = bot.tree.get_command(name)
    assert isinstance(command, app_commands.Command), name
    inter.command = command
    try:
        await command.callback(command.binding, inter, **options)  # type: ignore[arg-type]
    except Exception as error:
        await bot.on_app_command_error(inter, app_commands.CommandInvokeError(command, error))
