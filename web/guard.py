"""What every answer goes through: read-only methods, a per-address rate limit, security headers, one
not-found page, no stack trace, and an access log with the link tokens cut out. Which peers are proxies whose
X-Forwarded-For counts is a setting (WEB_TRUSTED_PROXIES); an IPv6 client counts by its /64.
"""

from __future__ import annotations

import ipaddress
import logging
import re
import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable

from aiohttp import web
from aiohttp.abc import AbstractAccessLogger
from aiohttp.http_exceptions import HttpProcessingError
from aiohttp.log import server_logger
from aiohttp.typedefs import Middleware

from messages import web as words
from messages.i18n import Words, resolve
from messages.i18n import words as words_for
from service import SYSTEM, acting_as
from web.page import message_page

log = logging.getLogger("web")
Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]

# No inline script or style, nothing from elsewhere; the page is never framed.
_POLICY = {
    "default-src": "'none'",
    "script-src": "'self'",
    "style-src": "'self'",
    "img-src": "'self'",
    "connect-src": "'self'",
    "base-uri": "'none'",
    "form-action": "'self'",  # Sign out is a form; a sign-in leaves by a link
    "frame-ancestors": "'none'",
}
CSP = "; ".join(f"{directive} {source}" for directive, source in _POLICY.items())
HEADERS = {
    "Content-Security-Policy": CSP,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",  # the address holds the token
    "X-Frame-Options": "DENY",
    "X-Robots-Tag": "noindex",
    "Cross-Origin-Opener-Policy": "same-origin",
    "Server": "dama",  # not aiohttp's own, which names its version and Python's
}
# ACTIVITY_ENABLED=1 (docs/ACTIVITY.md): Discord's clients frame the page (discord.com and its ptb/canary
# hosts, the older discordapp.com, and the Activity's own proxy origin <application id>.discordsays.com),
# and so may the site itself; nobody else. X-Frame-Options has no way to name them, so it is left out.
ACTIVITY_ANCESTORS = (
    "'self' https://discord.com https://*.discord.com https://discordapp.com https://*.discordapp.com "
    "https://*.discordsays.com"
)
ACTIVITY_CSP = "; ".join(
    f"{directive} {ACTIVITY_ANCESTORS if directive == 'frame-ancestors' else source}"
    for directive, source in _POLICY.items()
)
ACTIVITY_HEADERS = {
    **{name: value for name, value in HEADERS.items() if name != "X-Frame-Options"},
    "Content-Security-Policy": ACTIVITY_CSP,
}
READ_METHODS = ("GET", "HEAD")
# the only paths that take a POST (web/auth.py checks each): Sign out and a player's actions on a game
ACTION = re.compile(
    r"^/auth/logout$|^/api/token$|^/g/\d{1,15}/[A-Za-z0-9_-]{1,64}/(?:move|draw|decline|resign|note|premove)$"
)
_TOKEN_IN_PATH = re.compile(r"(/[a-z]{1,16}/\d+/)[^/?#]+")  # /g/<game>/<token>, /i/<record>/<token>, …
_SECRET_IN_QUERY = re.compile(r"([?&](?:code|state)=)[^&#]*")  # a sign-in's callback


def redact(path: str) -> str:
    """A request path for the log: `/g/12/<token>/ply/3` -> `/g/12/…/ply/3`, `/i/4/<token>` -> `/i/4/…`
    (every kind of page: the token is always the segment after a number)."""
    return _SECRET_IN_QUERY.sub(r"\1…", _TOKEN_IN_PATH.sub(r"\1…", path))


Network = ipaddress.IPv4Network | ipaddress.IPv6Network
LOOPBACK = "127.0.0.0/8, ::1/128"


def networks(text: str) -> tuple[Network, ...]:
    """`127.0.0.1, 10.0.0.0/8, ::1`: addresses and networks; `loopback`; `none` or empty: none. ValueError
    names the part that is neither."""
    found: list[Network] = []
    for raw in text.split(","):
        part = raw.strip()
        if not part or part.lower() == "none":
            continue
        if part.lower() == "loopback":
            found.extend(networks(LOOPBACK))
            continue
        try:
            found.append(ipaddress.ip_network(part, strict=False))
        except ValueError:
            raise ValueError(part) from None
    return tuple(found)


def _address(text: str) -> ipaddress.IPv4Address | ipaddress.IPv6Address | None:
    try:
        found = ipaddress.ip_address(text.strip().split("%", 1)[0])
    except ValueError:
        return None
    if isinstance(found, ipaddress.IPv6Address) and found.ipv4_mapped is not None:
        return found.ipv4_mapped
    return found


def trusted(address: str, proxies: tuple[Network, ...]) -> bool:
    found = _address(address)
    return found is not None and any(found in network for network in proxies)


def address_group(address: str) -> str:
    """The key a client's allowance is kept under: an IPv4 address itself, an IPv6 address by its /64 (one
    household or server is given a whole /64: counting each address alone would give it 2^64 allowances)."""
    found = _address(address)
    if found is None:
        return address[:64]
    if isinstance(found, ipaddress.IPv6Address):
        return str(ipaddress.IPv6Network((int(found) >> 64 << 64, 64)))
    return str(found)


def reader_words(request: web.Request) -> Words:
    """?lang=, else the browser's Accept-Language (the first language with a catalogue), else English."""
    asked = request.query.get("lang", "").strip()
    if asked:
        return words_for(resolve(asked[:16]))
    ranked: list[tuple[float, str]] = []
    for part in request.headers.get("Accept-Language", "")[:400].split(","):
        tag, _, weight = part.strip().partition(";q=")
        try:
            q = float(weight) if weight else 1.0
        except ValueError:
            continue
        if tag:
            ranked.append((q, tag))
    for _, tag in sorted(ranked, key=lambda item: -item[0]):
        locale = resolve(tag)
        if locale != "en" or tag.lower().startswith("en"):
            return words_for(locale)
    return words_for("en")


def text_page(request: web.Request, status: int, text: Callable[[Words], str]) -> web.Response:
    w = reader_words(request)
    page = message_page(w, text(w))
    return web.Response(status=status, text=page, content_type="text/html", headers={"Cache-Control": "no-store"})


def refusal(status: int) -> web.Response:
    """aiohttp's own answer to bytes that are not a request it can read (a malformed request line, a head too
    large): the same page and headers as every other answer, in English (nothing of the request is read), and
    nothing of what was sent echoed back."""
    w = words_for("en")
    text = words.bad_request(w) if 400 <= status < 500 else words.server_error(w)
    page = message_page(w, text)
    response = web.Response(status=status, text=page, content_type="text/html", headers={"Cache-Control": "no-store"})
    response.headers.update(HEADERS)
    return response


def not_found(request: web.Request) -> web.Response:
    """The one answer for a missing game, a wrong token, a closed server and any unknown address."""
    return text_page(request, 404, words.not_found)


class Busy(Exception):
    """Every render slot stayed taken: the answer is 503, "the server is busy"."""


class RateLimit:
    """A token bucket per client address: `burst` requests at once, refilled at `per_minute`."""

    def __init__(self, per_minute: float, burst: int, clock: Callable[[], float] = time.monotonic) -> None:
        self.rate = per_minute / 60.0
        self.burst = float(burst)
        self.clock = clock
        self.buckets: OrderedDict[str, tuple[float, float]] = OrderedDict()  # address -> (tokens, when)

    def allow(self, address: str) -> bool:
        now = self.clock()
        tokens, then = self.buckets.pop(address, (self.burst, now))
        tokens = min(self.burst, tokens + (now - then) * self.rate)
        allowed = tokens >= 1.0
        self.buckets[address] = (tokens - 1.0 if allowed else tokens, now)
        while len(self.buckets) > 10_000:  # forget the longest idle addresses
            self.buckets.popitem(last=False)
        return allowed


def client_address(request: web.Request, proxies: tuple[Network, ...] = ()) -> str:
    """Whose allowance a request uses: the peer's address (an IPv6 one by its /64); when the peer is a trusted
    proxy (WEB_TRUSTED_PROXIES), the address it adds last to X-Forwarded-For (nginx's
    $proxy_add_x_forwarded_for), which a client cannot forge. Anyone else's X-Forwarded-For counts for nothing."""
    peer = request.remote or ""
    forwarded = request.headers.get("X-Forwarded-For", "")
    if forwarded and trusted(peer, proxies):
        client = forwarded.split(",")[-1].strip()
        if _address(client) is not None:
            return address_group(client)
    return address_group(peer)


def guard(limit: RateLimit, proxies: tuple[Network, ...] = (), activity: bool = False) -> Middleware:
    """With `activity` (ACTIVITY_ENABLED=1) Discord's clients may frame the pages; otherwise nobody may."""
    headers = ACTIVITY_HEADERS if activity else HEADERS

    @web.middleware
    async def middleware(request: web.Request, handler: Handler) -> web.StreamResponse:
        with acting_as(SYSTEM):  # the link's token is the page's access check (service/weblinks.py)
            response = await _answer(request, handler, limit, proxies)
        response.headers.update(headers)
        return response

    return middleware


async def _answer(
    request: web.Request, handler: Handler, limit: RateLimit, proxies: tuple[Network, ...]
) -> web.StreamResponse:
    if request.method not in READ_METHODS and not (request.method == "POST" and ACTION.match(request.path)):
        response = text_page(request, 405, words.read_only)
        response.headers["Allow"] = ", ".join(READ_METHODS)
        return response
    if not limit.allow(client_address(request, proxies)):
        response = text_page(request, 429, words.too_many_requests)
        response.headers["Retry-After"] = "60"
        return response
    try:
        return await handler(request)
    except Busy:
        response = text_page(request, 503, words.busy)
        response.headers["Retry-After"] = "60"
        return response
    except web.HTTPNotFound:
        return not_found(request)
    except web.HTTPMethodNotAllowed:
        return text_page(request, 405, words.read_only)
    except web.HTTPException as error:  # aiohttp's own refusals, e.g. a malformed query
        return text_page(request, error.status if 400 <= error.status < 500 else 500, words.server_error)
    except Exception as error:
        # The log names the failure and the address without its token; the answer says nothing of it.
        log.error("web: %s answering %s %s", type(error).__name__, request.method, redact(request.path))
        log.debug("web: the failure in full", exc_info=True)
        return text_page(request, 500, words.server_error)


class RedactedAccessLog(AbstractAccessLogger):
    """One line per request, the token replaced by an ellipsis (tokens never reach a log)."""

    def log(self, request: web.BaseRequest, response: web.StreamResponse, time: float) -> None:
        self.logger.info(
            '%s "%s %s" %s %.1f ms',
            request.remote,
            request.method,
            redact(request.path_qs),
            response.status,
            time * 1000,
        )


class MalformedRequests(logging.Filter):
    """Anyone on the internet can send bytes that are not HTTP (a line too long, a made-up method): aiohttp
    refuses them with 400 and logs an ERROR with its traceback. Here that is one line, without the request."""

    def filter(self, record: logging.LogRecord) -> bool:
        refused = record.exc_info[1] if record.exc_info else None
        if isinstance(refused, HttpProcessingError) and 400 <= (refused.code or 0) < 500:
            log.info("refused a malformed request (%s %s)", refused.code, type(refused).__name__)
            return False
        return True


def quiet_malformed_requests() -> None:
    """Install the filter once on aiohttp's server logger."""
    if not any(isinstance(existing, MalformedRequests) for existing in server_logger.filters):
        server_logger.addFilter(MalformedRequests())
