"""Local mode's vacation and forget-me (issue 12): the same service as Discord, checked in the database."""

from __future__ import annotations

from pathlib import Path

from service import RandomEngine
from tests.local.test_session import session, table


def test_vacation_pauses_the_clock_and_forget_me_asks_first(tmp_path: Path) -> None:
    db = tmp_path / "dama.sqlite3"
    lines = ["challenge bob white", "vacation", "vacation start"]
    out = session(lines, tmp_path, engine=RandomEngine(), pictures=False)
    assert (
        "You are not on vacation. Start one with vacation start; it pauses your clocks. "
        "Vacation days left this year: 14." in out
    )
    assert "Enjoy your vacation: your clocks are paused" in out
    # local:alice is to move in game 1: her deadline is replaced by the time she had left
    [(deadline, paused)] = table(db, "SELECT move_deadline, paused_seconds FROM games WHERE id = 1")
    assert deadline is None and paused is not None and 3 * 86_400 - 60 < paused <= 3 * 86_400
    out = session(["vacation start", "vacation end", "vacation sometimes"], tmp_path, pictures=False)
    assert "You are already on vacation." in out and "Welcome back: your clocks run again." in out
    assert "vacation takes start, end or status, not 'sometimes'." in out
    [(deadline, paused)] = table(db, "SELECT move_deadline, paused_seconds FROM games WHERE id = 1")
    assert deadline is not None and paused is None

    out = session(["forget-me"], tmp_path, pictures=False)
    assert "This cannot be undone." in out and "Type forget-me yes to delete it." in out
    assert table(db, "SELECT status FROM games") == [("active",)]  # asking deletes nothing
    out = session(["forget-me yes"], tmp_path, pictures=False)
    assert "Done: your data is deleted. Games ended: 1. Challenges withdrawn: 0." in out
    # alice (White) left: the game ends as her loss, unrated; her finished game stays under an anonymous id
    assert table(db, "SELECT status, result, termination, white_id < 0 FROM games") == [
        ("finished", "0-1", "abandoned", 1)]
    assert table(db, "SELECT COUNT(*) FROM players WHERE id = 1") == [(0,)]
    assert table(db, "SELECT COUNT(*) FROM outbox WHERE status = 'pending'") == [(0,)]  # nothing waits for Discord


def test_a_time_bank_from_the_prompt(tmp_path: Path) -> None:
    db = tmp_path / "dama.sqlite3"
    out = session(["challenge bob white clock 10d+1dmax12d", "24-20"], tmp_path, engine=RandomEngine(), pictures=False)
    assert "Game #1 begins" in out
    assert "Time left: local:alice: 9 d 23 h · local:bob: 10 d 0 h." in out  # at the start: Alice's 10 days run
    assert "Time left: local:alice: 10 d 23 h · local:bob: 9 d 23 h." in out  # after 24-20: +1 d, Bob's run
    [(clock, white_bank, black_bank)] = table(db, "SELECT clock, white_bank, black_bank FROM games WHERE id = 1")
    assert clock == "10d+1d max 12d" and black_bank == 10 * 86_400 and 10 * 86_400 < white_bank <= 11 * 86_400
    out = session(["challenge bob clock whenever", "challenge bob clock"], tmp_path, pictures=False)
    assert "I cannot read the clock whenever." in out
    assert "clock needs terms, for example clock 10d+1d or clock 20/30d" in out
