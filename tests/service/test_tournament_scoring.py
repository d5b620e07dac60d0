"""Tie-breaks on worked examples from published rules.

Sonneborn-Berger: the worked example of a double round robin in ChessKid's "What is a tie break?"
(support.chesskid.com/en/articles/8863009): Bob 3 points (SB 4.5), Mary 1.5 (SB 3.75), John 1.5 (SB 2.25).

Buchholz with unplayed rounds: FIDE Handbook C.02 tie-break regulations as in force until 2023
(handbook.fide.com/chapter/TieBreakRegulations2022, "virtual opponent", from the minutes of the Swiss
Pairings Programs Committee, 80th FIDE Congress, 2009): Svon = SPR + (1 - SfPR) + 0.5 * (n - R), with its
examples (a player with 3.5 after five rounds who gets a point without playing in round 6 of 9 meets a
virtual opponent of 5.0; a player who scored 6 including a point by default in round 3, with 2 after
round 2, gets 5 from that round and counts 5.5 in his opponents' Buchholz).
"""

from __future__ import annotations

from service.tournaments.pairing import Played
from service.tournaments.scoring import buchholz, points_of, sonneborn_berger, standings

BOB, MARY, JOHN = 1, 2, 3
CHESSKID = [
    Played(1, BOB, MARY, 0.0),
    Played(2, JOHN, BOB, 0.0),
    Played(3, MARY, JOHN, 0.0),
    Played(4, MARY, BOB, 0.0),
    Played(5, BOB, JOHN, 1.0),
    Played(6, JOHN, MARY, 0.5),
]


def test_sonneborn_berger_worked_example() -> None:
    scores = points_of([BOB, MARY, JOHN], CHESSKID)
    assert scores == {BOB: 3.0, MARY: 1.5, JOHN: 1.5}
    assert sonneborn_berger(BOB, CHESSKID, scores) == 4.5
    assert sonneborn_berger(MARY, CHESSKID, scores) == 3.75
    assert sonneborn_berger(JOHN, CHESSKID, scores) == 2.25


def test_standings_break_the_tie_with_sonneborn_berger() -> None:
    table = standings([JOHN, MARY, BOB], CHESSKID, swiss=False, rounds_completed=6)
    assert [(s.rank, s.player_id, s.points, s.tiebreak) for s in table] == [
        (1, BOB, 3.0, 4.5),
        (2, MARY, 1.5, 3.75),
        (3, JOHN, 1.5, 2.25),
    ]
    bob = table[0]
    assert bob.games == 4 and bob.wins == 3
    assert bob.against == {MARY: (0.0, 1.0), JOHN: (1.0, 1.0)}


def test_buchholz_virtual_opponent_for_a_bye_fide_example_2() -> None:
    # P (=1) scores 3.5 in rounds 1-5 against 11..15, gets a point without a game in round 6, then plays 17..19.
    p = 1
    played = [
        Played(1, p, 11, 1.0),
        Played(2, p, 12, 1.0),
        Played(3, 13, p, 0.5),
        Played(4, p, 14, 1.0),
        Played(5, 15, p, 1.0),
        Played(6, p, None, 1.0),
        Played(7, p, 17, 0.5),
        Played(8, 18, p, 0.5),
        Played(9, p, 19, 0.0),
    ]
    assert points_of([p], [b for b in played if b.round <= 5])[p] == 3.5
    finals = {11: 4.0, 12: 5.5, 13: 6.0, 14: 3.0, 15: 2.5, 17: 5.0, 18: 4.5, 19: 7.0}
    scores = {**finals, p: points_of([p], played)[p]}
    assert buchholz(p, played, scores, rounds=9) == sum(finals.values()) + 5.0


def test_buchholz_default_win_in_round_3_fide_example() -> None:
    # A (=1): 2 points after round 2, a point by default in round 3, 6 points in all after nine rounds.
    a = 1
    results = [1.0, 1.0, None, 0.5, 0.5, 1.0, 0.0, 1.0, 0.0]
    played = []
    for number, result in enumerate(results, start=1):
        if result is None:
            played.append(Played(number, a, None, 1.0))
        else:
            played.append(Played(number, a, 20 + number, result))
    scores = points_of([a], played)
    assert scores[a] == 6.0
    opponents = {20 + n: 4.5 for n in range(1, 10) if results[n - 1] is not None}
    scores.update(opponents)
    assert buchholz(a, played, scores, rounds=9) == sum(opponents.values()) + 5.0
    # ...and A counts 5.5 in the Buchholz of each opponent
    opponent = 21
    assert buchholz(opponent, played, scores, rounds=9) == 5.5


def test_swiss_standings_use_buchholz_and_share_a_rank_only_when_everything_ties() -> None:
    played = [Played(1, 1, 2, 1.0), Played(1, 3, 4, 1.0), Played(2, 1, 3, 0.5), Played(2, 2, 4, 0.5)]
    table = standings([1, 2, 3, 4], played, swiss=True, rounds_completed=2)
    assert [s.player_id for s in table] == [1, 3, 2, 4]
    assert table[0].points == table[1].points == 1.5
    assert table[0].tiebreak == table[1].tiebreak == 2.0  # 1: 0.5 (2) + 1.5 (3); 3: 0.5 (4) + 1.5 (1)
    assert table[0].rank == table[1].rank == 1
    assert table[2].rank == 3
