"""Who plays whom: Berger tables for round robins, FIDE Dutch pairings for Swiss events.

Pure functions over player ids (no database, no Discord). Swiss pairings come from caissify-pairings'
`dutch` engine (FIDE C.04.3, checked by its authors against the FIDE-endorsed bbpPairings); this module
gives it the history it needs (scores, colours, floats, byes, who met whom) from the results so far.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

BYE_POINTS = 1.0


@dataclass(frozen=True, slots=True)
class Pairing:
    """One board of a round: white against black, or a bye for `white` when black is None."""

    white: int
    black: int | None

    @property
    def is_bye(self) -> bool:
        return self.black is None


@dataclass(frozen=True, slots=True)
class Played:
    """A finished (or scored) board: the points white scored (1, 0.5, 0); for a bye, the bye's points."""

    round: int
    white: int
    black: int | None
    white_points: float


def berger_round(seeds: int, round_number: int) -> list[tuple[int, int]]:
    """Round `round_number` (1-based) of the Berger table for `seeds` players (even), as (white, black)
    starting numbers. Player n is fixed; i meets j when i + j = round + 1 (mod n - 1); of two others,
    white is the one for whom (j - i) mod (n - 1) is odd; n has white in even rounds (FIDE C.05 Annex 1)."""
    n = seeds
    if n % 2 or n < 2 or not 1 <= round_number <= n - 1:
        raise ValueError(f"no round {round_number} for {n} players")
    m = n - 1
    pairs: list[tuple[int, int]] = []
    seen: set[int] = set()
    for i in range(1, n):
        if i in seen:
            continue
        j = (round_number + 1 - i) % m or m
        if j == i:
            pairs.append((n, i) if round_number % 2 == 0 else (i, n))
            seen.add(i)
            continue
        seen.update((i, j))
        pairs.append((i, j) if (j - i) % m % 2 else (j, i))
    # the board with player n first, then by the lower-numbered player, as the printed tables read
    return sorted(pairs, key=lambda p: (n not in p, min(p) if n not in p else 0))


def round_robin(players: Sequence[int], cycles: int = 1) -> list[list[Pairing]]:
    """Every round of a round robin: players in seed order; an odd count gets a free round each (the
    player drawn against the empty seat sits out, recorded as a bye). The second cycle swaps colours."""
    if cycles not in (1, 2):
        raise ValueError("a round robin has one or two cycles")
    seats: list[int | None] = list(players)
    if len(seats) % 2:
        seats.append(None)
    n = len(seats)
    rounds: list[list[Pairing]] = []
    for cycle in range(cycles):
        for number in range(1, n):
            boards: list[Pairing] = []
            for white_seat, black_seat in berger_round(n, number):
                white, black = seats[white_seat - 1], seats[black_seat - 1]
                if cycle:
                    white, black = black, white
                if white is None or black is None:
                    sitter = black if white is None else white
                    assert sitter is not None
                    boards.append(Pairing(sitter, None))
                else:
                    boards.append(Pairing(white, black))
            rounds.append(sorted(boards, key=lambda p: p.is_bye))
    return rounds


def swiss_round(
    seeds: Sequence[tuple[int, float]],
    played: Sequence[Played],
    round_number: int,
    total_rounds: int,
    *,
    withdrawn: frozenset[int] = frozenset(),
) -> list[Pairing]:
    """Pair the next Swiss round. seeds: (player, rating) in starting order; played: every earlier board.
    Withdrawn players are not paired. Raises NoPairing when no legal pairing exists."""
    scores = {player: 0.0 for player, _ in seeds}
    colours: dict[int, list[str]] = {player: [] for player, _ in seeds}
    floats: dict[int, list[str]] = {player: [] for player, _ in seeds}
    byes = dict.fromkeys(scores, 0)
    met: set[tuple[int, int]] = set()
    for number in range(1, round_number):
        before = dict(scores)
        paired: set[int] = set()
        for board in (b for b in played if b.round == number):
            paired.add(board.white)
            if board.black is None:
                byes[board.white] += 1
                scores[board.white] += board.white_points
                colours[board.white].append("none")
                floats[board.white].append("down")
                continue
            paired.add(board.black)
            met.add((min(board.white, board.black), max(board.white, board.black)))
            scores[board.white] += board.white_points
            scores[board.black] += 1.0 - board.white_points
            colours[board.white].append("white")
            colours[board.black].append("black")
            w, b = before[board.white], before[board.black]
            floats[board.white].append("down" if w > b else "up" if w < b else "none")
            floats[board.black].append("down" if b > w else "up" if b < w else "none")
        for player in scores.keys() - paired:  # withdrawn, not paired that round
            colours[player].append("none")
            floats[player].append("none")
    entrants = [
        {
            "id": player,
            "name": str(player),
            "score": scores[player],
            "rating": rating,
            "starting_number": number,
            "color_hist": colours[player],
            "float_history": floats[player],
            "bye_count": byes[player],
        }
        for number, (player, rating) in enumerate(seeds, start=1)
        if player not in withdrawn
    ]
    if len(entrants) < 2:
        raise NoPairing(round_number)
    # networkx (under the engine) loads only when a Swiss round is paired
    from caissify_pairings import generate_pairings  # noqa: PLC0415 - loaded on first use, see above

    try:
        rows = generate_pairings(
            "dutch",
            entrants,
            met,
            round_number,
            total_rounds,
            bye_value=BYE_POINTS,
            max_byes_per_player=1,
        )
    except Exception as error:  # the engine raises plain exceptions when nothing fits
        raise NoPairing(round_number) from error
    boards = [
        Pairing(int(row["white_id"]), None if row.get("black_id") is None else int(row["black_id"])) for row in rows
    ]
    _check(boards, {player for player, _ in seeds if player not in withdrawn}, met, byes)
    return sorted(boards, key=lambda p: p.is_bye)


def _check(boards: list[Pairing], entrants: set[int], met: set[tuple[int, int]], byes: dict[int, int]) -> None:
    """The rules we promise, whatever the engine did: everyone once, no rematch, one bye at most."""
    seen: list[int] = []
    for board in boards:
        seen.append(board.white)
        if board.black is None:
            if byes[board.white] >= 1:
                raise NoPairing(0)
            continue
        seen.append(board.black)
        if (min(board.white, board.black), max(board.white, board.black)) in met:
            raise NoPairing(0)
    if sorted(seen) != sorted(entrants):
        raise NoPairing(0)


class NoPairing(Exception):
    """No pairing of this round keeps every rule (too many rounds for the players left)."""

    def __init__(self, round_number: int) -> None:
        super().__init__(f"no legal pairing for round {round_number}")
        self.round_number = round_number
