"""What bounds the web server's connections, so that nobody can starve it, or the bot beside it, of sockets and
file descriptors (review row 3: 2,000 idle connections were held 80 s, and 1,100 of them under a 1,024 file limit
stopped every post to Discord):

- a connection must finish each request head within HEADER_TIMEOUT of its first byte, and is closed after
  KEEPALIVE_TIMEOUT without a complete request (from its opening, or from the end of its previous answer);
- at most `total` connections are open at once, and at most `per_address` from one client address (an IPv6
  address counts by its /64, a subscriber's usual allocation); a trusted proxy's connections count in the
  total only (its clients are told apart per request, by X-Forwarded-For); a connection over a cap is
  closed at once, before it is read;
- the soft file limit is raised to the hard one at start (raise_file_limit), and the total cap stays below
  half of it, so sockets for Discord and the database remain.
"""

from __future__ import annotations

import asyncio
import errno
import os
import resource
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from aiohttp import web
from aiohttp.web_protocol import RequestHandler
from aiohttp.web_request import BaseRequest

from web.guard import Network, address_group, refusal, trusted

HEADER_TIMEOUT = 10.0  # seconds from a request's first byte to the end of its head
KEEPALIVE_TIMEOUT = 15.0  # seconds a connection may wait without a complete request
MAX_CONNECTIONS = 512
MAX_PER_ADDRESS = 32
FD_RESERVE = 64  # descriptors readiness wants free (Discord, the database, the engine's pipes)


refused_observer: Callable[[], None] | None = None  # told of each refused connection (the operator's metrics)


@dataclass
class Connections:
    """The open connections of one server, counted in all and per address group."""

    total: int = MAX_CONNECTIONS
    per_address: int = MAX_PER_ADDRESS
    proxies: tuple[Network, ...] = ()  # WEB_TRUSTED_PROXIES
    header_timeout: float = HEADER_TIMEOUT
    open: int = 0
    refused: int = 0
    groups: dict[str, int] = field(default_factory=dict)

    def admit(self, peer: str | None) -> str | None:
        """The group the connection is counted under ("" for a trusted proxy), or None: refused."""
        group = "" if peer is None or trusted(peer, self.proxies) else address_group(peer)
        if self.open >= self.total or (group and self.groups.get(group, 0) >= self.per_address):
            self.refused += 1
            if refused_observer is not None:
                refused_observer()
            return None
        self.open += 1
        if group:
            self.groups[group] = self.groups.get(group, 0) + 1
        return group

    def release(self, group: str) -> None:
        self.open -= 1
        if group:
            left = self.groups.get(group, 1) - 1
            if left > 0:
                self.groups[group] = left
            else:
                self.groups.pop(group, None)


_live: list[Connections] = []  # every running server's (the bot's pages; local mode's thread)


def open_connections() -> int:
    """Connections open on every web server of this process, for /metrics."""
    return sum(connections.open for connections in _live)


class GuardedHandler(RequestHandler):
    """aiohttp's connection handler with the caps and the header timeout."""

    def __init__(self, manager: web.Server, connections: Connections, **kwargs: Any) -> None:
        super().__init__(manager, **kwargs)
        self._limits = connections
        self._group: str | None = None
        self._head_timer: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        peer = transport.get_extra_info("peername")
        self._group = self._limits.admit(str(peer[0]) if peer else None)
        super().connection_made(transport)
        if self._group is None:
            self.force_close()  # over a cap: closed before a byte is read

    def connection_lost(self, exc: BaseException | None) -> None:
        if self._group is not None:
            self._limits.release(self._group)
            self._group = None
        self._stop_head_timer()
        super().connection_lost(exc)

    def data_received(self, data: bytes) -> None:
        before = self._request_count
        super().data_received(data)
        if self._request_count != before:
            self._stop_head_timer()
        elif data and self._head_timer is None and not self._force_close:
            self._head_timer = asyncio.get_running_loop().call_later(self._limits.header_timeout, self._head_too_slow)

    def handle_error(
        self, request: BaseRequest, status: int = 500, exc: BaseException | None = None, message: str | None = None
    ) -> web.StreamResponse:
        """aiohttp's own refusals (review row 15: its 400 echoed the request line, without the security
        headers): logged as aiohttp does (one line: web.guard.MalformedRequests), answered with our page."""
        super().handle_error(request, status, exc, message)  # logs; raises if an answer was begun already
        answer = refusal(status)
        answer.force_close()
        return answer

    def _head_too_slow(self) -> None:
        self._head_timer = None
        self.force_close()

    def _stop_head_timer(self) -> None:
        if self._head_timer is not None:
            self._head_timer.cancel()
            self._head_timer = None


class GuardedServer(web.Server):
    def __init__(self, plain: web.Server, connections: Connections) -> None:
        super().__init__(
            plain.request_handler,
            request_factory=plain.request_factory,
            handler_cancellation=plain.handler_cancellation,
            **plain._kwargs,  # what the runner was given (access log, timeouts)
        )
        self.guarded = connections

    def __call__(self) -> RequestHandler:
        return GuardedHandler(self, self.guarded, loop=asyncio.get_running_loop(), **self._kwargs)


class GuardedRunner(web.AppRunner):
    """An AppRunner whose connections go through GuardedHandler."""

    def __init__(
        self, app: web.Application, connections: Connections, keepalive: float = KEEPALIVE_TIMEOUT, **kwargs: Any
    ) -> None:
        super().__init__(app, keepalive_timeout=keepalive, **kwargs)
        self.connections = connections

    async def _make_server(self) -> web.Server:
        return GuardedServer(await super()._make_server(), self.connections)

    async def setup(self) -> None:
        await super().setup()
        _live.append(self.connections)

    async def cleanup(self) -> None:
        if self.connections in _live:
            _live.remove(self.connections)
        await super().cleanup()


def raise_file_limit() -> tuple[int, int]:
    """Raise the soft limit on open files to the hard one (Linux often starts processes at 1,024); returns
    (soft, hard) as they are afterwards."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard == resource.RLIM_INFINITY or soft < hard:
        wanted = hard if hard != resource.RLIM_INFINITY else max(soft, 1 << 20)
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))
        except (ValueError, OSError):  # a container may refuse: the soft limit stays, and the caps below it
            pass
        soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    return soft, hard


def file_limit() -> int:
    return resource.getrlimit(resource.RLIMIT_NOFILE)[0]


def files_open() -> int:
    """Descriptors this process has open (Linux's /proc; elsewhere 0: not known)."""
    try:
        return len(os.listdir("/proc/self/fd"))
    except OSError as error:
        return file_limit() if error.errno in (errno.EMFILE, errno.ENFILE) else 0


def connection_cap(wanted: int) -> int:
    """The total cap under the file limit: at most half the descriptors go to web connections."""
    return max(1, min(wanted, file_limit() // 2))
