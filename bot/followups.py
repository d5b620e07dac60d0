"""Interaction follow-ups, posted once.

A follow-up carries no nonce, and discord.py posts it again after a 5xx answer, which Discord gives even when
it made the message: the review saw one board three times. SendOnce (installed in DamaBot.setup_hook) makes
a follow-up's 5xx an error at once; send_followup then looks for the message the failed try may have left
(the interaction's original response, or the channel's last messages made by this interaction) before
letting the caller retry.
"""

from __future__ import annotations

import json
import logging
from types import TracebackType
from typing import TYPE_CHECKING, Any

import aiohttp
import discord
from discord.webhook.async_ import AsyncWebhookAdapter, async_context

if TYPE_CHECKING:
    from discord.http import Route

    from bot.client import DamaBot

    Interaction = discord.Interaction[DamaBot]

log = logging.getLogger(__name__)
FOLLOWUP = "/webhooks/{webhook_id}/{webhook_token}"  # POST: a new follow-up message
LOOK_BACK = 10  # channel messages searched for one a failed try made


class _FailFast:
    """The session for one follow-up post: a 5xx answer raises DiscordServerError instead of being retried."""

    def __init__(self, session: aiohttp.ClientSession) -> None:
        self._session = session

    def request(self, method: str, url: str, **options: Any) -> _Once:
        return _Once(self._session.request(method, url, **options))


class _Once:
    def __init__(self, inner: Any) -> None:
        self._inner = inner

    async def __aenter__(self) -> aiohttp.ClientResponse:
        response: aiohttp.ClientResponse = await self._inner.__aenter__()
        if response.status >= 500:
            text = await response.text()
            await self._inner.__aexit__(None, None, None)
            try:
                body: Any = json.loads(text)
            except ValueError:
                body = text
            raise discord.DiscordServerError(response, body)
        return response

    async def __aexit__(
        self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None
    ) -> None:
        await self._inner.__aexit__(kind, error, trace)


class SendOnce(AsyncWebhookAdapter):
    async def request(self, route: Route, session: aiohttp.ClientSession, **options: Any) -> Any:
        if route.method == "POST" and route.path == FOLLOWUP:
            session = _FailFast(session)  # type: ignore[assignment]
        return await super().request(route, session, **options)


def install() -> None:
    """For the current task and those it starts (the gateway's, hence every interaction's)."""
    async_context.set(SendOnce())  # type: ignore[no-untyped-call]


def _same(message: discord.Message, content: str, files: list[str]) -> bool:
    return message.content == content and [a.filename for a in message.attachments] == files


async def send_followup(interaction: Interaction, **options: Any) -> discord.Message:
    """interaction.followup.send(wait=True, ...), and after a 5xx the message it made anyway, if any."""
    try:
        return await interaction.followup.send(wait=True, **options)
    except discord.DiscordServerError:
        found = await _made_anyway(interaction, options)
        if found is None:
            raise
        log.info("interaction %s: Discord answered 5xx but had made the follow-up", interaction.id)
        return found


async def _made_anyway(interaction: Interaction, options: dict[str, Any]) -> discord.Message | None:
    content = options.get("content") or ""
    sent = [options["file"]] if "file" in options else list(options.get("files") or [])
    files = [file.filename for file in sent]
    try:  # after a "thinking" defer, the first follow-up becomes the original response
        original = await interaction.original_response()
        if _same(original, content, files):
            return original
    except discord.HTTPException:
        pass
    channel = interaction.channel
    if not isinstance(channel, discord.abc.Messageable):
        return None
    try:
        async for message in channel.history(limit=LOOK_BACK):
            made_by = message.interaction_metadata
            if made_by is not None and made_by.id == interaction.id and _same(message, content, files):
                return message
    except discord.HTTPException:  # a conversation the bot cannot read: the caller's retry decides
        pass
    return None
