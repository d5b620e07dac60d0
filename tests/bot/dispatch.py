"""Real discord.py dispatch without sockets (DISCORD-TESTING.md layer 2b): interaction payloads go through
ConnectionState.parse_interaction_create, so the real CommandTree, transformers, checks, cooldowns and the
DynamicItem routing run; the webhook adapter that would POST callbacks and followups is swapped for one
that records them. Uses discord.py internals (pinned major version), kept in this one module."""

from __future__ import annotations

import asyncio
import itertools
import json
from typing import Any

import discord
from discord.webhook.async_ import AsyncWebhookAdapter, async_context

from bot.client import DamaBot
from tests.bot.support import CHANNEL, GUILD

APP_ID = 777
BOT_USER = {
    "id": str(APP_ID), "username": "Dama", "discriminator": "0", "global_name": None, "avatar": None, "bot": True,
}
_ids = itertools.count(500_000)
MEMBER = discord.Permissions(view_channel=True, send_messages=True, use_application_commands=True)


def user_payload(user_id: int) -> dict[str, Any]:
    return {"id": str(user_id), "username": f"user{user_id}", "discriminator": "0", "global_name": None, "avatar": None}


def message_payload(message_id: int, *, components: list[Any] | None = None, flags: int = 0) -> dict[str, Any]:
    return {
        "id": str(message_id), "channel_id": str(CHANNEL), "author": BOT_USER, "content": "",
        "timestamp": "2025-03-01T12:00:00+00:00", "edited_timestamp": None, "tts": False,
        "mention_everyone": False, "mentions": [], "mention_roles": [], "attachments": [], "embeds": [],
        "pinned": False, "type": 0, "flags": flags, "components": components or [],
    }


def interaction_payload(
    kind: int, user_id: int, data: dict[str, Any], *, permissions: discord.Permissions | None = None,
    message: dict[str, Any] | None = None,
) -> dict[str, Any]:
    payload: dict[str, Any] = {
        "id": str(next(_ids)), "application_id": str(APP_ID), "type": kind, "token": f"token-{next(_ids)}",
        "version": 1, "attachment_size_limit": 10 * 1024 * 1024, "guild_id": str(GUILD),
        "channel_id": str(CHANNEL),
        "channel": {"id": str(CHANNEL), "type": 0, "guild_id": str(GUILD), "name": "general", "position": 0,
                    "permission_overwrites": [], "nsfw": False, "parent_id": None},
        "member": {"user": user_payload(user_id), "roles": [], "joined_at": "2024-01-01T00:00:00+00:00",
                   "deaf": False, "mute": False, "flags": 0,
                   "permissions": str((permissions or MEMBER).value)},
        "app_permissions": str(discord.Permissions.all().value),
        "locale": "en-US", "guild_locale": "en-US", "entitlements": [], "authorizing_integration_owners": {},
        "context": 0, "data": data,
    }
    if message is not None:
        payload["message"] = message
    return payload


class RecordingAdapter(AsyncWebhookAdapter):
    """Answers what Discord would, and keeps every request: (method, path, json payload, file names)."""

    def __init__(self) -> None:
        super().__init__()
        self.requests: list[dict[str, Any]] = []

    async def request(self, route: Any, session: Any, *, payload: dict[str, Any] | None = None,
                      multipart: list[dict[str, Any]] | None = None, files: Any = None, **kwargs: Any) -> Any:
        body = payload
        if multipart:
            body = json.loads(next(p["value"] for p in multipart if p["name"] == "payload_json"))
        record = {
            "method": route.method, "path": route.path, "json": body or {},
            "files": [f.filename for f in files or []],
        }
        self.requests.append(record)
        message_id = next(_ids)
        message = message_payload(message_id, flags=(body or {}).get("data", body or {}).get("flags", 0) or 0)
        if route.path.endswith("/callback"):
            kind = (body or {}).get("type", 4)
            return {
                "interaction": {"id": route.webhook_id if hasattr(route, "webhook_id") else "1", "type": 2,
                                "response_message_id": str(message_id), "response_message_loading": kind == 5,
                                "response_message_ephemeral": bool(message["flags"] & 64)},
                "resource": {"type": kind, "message": message} if kind in (4, 7) else {"type": kind},
            }
        return message

    def callbacks(self) -> list[dict[str, Any]]:
        return [r for r in self.requests if r["path"].endswith("/callback")]


async def make_bot(bot: DamaBot) -> RecordingAdapter:
    """Give the (already set up) bot a connection state that can build Interactions; swap the adapter."""
    await bot._async_setup_hook()
    bot._connection.application_id = APP_ID
    bot._connection.user = discord.ClientUser(state=bot._connection, data=BOT_USER)  # type: ignore[arg-type]
    adapter = RecordingAdapter()
    async_context.set(adapter)
    return adapter


async def dispatch(bot: DamaBot, adapter: RecordingAdapter, payload: dict[str, Any], *, answers: int = 1,
                   timeout: float = 10.0) -> list[dict[str, Any]]:
    """Feed one INTERACTION_CREATE and wait until it produced `answers` more requests."""
    before = len(adapter.requests)
    bot._connection.parse_interaction_create(payload)
    async with asyncio.timeout(timeout):
        while len(adapter.requests) < before + answers:
            await asyncio.sleep(0.01)
    await asyncio.sleep(0.05)  # let the task finish anything after its last request
    return adapter.requests[before:]


def slash(user_id: int, name: str, options: dict[str, Any], **kwargs: Any) -> dict[str, Any]:
    types = {str: 3, int: 4, bool: 5}
    opts = [{"name": k, "type": types[type(v)], "value": v} for k, v in options.items()]
    return interaction_payload(2, user_id, {"id": "9", "name": name, "type": 1, "options": opts}, **kwargs)


def autocomplete(user_id: int, name: str, focused: str, options: dict[str, Any]) -> dict[str, Any]:
    opts = [
        {"name": k, "type": 3 if isinstance(v, str) else 4, "value": v, **({"focused": True} if k == focused else {})}
        for k, v in options.items()
    ]
    return interaction_payload(4, user_id, {"id": "9", "name": name, "type": 1, "options": opts})


def click(user_id: int, custom_id: str, message_id: int = 4242, label: str = "Move") -> dict[str, Any]:
    row = {"type": 1, "components": [{"type": 2, "style": 1, "label": label, "custom_id": custom_id}]}
    message = message_payload(message_id, components=[row])
    return interaction_payload(3, user_id, {"custom_id": custom_id, "component_type": 2}, message=message)
