"""Chinese checkers rules on hand-built positions: steps, jump chains over any colour stopping anywhere, no
revisits, nothing captured, the goal with blockers, passing, leaving, the stalling limit, places, and every
refusal of the notation (reasons and hole names, never prose)."""

from __future__ import annotations

import dataclasses

import pytest

from rules.errors import InvalidPositionError, NotationError
from rules.star import (
    BOARD,
    MAX_TURNS_PER_SEAT,
    PASS,
    Point,
    StarMoveError,
    StarPosition,
    StarReason,
    format_move,
    holes_of,
    parse_move,
    parse_position,
    position_text,
)


def at(*names: str) -> int:
    return sum(1 << BOARD.hole(n) for n in names)


def position(players: int, *seats: tuple[str, ...], turn: int = 0) -> StarPosition:
    return StarPosition(StarPosition.start(players).homes, tuple(at(*s) for s in seats), turn=turn)


def ends(pos: StarPosition, start: str) -> set[str]:
    return {BOARD.names[m.end] for m in pos.legal_moves() if BOARD.names[m.start] == start}


def test_the_notation_runs_bottom_to_top_left_to_right() -> None:
    assert BOARD.names[0] == "a1" and BOARD.names[-1] == "q1"
    assert [sum(1 for n in BOARD.names if n[0] == r) for r in "abcdefghijklmnopq"] == [
        1, 2, 3, 4, 13, 12, 11, 10, 9, 10, 11, 12, 13, 4, 3, 2, 1
    ]  # fmt: skip
    # i5 is the centre; its six neighbours: h5 h6 (below), i4 i6, j5 j6 (above).
    assert {BOARD.names[n] for n in BOARD.neighbours[BOARD.hole("i5")]} == {"h5", "h6", "i4", "i6", "j5", "j6"}
    assert BOARD.xy(BOARD.hole("i5")) == (0.0, 0.0)


def test_a_lone_marble_steps_to_its_six_neighbours() -> None:
    pos = position(2, ("i5",), ("q1",))
    assert ends(pos, "i5") == {"h5", "h6", "i4", "i6", "j5", "j6"}


def test_jump_chains_over_any_colour_stop_anywhere_and_capture_nothing() -> None:
    # A straight line: i5 (South), i6 (North), i7 empty, i8 (South), i9 empty.
    pos = position(2, ("i5", "i8"), ("i6",))
    assert {"i7", "i9"} <= ends(pos, "i5")  # stop after one jump or go on
    after = pos.play(parse_move(pos, "i5-i7-i9"))
    assert holes_of(after.marbles[0]) == [BOARD.hole("i8"), BOARD.hole("i9")]
    assert after.marbles[1] == at("i6")  # nothing captured
    assert after.turn == 1


def test_a_chain_never_revisits_a_hole_nor_jumps_over_its_start() -> None:
    # i5 jumps over i6 to i7; from there the only jump is back over i6 to i5, where it started.
    pos = position(2, ("i5",), ("i6",))
    assert ends(pos, "i5") == {"h5", "h6", "i4", "j5", "j6", "i7"}
    with pytest.raises(StarMoveError) as refused:
        parse_move(pos, "i5-i7-i5")
    assert refused.value.reason is StarReason.REVISITED
    assert refused.value.details == {"hole": "i5"}


def test_the_shortest_chain_is_kept_and_a_players_path_is_kept_as_given() -> None:
    pos = position(2, ("i5",), ("i6", "j7", "i8"))
    move = parse_move(pos, "i5-i9")  # i5 over i6 to i7, over i8 to i9
    assert format_move(move) == "i5-i7-i9"
    assert format_move(parse_move(pos, "i5-i7-i9")) == "i5-i7-i9"


def test_refusals_carry_a_reason_and_hole_names() -> None:
    pos = position(2, ("i5", "h5"), ("i6", "a1"))
    cases = {
        "g1-g2": (StarReason.EMPTY_HOLE, {"hole": "g1"}),
        "a1-b1": (StarReason.NOT_YOUR_MARBLE, {"hole": "a1"}),
        "i5-i6": (StarReason.OCCUPIED, {"hole": "i6"}),
        "i5-i9": (StarReason.NO_ROUTE, {"start": "i5", "end": "i9"}),
        "h5-j5": (StarReason.NO_ROUTE, {"start": "h5", "end": "j5"}),
        "i5-i7-i9": (StarReason.NOT_A_JUMP, {"start": "i7", "end": "i9"}),
        "i5-j5-k5": (StarReason.STEP_ENDS_MOVE, {"start": "i5", "end": "j5"}),
        "i5-i7-k8": (StarReason.NOT_ADJACENT, {"start": "i7", "end": "k8"}),
        "pass": (StarReason.CANNOT_PASS, {}),
    }
    for text, (reason, details) in cases.items():
        with pytest.raises(StarMoveError) as refused:
            parse_move(pos, text)
        assert (refused.value.reason, refused.value.details) == (reason, details), text


def test_a_jump_with_nothing_to_jump_over() -> None:
    pos = position(2, ("i5",), ("a1",))
    with pytest.raises(StarMoveError) as refused:
        parse_move(pos, "i5-i7")
    assert (refused.value.reason, refused.value.details) == (StarReason.NOT_A_JUMP, {"start": "i5", "end": "i7"})


@pytest.mark.parametrize(
    ("text", "reason"),
    [("", "empty"), ("   ", "empty"), ("i5", "one_square"), ("i5-z9", "not_a_square"), ("i5--i6", "unreadable"),
     ("i5-" * 80 + "i6", "too_long"), ("r1-a1", "not_a_square"), ("e14-e13", "not_a_square")],
)  # fmt: skip
def test_unreadable_text(text: str, reason: str) -> None:
    with pytest.raises(NotationError) as refused:
        parse_move(StarPosition.start(2), text)
    assert refused.value.reason == reason


def test_a_player_without_a_move_passes() -> None:
    # South's only marble a1: its neighbours b1, b2 and the holes beyond them, c1 and c3, are all taken.
    pos = position(2, ("a1",), ("b1", "b2", "c1", "c3"))
    assert pos.legal_moves() == (PASS,)
    with pytest.raises(StarMoveError) as refused:
        parse_move(pos, "a1-b1")
    assert refused.value.reason is StarReason.MUST_PASS
    after = pos.play(parse_move(pos, "pass"))
    assert after.turn == 1 and after.marbles == pos.marbles and after.ply == 1


NORTH_POINT = ("n1", "n2", "n3", "n4", "o1", "o2", "o3", "p1", "p2", "q1")
NINE = NORTH_POINT[1:]  # every hole of North's point but n1, whose neighbour below is m5


def test_filling_the_opposite_point_places_the_player_and_the_others_play_on() -> None:
    pos = position(3, (*NINE, "m5"), ("i1",), ("i9",))
    assert not pos.goal_filled(0) and pos.ranking() == ()
    after = pos.play(parse_move(pos, "m5-n1"))
    assert after.finished == (0,) and not after.is_over and after.turn == 1
    assert after.ranking() == ((0,),)
    after = after.play(parse_move(after, "i1-i2"))
    after = after.play(parse_move(after, "i9-i8"))
    assert after.turn == 1  # the finished seat is skipped
    left = after.without(1)
    assert left.is_over and left.marbles[1] == 0
    assert left.ranking() == ((0,), (2,), (1,))


def test_the_goal_counts_with_blockers_in_it() -> None:
    # Two players: North never moved q1 out of its home; South fills the nine other holes and has finished.
    pos = position(2, (*NINE[:-1], "m5"), ("q1", "a1"))
    assert not pos.goal_filled(0)
    after = pos.play(parse_move(pos, "m5-n1"))
    assert after.goal_filled(0) and after.finished == (0,) and after.is_over
    assert after.ranking() == ((0,), (1,))
    assert after.legal_moves() == ()
    with pytest.raises(StarMoveError) as refused:
        parse_move(after, "a1-b1")
    assert refused.value.reason is StarReason.GAME_OVER


def test_a_point_full_of_other_marbles_only_is_not_a_win() -> None:
    assert not position(2, ("a1",), NORTH_POINT).goal_filled(0)


def test_a_leaver_loses_its_turn_and_its_marbles() -> None:
    pos = StarPosition.start(4)
    after = pos.without(0)
    assert after.turn == 1 and after.marbles[0] == 0 and after.gone == (0,)
    assert not after.is_over
    assert after.without(0) == after  # leaving twice changes nothing
    two = StarPosition.start(2).without(1)
    assert two.is_over and two.ranking() == ((0,), (1,))


def test_the_stalling_limit_ends_the_game_and_places_by_distance() -> None:
    pos = dataclasses.replace(StarPosition.start(3), ply=3 * MAX_TURNS_PER_SEAT - 1)
    assert not pos.is_over
    after = pos.play(parse_move(pos, "d1-e5"))
    assert after.is_over and after.legal_moves() == ()
    # South moved one marble a row nearer its goal; the other two are level and share second place.
    assert after.pips(0) == after.pips(1) - 1 == after.pips(2) - 1
    assert after.ranking() == ((0,), (1, 2))


def test_pips_of_a_full_goal_is_zero() -> None:
    assert position(2, NORTH_POINT, ("a1",)).pips(0) == 0
    assert StarPosition.start(2).pips(0) == StarPosition.start(6).pips(4)


def test_position_text_round_trips() -> None:
    pos = StarPosition.start(6).play(parse_move(StarPosition.start(6), "c2-e8")).without(3)
    text = position_text(pos)
    assert parse_position(text) == pos
    assert text.startswith("6/1/1/-/3/a1,b1,b2,c1,c3,d1,d2,d3,d4,e8|")


@pytest.mark.parametrize(
    ("text", "reason"),
    [("2/0/0/-/-/a1|z9", "bad_square"), ("2/0/0/-/-/a1|a1", "square_twice"), ("5/0/0/-/-/a1", "invalid"),
     ("2/0/0/-/-/" + ",".join(NORTH_POINT) + ",m1|a1", "too_many"), ("x" * 3000, "too_long"), ("2/0", "invalid")],
)  # fmt: skip
def test_bad_position_text(text: str, reason: str) -> None:
    with pytest.raises(InvalidPositionError) as refused:
        parse_position(text)
    assert refused.value.reason == reason


def test_point_opposites() -> None:
    assert [p.opposite for p in Point] == [Point.NORTH, Point.NORTH_EAST, Point.SOUTH_EAST, Point.SOUTH,
                                           Point.SOUTH_WEST, Point.NORTH_WEST]  # fmt: skip
