"""Standings: points, the tie-break, games played, and the crosstable, from the boards played so far.

Scoring: a win is 1 point, a draw 1/2, a loss 0 (however the game ended: moves, resignation, time or a
withdrawal); a Swiss bye is 1 point. Tie-breaks:
- Sonneborn-Berger (round robin): the final scores of the opponents a player beat, plus half the final
  scores of those drawn (one term per game, so a double round robin counts each meeting).
- Buchholz (Swiss): the sum of the opponents' final scores. Unplayed rounds follow the FIDE rule of 2009
  (Handbook C.02, "virtual opponent"): in a bye round the player meets a virtual opponent who had the
  player's score before that round, scored what the player forfeited, and draws every round after it;
  and a bye in an opponent's own record counts for that opponent as a draw.
Ties left after the tie-break are split by the number of wins, then stay shared (same rank).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from service.tournaments.pairing import Played


@dataclass(frozen=True, slots=True)
class Standing:
    rank: int
    player_id: int
    points: float
    tiebreak: float
    wins: int
    games: int  # games played over the board (byes not counted)
    # crosstable: opponent -> the points scored against them, in round order (two in a double round robin)
    against: dict[int, tuple[float, ...]] = field(default_factory=dict)
    byes: int = 0


def points_of(players: Sequence[int], played: Sequence[Played]) -> dict[int, float]:
    scores = dict.fromkeys(players, 0.0)
    for board in played:
        scores[board.white] = scores.get(board.white, 0.0) + board.white_points
        if board.black is not None:
            scores[board.black] = scores.get(board.black, 0.0) + 1.0 - board.white_points
    return scores


def sonneborn_berger(player: int, played: Sequence[Played], scores: dict[int, float]) -> float:
    total = 0.0
    for board in played:
        if board.black is None or player not in (board.white, board.black):
            continue
        mine = board.white_points if player == board.white else 1.0 - board.white_points
        opponent = board.black if player == board.white else board.white
        total += mine * scores[opponent]
    return total


def buchholz(player: int, played: Sequence[Played], scores: dict[int, float], rounds: int) -> float:
    """rounds: the rounds completed (n in the FIDE formula)."""
    total = 0.0
    for board in played:
        if player not in (board.white, board.black):
            continue
        if board.black is None:  # a bye: the virtual opponent
            before = _score_before(player, board.round, played)
            total += before + (1.0 - board.white_points) + 0.5 * max(rounds - board.round, 0)
            continue
        opponent = board.black if player == board.white else board.white
        total += _adjusted(opponent, played, scores)
    return total


def _score_before(player: int, round_number: int, played: Sequence[Played]) -> float:
    return points_of([player], [b for b in played if b.round < round_number]).get(player, 0.0)


def _adjusted(player: int, played: Sequence[Played], scores: dict[int, float]) -> float:
    """A player's score as their opponents' Buchholz sees it: each bye counts as a draw."""
    bye_points = sum(b.white_points for b in played if b.black is None and b.white == player)
    byes = sum(1 for b in played if b.black is None and b.white == player)
    return scores[player] - bye_points + 0.5 * byes


def standings(
    players: Sequence[int], played: Sequence[Played], *, swiss: bool, rounds_completed: int
) -> list[Standing]:
    """Ranked standings; `players` in seed order (the last resort of the sort, for a stable picture)."""
    scores = points_of(players, played)
    rows = []
    for seed, player in enumerate(players):
        mine = [b for b in played if player in (b.white, b.black)]
        against: dict[int, list[float]] = {}
        wins = games = byes = 0
        for board in sorted(mine, key=lambda b: b.round):
            if board.black is None:
                byes += 1
                continue
            games += 1
            points = board.white_points if player == board.white else 1.0 - board.white_points
            opponent = board.black if player == board.white else board.white
            against.setdefault(opponent, []).append(points)
            wins += points == 1.0
        tiebreak = (
            buchholz(player, played, scores, rounds_completed) if swiss else sonneborn_berger(player, played, scores)
        )
        rows.append((player, seed, scores[player], tiebreak, wins, games, byes, against))
    rows.sort(key=lambda r: (-r[2], -r[3], -r[4], r[1]))
    ranked: list[Standing] = []
    for index, (player, _, points, tiebreak, wins, games, byes, against) in enumerate(rows):
        rank = index + 1
        if ranked and (ranked[-1].points, ranked[-1].tiebreak, ranked[-1].wins) == (points, tiebreak, wins):
            rank = ranked[-1].rank
        ranked.append(
            Standing(rank, player, points, tiebreak, wins, games, {k: tuple(v) for k, v in against.items()}, byes)
        )
    return ranked
