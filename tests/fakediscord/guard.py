"""Loopback-only guard: tests must never open a connection beyond 127.0.0.0/8 or ::1.

Two layers:
* an audit hook (``sys.addaudithook``) on ``socket.connect`` / ``socket.getaddrinfo`` — catches every
  library, installed once per process and switched on with :func:`enable` (the test process, while a
  fake Discord runs) or at start-up by the subprocess launcher (``DAMA_LOOPBACK_ONLY=1``);
* :class:`LoopbackOnlyResolver` for aiohttp, so an in-process client with ``connector=loopback_connector()``
  fails at name resolution with a clear message.

The error is a ``RuntimeError`` (not ``OSError``) on purpose: discord.py and aiohttp retry on ``OSError``,
which would turn a forgotten URL patch into a silent reconnect loop instead of a failure.
"""

from __future__ import annotations

import ipaddress
import socket
import sys
from typing import Any

import aiohttp
from aiohttp.abc import AbstractResolver, ResolveResult

LOOKUP_EVENTS = frozenset({"socket.getaddrinfo", "socket.gethostbyname", "socket.gethostbyaddr"})
LOOPBACK_NAMES = frozenset({"localhost", "localhost.localdomain", "ip6-localhost"})


class LoopbackViolation(RuntimeError):
    """A connection or name lookup beyond loopback was attempted."""


_installed = False
_enabled = False
violations: list[str] = []


def is_loopback_host(host: object) -> bool:
    if host is None:
        return True  # getaddrinfo(None, port) = bind to a local wildcard; no remote is involved
    if isinstance(host, bytes):
        host = host.decode("ascii", "replace")
    if not isinstance(host, str):
        return False
    name = host.strip("[]").split("%", 1)[0].lower()
    if name in LOOPBACK_NAMES:
        return True
    try:
        return ipaddress.ip_address(name).is_loopback
    except ValueError:
        return False


def _refuse(what: str) -> None:
    message = f"loopback guard: refused {what}"
    violations.append(message)
    print(message, file=sys.stderr, flush=True)
    raise LoopbackViolation(message)


def _audit(event: str, args: tuple[Any, ...]) -> None:
    if not _enabled:
        return
    if event == "socket.connect":
        sock, address = args
        if getattr(sock, "family", None) in (socket.AF_INET, socket.AF_INET6) and not is_loopback_host(
            address[0]
        ):
            _refuse(f"connect to {address!r}")
    elif event in LOOKUP_EVENTS and not is_loopback_host(args[0]):
        _refuse(f"name lookup of {args[0]!r}")


def enable() -> None:
    """Install the audit hook (once per process; hooks cannot be removed) and switch it on."""
    global _installed, _enabled
    if not _installed:
        sys.addaudithook(_audit)
        _installed = True
    _enabled = True


def disable() -> None:
    global _enabled
    _enabled = False


def is_enabled() -> bool:
    return _enabled


class LoopbackOnlyResolver(AbstractResolver):
    """aiohttp resolver that knows only loopback names and addresses."""

    async def resolve(
        self, host: str, port: int = 0, family: socket.AddressFamily = socket.AF_INET
    ) -> list[ResolveResult]:
        if not is_loopback_host(host):
            _refuse(f"aiohttp request to host {host!r}")
        name = host.strip("[]")
        address = "::1" if name in ("ip6-localhost", "::1") else name
        if name in LOOPBACK_NAMES and address != "::1":
            address = "127.0.0.1"
        fam = socket.AF_INET6 if ":" in address else socket.AF_INET
        return [
            {"hostname": host, "host": address, "port": port, "family": fam, "proto": 0,
             "flags": socket.AI_NUMERICHOST}
        ]

    async def close(self) -> None:
        return None


def loopback_connector() -> aiohttp.TCPConnector:
    """A connector for ``discord.Client(connector=...)`` that cannot reach beyond loopback."""
    return aiohttp.TCPConnector(resolver=LoopbackOnlyResolver())
