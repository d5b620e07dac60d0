"""service.sessions: signing in on the web page. A sign-in's state is used once, by the browser that started
it, within ten minutes; the PKCE challenge is S256 of the verifier (RFC 7636, computed here with hashlib); a
session opens nothing once it has ended, expired, or its player deleted their data; the database holds no
cookie, state or browser key in the clear. Runs on SQLite and PostgreSQL."""

from __future__ import annotations

import base64
import hashlib

import pytest

from data import Database
from service import Service, SignInFailed
from service.websessions import safe_next
from tests.service.conftest import FakeClock, new_game

pytestmark = pytest.mark.asyncio
ALICE = 734_512_998_101


async def test_a_sign_in_finishes_once_in_the_browser_that_started_it(service: Service) -> None:
    sign_in = await service.sessions.start_sign_in("/g/12/abcDEF_-")
    with pytest.raises(SignInFailed):
        await service.sessions.finish_sign_in(sign_in.state, "another-browser-key-of-some-length")
    # a wrong browser used the state up: not even the right browser can finish it now
    with pytest.raises(SignInFailed):
        await service.sessions.finish_sign_in(sign_in.state, sign_in.browser)
    sign_in = await service.sessions.start_sign_in("/g/12/abcDEF_-")
    verifier, next_path = await service.sessions.finish_sign_in(sign_in.state, sign_in.browser)
    assert next_path == "/g/12/abcDEF_-"
    digest = hashlib.sha256(verifier.encode()).digest()
    assert sign_in.challenge == base64.urlsafe_b64encode(digest).decode().rstrip("=")
    assert 43 <= len(verifier) <= 128  # RFC 7636 4.1
    with pytest.raises(SignInFailed):
        await service.sessions.finish_sign_in(sign_in.state, sign_in.browser)


async def test_a_sign_in_expires_after_ten_minutes(service: Service, clock: FakeClock) -> None:
    sign_in = await service.sessions.start_sign_in(None)
    clock.advance(minutes=10, seconds=1)
    with pytest.raises(SignInFailed):
        await service.sessions.finish_sign_in(sign_in.state, sign_in.browser)


@pytest.mark.parametrize(
    "asked",
    ["//evil.example/x", "https://evil.example", "/\\evil.example", "/g/1/../../x", "", "g/1", "/a?b", None],
)
async def test_only_a_page_of_this_site_is_a_place_to_go_back_to(asked: str | None) -> None:
    assert safe_next(asked) == "/"


async def test_a_session_names_its_player_until_it_ends(service: Service, db: Database) -> None:
    opened = await service.sessions.open(ALICE, "Alice")
    found = await service.sessions.find(opened.cookie)
    assert found is not None and (found.player_id, found.name) == (ALICE, "Alice")
    assert found.csrf_matches(opened.session.csrf) and not found.csrf_matches(opened.session.csrf[:-1] + "x")
    assert await service.sessions.find(opened.cookie[:-1] + ("A" if opened.cookie[-1] != "A" else "B")) is None
    async with db.read() as repos:
        stored = await repos.conn.execute_fetchall("SELECT * FROM web_sessions")
    text = repr([tuple(row) for row in stored])
    assert opened.cookie not in text  # only its digest
    await service.sessions.end(opened.cookie)
    assert await service.sessions.find(opened.cookie) is None


async def test_a_session_expires_after_thirty_days(service: Service, clock: FakeClock) -> None:
    opened = await service.sessions.open(ALICE, "Alice")
    clock.advance(days=29)
    assert await service.sessions.find(opened.cookie) is not None
    clock.advance(days=1, seconds=1)
    assert await service.sessions.find(opened.cookie) is None


async def test_forget_me_ends_every_session_of_the_player(service: Service) -> None:
    await new_game(service)  # someone else's data stays
    mine = [await service.sessions.open(ALICE, "Alice") for _ in range(2)]
    other = await service.sessions.open(ALICE + 1, "Bob")
    await service.players.delete_data(ALICE)
    assert [await service.sessions.find(s.cookie) for s in mine] == [None, None]
    assert await service.sessions.find(other.cookie) is not None
