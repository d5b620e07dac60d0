"""The tree of conditional lines: shared prefixes, one reply per opponent move, following a branch."""

from __future__ import annotations

import pytest

from service.premove_tree import LineConflict, PremoveTree


def test_lines_with_a_common_start_share_a_branch_and_come_back_out_in_order() -> None:
    tree = PremoveTree()
    tree.add(("21-17", "10-14", "22-18", "14x21"))
    tree.add(("21-17", "10-14", "23-19", "11-15"))
    tree.add(("22-18", "12-16"))
    assert tree.lines() == [
        ("21-17", "10-14", "22-18", "14x21"),
        ("21-17", "10-14", "23-19", "11-15"),
        ("22-18", "12-16"),
    ]
    assert set(tree.branches) == {"21-17", "22-18"}  # two opponent moves at the root, not three
    assert len(tree) == 3


def test_a_line_that_extends_another_replaces_it_and_a_prefix_adds_nothing() -> None:
    tree = PremoveTree()
    tree.add(("21-17", "10-14"))
    tree.add(("21-17", "10-14", "22-18", "14x21"))
    tree.add(("21-17", "10-14"))
    assert tree.lines() == [("21-17", "10-14", "22-18", "14x21")]


@pytest.mark.parametrize(
    ("second", "index", "opponent", "stored", "new"),
    [
        (("21-17", "9-13"), 1, "21-17", "10-14", "9-13"),
        (("21-17", "10-14", "22-18", "12-16"), 3, "22-18", "14x21", "12-16"),
    ],
)
def test_two_different_replies_to_the_same_move_conflict_and_change_nothing(
    second: tuple[str, ...], index: int, opponent: str, stored: str, new: str
) -> None:
    tree = PremoveTree()
    tree.add(("21-17", "10-14", "22-18", "14x21"))
    with pytest.raises(LineConflict) as caught:
        tree.add(second)
    assert (caught.value.index, caught.value.opponent_move) == (index, opponent)
    assert (caught.value.stored_reply, caught.value.new_reply) == (stored, new)
    assert tree.lines() == [("21-17", "10-14", "22-18", "14x21")]


def test_following_a_move_gives_the_reply_and_the_rest_of_that_branch_only() -> None:
    tree = PremoveTree.of(
        [("21-17", "10-14", "22-18", "14x21"), ("21-17", "10-14", "23-19", "11-15"), ("22-18", "12-16")]
    )
    followed = tree.follow("21-17")
    assert followed is not None
    reply, rest = followed
    assert reply == "10-14"
    assert rest.lines() == [("22-18", "14x21"), ("23-19", "11-15")]
    assert tree.follow("24-20") is None
    leaf = tree.follow("22-18")
    assert leaf is not None and leaf[0] == "12-16" and leaf[1].lines() == []


def test_an_odd_line_is_not_a_line() -> None:
    with pytest.raises(ValueError, match="pairs"):
        PremoveTree().add(("21-17",))
