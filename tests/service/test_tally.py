"""The vote count on hand-built windows (docs/CLUBS.md): most votes win, a tie goes to the move whose votes
were all in first, a changed vote is one vote (the window holds each voter's current vote only)."""

from __future__ import annotations

from service.tally import tally


def test_the_majority_wins() -> None:
    counted = tally([(1, "21-18", "21-18"), (2, "22-19", "22-19"), (3, "21-18", "21-18")])
    assert [(c.path, c.votes) for c in counted] == [("21-18", 2), ("22-19", 1)]


def test_a_tie_goes_to_the_move_that_reached_the_count_first() -> None:
    # 22-19 reached two votes at vote 3; 21-18 only at vote 4
    counted = tally([(1, "21-18", "a"), (2, "22-19", "b"), (3, "22-19", "b"), (4, "21-18", "a")])
    assert [(c.path, c.votes, c.reached) for c in counted] == [("22-19", 2, 3), ("21-18", 2, 4)]


def test_three_single_votes_go_to_the_first() -> None:
    counted = tally([(7, "23-20", "c"), (5, "21-18", "a"), (6, "22-19", "b")])  # any order in
    assert [c.path for c in counted] == ["21-18", "22-19", "23-20"]


def test_a_changed_vote_dates_from_its_change() -> None:
    # Voter 1 voted 21-18 (id 1), then changed to 22-19 (a new row, id 4): the window holds ids 2, 3, 4.
    counted = tally([(2, "21-18", "a"), (3, "23-20", "c"), (4, "22-19", "b")])
    assert [(c.path, c.votes) for c in counted] == [("21-18", 1), ("23-20", 1), ("22-19", 1)]


def test_no_vote_counts_nothing() -> None:
    assert tally([]) == ()


def test_a_big_window() -> None:
    votes = [(i, f"m{i % 40}", f"m{i % 40}") for i in range(1, 501)]
    counted = tally(votes)
    assert len(counted) == 40 and sum(c.votes for c in counted) == 500
    # m1..m20 hold 13 votes each (500 = 40*12 + 20); m1 got its 13th at vote 481, the earliest
    assert (counted[0].path, counted[0].votes, counted[0].reached) == ("m1", 13, 481)
