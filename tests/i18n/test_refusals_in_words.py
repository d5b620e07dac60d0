"""Unreadable move text and a wrong FEN are refused with a whole sentence in the player's language: the rules
library's own explanation (English, for developers) never appears inside it."""

from __future__ import annotations

import pytest

from messages import describe
from messages.i18n import SHIPPED, words
from rules import InvalidPositionError, NotationError, RulesError, find_variant, parse_fen, parse_move, start_position

# Each kind of unreadable text the rules tell apart, in a numeric and an algebraic variant.
TEXTS = [
    ("italian", "zz"),
    ("italian", "   "),
    ("italian", "22"),
    ("italian", "c3-d4"),
    ("italian", "9" * 300),
    ("russian", "0-5"),
    ("russian", "c3"),
]


def refusal(variant: str, text: str) -> tuple[RulesError, object]:
    position = start_position(find_variant(variant))
    with pytest.raises(NotationError) as caught:
        parse_move(position, text)
    return caught.value, position


@pytest.mark.parametrize("locale", SHIPPED)
@pytest.mark.parametrize(("variant", "text"), TEXTS)
def test_no_english_explanation_inside_a_translated_refusal(locale: str, variant: str, text: str) -> None:
    error, position = refusal(variant, text)
    sentence = describe(error, position, words(locale))  # type: ignore[arg-type]
    english = describe(error, position)  # type: ignore[arg-type]
    assert str(error) not in sentence, sentence
    assert sentence != english, sentence  # translated, not left in English


def test_each_way_of_being_unreadable_has_its_own_sentence_in_italian() -> None:
    italian = words("it")
    said = {text: describe(*refusal("italian", text), italian) for _, text in TEXTS[:5]}  # type: ignore[arg-type]
    assert said["zz"] == "Non riesco a leggere questa mossa. Scrivila come 21-17 o 21-18."
    assert said["   "].startswith("La mossa è vuota.")
    assert said["22"].startswith("Una mossa ha bisogno di una casella di partenza e di una di arrivo.")
    assert said["c3-d4"].startswith("c3 non è il nome di una casella di questa damiera.")
    assert said["9" * 300].startswith("Il testo della mossa è troppo lungo.")


# One FEN per way the rules tell a FEN is wrong (Italian: 32 squares, 12 men a side, White promotes on 1-4).
FENS = ["", "W:W" + "1," * 2100, "X:W21:B1", "W:W12-1:B30", "W:W33:B1", "W:W21:W22", "W:W21,21:B1", "W:W1-20:B30",
        "W:W2:B30"]


def fen_refusal(fen: str) -> InvalidPositionError:
    with pytest.raises(InvalidPositionError) as caught:
        parse_fen(find_variant("italian"), fen)
    return caught.value


@pytest.mark.parametrize("locale", SHIPPED)
@pytest.mark.parametrize("fen", FENS, ids=range(len(FENS)))
def test_a_wrong_fen_is_refused_in_words(locale: str, fen: str) -> None:
    error = fen_refusal(fen)
    sentence = describe(error, None, words(locale))
    assert str(error) not in sentence and "FEN '" not in sentence, sentence
    assert sentence != describe(error), sentence


def test_each_wrong_fen_has_its_own_sentence() -> None:
    said = [describe(fen_refusal(fen)) for fen in FENS]
    assert len(set(said)) == len(FENS), said
    assert said[4] == "In that FEN, 33 is not a square of this board."
    assert describe(fen_refusal("W:W2:B30"), None, words("it")) == (
        "In questa FEN una pedina sta sulla sua riga di promozione (2): lì sarebbe già una dama."
    )
