"""A second Chinese checkers move generator, written from the rule text alone and deliberately unlike
rules.star: doubled cartesian coordinates (x, y) built from the row lengths of the star, holes as name
strings, jump chains found by depth-first search over simple paths, positions as dicts. Slow, plain, only
for cross-checking counts and move sets (tests/rules/test_star_perft.py, tests/data/star_perft.json)."""

from __future__ import annotations

ROW_LENGTHS = (1, 2, 3, 4, 13, 12, 11, 10, 9, 10, 11, 12, 13, 4, 3, 2, 1)
LETTERS = "abcdefghijklmnopq"
# Neighbours on the triangular lattice in doubled coordinates: left, right and the four diagonals.
STEPS = ((2, 0), (-2, 0), (1, 1), (-1, 1), (1, -1), (-1, -1))


def _holes() -> dict[tuple[int, int], str]:
    """Row y (0 = the bottom tip) holds its holes centred, two units apart: name = letter + number from left."""
    holes = {}
    for y, length in enumerate(ROW_LENGTHS):
        for i in range(length):
            holes[(-(length - 1) + 2 * i, y)] = f"{LETTERS[y]}{i + 1}"
    return holes


HOLES = _holes()
AT = {name: xy for xy, name in HOLES.items()}


def _point(name: str) -> str | None:
    """Which point of the star a hole lies in, from the picture: the four short rows at each end, and in the
    wide rows e-h and j-m the holes outside the central nine-hole hexagon rows."""
    row, number = LETTERS.index(name[0]), int(name[1:])
    length = ROW_LENGTHS[row]
    if row <= 3:
        return "bottom"
    if row >= 13:
        return "top"
    hexagon = 5 + min(row - 4, 12 - row)  # the central hexagon's rows: 5 wide at rows e and m, 9 at i
    side = (length - hexagon) // 2  # the side points add 4, 3, 2, 1 holes at each end of rows e-h and m-j
    if number <= side:
        return "lower-left" if row <= 7 else "upper-left"
    if number > length - side:
        return "lower-right" if row <= 7 else "upper-right"
    return None


POINTS: dict[str, set[str]] = {}
for _name in HOLES.values():
    _p = _point(_name)
    if _p is not None:
        POINTS.setdefault(_p, set()).add(_name)

OPPOSITE = {
    "bottom": "top",
    "top": "bottom",
    "lower-left": "upper-right",
    "upper-right": "lower-left",
    "upper-left": "lower-right",
    "lower-right": "upper-left",
}
CLOCKWISE = ("bottom", "lower-left", "upper-left", "top", "upper-right", "lower-right")
# The rule text: two players in opposite points, three in alternate points, four in two opposite pairs.
SEATS = {
    2: ("bottom", "top"),
    3: ("bottom", "upper-left", "upper-right"),
    4: ("bottom", "lower-left", "top", "upper-right"),
    6: CLOCKWISE,
}


def start(players: int) -> dict[str, object]:
    seats = SEATS[players]
    return {"seats": seats, "marbles": [set(POINTS[p]) for p in seats], "turn": 0}


def ends_from(name: str, occupied: set[str]) -> set[str]:
    """Holes the marble on name can reach: an empty neighbour, or the end of any chain of jumps."""
    x, y = AT[name]
    others = occupied - {name}
    ends = {HOLES[(x + dx, y + dy)] for dx, dy in STEPS if (x + dx, y + dy) in HOLES} - others

    def chain(here: tuple[int, int], visited: frozenset[tuple[int, int]]) -> None:
        for dx, dy in STEPS:
            over, landing = (here[0] + dx, here[1] + dy), (here[0] + 2 * dx, here[1] + 2 * dy)
            if over not in HOLES or landing not in HOLES or landing in visited:
                continue
            if HOLES[over] in others and HOLES[landing] not in others:
                ends.add(HOLES[landing])
                chain(landing, visited | {landing})

    chain((x, y), frozenset({(x, y)}))
    return ends


def moves(position: dict[str, object]) -> set[tuple[str, str]]:
    marbles: list[set[str]] = position["marbles"]  # type: ignore[assignment]
    occupied = set().union(*marbles)
    mine = marbles[position["turn"]]  # type: ignore[index]
    return {(a, b) for a in mine for b in ends_from(a, occupied)}


def play(position: dict[str, object], move: tuple[str, str] | None) -> dict[str, object]:
    marbles: list[set[str]] = [set(m) for m in position["marbles"]]  # type: ignore[attr-defined]
    turn: int = position["turn"]  # type: ignore[assignment]
    if move is not None:
        marbles[turn] = (marbles[turn] - {move[0]}) | {move[1]}
    return {"seats": position["seats"], "marbles": marbles, "turn": (turn + 1) % len(marbles)}


def perft(position: dict[str, object], depth: int) -> int:
    """Leaves to depth (no player can finish this early, so there is no finishing rule here); a player with
    no move passes, which counts as one move."""
    if depth == 0:
        return 1
    legal = sorted(moves(position)) or [None]
    if depth == 1:
        return len(legal)
    return sum(perft(play(position, m), depth - 1) for m in legal)
