"""Local mode with WEB_PORT: every board is followed by its page's link, and the page answers while the
prompt waits for the next command (the server runs on a thread of its own)."""

from __future__ import annotations

import os
import pty
import random
import re
import socket
import subprocess
import sys
import urllib.request
from pathlib import Path

from service import RandomEngine
from tests.local.test_run import clean_env, read_until
from tests.local.test_session import session
from tests.web.site import free_port
from web import WebConfig


def page(url: str) -> str:
    with urllib.request.urlopen(url, timeout=10) as answer:
        assert answer.status == 200
        return answer.read().decode()


def test_local_mode_prints_the_link_and_serves_the_page_meanwhile(tmp_path: Path) -> None:
    port = free_port()
    env = clean_env(tmp_path) | {"WEB_PORT": str(port)}
    main, child = pty.openpty()
    proc = subprocess.Popen(
        [sys.executable, "-m", "bot"], cwd=tmp_path, env=env, stdin=child, stdout=child, stderr=child, close_fds=True
    )
    os.close(child)
    seen = bytearray()
    try:
        read_until(main, b"dama> ", seen)
        assert f"Web pages at http://127.0.0.1:{port}; each board is followed by its game's own link." in (
            seen.decode()
        )
        os.write(main, b"challenge bob white\n")
        read_until(main, b"local:alice (White) to move> ", seen)
        found = re.search(rf"Game #1 on the web: (http://127\.0\.0\.1:{port}/g/1/[A-Za-z0-9_-]+)", seen.decode())
        assert found, seen.decode(errors="replace")
        link = found.group(1)
        first = page(link)  # the prompt is waiting: the page answers all the same
        assert "Game #1 · Italian draughts" in first and "White to move" in first
        os.write(main, b"22-18\n")
        read_until(main, b"local:bob (Black) to move> ", seen)
        after = page(link)
        assert 'data-ply="1"' in after and ">22-18</a>" in after and "Black to move" in after
        # one Site for the game's PDN, whether local mode exports it or the web page offers it
        os.write(main, b"pdn\n")
        read_until(main, b"game-1.pdn", seen)  # "Saved as …": the prompt before it is already in `seen`
        exported = (Path(tmp_path) / "dama-boards" / "game-1.pdn").read_text()
        downloaded = page(link + "/pdn")
        assert '[Site "Dama local mode"]' in exported and '[Site "Dama local mode"]' in downloaded, downloaded
        os.write(main, b"quit\n")
        read_until(main, b"Bye.", seen)
        assert proc.wait(timeout=30) == 0
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        os.close(main)
    assert "Traceback" not in seen.decode(errors="replace")


def test_a_taken_port_is_refused_in_words(tmp_path: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        env = clean_env(tmp_path) | {"WEB_PORT": str(port)}
        main, child = pty.openpty()
        proc = subprocess.Popen(
            [sys.executable, "-m", "bot"], cwd=tmp_path, env=env, stdin=child, stdout=child, stderr=child,
            close_fds=True,
        )
        os.close(child)
        seen = bytearray()
        try:
            read_until(main, b"(WEB_HOST, WEB_PORT)", seen)
            assert proc.wait(timeout=30) == 5
        finally:
            if proc.poll() is None:
                proc.kill()
                proc.wait()
            os.close(main)
    text = seen.decode(errors="replace")
    assert f"cannot serve the web pages on 127.0.0.1:{port} (WEB_HOST, WEB_PORT)" in text
    assert "Traceback" not in text


def test_a_scripted_session_links_games_and_imported_records(tmp_path: Path) -> None:
    port = free_port()
    record = tmp_path / "club.pdn"
    record.write_text('[White "Ann"]\n[Black "Bo"]\n[Result "1-0"]\n\n1. 22-18 11-15 2. 23-20 9-13 1-0\n')
    config = WebConfig(port=port, base_url=f"http://127.0.0.1:{port}")
    out = session(
        ["challenge bob white", "22-18", f"import {record}", "imported 1", "quit"],
        tmp_path,
        engine=RandomEngine(random.Random(1)),
        web=config,
        pictures=False,
    )
    games = re.findall(rf"Game #1 on the web: (http://127\.0\.0\.1:{port}/g/1/\S+)", out)
    assert len(games) == 2 and games[0] == games[1]  # after each board, the same link
    (record_link,) = re.findall(rf"Imported game #1 on the web: (http://127\.0\.0\.1:{port}/i/1/\S+)", out)
    assert record_link.rsplit("/", 1)[1] != games[0].rsplit("/", 1)[1]
