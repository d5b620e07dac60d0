"""The web server as any HTTP client sees it: which links open a game, the one not-found answer, read-only
methods, security headers, the rate limit, the reader's language, the PDN, errors without a trace, and
an access log without tokens."""

from __future__ import annotations

import logging
import socket
import urllib.error
import urllib.request
from email.message import Message
from pathlib import Path

import pytest

from rules.pdn import read_games
from tests.web.site import BLACK, WHITE, Site
from web.guard import CSP

VOLATILE = {"Date"}  # the only header allowed to differ between two answers


def fetch(url: str, method: str = "GET", headers: dict[str, str] | None = None) -> tuple[int, Message, bytes]:
    request = urllib.request.Request(url, method=method, headers=headers or {})
    try:
        with urllib.request.urlopen(request, timeout=10) as answer:
            return answer.status, answer.headers, answer.read()
    except urllib.error.HTTPError as error:
        return error.code, error.headers, error.read()


def comparable(headers: Message) -> list[tuple[str, str]]:
    return sorted((k, v) for k, v in headers.items() if k not in VOLATILE)


def tampered(link: str) -> str:
    token = link.rsplit("/", 1)[1]
    return link[: -len(token)] + ("A" if token[0] != "A" else "B") + token[1:]


def test_a_wrong_link_answers_exactly_like_a_missing_game(site: Site) -> None:
    first, second = site.new_game(), site.new_game()
    link = site.link(first)
    token = link.rsplit("/", 1)[1]
    answers = [
        fetch(tampered(link)),  # one character changed
        fetch(f"{site.base}/g/{second}/{token}"),  # another game's number with this token
        fetch(f"{site.base}/g/{second + 100}/{token}"),  # a game that does not exist
        fetch(f"{site.base}/g/{first}/{token}x"),  # a longer token
        fetch(f"{site.base}/nothing/here"),
    ]
    status, headers, body = answers[0]
    assert status == 404
    assert b"There is no game at this address." in body
    for other in answers[1:]:
        assert other[0] == 404
        assert other[2] == body
        assert comparable(other[1]) == comparable(headers)
    assert fetch(link)[0] == 200
    assert fetch(site.link(second))[0] == 200


def test_the_sub_pages_need_the_right_token_too(site: Site) -> None:
    game = site.new_game()
    site.play(game, 3)
    link = site.link(game)
    for suffix in ("/state", "/ply/1", "/pdn"):
        assert fetch(link + suffix)[0] == 200
        status, _, body = fetch(tampered(link) + suffix)
        assert status == 404 and body == fetch(f"{site.base}/g/999/x")[2]
    assert fetch(link + "/ply/4")[0] == 404  # past the last ply


def test_only_get_and_head_are_answered(site: Site) -> None:
    link = site.link(site.new_game())
    for method in ("POST", "PUT", "DELETE", "PATCH", "OPTIONS"):
        status, headers, body = fetch(link, method)
        assert status == 405, method
        assert headers["Allow"] == "GET, HEAD"
        assert b"This page can only be read." in body
    status, headers, body = fetch(link, "HEAD")
    assert status == 200 and body == b""
    assert headers["Content-Type"].startswith("text/html")


def test_every_answer_carries_the_security_headers(site: Site) -> None:
    link = site.link(site.new_game())
    for url in (link, link + "/state", link + "/pdn", f"{site.base}/static/dama.js", tampered(link)):
        _, headers, _ = fetch(url)
        assert headers["Content-Security-Policy"] == CSP
        assert headers["X-Content-Type-Options"] == "nosniff"
        assert headers["Referrer-Policy"] == "no-referrer"
        assert headers["X-Frame-Options"] == "DENY"
    assert "script-src 'self'" in CSP and "unsafe-inline" not in CSP and "style-src 'self'" in CSP


def test_the_page_has_no_inline_script_or_style(site: Site) -> None:
    game = site.new_game()
    site.play(game, 4)
    _, _, body = fetch(site.link(game))
    page = body.decode()
    assert page.count("<script") == 1 and '<script src="../../static/dama.js" defer></script>' in page
    assert "<style" not in page and " style=" not in page and "onclick" not in page.lower()


def test_a_server_that_turns_links_off_closes_its_games_pages(site: Site) -> None:
    game = site.new_game(guild_id=555)
    link = site.link(game)
    assert fetch(link)[0] == 200
    site.run(site.service.players.update_server(555, web_links=False))
    status, _, body = fetch(link)
    assert status == 404 and body == fetch(tampered(link))[2]
    view = site.run(site.service.queries.game(game))
    assert site.run(site.service.web.link(view)) is None  # and the boards lose their button
    site.run(site.service.players.update_server(555, web_links=True))
    assert fetch(link)[0] == 200


def test_the_reader_gets_their_language(site: Site) -> None:
    link = site.link(site.new_game())
    _, _, body = fetch(link + "?lang=it")
    assert '<html lang="it">' in body.decode() and "Tocca al Bianco" in body.decode()
    _, _, body = fetch(link, headers={"Accept-Language": "de-DE, fr;q=0.8, en;q=0.5"})
    assert '<html lang="fr">' in body.decode() and "Les Blancs ont le trait" in body.decode()
    _, _, body = fetch(link, headers={"Accept-Language": "de-DE"})
    assert '<html lang="en">' in body.decode() and "White to move" in body.decode()
    status, _, body = fetch(tampered(link) + "?lang=ru")
    assert status == 404 and "По этому адресу партии нет." in body.decode()


def test_the_pdn_download_replays_to_the_same_game(site: Site) -> None:
    game = site.new_game(white="Ann <b>", black="Bo")
    played = site.play(game, 8, seed=4)
    status, headers, body = fetch(site.link(game) + "/pdn")
    assert status == 200
    assert headers["Content-Disposition"].startswith('attachment; filename="dama-')
    (record,) = read_games(body.decode())
    assert record.tags["White"] == "Ann <b>"
    assert record.moves == played
    # the Site is the game's, not the address the page was fetched from: as the bot's own export says
    assert record.tags["Site"] == "Discord"
    stored = read_games(site.run(site.service.queries.export_pdn(game)))[0]
    assert stored.tags["Site"] == "Discord"
    server_game = site.new_game(guild_id=7)
    (record,) = read_games(fetch(site.link(server_game) + "/pdn")[2].decode())
    assert record.tags["Site"] == "Discord server 7"


def test_a_failure_answers_without_a_trace_and_logs_no_token(
    site: Site, caplog: pytest.LogCaptureFixture, tmp_path: Path
) -> None:
    game = site.new_game()
    site.play(game, 2)

    async def corrupt() -> None:  # a stored move the rules cannot replay
        async with site.db.write() as repos:
            await repos.conn.execute("UPDATE moves SET path = '1-99' WHERE game_id = ?", (game,))

    site.run(corrupt())
    link = site.link(game)
    token = link.rsplit("/", 1)[1]
    with caplog.at_level(logging.INFO):
        status, _, body = fetch(link)
    assert status == 500
    text = body.decode()
    assert "Something went wrong on our side." in text
    assert "Traceback" not in text and "Error" not in text and ".py" not in text
    logged = "\n".join(r.getMessage() for r in caplog.records)
    assert f"/g/{game}/…" in logged  # the access log names the request...
    assert token not in logged and token not in caplog.text  # ...without its token


def test_the_rate_limit_answers_429_per_address(tmp_path: Path) -> None:
    site = Site(tmp_path, requests_per_minute=60, burst=5)
    try:
        link = site.link(site.new_game())
        statuses = [fetch(link)[0] for _ in range(7)]
        assert statuses[:5] == [200] * 5
        assert statuses[5:] == [429, 429]
        assert fetch(link)[0] == 429
        _, headers, body = fetch(link)
        assert headers["Retry-After"] == "60" and b"Too many requests" in body
    finally:
        site.close()


def test_static_files_are_served_with_their_types(site: Site) -> None:
    status, headers, body = fetch(f"{site.base}/static/dama.js")
    assert status == 200 and headers["Content-Type"].startswith("text/javascript")
    assert body == (Path(__file__).parents[2] / "web" / "static" / "dama.js").read_bytes()
    assert fetch(f"{site.base}/static/dama.css")[1]["Content-Type"].startswith("text/css")
    assert fetch(f"{site.base}/static/../app.py")[0] == 404


def test_a_player_without_a_known_name_is_never_named_by_their_id(site: Site) -> None:
    game = site.new_game(white=None, black="Bo")
    site.play(game, 2)
    link = site.link(game)
    for url in (link, link + "/pdn", link + "/state"):
        _, _, body = fetch(url)
        assert str(WHITE).encode() not in body and str(BLACK).encode() not in body, url
    assert b"Unnamed player" in fetch(link)[2]
    (record,) = read_games(fetch(link + "/pdn")[2].decode())
    assert (record.tags["White"], record.tags["Black"]) == ("Unnamed player", "Bo")


def test_a_malformed_request_is_one_log_line_without_a_traceback(
    site: Site, caplog: pytest.LogCaptureFixture
) -> None:
    """Anyone can send bytes that are not HTTP: the operator's log gets one line, not an ERROR with aiohttp's
    traceback (which quoted the request, token and all)."""
    link = site.link(site.new_game())
    token = link.rsplit("/", 1)[1]
    host, port = site.base.split("//", 1)[1].split(":")
    path = link.split(site.base, 1)[1]
    requests = [
        f"GET {path}/{'x' * 9000} HTTP/1.1\r\nHost: a\r\n\r\n".encode(),  # a request line too long
        f"GET {path} HTTP/9.9\r\n\r\n".encode(),  # no such HTTP version
    ]
    with caplog.at_level(logging.DEBUG):
        for raw in requests:
            with socket.create_connection((host, int(port)), timeout=10) as conn:
                conn.sendall(raw)
                answer = conn.recv(65536)
            assert answer.startswith(b"HTTP/1.0 400"), answer[:100]
        assert fetch(link)[0] == 200  # and the server goes on serving
    logged = caplog.records
    assert not [r for r in logged if r.levelno >= logging.WARNING or r.exc_info], [r.getMessage() for r in logged]
    assert sum("refused a malformed request (400" in r.getMessage() for r in logged) == len(requests)
    assert "Traceback" not in caplog.text and token not in caplog.text
