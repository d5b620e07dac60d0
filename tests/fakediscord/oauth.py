"""OAuth2 half of the fake Discord (mixed into FakeDiscord): the authorization code grant as Discord's
documentation describes it (https://discord.com/developers/docs/topics/oauth2), with PKCE (RFC 7636, S256).

- `GET /oauth2/authorize` (on the site's origin, not under /api): the consent page the browser sees, for the
  user the test says is signed in to Discord in that browser (`fake.oauth_browser_user`); its Authorize
  button posts back and is sent to `redirect_uri?code=…&state=…`, Cancel to `redirect_uri?error=access_denied`.
- `POST /api/v10/oauth2/token`: the code for an access token; the client authenticates with HTTP Basic or
  with client_id and client_secret in the form; the code is single-use, bound to its redirect_uri, and to
  its code_challenge when one was given.
- `GET /api/v10/users/@me` with `Authorization: Bearer <access token>`: that user (the bot's own
  `Bot <token>` still answers with the bot user, in rest.py).

Everything the bot did wrong is refused as Discord refuses it and counted in `fake.oauth_refusals`.
"""

from __future__ import annotations

import base64
import hashlib
import html
import json
import re
import secrets
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any
from urllib.parse import urlencode

from aiohttp import web

from .model import FakeUser

if TYPE_CHECKING:
    from .fake import FakeDiscord

CODE_LIFETIME = 600.0  # seconds; Discord's codes are short-lived
TOKEN_PATH = re.compile(r"^/api/v(?:9|10)/oauth2/token$")
ME_PATH = re.compile(r"^/api/v(?:9|10)/users/@me$")


@dataclass
class Grant:
    user: FakeUser
    client_id: str
    redirect_uri: str | None  # None: a code Discord's client made for an Activity's `authorize`
    scope: str
    challenge: str | None
    method: str | None
    made: float


class OAuthMixin:
    """``self`` is the FakeDiscord. A test sets `oauth_client_secret`, `oauth_redirects` (the application's
    registered redirect URIs) and `oauth_browser_user` (who is signed in to Discord in the browser)."""

    def _oauth_init(self: FakeDiscord) -> None:
        self.oauth_client_secret = f"secret.{secrets.token_urlsafe(18)}"
        self.oauth_redirects: set[str] = set()
        self.oauth_browser_user: FakeUser | None = None
        self.oauth_codes: dict[str, Grant] = {}
        self.oauth_tokens: dict[str, FakeUser] = {}
        self.oauth_refusals: list[str] = []
        self.oauth_authorize_requests: list[dict[str, str]] = []

    def activity_code(self: FakeDiscord, user: FakeUser, client_id: str, scopes: list[str]) -> str:
        """What Discord's client does for an Activity's `authorize` command (the SDK's RPC, not a browser
        redirect): a code for that user, bound to no redirect_uri and no PKCE challenge, which the
        Activity's server then exchanges at /oauth2/token like any other (without a redirect_uri)."""
        code = secrets.token_urlsafe(20)
        self.oauth_codes[code] = Grant(user, client_id, None, " ".join(scopes), None, None, time.monotonic())
        return code

    def oauth_route(self: FakeDiscord, request: web.Request) -> str | None:
        """Which OAuth2 handler serves this request, if any."""
        if request.path == "/oauth2/authorize" and request.method in ("GET", "POST"):
            return "authorize"
        if TOKEN_PATH.match(request.path) and request.method == "POST":
            return "token"
        bearer = request.headers.get("Authorization", "").startswith("Bearer ")
        if ME_PATH.match(request.path) and request.method == "GET" and bearer:
            return "me"
        return None

    async def oauth_serve(self: FakeDiscord, request: web.Request, which: str) -> web.StreamResponse:
        if which == "authorize":
            return await self._authorize(request)
        if which == "token":
            return await self._token(request)
        return self._bearer_me(request)

    def _refuse(self: FakeDiscord, status: int, error: str, why: str) -> web.Response:
        self.oauth_refusals.append(f"{error}: {why}")
        return web.json_response({"error": error, "error_description": why}, status=status)

    async def _authorize(self: FakeDiscord, request: web.Request) -> web.StreamResponse:
        params = dict(request.query)
        if request.method == "POST":
            params = {key: str(value) for key, value in (await request.post()).items()}
        if request.method == "GET":
            self.oauth_authorize_requests.append(params)
        client_id, redirect = params.get("client_id", ""), params.get("redirect_uri", "")
        if client_id != str(self.app_id):
            return self._refuse(400, "invalid_client", f"unknown client_id {client_id!r}")
        if redirect not in self.oauth_redirects:
            return self._refuse(400, "invalid_request", f"redirect_uri {redirect!r} is not registered")
        if params.get("response_type") != "code":
            return self._refuse(400, "unsupported_response_type", "response_type must be code")
        scopes = params.get("scope", "").split()
        if "identify" not in scopes or any(scope not in ("identify",) for scope in scopes):
            return self._refuse(400, "invalid_scope", f"scope {params.get('scope')!r}")
        method = params.get("code_challenge_method")
        challenge = params.get("code_challenge")
        if challenge is not None and method != "S256":
            return self._refuse(400, "invalid_request", "code_challenge_method must be S256")
        user = self.oauth_browser_user
        if user is None:
            return self._refuse(401, "login_required", "nobody is signed in to Discord in this browser")
        state = params.get("state")
        if request.method == "GET":
            return self._consent_page(params, user)
        if params.get("decision") != "authorize":
            back = {"error": "access_denied", "error_description": "The resource owner denied the request"}
            if state is not None:
                back["state"] = state
            return web.Response(status=302, headers={"Location": f"{redirect}?{urlencode(back)}"})
        code = secrets.token_urlsafe(20)
        self.oauth_codes[code] = Grant(user, client_id, redirect, " ".join(scopes), challenge, method,
                                       time.monotonic())
        answer = {"code": code}
        if state is not None:
            answer["state"] = state
        return web.Response(status=302, headers={"Location": f"{redirect}?{urlencode(answer)}"})

    def _consent_page(self: FakeDiscord, params: dict[str, str], user: FakeUser) -> web.Response:
        hidden = "".join(
            f'<input type="hidden" name="{html.escape(key)}" value="{html.escape(value)}">'
            for key, value in params.items()
        )
        page = (
            "<!DOCTYPE html><html><head><meta charset='utf-8'><title>Discord</title></head><body>"
            f"<p id='who'>Signed in as {html.escape(user.name)}</p>"
            f"<p>{html.escape(self.bot_user.name)} wants to access your account.</p>"
            f"<form method='post' action='/oauth2/authorize'>{hidden}"
            "<button id='authorize' name='decision' value='authorize'>Authorize</button>"
            "<button id='cancel' name='decision' value='cancel'>Cancel</button></form></body></html>"
        )
        return web.Response(text=page, content_type="text/html")

    async def _token(self: FakeDiscord, request: web.Request) -> web.Response:
        if request.content_type != "application/x-www-form-urlencoded":
            return self._refuse(400, "invalid_request", f"the body must be a form, not {request.content_type}")
        form = {key: str(value) for key, value in (await request.post()).items()}
        client_id, secret = form.get("client_id", ""), form.get("client_secret", "")
        basic = request.headers.get("Authorization", "")
        if basic.startswith("Basic "):
            try:
                client_id, _, secret = base64.b64decode(basic[6:]).decode().partition(":")
            except ValueError:
                return self._refuse(401, "invalid_client", "unreadable Basic credentials")
        if client_id != str(self.app_id) or not secrets.compare_digest(secret, self.oauth_client_secret):
            return self._refuse(401, "invalid_client", "wrong client_id or client_secret")
        if form.get("grant_type") != "authorization_code":
            return self._refuse(400, "unsupported_grant_type", str(form.get("grant_type")))
        grant = self.oauth_codes.pop(form.get("code", ""), None)  # single use, whatever happens next
        if grant is None or time.monotonic() - grant.made > CODE_LIFETIME:
            return self._refuse(400, "invalid_grant", "unknown, used or expired code")
        if grant.client_id != client_id or form.get("redirect_uri") != grant.redirect_uri:
            return self._refuse(400, "invalid_grant", "redirect_uri differs from the authorization request's")
        if grant.challenge is not None:
            verifier = form.get("code_verifier", "")
            digest = hashlib.sha256(verifier.encode()).digest()
            expected = base64.urlsafe_b64encode(digest).decode().rstrip("=")
            if not re.fullmatch(r"[A-Za-z0-9._~-]{43,128}", verifier) or expected != grant.challenge:
                return self._refuse(400, "invalid_grant", "code_verifier does not match the code_challenge")
        access = secrets.token_urlsafe(24)
        self.oauth_tokens[access] = grant.user
        body = {"access_token": access, "token_type": "Bearer", "expires_in": 604800,
                "refresh_token": secrets.token_urlsafe(24), "scope": grant.scope}
        return web.Response(text=json.dumps(body), content_type="application/json")

    def _bearer_me(self: FakeDiscord, request: web.Request) -> web.Response:
        user = self.oauth_tokens.get(request.headers["Authorization"][len("Bearer "):])
        if user is None:
            return web.json_response({"message": "401: Unauthorized", "code": 0}, status=401)
        payload: dict[str, Any] = user.payload()
        payload.update({"locale": user.locale, "mfa_enabled": False, "premium_type": 0})
        return web.json_response(payload)
