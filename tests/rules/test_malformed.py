"""Malformed input only ever raises the typed errors (RulesError subclasses)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules import (
    InvalidPositionError,
    NotationError,
    RulesError,
    UnknownVariantError,
    find_variant,
    parse_fen,
    parse_move,
    start_position,
)
from rules.pdn import read_games

ITALIAN = find_variant("italian")
START = start_position("italian")
MOVE_ALPHABET = st.sampled_from(list("0123456789-x:X ×*.,;/ab\t\n") + ["K", "é", "\x00", "99999999999"])


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=40))
def test_any_text_as_a_move(text: str) -> None:
    try:
        parse_move(START, text)
    except RulesError:
        pass


@settings(max_examples=300, deadline=None)
@given(st.lists(MOVE_ALPHABET, max_size=20).map("".join))
def test_move_like_text(text: str) -> None:
    try:
        parse_move(START, text)
    except RulesError:
        pass


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=60))
def test_any_text_as_a_fen(text: str) -> None:
    try:
        parse_fen(ITALIAN, text)
    except RulesError:
        pass


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from(list("WBK:,-0123456789 .") + ["32", "33", "12"]), max_size=30).map("".join))
def test_fen_like_text(text: str) -> None:
    try:
        parse_fen(ITALIAN, text)
    except RulesError:
        pass


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=120))
def test_any_text_as_pdn(text: str) -> None:
    try:
        for game in read_games(text):
            game.to_game()
    except RulesError:
        pass


@pytest.mark.parametrize(
    "text",
    ["", "   ", "22", "22--18", "22xx13", "22/18", "99999999999-1", "0-4", "-1-5", "22-18-", "a1-b2", "22 - 18 17"],
)
def test_odd_move_texts(text: str) -> None:
    with pytest.raises(RulesError):
        parse_move(START, text)


@pytest.mark.parametrize(
    ("fen", "words"),
    [
        ("W:W21,21:B1", "given twice"),
        ("W:W21:B21", "given twice"),
        ("W:W1-13:B20", "13 pieces"),
        ("W:W33:B1", "bad square"),
        ("W:W0:B1", "bad square"),
        ("W:W3:B20", "promotion row"),
        ("W:W20:B30", "promotion row"),
        ("X:W20:B1", "expected W or B"),
        ("W:W20:W1", "listed twice"),
        ("W:W12-5:B1", "backwards"),
        ("W:Wabc:B1", "bad square"),
    ],
)
def test_bad_fens(fen: str, words: str) -> None:
    with pytest.raises(InvalidPositionError) as caught:
        parse_fen(ITALIAN, fen)
    assert words in str(caught.value)


def test_fen_accepts_pdn_variants() -> None:
    """PDN 3.0: either colour first, K prefix, ranges, spaces and a trailing dot are tolerated."""
    a = parse_fen(ITALIAN, "W:W21-32:B1-12")
    assert parse_fen(ITALIAN, "W:B1-12:W21-32") == a
    assert parse_fen(ITALIAN, " w : w21-32 : b1-12. ") == a
    kings = parse_fen(ITALIAN, "B:WK5,22:BK30,K29")
    assert kings.kings.bit_count() == 3


def test_unknown_variant() -> None:
    with pytest.raises(UnknownVariantError):
        find_variant("chinese checkers")
    assert find_variant("  Italian ") is ITALIAN


def test_notation_error_is_a_rules_error() -> None:
    assert issubclass(NotationError, RulesError) and issubclass(RulesError, ValueError)
