"""Local mode's vote games: local:alice and local:bob vote for White against the bot, through the real service
and SQLite file (the facts checked are in the database, not in the session's own words)."""

from __future__ import annotations

from pathlib import Path

from data.models import TEAM_SEAT_BASE
from tests.local.test_session import session, table


def test_alice_and_bob_vote_for_white_against_the_bot(tmp_path: Path) -> None:
    out = session(
        [
            "vote start level 1 white",
            "vote begin",  # nobody joined: refused
            "vote join",
            "vote join bob",
            "vote 21-18 bob",  # not begun yet
            "vote begin",
            "vote 21-16",  # not a legal move: no vote
            "vote 23-20",
            "vote 22-19",  # alice changes her vote: still one vote
            "vote 21-18 bob",  # 1 to 1: 22-19 reached one vote first, with its vote at its change
            "vote status",
        ],
        tmp_path,
    )
    database = tmp_path / "dama.sqlite3"
    seat = TEAM_SEAT_BASE + 1
    moves = table(database, "SELECT ply, path, player_id FROM moves WHERE game_id = 1 ORDER BY ply")
    assert moves[0] == (1, "22-19", seat)  # the team's move: the tie went to the move first to reach its count
    assert len(moves) == 2 and moves[1][2] == 0  # then the bot's reply
    assert table(database, "SELECT white_id, rated FROM games WHERE id = 1") == [(seat, 0)]
    # alice's 23-20 was replaced by her 22-19; bob's 21-18 came after it
    assert table(database, "SELECT voter_id, path FROM votes ORDER BY id") == [(1, "22-19"), (2, "21-18")]
    assert "Nobody has joined the team yet" in out
    assert "21-16 is not a legal move" in out
    assert "windows where the team played your move: 1." in out
    assert table(database, "SELECT COUNT(*) FROM outbox WHERE status = 'pending'") == [(0,)]  # shown here


def test_a_bare_vote_status_without_a_game_says_how_to_start(tmp_path: Path) -> None:
    out = session(["vote", "vote join"], tmp_path)
    assert out.count("There is no vote game yet. Start one with vote start.") == 2
