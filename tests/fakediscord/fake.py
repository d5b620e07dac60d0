"""FakeDiscord: a loopback Discord (REST + gateway) for an unmodified discord.py bot, plus the driver
API tests use to act as users (slash, click, select, submit_modal, autocomplete) and to read what the
bot did (wait_for_reply, messages). See docs/LOOPBACK.md."""

from __future__ import annotations

import asyncio
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar

from aiohttp import web

from .conformance import Violation
from .driver import DriverMixin
from .gateway import GatewaySession
from .messages import MessageMixin
from .model import (
    ALL_PERMISSIONS,
    BOT_PERMISSIONS,
    CATEGORY,
    DM,
    EVERYONE_PERMISSIONS,
    GROUP_DM,
    TEXT,
    Attachment,
    FakeChannel,
    FakeRole,
    FakeUser,
    Message,
    P,
    Refusal,
    SentInteraction,
    Snowflakes,
    iso,
)
from .oauth import OAuthMixin
from .rest import RecordedRequest, RestMixin, unknown

T = TypeVar("T")


@dataclass
class MessagePostFault:
    """While set (fake.message_post_fault), every message post (a channel message or an interaction
    follow-up) is answered with `status`; after_create: the message is created first and only the
    answer fails (what a lost response looks like). Interaction callbacks and edits still work."""

    status: int = 500
    after_create: bool = False
    routes: frozenset[str] = frozenset({"h_send", "h_followup"})  # channel messages, interaction follow-ups
    failed: int = 0  # posts answered with the fault so far


class FakeDiscordError(AssertionError):
    """The fake saw something a test must not ignore (unknown route, crash, timeout, dead bot)."""


class FakeDiscord(RestMixin, MessageMixin, DriverMixin, OAuthMixin):
    def __init__(self, *, token: str | None = None, ack_deadline: float = 3.0, token_lifetime: float = 900.0,
                 heartbeat_interval_ms: int = 41250,
                 privileged_intents: frozenset[str] = frozenset({"GUILD_MEMBERS", "MESSAGE_CONTENT"}),
                 conformance: bool = True) -> None:
        self.token = token or f"fake.{secrets.token_urlsafe(18)}"
        self.ack_deadline, self.token_lifetime = ack_deadline, token_lifetime
        self.heartbeat_interval_ms = heartbeat_interval_ms
        self.privileged_intents = privileged_intents
        self.snow = Snowflakes()
        self.app_id = self.snow.next()
        self.bot_user = FakeUser(self.app_id, "dama", bot=True)  # a bot's user id is its application id
        self.guild_id = self.snow.next()
        self.guild_name = "Dama Test Guild"
        self.guild_locale = "en-US"  # the server's Discord language (guild.preferred_locale)
        self.roles: dict[int, FakeRole] = {}
        self.everyone = self._add_role(FakeRole(self.guild_id, "@everyone", EVERYONE_PERMISSIONS))
        self.bot_role = self._add_role(FakeRole(self.snow.next(), "Dama", BOT_PERMISSIONS, 1, True, self.app_id))
        self.admin_role = self._add_role(FakeRole(self.snow.next(), "Admins", P["ADMINISTRATOR"], 2))
        self.users_by_id: dict[int, FakeUser] = {self.bot_user.id: self.bot_user}
        self.bot_user.role_ids.append(self.bot_role.id)
        self.owner = self.add_user("owner", roles=[self.admin_role])
        self.alice = self.add_user("alice")
        self.bob = self.add_user("bob")
        self.channels: dict[int, FakeChannel] = {}
        category = self.add_channel("Text Channels", CATEGORY)
        self.channel = self.add_channel("general", parent=category)
        self.games_channel = self.add_channel("games", parent=category)
        self.other_guilds: dict[int, str] = {}  # more servers the bot is in (add_guild), with GUILD_CREATE
        self.recommended_shards = 1  # what GET /gateway/bot answers
        # what happened
        self.messages_by_id: dict[int, Message] = {}
        self.attachments: dict[int, Attachment] = {}
        self.interactions: dict[int, SentInteraction] = {}
        self.by_token: dict[str, SentInteraction] = {}
        self.command_schema: dict[int | None, list[dict[str, Any]]] = {}
        self.sync_log: list[tuple[int | None, Any]] = []
        self.requests: list[RecordedRequest] = []
        self.refusals: list[Refusal] = []
        self.unknown_routes: list[str] = []
        self.problems: list[str] = []
        self.violations: list[Violation] = []  # requests Discord would refuse (conformance.py)
        self.conformance = conformance  # check bodies against Discord's schemas (benchmarks turn it off)
        self.checked: list[str] = []  # the routes of the requests checked, in order
        self.message_post_fault: MessagePostFault | None = None
        # While true, message posts (channel messages, interaction follow-ups) wait before being created; a
        # post whose client hangs up meanwhile is never created (a post in flight when a bot stops).
        self.hold_message_posts = False
        self.held_posts = 0  # posts that waited
        self.dropped_posts = 0  # posts abandoned by their client while held
        self.sessions: list[GatewaySession] = []
        self.identifies = 0
        self.resumes = 0
        self.liveness_checks: list[Callable[[], str | None]] = []  # bot runners: "why the bot is gone"
        self.log_tails: list[Callable[[], str]] = []
        self._changed = asyncio.Event()
        self._runner: web.AppRunner | None = None
        self._tasks: set[asyncio.Task[None]] = set()
        self.port = 0
        self._oauth_init()
        self.activities_enabled = False  # the developer portal's Activities switch: LAUNCH_ACTIVITY (12) needs it

    def enable_activities(self) -> None:
        """The developer portal's Activities switch: LAUNCH_ACTIVITY is accepted, and Discord makes the
        application's global Entry Point command (type 4, PRIMARY_ENTRY_POINT, handled by Discord), which a
        bulk overwrite of the global commands must then include (rest.py)."""
        self.activities_enabled = True
        entry = {"id": str(self.snow.next()), "application_id": str(self.app_id), "version": str(self.snow.next()),
                 "type": 4, "name": "launch", "description": "", "handler": 2, "options": [],
                 "default_member_permissions": None, "nsfw": False, "integration_types": [0, 1],
                 "contexts": [0, 1, 2]}
        self.command_schema.setdefault(None, []).append(entry)

    # --- lifecycle ------------------------------------------------------------------------------------

    async def start(self, host: str = "127.0.0.1", port: int = 0) -> FakeDiscord:
        app = web.Application(client_max_size=64 * 1024 * 1024)
        app.router.add_route("*", "/{tail:.*}", self._handle_http)
        self._runner = web.AppRunner(app, handle_signals=False, access_log=None)
        await self._runner.setup()
        site = web.TCPSite(self._runner, host, port)
        await site.start()
        server = site._server
        assert server is not None and server.sockets  # type: ignore[union-attr]
        self.port = server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
        return self

    async def close(self) -> None:
        for session in self.sessions:
            if not session.ws.closed:
                await session.ws.close()
        for task in list(self._tasks):
            task.cancel()
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    async def __aenter__(self) -> FakeDiscord:
        return await self.start()

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def api_base(self) -> str:
        return f"{self.base_url}/api/v10"

    @property
    def gateway_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}/gateway"

    def bot_env(self, database_path: str | None = None) -> dict[str, str]:
        """Environment variables for a bot process pointed at this fake."""
        env = {"DISCORD_TOKEN": self.token, "DISCORD_API_BASE": self.api_base,
               "DISCORD_GATEWAY_URL": self.gateway_url, "DAMA_LOOPBACK_ONLY": "1",
               "DISCORD_GUILD_READY_TIMEOUT": "0.05", "PYTHONUNBUFFERED": "1",
               "DEV_GUILD_ID": ""}  # explicit empty values win over a developer's .env (global sync)
        if database_path is not None:
            env["DATABASE_PATH"] = str(database_path)
        return env

    def raise_problems(self) -> None:
        """Raise FakeDiscordError if anything went wrong that a test did not clear."""
        if self.problems:
            raise FakeDiscordError("fake Discord problems:\n" + "\n".join(self.problems) + self._log_tail())

    def violations_report(self) -> str:
        return "requests Discord would refuse (route: field = value: rule):\n" + "\n".join(
            str(v) for v in self.violations)

    def raise_violations(self) -> None:
        """Raise FakeDiscordError if the bot sent anything Discord would refuse (fixtures.fake_discord's teardown)."""
        if self.violations:
            raise FakeDiscordError(self.violations_report())

    def take_violations(self) -> list[Violation]:
        """The violations so far, cleared: for a test that makes the bot break a rule on purpose."""
        seen, self.violations = self.violations, []
        return seen

    def clear_problems(self) -> list[str]:
        seen, self.problems, self.unknown_routes = self.problems, [], []
        return seen

    # --- world ----------------------------------------------------------------------------------------

    def add_guild(self, name: str, *, shard: tuple[int, int] | None = None) -> tuple[int, FakeChannel]:
        """Another server the bot is in, with one text channel; shard=(id, count) picks an id that Discord's
        routing, (guild_id >> 22) % count, sends to that shard. Add it before the bot connects."""
        gid = self.snow.next()
        if shard is not None:
            shard_id, count = shard
            ms = gid >> 22
            ms += (shard_id - ms) % count
            gid = (ms << 22) | (gid & 0x3FFFFF)
        self.other_guilds[gid] = name
        return gid, self.add_channel("general", guild_id=gid)

    def guild_ids(self) -> list[int]:
        return [self.guild_id, *self.other_guilds]

    def _add_role(self, role: FakeRole) -> FakeRole:
        self.roles[role.id] = role
        return role

    def add_user(self, name: str, *, roles: list[FakeRole] | tuple[FakeRole, ...] = (),
                 bot: bool = False) -> FakeUser:
        """A guild member. Add users before the bot connects to have them in GUILD_CREATE."""
        user = FakeUser(self.snow.next(), name, bot=bot, role_ids=[r.id for r in roles])
        self.users_by_id[user.id] = user
        return user

    def user(self, name: str) -> FakeUser:
        return next(u for u in self.users_by_id.values() if u.name == name)

    def members(self) -> list[FakeUser]:
        return list(self.users_by_id.values())

    def add_channel(self, name: str, type_: int = TEXT, *, parent: FakeChannel | None = None,
                    guild_id: int | None = None) -> FakeChannel:
        """A channel of the test guild, or of another server (guild_id) the bot is in but has no cache of:
        enough for interactions coming from a second server."""
        channel = FakeChannel(self.snow.next(), type_, name, guild_id or self.guild_id,
                              parent_id=parent.id if parent else None, position=len(self.channels))
        self.channels[channel.id] = channel
        return channel

    def channel_by_id(self, cid: int) -> FakeChannel:
        channel = self.channels.get(cid)
        if channel is None:
            raise unknown("Channel", 10003)
        return channel

    def open_dm(self, user: FakeUser) -> FakeChannel:
        existing = self.dm_channel(user)
        if existing is not None:
            return existing
        channel = FakeChannel(self.snow.next(), DM, recipient=user)
        self.channels[channel.id] = channel
        return channel

    def add_group_dm(self, *users: FakeUser, name: str = "") -> FakeChannel:
        """A group DM of these users; the bot is no member of it, so only a user install reaches it."""
        channel = FakeChannel(self.snow.next(), GROUP_DM, name, recipients=list(users))
        self.channels[channel.id] = channel
        return channel

    def dm_channel(self, user: FakeUser) -> FakeChannel | None:
        return next((c for c in self.channels.values() if c.type == DM and c.recipient is user), None)

    def threads(self, parent: FakeChannel | int | None = None) -> list[FakeChannel]:
        pid = parent.id if isinstance(parent, FakeChannel) else parent
        return [c for c in self.channels.values() if c.is_thread and (pid is None or c.parent_id == pid)]

    def permissions(self, user: FakeUser) -> int:
        perms = self.everyone.permissions
        for rid in user.role_ids:
            perms |= self.roles[rid].permissions
        return ALL_PERMISSIONS if perms & P["ADMINISTRATOR"] else perms

    def member_payload(self, user: FakeUser) -> dict[str, Any]:
        return {"user": user.payload(), "nick": None, "avatar": None, "banner": None,
                "roles": [str(r) for r in user.role_ids], "joined_at": iso(), "premium_since": None,
                "deaf": False, "mute": False, "flags": 0, "pending": False,
                "communication_disabled_until": None}

    def guild_payload(self, guild_id: int | None = None) -> dict[str, Any]:
        if guild_id is not None and guild_id != self.guild_id:
            return self._other_guild_payload(guild_id)
        return {
            "id": str(self.guild_id), "name": self.guild_name, "icon": None, "splash": None,
            "discovery_splash": None, "owner_id": str(self.owner.id), "afk_channel_id": None,
            "afk_timeout": 300, "verification_level": 0, "default_message_notifications": 0,
            "explicit_content_filter": 0, "roles": [r.payload() for r in self.roles.values()], "emojis": [],
            "stickers": [], "features": [], "mfa_level": 0, "application_id": None,
            "system_channel_id": str(self.channel.id), "system_channel_flags": 0, "rules_channel_id": None,
            "vanity_url_code": None, "description": None, "banner": None, "premium_tier": 0,
            "premium_subscription_count": 0, "preferred_locale": self.guild_locale, "public_updates_channel_id": None,
            "nsfw_level": 0, "premium_progress_bar_enabled": False, "max_members": 500000,
            "joined_at": iso(), "large": False, "unavailable": False, "member_count": len(self.users_by_id),
            "voice_states": [], "members": [self.member_payload(u) for u in self.members()],
            "channels": [c.payload() for c in self.channels.values()
                         if c.guild_id == self.guild_id and not c.is_thread],
            "threads": [c.payload() for c in self.threads() if c.guild_id == self.guild_id],
            "presences": [], "stage_instances": [],
            "guild_scheduled_events": [], "soundboard_sounds": [], "safety_alerts_channel_id": None,
        }

    def _other_guild_payload(self, guild_id: int) -> dict[str, Any]:
        """What GUILD_CREATE carries for a server with Dama's intents (no member list: no members intent)."""
        everyone = FakeRole(guild_id, "@everyone", EVERYONE_PERMISSIONS)
        return {
            "id": str(guild_id), "name": self.other_guilds[guild_id], "icon": None, "owner_id": str(self.owner.id),
            "roles": [everyone.payload()], "emojis": [], "stickers": [], "features": [], "mfa_level": 0,
            "verification_level": 0, "default_message_notifications": 0, "explicit_content_filter": 0,
            "system_channel_id": None, "system_channel_flags": 0, "preferred_locale": "en-US", "nsfw_level": 0,
            "premium_tier": 0, "premium_progress_bar_enabled": False, "joined_at": iso(), "large": False,
            "unavailable": False, "member_count": 2, "voice_states": [],
            "members": [self.member_payload(self.bot_user)],
            "channels": [c.payload() for c in self.channels.values() if c.guild_id == guild_id and not c.is_thread],
            "threads": [], "presences": [], "stage_instances": [], "guild_scheduled_events": [],
            "soundboard_sounds": [], "application_id": None, "afk_channel_id": None, "afk_timeout": 300,
        }

    # --- records ----------------------------------------------------------------------------------

    def message_by_id(self, mid: int | None) -> Message:
        message = self.messages_by_id.get(mid or 0)
        if message is None:
            raise unknown("Message", 10008)
        return message

    def messages(self, channel: FakeChannel | int | None = None, *, include_deleted: bool = False,
                 include_ephemeral: bool = True) -> list[Message]:
        """Messages the bot sent in a channel (default: #general), oldest first, live records."""
        cid = self.channel.id if channel is None else channel.id if isinstance(channel, FakeChannel) else channel
        return [m for m in self.messages_by_id.values() if m.channel_id == cid
                and (include_deleted or not m.deleted) and (include_ephemeral or not m.ephemeral)]

    def dm_messages(self, user: FakeUser) -> list[Message]:
        channel = self.dm_channel(user)
        return self.messages(channel) if channel else []

    def commands(self, guild: bool = False) -> list[dict[str, Any]]:
        """The last synced command schema (global, or the guild's)."""
        return self.command_schema.get(self.guild_id if guild else None, [])

    def command(self, name: str) -> dict[str, Any] | None:
        for scope in (self.guild_id, None):
            for cmd in self.command_schema.get(scope, []):
                if cmd["name"] == name and cmd.get("type", 1) == 1:
                    return cmd
        return None

    # --- waiting ------------------------------------------------------------------------------------

    def _notify(self) -> None:
        self._changed.set()

    def _dispatch_soon(self, event: str, data: dict[str, Any]) -> None:
        """Send a gateway event after the current REST response (Discord's order too), on the shard of its
        server."""
        guild = data.get("guild_id")
        session = self.ready_session(int(guild) if guild else None)
        if session is None:
            return
        task = asyncio.get_running_loop().create_task(session.dispatch(event, data))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    def _log_tail(self) -> str:
        tails = [tail() for tail in self.log_tails]
        return "".join(f"\n--- bot output (tail) ---\n{t}" for t in tails if t)

    async def wait_until(self, predicate: Callable[[], T | None], *, timeout: float = 10.0,
                         what: str = "condition", fail_on_problems: bool = True) -> T:
        """Poll ``predicate`` after each change in the fake until it returns something truthy."""
        deadline = time.monotonic() + timeout
        while True:
            self._changed.clear()
            result = predicate()
            if result:
                return result
            if fail_on_problems and self.problems:
                raise FakeDiscordError(f"while waiting for {what}: " + "\n".join(self.problems) + self._log_tail())
            if fail_on_problems and self.violations:
                raise FakeDiscordError(f"while waiting for {what}: {self.violations_report()}")
            for check in self.liveness_checks:
                dead = check()
                if dead:
                    raise FakeDiscordError(f"while waiting for {what}: {dead}{self._log_tail()}")
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise FakeDiscordError(f"timed out after {timeout}s waiting for {what}{self._log_tail()}")
            try:  # wake on any change, and at least every 0.2 s for the liveness checks
                await asyncio.wait_for(self._changed.wait(), min(remaining, 0.2))
            except TimeoutError:
                pass

    def ready_session(self, guild_id: int | None = 0) -> GatewaySession | None:
        """The newest live session; given a server (None: a DM), the one whose shard that server is on."""
        live = [s for s in self.sessions if s.ready and not s.closed]
        if guild_id != 0:
            live = [s for s in live if s.serves(guild_id)]
        return live[-1] if live else None

    async def wait_ready(self, *, after: int = 0, timeout: float = 20.0) -> GatewaySession:
        """Wait for a bot session that identified; ``after``: ignore the first N sessions (restarts)."""
        def ready() -> GatewaySession | None:
            live = [s for s in self.sessions[after:] if s.ready and not s.closed]
            return live[-1] if live else None
        return await self.wait_until(ready, timeout=timeout, what="the bot to connect and identify")

    async def _handle_ws(self, request: web.Request) -> web.WebSocketResponse:
        ws = web.WebSocketResponse(max_msg_size=0, autoping=True)
        await ws.prepare(request)
        session = GatewaySession(self, ws, dict(request.query))
        self.sessions.append(session)
        self._notify()
        await session.run()
        return ws

    async def disconnect_bot(self, code: int = 4000) -> None:
        """Drop the bot's gateway connection (it will try RESUME, be told to IDENTIFY afresh)."""
        session = self.ready_session()
        if session is None:
            raise FakeDiscordError("no connected bot to disconnect")
        await session.ws.close(code=code, message=b"fake: disconnect")
