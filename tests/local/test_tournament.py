"""Local mode runs a small round robin to its end: local:alice, local:bob and the bot."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from tests.local.test_session import session


def table(path: Path, sql: str) -> list[tuple[object, ...]]:
    with sqlite3.connect(path) as conn:
        return list(conn.execute(sql))


def test_a_round_robin_with_bob_and_the_bot_from_creation_to_the_winner(tmp_path: Path) -> None:
    # Seeds follow joining (no ratings yet): alice 1, bob 2, the bot 3, and an empty seat 4. The Berger
    # table gives game 1 bob-bot (round 1), game 2 alice-bob (round 2), game 3 bot-alice (round 3).
    text = session(
        [
            'tournament create "Kitchen cup" rated',
            "tournament join alice",
            "tournament join bob",
            "tournament join bot",
            "tournament join bob",
            "tournament start",
            "tournament pairings 2",
            "resign #2",  # alice, to move, resigns: bob wins
            "resign #3",  # the bot opened; alice resigns again
            "move #1 22-18",  # bob moves, the bot answers...
            "resign #1",  # ...and bob resigns
            "tournament standings",
            "quit",
        ],
        tmp_path,
    )
    assert "local:alice created the tournament Kitchen cup (#1): round robin, Italian draughts" in text
    assert "You are already in that tournament." in text
    assert "Kitchen cup has begun: all 3 games start now" in text
    assert "Board 1: local:alice (White) – local:bob (Black) (game #2)" in text
    assert "Free this round: Dama bot (level 1)" in text
    assert text.count("Kitchen cup is over.") == 1
    assert "Kitchen cup is over. The winner is Dama bot (level 1) with 2 points." in text
    assert (tmp_path / "boards" / "tournament-1.png").is_file()
    db = tmp_path / "dama.sqlite3"
    games = table(db, "SELECT id, white_id, black_id, result, rated FROM games ORDER BY id")
    assert games == [(1, 2, 0, "0-1", 1), (2, 1, 2, "0-1", 1), (3, 0, 1, "1-0", 1)]
    assert table(db, "SELECT status, current_round, total_rounds FROM tournaments") == [("finished", 3, 3)]


def test_the_bot_is_named_in_the_session_language_in_a_tournament(tmp_path: Path) -> None:
    text = session(
        [
            'tournament create "Coppa" rated',
            "tournament join alice",
            "tournament join bob",
            "tournament join bot",
            "tournament start",
            "tournament standings",
            "quit",
        ],
        tmp_path,
        language="it_IT.UTF-8",
    )
    assert "Dama bot (livello 1)" in text
    assert "(level 1)" not in text
