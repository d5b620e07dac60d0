"""Who is signed in on the web page: sign-ins under way and sessions (issue 60).

A sign-in is a redirect to Discord and back. Before it leaves, the page's browser gets a random key (a
cookie) and Discord gets a random `state`; the service keeps the state's digest, bound to the key's, with
the PKCE verifier and the page to go back to, for ten minutes. When the browser comes back, the state is
taken (once) and the key must match: a code sent to someone else's browser opens nothing. A session is a
random cookie value; the database keeps its SHA-256 only, with its player, its CSRF token and its expiry.
Signing out deletes it; /forget-me deletes all of the player's (players.delete_data).

Comparisons of secrets are constant-time; no secret is ever logged.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import re
import secrets
from dataclasses import dataclass
from datetime import datetime, timedelta

from data.repositories import SessionRow, SignInRow
from data.timeutil import from_db, to_db
from service.access import ScopedPart
from service.context import Context

SIGN_IN_TIME = timedelta(minutes=10)
SESSION_TIME = timedelta(days=30)
SEEN_EVERY = timedelta(hours=1)  # how often a session's last use is written down (not on every page)
_SECRET = re.compile(r"^[A-Za-z0-9_-]{20,128}$")  # what a cookie or a state of ours looks like
_NEXT = re.compile(r"^/(?:[A-Za-z0-9_-]{1,64}(?:/[A-Za-z0-9_-]{1,64}){0,5})?$")


class SignInFailed(Exception):
    """The sign-in cannot be finished: an unknown, used or expired state, or another browser's."""


@dataclass(frozen=True, slots=True)
class SignIn:
    """What a sign-in sends out: the state and PKCE challenge to Discord, the key to the browser."""

    state: str
    browser: str
    challenge: str  # base64url(SHA-256(verifier)), method S256


@dataclass(frozen=True, slots=True)
class WebSession:
    player_id: int
    name: str | None  # as Discord last named the player
    csrf: str
    expires_at: datetime

    def csrf_matches(self, offered: str) -> bool:
        return hmac.compare_digest(self.csrf.encode(), offered.encode()[:256])


@dataclass(frozen=True, slots=True)
class NewSession:
    cookie: str  # the value the browser keeps; never stored
    session: WebSession


def digest(secret: str) -> str:
    return hashlib.sha256(secret.encode()).hexdigest()


def safe_next(path: str | None) -> str:
    """A page of this site to go back to: a plain path (`/g/12/<token>`, `/my`), never another site's address
    (`//evil.example`, `https:`, `\\`), else the site's root."""
    if path is None or not _NEXT.match(path):
        return "/"
    return path


def pkce_challenge(verifier: str) -> str:
    return base64.urlsafe_b64encode(hashlib.sha256(verifier.encode()).digest()).decode().rstrip("=")


class WebSessionService(ScopedPart):
    def __init__(self, ctx: Context) -> None:
        self._ctx = ctx

    async def start_sign_in(self, next_path: str | None) -> SignIn:
        state, browser, verifier = secrets.token_urlsafe(32), secrets.token_urlsafe(32), secrets.token_urlsafe(48)
        now = self._ctx.now()
        row = SignInRow(digest(state), digest(browser), verifier, safe_next(next_path), to_db(now + SIGN_IN_TIME))
        async with self._ctx.db.write() as repos:
            await repos.sessions.prune(to_db(now))
            await repos.sessions.add_sign_in(row)
        return SignIn(state, browser, pkce_challenge(verifier))

    async def finish_sign_in(self, state: str, browser: str) -> tuple[str, str]:
        """The PKCE verifier and the page to go back to; SignInFailed unless this browser started it."""
        if not _SECRET.match(state):
            raise SignInFailed
        async with self._ctx.db.write() as repos:
            row = await repos.sessions.take_sign_in(digest(state))  # used up, whoever comes with it
        if row is None or row.expires_at <= to_db(self._ctx.now()):
            raise SignInFailed
        if not _SECRET.match(browser) or not hmac.compare_digest(row.browser_hash.encode(), digest(browser).encode()):
            raise SignInFailed
        return row.verifier, row.next_path

    async def open(self, player_id: int, name: str | None) -> NewSession:
        """A new session for the player Discord named (registered, with the name Discord gave)."""
        cookie, csrf = secrets.token_urlsafe(32), secrets.token_urlsafe(32)
        now = self._ctx.now()
        expires = now + SESSION_TIME
        row = SessionRow(digest(cookie), player_id, csrf, to_db(now), to_db(now), to_db(expires))
        async with self._ctx.db.write() as repos:
            await repos.players.ensure(player_id, name[:100] if name else None, to_db(now))
            await repos.sessions.add(row)
        return NewSession(cookie, WebSession(player_id, name, csrf, expires))

    async def find(self, cookie: str | None) -> WebSession | None:
        """The session behind a cookie, unless it is unknown, ended or expired."""
        if cookie is None or not _SECRET.match(cookie):
            return None
        key = digest(cookie)
        now = self._ctx.now()
        async with self._ctx.db.read() as repos:
            row = await repos.sessions.get(key)
            player = await repos.players.get(row.player_id) if row is not None else None
        if row is None or row.expires_at <= to_db(now):
            return None
        if from_db(row.seen_at) + SEEN_EVERY <= now:
            async with self._ctx.db.write() as repos:
                await repos.sessions.seen(key, to_db(now))
        name = player.display_name if player is not None else None
        return WebSession(row.player_id, name, row.csrf, from_db(row.expires_at))

    async def end(self, cookie: str | None) -> None:
        """Sign out: the session is gone for good (a copy of the cookie opens nothing either)."""
        if cookie is None or not _SECRET.match(cookie):
            return
        async with self._ctx.db.write() as repos:
            await repos.sessions.delete(digest(cookie))

    async def sessions_of(self, player_id: int) -> int:
        async with self._ctx.db.read() as repos:
            return len(await repos.sessions.for_player(player_id))
