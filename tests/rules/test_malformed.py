"""Malformed input only ever raises the typed errors (RulesError subclasses)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from messages.pdn import failure_sentence
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
from rules.pdn_replay import replay
from rules.pdn_scan import read_records

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


_PDN_PIECES = [
    '[GameType "25"]', '[GameType "21"]', '[FEN "W:W21,22:B10,11"]', '[FEN "B:WK26:B8', "[Event ", '"', "{", "}",
    "(", ")", "1.", "2...", "1)", "22-18", "11-15", "c3-d4", "cd4", "b:d6", "d4xf6", "с3-d4", "1-0", "0:1", "½-½",
    "*", "$3", "!?", "[%clk 1:00]", "9n", "- -", "\n", " ", "\r\n", "x", "e5", "ф",
]  # fmt: skip


@settings(max_examples=300, deadline=None)
@given(
    st.lists(st.sampled_from(_PDN_PIECES), max_size=40).map(" ".join),
    st.sampled_from([None, "italian", "russian", "english"]),
    st.sampled_from(["utf-8", "cp1251", "utf-16"]),
)
def test_any_pdn_bytes_are_read_and_replayed_without_raising(text: str, variant: str | None, encoding: str) -> None:
    """The tolerant reader never raises: every game is either replayed or reported with a reason and a sentence."""
    data = text.encode(encoding, errors="replace")
    rules = find_variant(variant) if variant else None
    for record in read_records(data):
        result = replay(record, rules)
        if result.failure is not None:
            assert result.failure.reason and failure_sentence(result)


@settings(max_examples=100, deadline=None)
@given(st.binary(max_size=300))
def test_any_bytes_as_pdn(data: bytes) -> None:
    for record in read_records(data):
        replay(record)


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
