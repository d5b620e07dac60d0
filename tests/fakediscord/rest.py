"""REST half of the fake Discord (mixed into FakeDiscord): routing, request recording, handlers."""

from __future__ import annotations

import asyncio
import json
import re
import time
import traceback
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from aiohttp import web

from .conformance import Violation, check_body, route_of
from .model import (
    DM,
    EPHEMERAL,
    GROUP_DM,
    LOADING,
    NEWS,
    PRIVATE_THREAD,
    PUBLIC_THREAD,
    TEXT,
    FakeChannel,
    Message,
    Refusal,
    Reply,
    SentInteraction,
)
from .validation import FormError, check_choices, check_command_schema, check_message, check_modal

if TYPE_CHECKING:
    from .fake import FakeDiscord

JSON_HEADERS = {"Content-Type": "application/json"}  # discord.py compares this header with ==


@dataclass
class RecordedRequest:
    method: str
    path: str
    query: dict[str, str]
    json: Any
    files: list[tuple[str, bytes, str | None]]
    status: int = 0
    error_code: int | None = None
    at: float = field(default_factory=time.monotonic)

    def __repr__(self) -> str:
        return f"<{self.method} {self.path} -> {self.status}{f' ({self.error_code})' if self.error_code else ''}>"


class DiscordError(Exception):
    def __init__(self, status: int, code: int, message: str) -> None:
        super().__init__(message)
        self.status, self.code, self.message = status, code, message


def unknown(what: str, code: int) -> DiscordError:
    return DiscordError(404, code, f"Unknown {what}")


Handler = Callable[..., Awaitable[Any]]
SNOW = r"(\d+)"
TOKEN = r"([^/]+)"
ROUTES: list[tuple[str, str, str, bool]] = [
    # method, path regex (after /api/vN), handler name, needs bot Authorization
    ("GET", r"/users/@me", "h_me", True),
    ("GET", r"/oauth2/applications/@me", "h_app", True),
    ("GET", r"/applications/@me", "h_app", True),
    ("GET", r"/gateway", "h_gateway", False),
    ("GET", r"/gateway/bot", "h_gateway_bot", True),
    ("PUT", rf"/applications/{SNOW}/commands", "h_sync_global", True),
    ("GET", rf"/applications/{SNOW}/commands", "h_get_global", True),
    ("PUT", rf"/applications/{SNOW}/guilds/{SNOW}/commands", "h_sync_guild", True),
    ("GET", rf"/applications/{SNOW}/guilds/{SNOW}/commands", "h_get_guild", True),
    ("POST", rf"/interactions/{SNOW}/{TOKEN}/callback", "h_callback", False),
    ("POST", rf"/webhooks/{SNOW}/{TOKEN}", "h_followup", False),
    ("GET", rf"/webhooks/{SNOW}/{TOKEN}/messages/(@original|\d+)", "h_wh_get", False),
    ("PATCH", rf"/webhooks/{SNOW}/{TOKEN}/messages/(@original|\d+)", "h_wh_edit", False),
    ("DELETE", rf"/webhooks/{SNOW}/{TOKEN}/messages/(@original|\d+)", "h_wh_delete", False),
    ("GET", rf"/channels/{SNOW}", "h_get_channel", True),
    ("POST", rf"/channels/{SNOW}/messages", "h_send", True),
    ("GET", rf"/channels/{SNOW}/messages", "h_history", True),
    ("GET", rf"/channels/{SNOW}/messages/{SNOW}", "h_get_message", True),
    ("PATCH", rf"/channels/{SNOW}/messages/{SNOW}", "h_edit_message", True),
    ("DELETE", rf"/channels/{SNOW}/messages/{SNOW}", "h_delete_message", True),
    ("POST", rf"/channels/{SNOW}/typing", "h_typing", True),
    ("POST", r"/users/@me/channels", "h_open_dm", True),
    ("POST", rf"/channels/{SNOW}/threads", "h_thread", True),
    ("POST", rf"/channels/{SNOW}/messages/{SNOW}/threads", "h_thread_from_message", True),
    ("PUT", rf"/channels/{SNOW}/thread-members/{SNOW}", "h_thread_member", True),
    ("GET", rf"/users/{SNOW}", "h_get_user", True),
    ("GET", rf"/guilds/{SNOW}", "h_get_guild", True),
    ("GET", rf"/guilds/{SNOW}/channels", "h_guild_channels", True),
    ("GET", rf"/guilds/{SNOW}/members/{SNOW}", "h_get_member", True),
]
COMPILED = [(m, re.compile(rf"^/api/v(?:9|10){p}$"), h, a) for m, p, h, a in ROUTES]
FILES_RE = re.compile(r"^/files/(\d+)/[^/]+$")
MAX_USER_INSTALL_FOLLOWUPS = 5  # Discord: per interaction, where only a user install authorises the app
NONCE_WINDOW = 300.0  # seconds Discord remembers an enforced nonce ("the past few minutes")


class RestMixin:
    """Request handling for FakeDiscord; ``self`` is the FakeDiscord."""

    async def _handle_http(self: FakeDiscord, request: web.Request) -> web.StreamResponse:
        try:
            return await self._serve(request)
        except Exception:
            self.problems.append(f"fake crashed on {request.method} {request.path}:\n{traceback.format_exc()}")
            self._notify()
            return _error(500, 0, "500: fake Discord crashed (see fake.problems)")

    async def _serve(self: FakeDiscord, request: web.Request) -> web.StreamResponse:
        if request.path == "/gateway" and request.headers.get("Upgrade", "").lower() == "websocket":
            return await self._handle_ws(request)
        oauth = self.oauth_route(request)
        if oauth is not None:  # the sign-in a web page asks for (oauth.py)
            self.requests.append(RecordedRequest(request.method, request.path, dict(request.query), None, []))
            return await self.oauth_serve(request, oauth)
        try:
            payload, files = await _read_body(request)
        except Exception as exc:  # unreadable body: Discord would 400; record it loudly too
            self.problems.append(f"unreadable body for {request.method} {request.path}: {exc!r}")
            return _error(400, 50109, "The request body contains invalid JSON.")
        rec = RecordedRequest(request.method, request.path, dict(request.query), payload, files)
        self.requests.append(rec)
        match = FILES_RE.match(request.path)
        if request.method == "GET" and match:
            att = self.attachments.get(int(match[1]))
            if att is None:
                rec.status = 404
                return web.Response(status=404)
            rec.status = 200
            return web.Response(body=att.data,
                                headers={"Content-Type": att.content_type or "application/octet-stream"})
        route = _match_route(request.method, request.path)
        if route is None:
            rec.status, rec.error_code = 404, 0
            self.unknown_routes.append(f"{request.method} {request.path}")
            self.problems.append(f"unknown route: {request.method} {request.path}")
            self._notify()
            return _error(404, 0, "404: Not Found")
        m, name, needs_auth = route
        if self.conformance:
            self.violations.extend(check_body(request.method, request.path, payload))
            self.checked.append(route_of(request.method, request.path) or f"{request.method} {request.path}")
        if needs_auth and request.headers.get("Authorization") != f"Bot {self.token}":
            rec.status, rec.error_code = 401, 0
            return _error(401, 0, "401: Unauthorized")
        fault = self.message_post_fault
        if fault is not None and name not in fault.routes:
            fault = None
        if self.hold_message_posts and name in ("h_send", "h_followup") and not await self._held(request):
            rec.status = 499  # nginx's "client closed request": nobody hears this answer
            return web.Response(status=499)
        if fault is not None and not fault.after_create:
            rec.status, rec.error_code = fault.status, 0
            fault.failed += 1
            self._notify()
            return _error(fault.status, 0, f"{fault.status}: fake outage")
        try:
            result = await getattr(self, name)(*m.groups(), body=payload or {}, files=files, query=request.query)
        except DiscordError as exc:
            rec.status, rec.error_code = exc.status, exc.code
            self.refusals.append(Refusal(request.method, request.path, exc.status, exc.code, exc.message))
            self._notify()
            return _error(exc.status, exc.code, exc.message)
        except FormError as exc:
            rec.status, rec.error_code = 400, exc.code
            route_name = route_of(request.method, request.path) or f"{request.method} {name}"
            self.violations.append(Violation(route_name, exc.field, exc.value, str(exc)))
            text = "Invalid Form Body" if exc.code == 50035 else str(exc)
            self.refusals.append(Refusal(request.method, request.path, 400, exc.code, str(exc)))
            self._notify()
            return _error(400, exc.code, text, errors={"_errors": [{"code": "BASE_TYPE_INVALID",
                                                                     "message": str(exc)}]})
        except Exception:
            rec.status = 500
            self.problems.append(f"fake crashed on {request.method} {request.path}:\n{traceback.format_exc()}")
            self._notify()
            return _error(500, 0, "500: fake Discord crashed (see fake.problems)")
        self._notify()
        if fault is not None:  # Discord took the message but the answer is lost
            rec.status, rec.error_code = fault.status, 0
            fault.failed += 1
            return _error(fault.status, 0, f"{fault.status}: fake outage after the message was created")
        if result is None:
            rec.status = 204
            return web.Response(status=204)
        rec.status = 200
        return web.Response(body=json.dumps(result).encode(), headers=JSON_HEADERS)

    async def _held(self: FakeDiscord, request: web.Request) -> bool:
        """Wait while posts are held; False if the client hung up meanwhile (the post is then not made)."""
        self.held_posts += 1
        self._notify()
        while self.hold_message_posts:
            if request.transport is None or request.transport.is_closing():
                self.dropped_posts += 1
                self._notify()
                return False
            await asyncio.sleep(0.05)
        return True

    # --- login and commands ---------------------------------------------------------------------

    async def h_me(self: FakeDiscord, **_: Any) -> Any:
        return self.bot_user.payload()

    async def h_app(self: FakeDiscord, **_: Any) -> Any:
        return {"id": str(self.app_id), "name": self.bot_user.name, "icon": None, "description": "",
                "rpc_origins": [], "bot_public": True, "bot_require_code_grant": False,
                "verify_key": "0" * 64, "owner": self.owner.payload(), "team": None, "flags": 0,
                "summary": "", "interactions_endpoint_url": None, "bot": self.bot_user.payload(),
                "tags": [], "install_params": None, "custom_install_url": None,
                "integration_types_config": {}, "approximate_guild_count": 1}

    async def h_gateway(self: FakeDiscord, **_: Any) -> Any:
        return {"url": self.gateway_url}

    async def h_gateway_bot(self: FakeDiscord, **_: Any) -> Any:
        return {"url": self.gateway_url, "shards": self.recommended_shards, "session_start_limit": {
            "total": 1000, "remaining": 999, "reset_after": 0, "max_concurrency": 1}}

    def _check_app(self: FakeDiscord, app_id: str) -> None:
        if int(app_id) != self.app_id:
            raise unknown("Application", 10002)

    async def h_sync_global(self: FakeDiscord, app_id: str, *, body: Any, **_: Any) -> Any:
        self._check_app(app_id)
        return self._store_commands(None, body)

    async def h_get_global(self: FakeDiscord, app_id: str, **_: Any) -> Any:
        self._check_app(app_id)
        return self.command_schema.get(None, [])

    async def h_sync_guild(self: FakeDiscord, app_id: str, guild_id: str, *, body: Any, **_: Any) -> Any:
        self._check_app(app_id)
        if int(guild_id) != self.guild_id:
            raise DiscordError(403, 50001, "Missing Access")
        return self._store_commands(int(guild_id), body)

    async def h_get_guild(self: FakeDiscord, *ids: str, **_: Any) -> Any:
        if len(ids) == 2:  # /applications/{app}/guilds/{gid}/commands
            self._check_app(ids[0])
            return self.command_schema.get(int(ids[1]), [])
        if int(ids[0]) != self.guild_id:
            raise unknown("Guild", 10004)
        return {k: v for k, v in self.guild_payload().items()
                if k not in ("members", "channels", "threads", "presences", "voice_states")}

    def _store_commands(self: FakeDiscord, guild_id: int | None, body: Any) -> Any:
        if not isinstance(body, list):
            raise FormError("expected a JSON list of commands")
        check_command_schema(body)
        stored = []
        entry = [cmd for cmd in self.command_schema.get(guild_id, []) if cmd.get("type") == 4]
        if entry and not any(cmd.get("type") == 4 for cmd in body):  # an Activity's Entry Point command
            raise DiscordError(400, 50240, "You cannot remove this app's Entry Point command in a bulk update "
                               "operation. Please include the Entry Point command in your update request or "
                               "delete it separately.")
        if guild_id is not None:  # Discord: these two apply to global commands only; a guild command ignores them
            body = [{k: v for k, v in cmd.items() if k not in ("integration_types", "contexts")} for cmd in body]
        for cmd in body:
            stored.append({"type": 1, "options": [], "default_member_permissions": None, "nsfw": False,
                           **cmd, "id": str(self.snow.next()), "application_id": str(self.app_id),
                           "version": str(self.snow.next()),
                           **({"guild_id": str(guild_id)} if guild_id else {})})
        self.command_schema[guild_id] = stored
        self.sync_log.append((guild_id, body))
        return stored

    # --- interaction callback ---------------------------------------------------------------------

    async def h_callback(self: FakeDiscord, iid: str, token: str, *, body: Any, files: list[Any],
                         **_: Any) -> Any:
        inter = self.interactions.get(int(iid))
        if inter is None or inter.token != token:
            raise unknown("interaction", 10062)
        try:
            return self._callback(inter, body, files)
        except (DiscordError, FormError) as exc:
            status = exc.status if isinstance(exc, DiscordError) else 400
            inter.refusals.append(Refusal("POST", "callback", status, exc.code, str(exc)))
            raise

    def _callback(self: FakeDiscord, inter: SentInteraction, body: dict[str, Any], files: list[Any]) -> Any:
        now = time.monotonic()
        if now - inter.dispatched_at > inter.ack_deadline:
            raise unknown("interaction", 10062)
        if inter.callback_type is not None:
            raise DiscordError(400, 40060, "Interaction has already been acknowledged.")
        ctype, data = body.get("type"), body.get("data") or {}
        allowed = {2: {4, 5, 9, 12}, 3: {4, 5, 6, 7, 9, 12}, 4: {8}, 5: {4, 5}}[inter.type]
        if inter.type == 5 and inter.source_message_id is not None:
            allowed = {4, 5, 6, 7}
        if ctype not in allowed:
            raise FormError(f"callback type {ctype} is not valid for interaction type {inter.type}")
        if ctype == 12 and not self.activities_enabled:  # LAUNCH_ACTIVITY: "only for apps with Activities enabled"
            raise FormError("callback type 12 (LAUNCH_ACTIVITY) needs the application's Activities enabled")
        message: Message | None = None
        if ctype == 4:
            check_message(data, len(files), creating=True, path="$.data")
            message = self._new_message(inter.channel, data, files, interaction=inter, type_=20)
            inter.response_message_id = message.id
        elif ctype == 5:
            flags = LOADING | ((data.get("flags") or 0) & EPHEMERAL)
            message = self._new_message(inter.channel, {"flags": flags}, [], interaction=inter, type_=20)
            inter.response_message_id = message.id
        elif ctype in (6, 7):
            message = self.message_by_id(inter.source_message_id)
            inter.response_message_id = message.id
            if ctype == 7:
                check_message(data, len(files), creating=False, path="$.data")
                self._edit(message, data, files)
        elif ctype == 8:
            check_choices(data)
        elif ctype == 9:
            check_modal(data)
        inter.callback_type, inter.callback_data, inter.acked_at = ctype, data, now
        if ctype in (4, 7, 8, 9):
            inter.reply = Reply(inter, ctype, "callback", message=message.snapshot() if message else None,
                                choices=data.get("choices") if ctype == 8 else None,
                                modal=data if ctype == 9 else None, at=now)
        result: dict[str, Any] = {"interaction": {
            "id": str(inter.id), "type": inter.type,
            "response_message_id": str(message.id) if message else None,
            "response_message_loading": ctype == 5,
            "response_message_ephemeral": bool(message and message.ephemeral)}}
        if message is not None and ctype in (4, 5, 7):
            result["resource"] = {"type": ctype, "message": message.payload()}
        if ctype == 12:  # the spec's LaunchActivityInteractionCallbackResponse
            instance = f"i-{inter.id}-gc-{inter.channel.id}"
            inter.reply = Reply(inter, ctype, "callback", message=None, choices=None, modal=None, at=now)
            result["interaction"]["activity_instance_id"] = instance
            result["resource"] = {"type": 12, "activity_instance": {"id": instance}}
        return result

    # --- webhooks: followups and @original ---------------------------------------------------------

    def _webhook_interaction(self: FakeDiscord, app_id: str, token: str) -> SentInteraction:
        inter = self.by_token.get(token)
        if int(app_id) != self.app_id or inter is None:
            raise unknown("Webhook", 10015)
        if time.monotonic() - inter.dispatched_at > self.token_lifetime:
            raise DiscordError(401, 50027, "Invalid Webhook Token")
        if inter.callback_type is None:
            raise unknown("Webhook", 10015)  # followups need an initial response first
        return inter

    def _webhook_message(self: FakeDiscord, inter: SentInteraction, which: str) -> Message:
        mid = inter.response_message_id if which == "@original" else int(which)
        if mid is None or (mid != inter.response_message_id and mid not in inter.followup_ids):
            raise unknown("Message", 10008)
        message = self.message_by_id(mid)
        if message.deleted:
            raise unknown("Message", 10008)
        return message

    async def h_followup(self: FakeDiscord, app_id: str, token: str, *, body: Any, files: list[Any],
                         query: Any) -> Any:
        inter = self._webhook_interaction(app_id, token)
        check_message(body, len(files), creating=True)
        if inter.user_install_only and len(inter.followup_ids) >= MAX_USER_INSTALL_FOLLOWUPS:
            raise DiscordError(400, 40094, "This interaction has hit the maximum number of follow up messages")
        original = self.messages_by_id.get(inter.response_message_id or 0)
        if inter.callback_type == 5 and original is not None and original.loading:
            # Discord: the first followup after a "thinking" defer replaces the loading message,
            # keeping the defer's ephemerality.
            self._edit(original, {**body, "flags": original.flags & EPHEMERAL}, files)
            message = original
        else:
            channel = inter.channel
            if "thread_id" in query:
                channel = self.channel_by_id(int(query["thread_id"]))
            message = self._new_message(channel, body, files, interaction=inter, type_=0)
            inter.followup_ids.append(message.id)
        self._settle_deferred(inter, message, "followup")
        return message.payload() if query.get("wait") in ("1", "true", "True") else None

    async def h_wh_get(self: FakeDiscord, app_id: str, token: str, which: str, **_: Any) -> Any:
        return self._webhook_message(self._webhook_interaction(app_id, token), which).payload()

    async def h_wh_edit(self: FakeDiscord, app_id: str, token: str, which: str, *, body: Any,
                        files: list[Any], **_: Any) -> Any:
        inter = self._webhook_interaction(app_id, token)
        message = self._webhook_message(inter, which)
        check_message(body, len(files), creating=False)
        self._edit(message, body, files)
        if message.id == inter.response_message_id:
            self._settle_deferred(inter, message, "original")
        return message.payload()

    async def h_wh_delete(self: FakeDiscord, app_id: str, token: str, which: str, **_: Any) -> Any:
        message = self._webhook_message(self._webhook_interaction(app_id, token), which)
        self._delete(message)
        return None

    def _settle_deferred(self: FakeDiscord, inter: SentInteraction, message: Message, via: str) -> None:
        if inter.reply is None and inter.callback_type in (5, 6):
            inter.reply = Reply(inter, inter.callback_type, via, message=message.snapshot(), at=time.monotonic())

    # --- channels and messages ---------------------------------------------------------------------

    def _visible_channel(self: FakeDiscord, cid: str) -> FakeChannel:
        """A channel the bot may read: a group DM is never one (the bot is no member; a user install only
        answers interactions there)."""
        channel = self.channel_by_id(int(cid))
        if channel.type == GROUP_DM:
            raise DiscordError(403, 50001, "Missing Access")
        return channel

    async def h_get_channel(self: FakeDiscord, cid: str, **_: Any) -> Any:
        return self._visible_channel(cid).payload()

    async def h_send(self: FakeDiscord, cid: str, *, body: Any, files: list[Any], **_: Any) -> Any:
        channel = self._visible_channel(cid)
        if channel.deny_bot_send or channel.type not in (TEXT, NEWS, DM, PUBLIC_THREAD, PRIVATE_THREAD):
            raise DiscordError(403, 50013, "Missing Permissions")
        if channel.type == DM and channel.recipient is not None and channel.recipient.dms_closed:
            raise DiscordError(403, 50007, "Cannot send messages to this user")
        check_message(body, len(files), creating=True)
        if (body.get("flags") or 0) & EPHEMERAL:
            raise FormError("ephemeral messages exist only as interaction responses")
        nonce = body.get("nonce")
        if nonce is not None and body.get("enforce_nonce"):
            for earlier in self.messages(channel):
                if earlier.nonce == str(nonce) and time.time() - earlier.created_at < NONCE_WINDOW:
                    return earlier.payload()  # Discord: the message already created with this nonce
        message = self._new_message(channel, body, files)
        message.nonce = None if nonce is None else str(nonce)
        return message.payload()

    async def h_history(self: FakeDiscord, cid: str, *, query: Any, **_: Any) -> Any:
        self._visible_channel(cid)
        found = [m for m in self.messages(int(cid)) if not m.ephemeral]
        if "before" in query:
            found = [m for m in found if m.id < int(query["before"])]
        if "after" in query:
            found = [m for m in found if m.id > int(query["after"])]
        limit = int(query.get("limit", 50))
        return [m.payload() for m in reversed(found)][:limit]

    def _channel_message(self: FakeDiscord, cid: str, mid: str) -> Message:
        self._visible_channel(cid)
        message = self.messages_by_id.get(int(mid))
        if message is None or message.channel_id != int(cid) or message.deleted or message.ephemeral:
            raise unknown("Message", 10008)
        return message

    async def h_get_message(self: FakeDiscord, cid: str, mid: str, **_: Any) -> Any:
        return self._channel_message(cid, mid).payload()

    async def h_edit_message(self: FakeDiscord, cid: str, mid: str, *, body: Any, files: list[Any],
                             **_: Any) -> Any:
        message = self._channel_message(cid, mid)
        if message.author is not self.bot_user:
            raise DiscordError(403, 50005, "Cannot edit a message authored by another user")
        check_message(body, len(files), creating=False)
        self._edit(message, body, files)
        return message.payload()

    async def h_delete_message(self: FakeDiscord, cid: str, mid: str, **_: Any) -> Any:
        self._delete(self._channel_message(cid, mid))
        return None

    async def h_typing(self: FakeDiscord, cid: str, **_: Any) -> Any:
        self.channel_by_id(int(cid))
        return None

    async def h_open_dm(self: FakeDiscord, *, body: Any, **_: Any) -> Any:
        user = self.users_by_id.get(int(body.get("recipient_id", 0)))
        if user is None or user.deleted:
            raise unknown("User", 10013)
        return self.open_dm(user).payload()

    async def h_thread(self: FakeDiscord, cid: str, *, body: Any, **_: Any) -> Any:
        parent = self.channel_by_id(int(cid))
        if parent.type not in (TEXT, NEWS):
            raise FormError("threads can only be created in text or announcement channels")
        ttype = body.get("type") or PRIVATE_THREAD
        return self._new_thread(parent, body.get("name", ""), ttype, None).payload()

    async def h_thread_from_message(self: FakeDiscord, cid: str, mid: str, *, body: Any, **_: Any) -> Any:
        parent = self.channel_by_id(int(cid))
        message = self._channel_message(cid, mid)
        if message.thread_id is not None:
            raise DiscordError(400, 160004, "A thread has already been created for this message")
        return self._new_thread(parent, body.get("name", ""), PUBLIC_THREAD, message).payload()

    async def h_thread_member(self: FakeDiscord, cid: str, uid: str, **_: Any) -> Any:
        thread = self.channel_by_id(int(cid))
        if not thread.is_thread or int(uid) not in self.users_by_id:
            raise unknown("Channel" if not thread.is_thread else "User", 10003 if not thread.is_thread else 10013)
        thread.thread_members.add(int(uid))
        return None

    async def h_get_user(self: FakeDiscord, uid: str, **_: Any) -> Any:
        user = self.users_by_id.get(int(uid))
        if user is None:
            raise unknown("User", 10013)
        return user.payload()

    async def h_guild_channels(self: FakeDiscord, gid: str, **_: Any) -> Any:
        if int(gid) != self.guild_id:
            raise unknown("Guild", 10004)
        return [c.payload() for c in self.channels.values() if c.guild_id and not c.is_thread]

    async def h_get_member(self: FakeDiscord, gid: str, uid: str, **_: Any) -> Any:
        user = self.users_by_id.get(int(uid))
        if int(gid) != self.guild_id or user is None:
            raise unknown("Member", 10007)
        return self.member_payload(user)


def _match_route(method: str, path: str) -> tuple[re.Match[str], str, bool] | None:
    for route_method, regex, name, needs_auth in COMPILED:
        m = regex.match(path)
        if m and route_method == method:
            return m, name, needs_auth
    return None


async def _read_body(request: web.Request) -> tuple[Any, list[Any]]:
    """JSON body, or multipart with ``payload_json`` and ``files[n]`` parts (discord.py's file uploads)."""
    if request.content_type.startswith("multipart/"):
        payload: Any = None
        files: dict[int, tuple[str, bytes, str | None]] = {}
        reader = await request.multipart()
        while True:
            part = await reader.next()
            if part is None:
                break
            data = await part.read(decode=False)  # type: ignore[union-attr]
            name = part.name or ""
            if name == "payload_json":
                payload = json.loads(data)
            elif name.startswith("files[") and name.endswith("]"):
                files[int(name[6:-1])] = (part.filename or "", bytes(data),  # type: ignore[union-attr]
                                          part.headers.get("Content-Type"))
            else:
                raise ValueError(f"unexpected multipart part {name!r}")
        size = max(files) + 1 if files else 0
        return payload, [files.get(i) for i in range(size)]
    raw = await request.read()
    return (json.loads(raw) if raw else None), []


def _error(status: int, code: int, message: str, errors: Any = None) -> web.Response:
    body: dict[str, Any] = {"message": message, "code": code}
    if errors is not None:
        body["errors"] = errors
    return web.Response(status=status, body=json.dumps(body).encode(), headers=JSON_HEADERS)
