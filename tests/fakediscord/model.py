"""The fake Discord's world: users, roles, channels, messages, interactions, and their JSON payloads.

Payload shapes follow the Discord API docs objects (User, Guild Member, Role, Channel, Message,
Attachment, Interaction) with the keys discord.py 2.x reads; see docs/LOOPBACK.md.
"""

from __future__ import annotations

import copy
import datetime as dt
import itertools
import struct
import time
from dataclasses import dataclass, field
from typing import Any

DISCORD_EPOCH_MS = 1420070400000
EPHEMERAL = 1 << 6
LOADING = 1 << 7
COMPONENTS_V2 = 1 << 15

# Permission bits (Discord "Permissions" table).
P = {
    "ADMINISTRATOR": 1 << 3, "ADD_REACTIONS": 1 << 6, "VIEW_CHANNEL": 1 << 10, "SEND_MESSAGES": 1 << 11,
    "MANAGE_MESSAGES": 1 << 13, "EMBED_LINKS": 1 << 14, "ATTACH_FILES": 1 << 15,
    "READ_MESSAGE_HISTORY": 1 << 16, "USE_EXTERNAL_EMOJIS": 1 << 18, "USE_APPLICATION_COMMANDS": 1 << 31,
    "MANAGE_THREADS": 1 << 34, "CREATE_PUBLIC_THREADS": 1 << 35, "CREATE_PRIVATE_THREADS": 1 << 36,
    "SEND_MESSAGES_IN_THREADS": 1 << 38,
}
EVERYONE_PERMISSIONS = sum(P[k] for k in (
    "ADD_REACTIONS", "VIEW_CHANNEL", "SEND_MESSAGES", "EMBED_LINKS", "ATTACH_FILES", "READ_MESSAGE_HISTORY",
    "USE_EXTERNAL_EMOJIS", "USE_APPLICATION_COMMANDS", "CREATE_PUBLIC_THREADS", "SEND_MESSAGES_IN_THREADS"))
BOT_PERMISSIONS = EVERYONE_PERMISSIONS | P["MANAGE_MESSAGES"] | P["MANAGE_THREADS"] | P["CREATE_PRIVATE_THREADS"]
ALL_PERMISSIONS = (1 << 51) - 1


def iso(ts: float | None = None) -> str:
    moment = dt.datetime.fromtimestamp(time.time() if ts is None else ts, tz=dt.UTC)
    return moment.isoformat()


class Snowflakes:
    """Discord-style ids: milliseconds since the Discord epoch << 22, plus a counter."""

    _counter = itertools.count(1)

    def next(self) -> int:
        ms = int(time.time() * 1000) - DISCORD_EPOCH_MS
        return (ms << 22) | (next(self._counter) & 0x3FFFFF)


@dataclass(eq=False)
class FakeUser:
    id: int
    name: str
    bot: bool = False
    role_ids: list[int] = field(default_factory=list)
    dms_closed: bool = False  # "allow direct messages" off: sending a DM gives 50007
    deleted: bool = False  # the account is gone: opening a DM with it gives 404 Unknown User (10013)
    locale: str = "en-US"  # the language of the user's Discord client (interaction.locale)
    installed: bool = False  # installed the app on their account (user install): usable in DMs and group DMs

    @property
    def mention(self) -> str:
        return f"<@{self.id}>"

    def payload(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "id": str(self.id), "username": self.name, "global_name": self.name.title(),
            "discriminator": "0", "avatar": None, "bot": self.bot, "system": False, "public_flags": 0,
            "flags": 0, "banner": None, "accent_color": None, "avatar_decoration_data": None,
        }
        return data


@dataclass(eq=False)
class FakeRole:
    id: int
    name: str
    permissions: int
    position: int = 0
    managed: bool = False
    bot_id: int | None = None

    @property
    def mention(self) -> str:
        return f"<@&{self.id}>"

    def payload(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "id": str(self.id), "name": self.name, "color": 0, "colors": {"primary_color": 0},
            "hoist": False, "icon": None, "unicode_emoji": None, "position": self.position,
            "permissions": str(self.permissions), "managed": self.managed, "mentionable": False, "flags": 0,
        }
        if self.bot_id is not None:
            data["tags"] = {"bot_id": str(self.bot_id)}
        return data


TEXT, DM, GROUP_DM, CATEGORY, NEWS, PUBLIC_THREAD, PRIVATE_THREAD = 0, 1, 3, 4, 5, 11, 12


@dataclass(eq=False)
class FakeChannel:
    id: int
    type: int
    name: str = ""
    guild_id: int | None = None
    parent_id: int | None = None
    position: int = 0
    owner_id: int | None = None
    recipient: FakeUser | None = None  # DM channels
    recipients: list[FakeUser] = field(default_factory=list)  # group DMs (the bot is never one of them)
    thread_members: set[int] = field(default_factory=set)
    deny_bot_send: bool = False  # simulate a channel where the bot lacks Send Messages (→ 403 50013)
    created_at: float = field(default_factory=time.time)

    @property
    def is_thread(self) -> bool:
        return self.type in (PUBLIC_THREAD, PRIVATE_THREAD)

    @property
    def mention(self) -> str:
        return f"<#{self.id}>"

    def payload(self) -> dict[str, Any]:
        if self.type == DM:
            assert self.recipient is not None
            return {"id": str(self.id), "type": DM, "last_message_id": None, "flags": 0,
                    "recipients": [self.recipient.payload()]}
        if self.type == GROUP_DM:
            return {"id": str(self.id), "type": GROUP_DM, "name": self.name or None, "icon": None,
                    "last_message_id": None, "flags": 0, "owner_id": str(self.recipients[0].id),
                    "recipients": [u.payload() for u in self.recipients]}
        data: dict[str, Any] = {
            "id": str(self.id), "type": self.type, "guild_id": str(self.guild_id), "name": self.name,
            "position": self.position, "permission_overwrites": [], "nsfw": False, "flags": 0,
            "parent_id": str(self.parent_id) if self.parent_id else None,
            "last_message_id": None, "rate_limit_per_user": 0,
        }
        if self.type in (TEXT, NEWS):
            data.update(topic=None, default_auto_archive_duration=1440)
        if self.is_thread:
            data.update(
                owner_id=str(self.owner_id), member_count=len(self.thread_members),
                message_count=0, total_message_sent=0,
                thread_metadata={"archived": False, "auto_archive_duration": 1440, "locked": False,
                                 "archive_timestamp": iso(self.created_at),
                                 "create_timestamp": iso(self.created_at), "invitable": True},
            )
        return data


def png_size(data: bytes) -> tuple[int, int] | None:
    if data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR":
        width, height = struct.unpack(">II", data[16:24])
        return int(width), int(height)
    return None


@dataclass(eq=False)
class Attachment:
    id: int
    filename: str
    data: bytes
    url: str
    content_type: str | None = None
    description: str | None = None

    @property
    def size(self) -> int:
        return len(self.data)

    def payload(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "id": str(self.id), "filename": self.filename, "size": self.size, "url": self.url,
            "proxy_url": self.url, "content_type": self.content_type, "description": self.description,
        }
        dims = png_size(self.data)
        if dims:
            out["width"], out["height"] = dims
        return out


def walk_components(components: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Every component, depth first: action rows, sections' accessories, containers, labels."""
    found: list[dict[str, Any]] = []
    for comp in components or []:
        found.append(comp)
        found.extend(walk_components(comp.get("components") or []))
        for key in ("accessory", "component"):
            if isinstance(comp.get(key), dict):
                found.extend(walk_components([comp[key]]))
    return found


@dataclass(eq=False)
class Message:
    """A message the bot sent (or a user's upload host). Live record: edits change it in place;
    ``history`` keeps earlier versions, ``version`` counts edits."""

    id: int
    channel_id: int
    guild_id: int | None
    author: FakeUser
    content: str = ""
    embeds: list[dict[str, Any]] = field(default_factory=list)
    components: list[dict[str, Any]] = field(default_factory=list)
    attachments: list[Attachment] = field(default_factory=list)
    flags: int = 0
    type: int = 0
    interaction_id: int | None = None
    interaction_meta: dict[str, Any] | None = None
    webhook_id: int | None = None
    created_at: float = field(default_factory=time.time)
    edited_at: float | None = None
    deleted: bool = False
    version: int = 0
    history: list[Message] = field(default_factory=list)
    thread_id: int | None = None
    nonce: str | None = None  # as sent with enforce_nonce (Discord answers a repeat with this message)
    pinged: list[int] = field(default_factory=list)  # users its content notifies, as allowed_mentions allows

    @property
    def ephemeral(self) -> bool:
        return bool(self.flags & EPHEMERAL)

    @property
    def loading(self) -> bool:
        return bool(self.flags & LOADING)

    @property
    def files(self) -> list[Attachment]:
        return self.attachments

    def all_components(self) -> list[dict[str, Any]]:
        return walk_components(self.components)

    def custom_ids(self) -> list[str]:
        return [c["custom_id"] for c in self.all_components() if "custom_id" in c]

    def component(self, custom_id: str) -> dict[str, Any] | None:
        return next((c for c in self.all_components() if c.get("custom_id") == custom_id), None)

    def snapshot(self) -> Message:
        clone = copy.copy(self)
        clone.embeds = copy.deepcopy(self.embeds)
        clone.components = copy.deepcopy(self.components)
        clone.attachments = list(self.attachments)
        clone.history = []
        return clone

    def payload(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "id": str(self.id), "channel_id": str(self.channel_id), "author": self.author.payload(),
            "content": self.content, "timestamp": iso(self.created_at),
            "edited_timestamp": iso(self.edited_at) if self.edited_at else None, "tts": False,
            "mention_everyone": False, "mentions": [], "mention_roles": [], "mention_channels": [],
            "attachments": [a.payload() for a in self.attachments], "embeds": self.embeds,
            "reactions": [], "pinned": False, "type": self.type, "flags": self.flags,
            "components": self.components,
        }
        if self.guild_id is not None:
            data["guild_id"] = str(self.guild_id)
        if self.webhook_id is not None:
            data["webhook_id"] = str(self.webhook_id)
            data["application_id"] = str(self.webhook_id)
        if self.interaction_meta is not None:
            data["interaction_metadata"] = self.interaction_meta
        if self.nonce is not None:
            data["nonce"] = self.nonce
        return data

    def __repr__(self) -> str:
        return (f"<Message id={self.id} channel={self.channel_id} v{self.version} flags={self.flags} "
                f"content={self.content!r} files={[a.filename for a in self.attachments]} "
                f"custom_ids={self.custom_ids()}>")


@dataclass
class Refusal:
    """A request the fake refused the way Discord would (status + JSON error code)."""

    method: str
    path: str
    status: int
    code: int
    message: str


@dataclass(eq=False)
class SentInteraction:
    """An INTERACTION_CREATE the fake sent to the bot, and what became of it."""

    id: int
    token: str
    type: int  # 2 command, 3 component, 4 autocomplete, 5 modal submit
    user: FakeUser
    channel: FakeChannel
    guild_id: int | None
    data: dict[str, Any]
    payload: dict[str, Any]
    ack_deadline: float
    source_message_id: int | None = None  # the message a component/modal-from-component sits on
    shard: tuple[int, int] = (0, 1)  # the gateway session (shard) it was dispatched on
    dispatched_at: float = 0.0
    callback_type: int | None = None
    callback_data: dict[str, Any] | None = None
    acked_at: float | None = None
    response_message_id: int | None = None  # what @original means
    followup_ids: list[int] = field(default_factory=list)
    refusals: list[Refusal] = field(default_factory=list)
    reply: Reply | None = None  # first visible answer (see FakeDiscord.wait_for_reply)

    @property
    def user_install_only(self) -> bool:
        """Only the user's install authorises the app here (no server install): follow-ups are capped."""
        return "0" not in (self.payload.get("authorizing_integration_owners") or {})

    @property
    def ack_latency(self) -> float | None:
        """Seconds from dispatch to the accepted initial callback."""
        return None if self.acked_at is None else self.acked_at - self.dispatched_at

    @property
    def acknowledged(self) -> bool:
        return self.callback_type is not None

    def __repr__(self) -> str:
        name = self.data.get("name") or self.data.get("custom_id")
        return (f"<SentInteraction id={self.id} type={self.type} {name!r} callback={self.callback_type} "
                f"refusals={[(r.status, r.code) for r in self.refusals]}>")


@dataclass
class Reply:
    """What the bot answered to one interaction.

    ``via`` is "callback" (types 4/7/8/9), "original" (the deferred response was edited) or
    "followup" (first followup after a defer). ``message`` is a snapshot taken at that moment."""

    interaction: SentInteraction
    callback_type: int
    via: str
    message: Message | None = None
    choices: list[dict[str, Any]] | None = None
    modal: dict[str, Any] | None = None
    at: float = 0.0

    @property
    def content(self) -> str:
        return self.message.content if self.message else ""

    @property
    def embeds(self) -> list[dict[str, Any]]:
        return self.message.embeds if self.message else []

    @property
    def components(self) -> list[dict[str, Any]]:
        return self.message.components if self.message else []

    @property
    def files(self) -> list[Attachment]:
        return self.message.attachments if self.message else []

    @property
    def pinged(self) -> list[int]:
        return self.message.pinged if self.message else []

    @property
    def ephemeral(self) -> bool:
        return bool(self.message and self.message.ephemeral)

    @property
    def message_id(self) -> int | None:
        return self.message.id if self.message else None

    def custom_ids(self) -> list[str]:
        return self.message.custom_ids() if self.message else []

    @property
    def latency(self) -> float:
        """Seconds from dispatch to this reply."""
        return self.at - self.interaction.dispatched_at


@dataclass
class Upload:
    """A file a user attaches to a slash-command option of type ATTACHMENT."""

    filename: str
    data: bytes
    content_type: str = "application/octet-stream"
