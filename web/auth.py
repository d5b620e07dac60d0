"""Signing in with Discord (OAuth2 authorization code with PKCE, scope `identify`) and what every action
(a POST) must carry: a session, this site's Origin, the session's CSRF token, and an allowance.

    GET  /auth/login?next=/g/12/<token>  -> Discord's /oauth2/authorize (state + S256 challenge; the
                                            browser gets a key the state is bound to)
    GET  /auth/callback?code=…&state=…   -> the code exchanged at DISCORD_API_BASE/oauth2/token, the user read
                                            from DISCORD_API_BASE/users/@me, a session, back to `next`
    POST /auth/logout                    -> the session deleted, back to the page
    POST /api/token {"code": …}          -> inside Discord (ACTIVITY_ENABLED=1): the code the SDK's authorize
                                            gave, exchanged as above; the same session; the access token
                                            back to the page for the SDK's authenticate

Without DISCORD_CLIENT_ID and DISCORD_CLIENT_SECRET none of this exists (404) and the pages stay read-only.
The client secret, codes, access tokens, states and session ids are never logged; the access log cuts the
callback's query (guard.redact).
"""

from __future__ import annotations

import json
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlencode, urlsplit

import aiohttp
from aiohttp import hdrs, web

from messages import web as words
from messages.i18n import Words
from service import Service, SignInFailed, WebSession
from service.websessions import safe_next
from web.guard import RateLimit, reader_words, text_page

log = logging.getLogger("web").getChild("auth")
SESSION_COOKIE = "dama_session"
SIGN_IN_COOKIE = "dama_sign_in"
DISCORD_API = "https://discord.com/api/v10"
DISCORD_TIMEOUT = aiohttp.ClientTimeout(total=10)
MAX_ANSWER = 64 * 1024  # Discord's answers are small; a larger one is refused unread
Action = Callable[[web.Request, WebSession], Awaitable[web.StreamResponse]]


@dataclass(frozen=True, slots=True)
class OAuthConfig:
    """DISCORD_CLIENT_ID, DISCORD_CLIENT_SECRET and DISCORD_API_BASE (Discord's own by default)."""

    client_id: str
    client_secret: str = field(repr=False)
    api_base: str = DISCORD_API

    @property
    def authorize_url(self) -> str:
        """Discord's consent page is on the API's origin, outside /api."""
        parts = urlsplit(self.api_base)
        return f"{parts.scheme}://{parts.netloc}/oauth2/authorize"


def origin(url: str) -> str:
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}".lower()


class Refused(Exception):
    """An action refused before it ran: the status and the sentence."""

    def __init__(self, status: int, say: Callable[[Words], str]) -> None:
        super().__init__(status)
        self.status = status
        self.say = say


class Accounts:
    def __init__(
        self,
        service: Service,
        oauth: OAuthConfig | None,
        base_url: str,
        actions: RateLimit | None = None,
        activity: bool = False,
    ) -> None:
        self.service = service
        self.oauth = oauth
        self.activity = activity  # ACTIVITY_ENABLED=1: the page inside Discord signs in through POST /api/token
        self.base_url = base_url.rstrip("/")
        self.origin = origin(base_url)
        self.secure = base_url.startswith("https://")
        self.cookie_path = urlsplit(base_url).path.rstrip("/") + "/"
        self.actions = actions or RateLimit(30, 10)  # per session: a person does not make 30 moves a minute

    @property
    def enabled(self) -> bool:
        return self.oauth is not None

    @property
    def redirect_uri(self) -> str:
        return f"{self.base_url}/auth/callback"

    def _cookie(self, response: web.StreamResponse, name: str, value: str, max_age: int, path: str) -> None:
        response.set_cookie(
            name, value, max_age=max_age, path=path, httponly=True, samesite="lax", secure=self.secure or None
        )

    async def viewer(self, request: web.Request) -> WebSession | None:
        """Who is signed in on this request, if anyone (always nobody without the client settings)."""
        if self.oauth is None:
            return None
        return await self.service.sessions.find(request.cookies.get(SESSION_COOKIE))

    # -- the three routes ------------------------------------------------------------------------------------

    async def login(self, request: web.Request) -> web.StreamResponse:
        if self.oauth is None:
            raise web.HTTPNotFound
        sign_in = await self.service.sessions.start_sign_in(request.query.get("next"))
        query = {
            "client_id": self.oauth.client_id,
            "response_type": "code",
            "redirect_uri": self.redirect_uri,
            "scope": "identify",
            "state": sign_in.state,
            "code_challenge": sign_in.challenge,
            "code_challenge_method": "S256",
        }
        response = redirect(302, f"{self.oauth.authorize_url}?{urlencode(query)}")
        self._cookie(response, SIGN_IN_COOKIE, sign_in.browser, 600, self.cookie_path + "auth/")
        return response

    async def callback(self, request: web.Request) -> web.StreamResponse:
        if self.oauth is None:
            raise web.HTTPNotFound
        if "error" in request.query:
            return text_page(request, 400, words.sign_in_cancelled)
        try:
            verifier, next_path = await self.service.sessions.finish_sign_in(
                request.query.get("state", ""), request.cookies.get(SIGN_IN_COOKIE, "")
            )
        except SignInFailed:
            return text_page(request, 400, words.sign_in_expired)
        user = await self._discord_user(request.query.get("code", "")[:512], verifier)
        if user is None:
            return text_page(request, 502, words.sign_in_failed)
        player_id, name = user
        opened = await self.service.sessions.open(player_id, name)
        log.info("web: a player signed in")  # who, never how: no id, code or token
        response = redirect(303, self.base_url + next_path)
        self._cookie(response, SESSION_COOKIE, opened.cookie, 30 * 24 * 3600, self.cookie_path)
        response.del_cookie(SIGN_IN_COOKIE, path=self.cookie_path + "auth/")
        return response

    async def logout(self, request: web.Request) -> web.StreamResponse:
        form = await request.post() if request.content_type == "application/x-www-form-urlencoded" else {}
        try:
            await self.check(request, str(form.get("csrf", ""))[:256])
        except Refused as refused:
            return text_page(request, refused.status, refused.say)
        await self.service.sessions.end(request.cookies.get(SESSION_COOKIE))
        response = redirect(303, self.base_url + safe_next(str(form.get("next", "/"))[:512]))
        response.del_cookie(SESSION_COOKIE, path=self.cookie_path)
        return response

    async def activity_token(self, request: web.Request) -> web.StreamResponse:
        """POST /api/token {"code": …} from the page inside Discord (ACTIVITY_ENABLED=1): the code Discord's
        client gave the page's `authorize` is exchanged for an access token, users/@me says who it is, and the
        same session as a sign-in's is opened; the answer gives the page the access token for the SDK's
        `authenticate` (Discord's own design: it is never stored or logged here)."""
        if self.oauth is None or not self.activity:
            raise web.HTTPNotFound
        if not self.same_origin(request):
            return json_refusal(request, 403, words.cross_site)
        try:
            body = json.loads(await request.content.read(2048)) if request.content_type == "application/json" else {}
        except ValueError:
            body = {}
        code = body.get("code") if isinstance(body, dict) else None
        if not isinstance(code, str) or not 0 < len(code) <= 512:
            return json_refusal(request, 400, words.sign_in_failed)
        found = await self._exchange(code, {})
        if found is None:
            return json_refusal(request, 502, words.sign_in_failed)
        token, (player_id, name) = found
        opened = await self.service.sessions.open(player_id, name)
        log.info("web: a player signed in through the Activity")  # who, never how: no id, code or token
        response = web.json_response({"access_token": token}, headers={"Cache-Control": "no-store"})
        # Inside Discord the page is framed by another site: over https the cookie must be SameSite=None
        # (and Partitioned, the only kind browsers keep for a framed site) to come back with the page's requests.
        if self.secure:
            response.set_cookie(
                SESSION_COOKIE, opened.cookie, max_age=30 * 24 * 3600, path=self.cookie_path, httponly=True,
                samesite="none", secure=True, partitioned=True,
            )
        else:
            self._cookie(response, SESSION_COOKIE, opened.cookie, 30 * 24 * 3600, self.cookie_path)
        return response

    # -- what an action must carry ---------------------------------------------------------------------------

    def same_origin(self, request: web.Request) -> bool:
        """Sent by this site's own page. The page's Referrer-Policy (no-referrer) makes a browser send
        `Origin: null` on its own POSTs, so a null or missing Origin counts only with the browser's
        `Sec-Fetch-Site: same-origin`, which no page can set; any other Origin must be this site's."""
        sent_from = request.headers.get(hdrs.ORIGIN, "null").lower()
        if sent_from != "null":
            return sent_from == self.origin
        return request.headers.get("Sec-Fetch-Site", "") == "same-origin"

    async def check(self, request: web.Request, csrf: str) -> WebSession:
        """The session of an action from this site's own page; Refused (nothing done) for a request from
        another origin, without a session, without the session's CSRF token, or over its allowance."""
        if self.oauth is None:
            raise Refused(404, words.not_found)
        if not self.same_origin(request):
            raise Refused(403, words.cross_site)
        session = await self.viewer(request)
        if session is None:
            raise Refused(401, words.not_signed_in)
        if not csrf or not session.csrf_matches(csrf):
            raise Refused(403, words.cross_site)
        if not self.actions.allow(session.csrf):  # one allowance per session (its token names it)
            raise Refused(429, words.too_many_actions)
        return session

    # -- Discord ---------------------------------------------------------------------------------------------

    async def _discord_user(self, code: str, verifier: str) -> tuple[int, str | None] | None:
        """Who authorised the code: (id, name), or None when Discord says no or cannot be reached."""
        found = await self._exchange(code, {"redirect_uri": self.redirect_uri, "code_verifier": verifier})
        return None if found is None else found[1]

    async def _exchange(
        self, code: str, extra: dict[str, str]
    ) -> tuple[str, tuple[int, str | None]] | None:
        """The code for an access token, and who it speaks for: (token, (id, name)), or None when Discord
        says no or cannot be reached. A sign-in's code is bound to its redirect and PKCE verifier (`extra`);
        an Activity's, which Discord's client asked for, to neither."""
        assert self.oauth is not None
        form = {
            "grant_type": "authorization_code",
            "code": code,
            **extra,
            "client_id": self.oauth.client_id,
            "client_secret": self.oauth.client_secret,
        }
        try:
            async with aiohttp.ClientSession(timeout=DISCORD_TIMEOUT) as http:
                async with http.post(f"{self.oauth.api_base}/oauth2/token", data=form) as answer:
                    if answer.status != 200:
                        log.warning("web: Discord refused a sign-in code (HTTP %s)", answer.status)
                        return None
                    token = _field(await _json(answer), "access_token")
                if token is None:
                    return None
                headers = {"Authorization": "Bearer " + token}
                async with http.get(f"{self.oauth.api_base}/users/@me", headers=headers) as answer:
                    if answer.status != 200:
                        log.warning("web: Discord did not say who signed in (HTTP %s)", answer.status)
                        return None
                    user = await _json(answer)
        except (aiohttp.ClientError, TimeoutError, ValueError) as error:
            log.warning("web: Discord could not be asked who signed in (%s)", type(error).__name__)
            return None
        user_id = _field(user, "id")
        if user_id is None or not user_id.isdigit() or not 0 < int(user_id) < 2**63:
            return None
        name = _field(user, "global_name") or _field(user, "username")
        return token, (int(user_id), name)


async def _json(answer: aiohttp.ClientResponse) -> Any:
    body = await answer.content.read(MAX_ANSWER + 1)
    if len(body) > MAX_ANSWER:
        raise ValueError("answer too large")
    return json.loads(body)


def _field(found: Any, key: str) -> str | None:
    value = found.get(key) if isinstance(found, dict) else None
    return value if isinstance(value, str) and value else None


def json_refusal(request: web.Request, status: int, say: Callable[[Words], str]) -> web.Response:
    return web.json_response(
        {"error": say(reader_words(request))}, status=status, headers={"Cache-Control": "no-store"}
    )


def redirect(status: int, location: str) -> web.Response:
    return web.Response(status=status, headers={"Location": location, "Cache-Control": "no-store"})


def here(request: web.Request) -> str:
    """This page's path relative to WEB_BASE_URL, for a Sign in link's `next`."""
    return safe_next(request.path)
