"""The Chinese checkers engine: it finishes when it can (in one move, or two with two players), takes the long
jump chain over short steps, and never returns a move the rules refuse, at every level and seat count."""

from __future__ import annotations

import random

import pytest

from engine.star import STAR_LEVELS, analyse, choose_move, choose_move_text
from rules.star import (
    BOARD,
    PASS,
    PLAYER_COUNTS,
    StarPosition,
    format_move,
    parse_move,
    position_text,
)

NORTH_POINT = ("n1", "n2", "n3", "n4", "o1", "o2", "o3", "p1", "p2", "q1")


def at(*names: str) -> int:
    return sum(1 << BOARD.hole(n) for n in names)


def position(players: int, *seats: tuple[str, ...], turn: int = 0) -> StarPosition:
    return StarPosition(StarPosition.start(players).homes, tuple(at(*s) for s in seats), turn=turn)


@pytest.mark.parametrize("level", [2, 3, 4, 5])
def test_finishes_in_one(level: int) -> None:
    # South has nine marbles in North's point; m5 steps into n1 and finishes (a win: the search must score it
    # above any race lead, and at every level; level 1 may blunder by design).
    pos = position(2, (*NORTH_POINT[1:], "m5"), ("a1", "b1", "b2", "c1", "c2", "c3", "d1", "d2", "d3", "d4"))
    assert format_move(choose_move(pos, level, seed=0)) == "m5-n1"
    hint = analyse(pos, depth=3)
    assert format_move(hint.move) == "m5-n1" and hint.finish_in == 1


def test_finishes_in_two_with_two_players() -> None:
    # Eight in the goal; n1 and n2 are empty, m5 and m7 each one step from one of them: two moves, which North
    # (all at home) cannot stop.
    pos = position(2, (*NORTH_POINT[2:], "m5", "m7"), ("a1", "b1", "b2", "c1", "c2", "c3", "d1", "d2", "d3", "d4"))
    hint = analyse(pos, depth=3)
    assert hint.finish_in == 2
    after = pos.play(hint.move)
    assert {format_move(m) for m in after.legal_moves()}  # North replies with anything
    reply = after.play(after.legal_moves()[0])
    assert analyse(reply, depth=1).finish_in == 1


def test_finishes_in_one_with_three_players() -> None:
    pos = position(3, (*NORTH_POINT[1:], "m5"), ("i1",), ("i9",))
    assert format_move(choose_move(pos, 4, seed=0)) == "m5-n1"


@pytest.mark.parametrize("players", [2, 3])
def test_prefers_the_long_jump_chain(players: int) -> None:
    # A ladder of South's own marbles on f5, h5, j5 above e5: a step gains one row, the chain up the ladder
    # (e5-g5-i5-k5 or a turn at the end) gains six; the ladder marbles themselves can only gain less.
    ladder = ("f5", "h5", "j5")
    south = ("e5", *ladder)
    others = [("q1",)] if players == 2 else [("m1",), ("m13",)]
    pos = position(players, south, *others)
    best = choose_move(pos, 4, seed=0)
    assert BOARD.names[best.start] == "e5" and BOARD.names[best.end] in {"k5", "k6", "k7"}
    assert len(best.path) >= 4


@pytest.mark.parametrize("players", PLAYER_COUNTS)
@pytest.mark.parametrize("level", sorted(STAR_LEVELS))
def test_every_move_is_legal(players: int, level: int) -> None:
    rng = random.Random(players * 10 + level)
    pos = StarPosition.start(players)
    for _ in range(rng.randint(0, 20 * players)):
        pos = pos.play(rng.choice(pos.legal_moves()))
    for _ in range(2 if level >= 4 else 4):
        if pos.is_over:
            break
        move = choose_move(pos, level, seed=rng.randrange(1000))
        identities = {m.identity for m in pos.legal_moves()}
        assert move.identity in identities
        # its path is one the rules read back as the same move
        assert parse_move(pos, format_move(move)).identity == move.identity
        pos = pos.play(move)


def test_a_player_without_a_move_passes_and_a_finished_game_refuses() -> None:
    stuck = position(2, ("a1",), ("b1", "b2", "c1", "c3"))
    assert choose_move(stuck, 3) == PASS
    with pytest.raises(ValueError):
        choose_move(StarPosition.start(2).without(1), 3)


def test_the_worker_entry_point_speaks_text() -> None:
    start = StarPosition.start(6)
    text = choose_move_text(position_text(start), 3, seed=1)
    assert parse_move(start, text).identity in {m.identity for m in start.legal_moves()}
