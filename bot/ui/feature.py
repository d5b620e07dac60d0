"""What a feature folder under bot/exts/ hands to the bot: its cog, its persistent buttons, and the news it
posts in a channel (per kind, what it says and where; bot/announce.py finds the channel and sends)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import discord
from discord.ext import commands

from bot.ui.boards import BoardMessage
from service import Announcement, AnnouncementKind

if TYPE_CHECKING:
    from bot.client import DamaBot


@dataclass(frozen=True, slots=True)
class ChannelNews:
    """One piece of a feature's news, rendered: the message and the channel (or thread) it goes to."""

    channel_id: int | None  # None: the server set no channel for it
    missing: str  # why it cannot be delivered when there is no channel (the outbox's reason)
    subject: int  # what it is about (a tournament, a server), named with that reason
    message: BoardMessage


NewsRender = Callable[["DamaBot", Announcement], Awaitable[ChannelNews]]


@dataclass(frozen=True)
class Feature:
    cog: Callable[[DamaBot], commands.Cog]
    dynamic_items: tuple[type[discord.ui.DynamicItem[Any]], ...] = ()
    news: Mapping[AnnouncementKind, NewsRender] = field(default_factory=dict)


def news_of(features: tuple[Feature, ...]) -> dict[AnnouncementKind, NewsRender]:
    """Each kind of news to the one feature that renders it; two features claiming a kind is a bug."""
    renders: dict[AnnouncementKind, NewsRender] = {}
    for feature in features:
        for kind, render in feature.news.items():
            if kind in renders:
                raise ValueError(f"two features render {kind}")
            renders[kind] = render
    return renders
