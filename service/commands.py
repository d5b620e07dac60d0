"""Remembers which slash-command set was last registered with Discord, per scope.

Discord rate-limits command registration (global creates are capped per day), so a restart whose
commands are unchanged should not register them again. The bot computes a digest of its command
payloads; this ledger says whether that scope already has it.
"""

from __future__ import annotations

from data.timeutil import to_db
from service.access import ScopedPart
from service.context import Context

_PREFIX = "commands:"


def scope_name(guild_id: int | None) -> str:
    return "global" if guild_id is None else f"guild:{guild_id}"


class CommandLedger(ScopedPart):
    def __init__(self, ctx: Context) -> None:
        self._ctx = ctx

    async def needs_sync(self, scope: str, digest: str) -> bool:
        async with self._ctx.db.read() as repos:
            return await repos.state.get(_PREFIX + scope) != digest

    async def synced(self, scope: str, digest: str) -> None:
        async with self._ctx.db.write() as repos:
            await repos.state.put(_PREFIX + scope, digest, to_db(self._ctx.now()))

    async def forget(self, scope: str) -> None:
        """Make the next start register the commands again (after they were changed by hand)."""
        async with self._ctx.db.write() as repos:
            await repos.state.delete(_PREFIX + scope)
