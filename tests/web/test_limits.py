"""The web server cannot be starved (review rows 3, 14 and 15), over real sockets on 127.0.0.1: idle
connections and headers sent a byte at a time are closed, the connection caps hold (per address and in all,
another address is still served), X-Forwarded-For counts only from a trusted proxy and IPv6 clients count by
their /64, and aiohttp's own error answers carry the security headers and echo nothing."""

from __future__ import annotations

import asyncio
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from data import Database
from service import Service
from tests.web.site import Site
from tests.web.test_http import fetch
from web import app as web_app
from web.app import Pages, WebConfig
from web.guard import CSP, Busy, address_group, networks
from web.limits import HEADER_TIMEOUT, KEEPALIVE_TIMEOUT


@pytest.fixture
def small(tmp_path: Path) -> Iterator[Site]:
    """Timeouts of a second or two (the defaults are checked apart) and small caps, so the test is short; no
    trusted proxy (loopback, trusted by default, would count in the total only)."""
    running = Site(tmp_path, header_timeout=1.0, keepalive_timeout=2.0, max_connections=40, max_per_address=10,
                   trusted_proxies=())
    try:
        yield running
    finally:
        running.close()


def connect(site: Site, source: str = "127.0.0.1") -> socket.socket:
    sock = socket.create_connection(("127.0.0.1", int(site.base.rsplit(":", 1)[1])), timeout=5,
                                    source_address=(source, 0))
    sock.settimeout(5)
    return sock


def closed_by_server(sock: socket.socket, within: float) -> bool:
    """Whether the server closes the connection (EOF or reset) within `within` seconds."""
    sock.settimeout(within)
    try:
        while sock.recv(4096):
            pass
        return True
    except ConnectionResetError:
        return True
    except TimeoutError:
        return False


def raw(site: Site, data: bytes) -> bytes:
    with connect(site) as sock:
        sock.sendall(data)
        answer = b""
        while chunk := sock.recv(65536):
            answer += chunk
    return answer


def test_the_defaults_close_idle_and_slow_connections_in_seconds() -> None:
    assert HEADER_TIMEOUT <= 10 and KEEPALIVE_TIMEOUT <= 15  # aiohttp's own: 3,630 s, and no header timeout


def test_idle_connections_and_byte_a_time_headers_are_closed(small: Site) -> None:
    idle = [connect(small) for _ in range(5)]
    slow = connect(small, "127.0.0.2")
    started = time.monotonic()
    slow.sendall(b"GET / HTTP/1.1\r\n")
    for _ in range(4):  # a header line a byte every 0.4 s: never complete within the header timeout
        time.sleep(0.4)
        try:
            slow.sendall(b"X")
        except OSError:
            break
    assert closed_by_server(slow, 3.0)
    assert time.monotonic() - started < 3.0  # the header timeout (1 s from the first byte), not the idle one
    assert all(closed_by_server(sock, 3.0) for sock in idle)  # the keep-alive timeout (2 s)
    assert time.monotonic() - started < 5.0
    for sock in (*idle, slow):
        sock.close()
    assert small.server.connections.open == 0
    assert fetch(small.base + "/static/dama.css")[0] == 200  # and the server still answers


def test_the_caps_per_address_and_in_all_hold_and_others_are_served(small: Site) -> None:
    held = [connect(small) for _ in range(25)]  # cap 10 from one address
    time.sleep(0.3)
    refused = [sock for sock in held if closed_by_server(sock, 0.05)]
    assert len(refused) == 15 and small.server.connections.open == 10
    others = [connect(small, f"127.0.0.{n}") for n in range(2, 6) for _ in range(10)]  # 40 more, cap 40 in all
    time.sleep(0.3)
    assert small.server.connections.open == 40
    assert sum(closed_by_server(sock, 0.05) for sock in others) == 10
    for sock in held + others:
        sock.close()
    time.sleep(0.3)
    assert small.server.connections.open == 0
    assert fetch(small.base + "/static/dama.css")[0] == 200


def test_forwarded_for_counts_only_from_a_trusted_proxy(tmp_path: Path) -> None:
    """Review row 14: 150 requests rotating X-Forwarded-For from loopback were all served."""
    for name in ("a", "b"):
        (tmp_path / name).mkdir()
    untrusting = Site(tmp_path / "a", trusted_proxies=networks("none"), requests_per_minute=60, burst=20)
    try:
        served = [fetch(untrusting.base + "/static/dama.css", headers={"X-Forwarded-For": f"198.51.100.{n}"})[0]
                  for n in range(40)]
        assert served.count(200) == 20 and served.count(429) == 20
    finally:
        untrusting.close()
    proxied = Site(tmp_path / "b", trusted_proxies=networks("127.0.0.1"), requests_per_minute=60, burst=20)
    try:
        served = [fetch(proxied.base + "/static/dama.css", headers={"X-Forwarded-For": f"198.51.100.{n}"})[0]
                  for n in range(40)]
        assert served.count(200) == 40  # forty clients behind the proxy, each with its own allowance
        # one IPv6 client rotating through its /64 has one allowance
        served = [fetch(proxied.base + "/static/dama.css", headers={"X-Forwarded-For": f"2001:db8:1:2::{n:x}"})[0]
                  for n in range(40)]
        assert served.count(200) == 20 and served.count(429) == 20
    finally:
        proxied.close()


def test_ipv6_addresses_are_grouped_by_their_64() -> None:
    assert address_group("2001:db8:1:2::1") == address_group("2001:db8:1:2:ffff::9") == "2001:db8:1:2::/64"
    assert address_group("2001:db8:1:3::1") != address_group("2001:db8:1:2::1")
    assert address_group("::ffff:198.51.100.7") == address_group("198.51.100.7") == "198.51.100.7"


def test_aiohttps_own_errors_carry_the_headers_and_echo_nothing(small: Site) -> None:
    """Review row 15."""
    for request in (b"GET /<script>alert(1)</script> HTTP/1.1 junk\r\n\r\n", b"\x16\x03\x01 hello\r\n\r\n",
                    b"GET / HTTP/1.1\r\nX-Long: " + b"a" * 20_000 + b"\r\n\r\n"):
        answer = raw(small, request)
        head, _, body = answer.partition(b"\r\n\r\n")
        assert head.startswith((b"HTTP/1.1 4", b"HTTP/1.0 4")), head
        assert f"Content-Security-Policy: {CSP}".encode() in head and b"X-Frame-Options: DENY" in head
        assert b"Cache-Control: no-store" in head
        assert b"script" not in body and b"hello" not in body and b"aaaa" not in body
        assert b"aiohttp" not in answer and b"Python" not in answer
    status, headers, _ = fetch(small.base + "/g/1/nothing-here")
    assert status == 404 and headers["Cache-Control"] == "no-store" and headers["Server"] == "dama"
    assert fetch(small.base + "/static/dama.css")[1]["Server"] == "dama"


@pytest.mark.asyncio
async def test_renders_run_a_few_at_once_and_a_crowd_waits_a_bounded_time(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Review row 2's crowd of page requests took every worker thread: pages and boards are drawn two at a
    time, and a request that cannot get a turn within RENDER_WAIT is told the server is busy (503)."""
    db = await Database.open(tmp_path / "render.sqlite3")
    try:
        pages = Pages(Service(db), WebConfig(port=1, base_url="http://127.0.0.1:1"))
        running = peak = 0
        guard = threading.Lock()

        def draw(seconds: float) -> float:  # a render's stand-in: it only sleeps in its worker thread
            nonlocal running, peak
            with guard:
                running += 1
                peak = max(peak, running)
            time.sleep(seconds)
            with guard:
                running -= 1
            return seconds

        assert await asyncio.gather(*(pages.render(draw, 0.2) for _ in range(8))) == [0.2] * 8
        assert peak == 2
        monkeypatch.setattr(web_app, "RENDER_WAIT", 0.3)
        outcomes = await asyncio.gather(*(pages.render(draw, 1.0) for _ in range(3)), return_exceptions=True)
        assert outcomes.count(1.0) == 2 and sum(isinstance(o, Busy) for o in outcomes) == 1
    finally:
        await db.close()
