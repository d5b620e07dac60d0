"""Signing in with Discord on a game's page, over HTTP against the loopback Discord's OAuth2 endpoints (which
check the client secret, the redirect, the single-use code and the PKCE verifier as Discord does): the whole
round trip, the cookies' flags, a state from another browser, a replayed callback, Sign out and what it
needs, the pages without the client settings, and no secret in the log."""

from __future__ import annotations

import logging
import re
import urllib.error
import urllib.request
from collections.abc import Iterator
from urllib.parse import parse_qs, urlsplit

import pytest

from tests.fakediscord.model import FakeUser
from tests.web.loopback import Client, LoopbackDiscord
from tests.web.site import Site


@pytest.fixture
def client(discord: LoopbackDiscord) -> Iterator[Client]:
    made = Client(discord)
    try:
        yield made
    finally:
        made.close()


def authorize(client: Client, location: str, decision: str = "authorize") -> str:
    """Discord's consent page, then its button: where Discord sends the browser back."""
    status, _, body = client.request("GET", location)
    assert status == 200 and "wants to access your account" in body, body
    query = {key: values[0] for key, values in parse_qs(urlsplit(location).query).items()}
    base = location.split("?", 1)[0]
    status, headers, _ = client.request("POST", base, data={**query, "decision": decision})
    assert status == 302
    return headers["Location"]


def sign_in(site: Site, discord: LoopbackDiscord, client: Client, page: str, user: FakeUser | None = None) -> str:
    """From the page's Sign in link to the page again (as Alice unless told); the page's HTML, signed in."""
    discord.fake.oauth_browser_user = user or discord.fake.alice
    status, _, body = client.request("GET", page)
    link = re.search(r'id="sign-in" href="([^"]+)"', body)
    assert status == 200 and link is not None
    status, headers, _ = client.request("GET", link.group(1).replace("&amp;", "&"))
    assert status == 302 and headers["Location"].startswith(f"{discord.fake.base_url}/oauth2/authorize?")
    back = authorize(client, headers["Location"])
    status, headers, _ = client.request("GET", back)
    assert status == 303 and headers["Location"] == page, headers
    status, _, body = client.request("GET", page)
    assert status == 200
    return body


def test_a_player_signs_in_through_discord_and_comes_back_to_the_page(
    signing: Site, discord: LoopbackDiscord, client: Client
) -> None:
    page = signing.link(signing.new_game())
    body = sign_in(signing, discord, client, page)
    assert "Signed in as Alice" in body and 'id="sign-in"' not in body
    assert re.search(r'<meta name="csrf-token" content="[A-Za-z0-9_-]{40,}">', body)
    asked = discord.fake.oauth_authorize_requests[-1]
    assert asked["scope"] == "identify" and asked["code_challenge_method"] == "S256"
    assert asked["redirect_uri"] == f"{signing.base}/auth/callback"
    assert discord.fake.oauth_refusals == []
    # the player is the one Discord named, with Discord's name for them
    player = signing.run(signing.service.players.preferences(discord.fake.alice.id))
    assert player is not None
    assert signing.run(signing.service.sessions.sessions_of(discord.fake.alice.id)) == 1


def test_the_session_cookie_is_httponly_and_lax(signing: Site, discord: LoopbackDiscord, client: Client) -> None:
    page = signing.link(signing.new_game())
    discord.fake.oauth_browser_user = discord.fake.alice
    status, headers, _ = client.request("GET", f"{signing.base}/auth/login?next=/g/1/x")
    cookie = headers["Set-Cookie"]
    assert "dama_sign_in=" in cookie and "HttpOnly" in cookie and "samesite=lax" in cookie.lower()
    assert "Path=/auth/" in cookie and "Secure" not in cookie  # http: a Secure cookie would never come back
    back = authorize(client, headers["Location"])
    status, headers, _ = client.request("GET", back)
    cookie = headers["Set-Cookie"]
    assert status == 303 and "dama_session=" in cookie and "HttpOnly" in cookie and "samesite=lax" in cookie.lower()
    assert "Path=/;" in cookie or cookie.endswith("Path=/")
    assert client.cookie("dama_session") is not None
    assert page


def test_a_callback_in_another_browser_or_a_second_time_signs_no_one_in(
    signing: Site, discord: LoopbackDiscord, client: Client
) -> None:
    discord.fake.oauth_browser_user = discord.fake.alice
    _, headers, _ = client.request("GET", f"{signing.base}/auth/login?next=/")
    back = authorize(client, headers["Location"])
    thief = Client(discord)  # a browser that never started this sign-in (a login CSRF)
    try:
        status, headers, body = thief.request("GET", back)
        assert status == 400 and "expired or was started in another browser" in body
        assert thief.cookie("dama_session") is None
    finally:
        thief.close()
    status, _, body = client.request("GET", back)  # the state was used up by the attempt
    assert status == 400 and client.cookie("dama_session") is None
    status, _, body = client.request("GET", f"{signing.base}/auth/callback?code=x&state=" + "A" * 43)
    assert status == 400


def test_cancelling_on_discord_signs_no_one_in(signing: Site, discord: LoopbackDiscord, client: Client) -> None:
    discord.fake.oauth_browser_user = discord.fake.alice
    _, headers, _ = client.request("GET", f"{signing.base}/auth/login?next=/")
    back = authorize(client, headers["Location"], decision="cancel")
    status, _, body = client.request("GET", back)
    assert status == 400 and "You did not sign in" in body and client.cookie("dama_session") is None


def test_discord_refusing_the_code_is_a_sentence(signing: Site, discord: LoopbackDiscord, client: Client) -> None:
    discord.fake.oauth_browser_user = discord.fake.alice
    _, headers, _ = client.request("GET", f"{signing.base}/auth/login?next=/")
    back = authorize(client, headers["Location"])
    discord.fake.oauth_codes.clear()  # Discord forgot the code (expired)
    status, _, body = client.request("GET", back)
    assert status == 502 and "Discord did not confirm who you are" in body
    assert "Traceback" not in body and client.cookie("dama_session") is None


def test_sign_out_needs_the_token_and_this_sites_origin(
    signing: Site, discord: LoopbackDiscord, client: Client
) -> None:
    page = signing.link(signing.new_game())
    body = sign_in(signing, discord, client, page)
    found = re.search(r'name="csrf" value="([^"]+)"', body)
    assert found is not None
    csrf = found.group(1)
    logout = f"{signing.base}/auth/logout"
    alice = discord.fake.alice.id
    refused = [
        ({"csrf": csrf, "next": "/"}, {"Origin": "https://evil.example"}),
        ({"csrf": csrf, "next": "/"}, {}),  # no Origin at all
        ({"csrf": csrf, "next": "/"}, {"Origin": "null", "Sec-Fetch-Site": "cross-site"}),
        ({"csrf": csrf, "next": "/"}, {"Origin": "https://evil.example", "Sec-Fetch-Site": "same-origin"}),
        ({"next": "/"}, {"Origin": signing.base}),
        ({"csrf": csrf[:-1] + ("A" if csrf[-1] != "A" else "B"), "next": "/"}, {"Origin": signing.base}),
    ]
    for form, headers in refused:
        status, _, answer = client.request("POST", logout, data=form, headers=headers)
        assert status == 403 and "nothing was changed" in answer
        assert signing.run(signing.service.sessions.sessions_of(alice)) == 1
    status, headers, _ = client.request(
        "POST", logout, data={"csrf": csrf, "next": urlsplit(page).path}, headers={"Origin": signing.base}
    )
    assert status == 303 and headers["Location"] == page
    assert signing.run(signing.service.sessions.sessions_of(alice)) == 0
    status, _, body = client.request("GET", page)
    assert 'id="sign-in"' in body and "Signed in as" not in body


def test_without_the_client_settings_the_page_offers_no_sign_in(site: Site) -> None:
    page = site.link(site.new_game())
    with urllib.request.urlopen(page) as answer:
        body = answer.read().decode()
    assert 'id="sign-in"' not in body and "csrf-token" not in body
    for path in ("/auth/login?next=/", "/auth/callback?code=a&state=b"):
        try:
            urllib.request.urlopen(site.base + path)
        except urllib.error.HTTPError as error:
            assert error.code == 404
        else:
            raise AssertionError(path)


def test_no_code_state_cookie_or_secret_reaches_the_log(
    signing: Site, discord: LoopbackDiscord, client: Client, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG)
    page = signing.link(signing.new_game())
    sign_in(signing, discord, client, page)
    session = client.cookie("dama_session")
    assert session is not None
    secrets = [discord.fake.oauth_client_secret, session, *discord.fake.oauth_tokens]
    secrets += [r["state"] for r in discord.fake.oauth_authorize_requests]
    logged = "\n".join(record.getMessage() for record in caplog.records)
    assert "/auth/callback?code=…&state=…" in logged
    for secret in secrets:
        assert secret not in logged
