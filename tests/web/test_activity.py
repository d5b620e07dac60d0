"""The page as a Discord Activity (ACTIVITY_ENABLED=1), over HTTP against the loopback Discord: the frame
policy in both modes, POST /api/token (the code Discord's client gave the SDK's authorize, exchanged at
/oauth2/token, the user read from /users/@me, the same session as a sign-in's), its refusals, the page's
script only in this mode, the scripts' weight, and no code or token in the log. The handshake in a browser
is tests/web/test_activity_browser.py."""

from __future__ import annotations

import gzip
import json
import logging
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.web.loopback import Client, LoopbackDiscord
from tests.web.site import Site

STATIC = Path(__file__).resolve().parents[2] / "web" / "static"
# Discord's clients (stable, ptb, canary; the older discordapp.com) and an Activity's proxy origin, written
# out here from Discord's documentation rather than taken from web/guard.py
DISCORD_FRAMES = {
    "'self'",
    "https://discord.com",
    "https://*.discord.com",
    "https://discordapp.com",
    "https://*.discordapp.com",
    "https://*.discordsays.com",
}


def open_site(discord: LoopbackDiscord, folder: Path, activity: bool) -> Iterator[Site]:
    folder.mkdir()
    site = discord.site(folder, activity=activity)
    try:
        yield site
    finally:
        site.close()


@pytest.fixture
def activity(discord: LoopbackDiscord, tmp_path: Path) -> Iterator[Site]:
    yield from open_site(discord, tmp_path / "on", True)


@pytest.fixture
def plain(discord: LoopbackDiscord, tmp_path: Path) -> Iterator[Site]:
    yield from open_site(discord, tmp_path / "off", False)


@pytest.fixture
def client(discord: LoopbackDiscord) -> Iterator[Client]:
    made = Client(discord)
    try:
        yield made
    finally:
        made.close()


def policy(header: str) -> dict[str, set[str]]:
    found = {}
    for part in header.split(";"):
        name, *sources = part.split()
        found[name] = set(sources)
    return found


def test_only_the_activity_mode_lets_discord_frame_the_pages(activity: Site, plain: Site, client: Client) -> None:
    for site, framed in ((activity, True), (plain, False)):
        link = site.link(site.new_game())
        for url in (link, link + "/state", f"{site.base}/static/dama.js", link[:-3] + "xyz", f"{site.base}/nothing"):
            _, headers, _ = client.request("GET", url)
            csp = policy(headers["Content-Security-Policy"])
            if framed:
                assert csp["frame-ancestors"] == DISCORD_FRAMES, url
                assert "X-Frame-Options" not in headers
            else:
                assert csp["frame-ancestors"] == {"'none'"}, url
                assert headers["X-Frame-Options"] == "DENY"
            # everything else stays as strict in both modes
            assert csp["script-src"] == {"'self'"} and csp["default-src"] == {"'none'"}
            assert csp["connect-src"] == {"'self'"} and csp["style-src"] == {"'self'"}


def test_the_activity_script_is_on_the_page_only_in_activity_mode(
    activity: Site, plain: Site, client: Client, discord: LoopbackDiscord
) -> None:
    _, _, body = client.request("GET", activity.link(activity.new_game()))
    assert f'<meta name="dama-activity" content="{discord.fake.app_id}" data-token="../../api/token">' in body
    assert '<script src="../../static/activity.js" defer></script>' in body
    assert 'id="sign-in" href="../../auth/login?' in body  # relative: inside Discord's proxy it stays there
    _, _, body = client.request("GET", plain.link(plain.new_game()))
    assert "activity.js" not in body and "dama-activity" not in body
    assert f'id="sign-in" href="{plain.base}/auth/login?' in body
    status, _, _ = client.request("POST", f"{plain.base}/api/token", json={"code": "x"}, headers=same(plain))
    assert status == 404


def same(site: Site) -> dict[str, str]:
    return {"Origin": site.base}


def test_the_token_exchange_opens_the_same_session_as_a_sign_in(
    activity: Site, client: Client, discord: LoopbackDiscord, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG)
    page = activity.link(activity.new_game())
    code = discord.fake.activity_code(discord.fake.bob, str(discord.fake.app_id), ["identify"])
    status, headers, body = client.request("POST", f"{activity.base}/api/token", json={"code": code},
                                           headers=same(activity))
    assert status == 200, body
    token = json.loads(body)["access_token"]
    assert discord.fake.oauth_tokens[token] is discord.fake.bob
    assert headers["Cache-Control"] == "no-store"
    assert "httponly" in headers["Set-Cookie"].lower() and "samesite=lax" in headers["Set-Cookie"].lower()  # http
    assert discord.fake.oauth_refusals == []
    assert activity.run(activity.service.sessions.sessions_of(discord.fake.bob.id)) == 1
    _, _, html = client.request("GET", page)
    assert "Signed in as Bob" in html and 'name="csrf-token"' in html
    # the code is single-use: a second exchange opens nothing
    status, _, body = client.request("POST", f"{activity.base}/api/token", json={"code": code},
                                     headers=same(activity))
    assert status == 502 and "Discord did not confirm who you are" in json.loads(body)["error"]
    logged = "\n".join(record.getMessage() for record in caplog.records)
    session = client.cookie("dama_session")
    assert session is not None
    for secret in (code, token, session, discord.fake.oauth_client_secret):
        assert secret not in logged


@pytest.mark.parametrize(
    ("body", "headers", "status"),
    [
        ({"code": "CODE"}, {"Origin": "https://evil.example"}, 403),  # another site's page
        ({"code": "CODE"}, {}, 403),  # no Origin and no Sec-Fetch-Site: not this site's page
        ({"code": ""}, None, 400),
        ({"code": ["CODE"]}, None, 400),
        ({"code": "x" * 513}, None, 400),
        ({"nothing": 1}, None, 400),
    ],
)
def test_a_refused_exchange_changes_nothing(
    activity: Site,
    client: Client,
    discord: LoopbackDiscord,
    body: dict[str, object],
    headers: dict[str, str] | None,
    status: int,
) -> None:
    code = discord.fake.activity_code(discord.fake.bob, str(discord.fake.app_id), ["identify"])
    sent = json.loads(json.dumps(body).replace("CODE", code))
    answer, _, text = client.request("POST", f"{activity.base}/api/token", json=sent,
                                     headers=same(activity) if headers is None else headers)
    assert answer == status and "error" in json.loads(text) and "Traceback" not in text
    assert code in discord.fake.oauth_codes  # never sent to Discord
    assert client.cookie("dama_session") is None
    assert activity.run(activity.service.sessions.sessions_of(discord.fake.bob.id)) == 0


def test_the_pages_scripts_weigh_under_150_kb_gzipped() -> None:
    """Every script in web/static (the SDK's bundle among them), as a browser fetches them compressed."""
    scripts = sorted(STATIC.glob("*.js"))
    assert {path.name for path in scripts} >= {"dama.js", "play.js", "activity.js"}
    total = sum(len(gzip.compress(path.read_bytes(), compresslevel=9)) for path in scripts)
    assert total < 150 * 1024, f"{total} bytes gzipped"


def test_the_bundle_names_the_sdks_version_and_its_licence_ships_beside_it() -> None:
    package = json.loads((STATIC.parents[1] / "scripts" / "activity" / "package.json").read_text())
    version = package["dependencies"]["@discord/embedded-app-sdk"]
    head = (STATIC / "activity.js").read_text(encoding="utf-8")[:300]
    assert f"@discord/embedded-app-sdk {version} (MIT" in head
    licence = (STATIC / "activity.LICENSE.txt").read_text(encoding="utf-8")
    assert f"== @discord/embedded-app-sdk {version} ==" in licence and "Copyright (c) 2024 Discord Inc." in licence
