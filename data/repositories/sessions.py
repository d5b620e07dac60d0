"""Signing in on the web page: sign-ins under way and sessions, kept by the SHA-256 of their secrets."""

from __future__ import annotations

from dataclasses import dataclass

from data.repositories.base import Repository


@dataclass(frozen=True, slots=True)
class SignInRow:
    state_hash: str
    browser_hash: str
    verifier: str
    next_path: str
    expires_at: str


@dataclass(frozen=True, slots=True)
class SessionRow:
    id_hash: str
    player_id: int
    csrf: str
    created_at: str
    seen_at: str
    expires_at: str


class SessionRepository(Repository):
    async def add_sign_in(self, row: SignInRow) -> None:
        await self._run(
            "INSERT INTO web_sign_ins (state_hash, browser_hash, verifier, next_path, expires_at) "
            "VALUES (?, ?, ?, ?, ?)",
            (row.state_hash, row.browser_hash, row.verifier, row.next_path, row.expires_at),
        )

    async def take_sign_in(self, state_hash: str) -> SignInRow | None:
        """The sign-in with this state, removed: a state is used once."""
        found = await self._one(SignInRow, "SELECT * FROM web_sign_ins WHERE state_hash = ?", (state_hash,))
        if found is not None:
            await self._run("DELETE FROM web_sign_ins WHERE state_hash = ?", (state_hash,))
        return found

    async def add(self, row: SessionRow) -> None:
        await self._run(
            "INSERT INTO web_sessions (id_hash, player_id, csrf, created_at, seen_at, expires_at) "
            "VALUES (?, ?, ?, ?, ?, ?)",
            (row.id_hash, row.player_id, row.csrf, row.created_at, row.seen_at, row.expires_at),
        )

    async def get(self, id_hash: str) -> SessionRow | None:
        return await self._one(SessionRow, "SELECT * FROM web_sessions WHERE id_hash = ?", (id_hash,))

    async def seen(self, id_hash: str, now: str) -> None:
        await self._run("UPDATE web_sessions SET seen_at = ? WHERE id_hash = ?", (now, id_hash))

    async def delete(self, id_hash: str) -> int:
        return await self._run("DELETE FROM web_sessions WHERE id_hash = ?", (id_hash,))

    async def delete_for_player(self, player_id: int) -> int:
        return await self._run("DELETE FROM web_sessions WHERE player_id = ?", (player_id,))

    async def for_player(self, player_id: int) -> list[SessionRow]:
        return await self._all(SessionRow, "SELECT * FROM web_sessions WHERE player_id = ?", (player_id,))

    async def prune(self, now: str) -> int:
        """Forget expired sessions and sign-ins; the number removed."""
        gone = await self._run("DELETE FROM web_sessions WHERE expires_at <= ?", (now,))
        return gone + await self._run("DELETE FROM web_sign_ins WHERE expires_at <= ?", (now,))
