"""Gateway half of the fake Discord: one GatewaySession per websocket connection."""

from __future__ import annotations

import asyncio
import json
import secrets
from typing import TYPE_CHECKING, Any

from aiohttp import WSMsgType, web

if TYPE_CHECKING:
    from .fake import FakeDiscord

DISPATCH, HEARTBEAT, IDENTIFY, PRESENCE, VOICE, RESUME, RECONNECT, REQUEST_MEMBERS, INVALID_SESSION, \
    HELLO, HEARTBEAT_ACK = 0, 1, 2, 3, 4, 6, 7, 8, 9, 10, 11
PRIVILEGED_INTENTS = {1 << 1: "GUILD_MEMBERS", 1 << 8: "GUILD_PRESENCES", 1 << 15: "MESSAGE_CONTENT"}


class GatewaySession:
    """A bot's gateway connection. ``ready`` once READY and GUILD_CREATE were sent."""

    def __init__(self, fake: FakeDiscord, ws: web.WebSocketResponse, query: dict[str, str]) -> None:
        self.fake, self.ws, self.query = fake, ws, query
        self.session_id = secrets.token_hex(16)
        self.seq = 0
        self.ready = False
        self.closed = False
        self.heartbeats = 0
        self.identify: dict[str, Any] | None = None
        self.ops_received: list[int] = []
        self.shard: tuple[int, int] = (0, 1)  # [shard_id, num_shards] from IDENTIFY
        self._lock = asyncio.Lock()

    def serves(self, guild_id: int | None) -> bool:
        """Discord's routing: a server's events go to shard (guild_id >> 22) % num_shards; DMs to shard 0."""
        shard_id, count = self.shard
        return shard_id == 0 if guild_id is None else (guild_id >> 22) % count == shard_id

    async def send(self, payload: dict[str, Any]) -> None:
        async with self._lock:
            if not self.ws.closed:
                await self.ws.send_str(json.dumps(payload))

    async def dispatch(self, event: str, data: dict[str, Any]) -> None:
        async with self._lock:
            self.seq += 1
            if not self.ws.closed:
                await self.ws.send_str(json.dumps({"op": DISPATCH, "t": event, "s": self.seq, "d": data}))

    async def run(self) -> None:
        fake = self.fake
        await self.send({"op": HELLO, "d": {"heartbeat_interval": fake.heartbeat_interval_ms}})
        async for msg in self.ws:
            if msg.type != WSMsgType.TEXT:
                if msg.type == WSMsgType.BINARY:
                    fake.problems.append("gateway: unexpected binary frame from the bot")
                continue
            frame = json.loads(msg.data)
            op, data = frame.get("op"), frame.get("d")
            self.ops_received.append(op)
            if op == HEARTBEAT:
                self.heartbeats += 1
                await self.send({"op": HEARTBEAT_ACK})
            elif op == IDENTIFY:
                await self._identify(data)
            elif op == RESUME:
                # Sessions do not survive here: make the client IDENTIFY again (a fresh session).
                fake.resumes += 1
                await self.send({"op": INVALID_SESSION, "d": False})
            elif op == REQUEST_MEMBERS:
                await self.dispatch("GUILD_MEMBERS_CHUNK", {
                    "guild_id": str(fake.guild_id), "members": [fake.member_payload(u) for u in fake.members()],
                    "chunk_index": 0, "chunk_count": 1, "not_found": [], "nonce": data.get("nonce")})
            elif op in (PRESENCE, VOICE):
                pass
            else:
                fake.problems.append(f"gateway: unexpected op {op}: {frame!r}")
            fake._notify()
        self.closed = True
        self.ready = False
        fake._notify()

    async def _identify(self, data: dict[str, Any]) -> None:
        fake = self.fake
        self.identify = data
        if data.get("token") != fake.token:
            await self.ws.close(code=4004, message=b"Authentication failed.")
            return
        intents = int(data.get("intents", 0))
        missing = [name for bit, name in PRIVILEGED_INTENTS.items()
                   if intents & bit and name not in fake.privileged_intents]
        if missing:
            fake.problems.append(f"gateway: privileged intents not enabled in the fake: {missing}")
            await self.ws.close(code=4014, message=b"Disallowed intent(s).")
            return
        shard = data.get("shard")
        if shard is not None:
            if not (isinstance(shard, list) and len(shard) == 2 and 0 <= shard[0] < shard[1]):
                fake.problems.append(f"gateway: bad shard in IDENTIFY: {shard!r}")
                await self.ws.close(code=4010, message=b"Invalid shard.")
                return
            self.shard = (int(shard[0]), int(shard[1]))
        guilds = [gid for gid in fake.guild_ids() if self.serves(gid)]
        await self.dispatch("READY", {
            "v": 10, "user": fake.bot_user.payload(), "guilds": [{"id": str(g), "unavailable": True} for g in guilds],
            **({"shard": list(self.shard)} if shard is not None else {}),
            "session_id": self.session_id, "resume_gateway_url": fake.gateway_url, "session_type": "normal",
            "application": {"id": str(fake.app_id), "flags": 0}, "private_channels": [], "relationships": [],
            "presences": [], "geo_ordered_rtc_regions": [], "guild_join_requests": [], "_trace": ["fake"],
        })
        for gid in guilds:
            await self.dispatch("GUILD_CREATE", fake.guild_payload(gid))
        self.ready = True
        fake.identifies += 1
        fake._notify()
