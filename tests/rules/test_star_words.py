"""Every Chinese checkers refusal is a whole sentence in each shipped language, built from the rules' typed
data (hole names), never from the rules' own English text."""

from __future__ import annotations

import pytest

from messages.i18n import SHIPPED, words
from messages.star import describe_star, star_hint
from messages.variants import variant_name, variant_summary
from rules.errors import NotationError, RulesError
from rules.star import BOARD, StarMoveError, StarPosition, StarReason, format_move, parse_move

# South: i5, h5; North: i6, a1 (see test_star_rules.py); one text per reason.


def at(*names: str) -> int:
    return sum(1 << BOARD.hole(n) for n in names)


BUSY = StarPosition(StarPosition.start(2).homes, (at("i5", "h5"), at("i6", "a1")))
STUCK = StarPosition(StarPosition.start(2).homes, (at("a1"), at("b1", "b2", "c1", "c3")))
OVER = StarPosition.start(2).without(1)
CASES = [
    (BUSY, "g1-g2"), (BUSY, "a1-b1"), (BUSY, "i5-i6"), (BUSY, "h5-j5"), (BUSY, "i5-i7-i9"), (BUSY, "i5-j5-k5"),
    (BUSY, "i5-i7-k8"), (BUSY, "pass"), (BUSY, "i5-i7-i5"), (STUCK, "a1-b1"), (OVER, "d1-e5"),
    (BUSY, ""), (BUSY, "i5"), (BUSY, "i5-z9"), (BUSY, "i5--i6"), (BUSY, "i5-" * 80 + "i6"),
]  # fmt: skip


def refusal(position: StarPosition, text: str) -> RulesError:
    with pytest.raises(RulesError) as caught:
        parse_move(position, text)
    return caught.value


def test_the_cases_cover_every_reason() -> None:
    reasons = {e.reason for e in (refusal(p, t) for p, t in CASES) if isinstance(e, StarMoveError)}
    assert reasons == set(StarReason)


@pytest.mark.parametrize("locale", SHIPPED)
def test_each_refusal_is_translated_and_names_the_holes(locale: str) -> None:
    said = set()
    for position, text in CASES:
        error = refusal(position, text)
        sentence = describe_star(error, position, words(locale))
        assert sentence != describe_star(error, position), (locale, text, sentence)
        assert str(error) not in sentence
        for hole in getattr(error, "details", {}).values():
            assert hole in sentence
        said.add(sentence)
    assert len(said) == len(CASES)


def test_english_sentences() -> None:
    assert describe_star(refusal(BUSY, "h5-j5"), BUSY) == (
        "The marble on h5 cannot reach j5 in one move, neither by a step nor by a chain of jumps. "
        "From h5 it can go to g5, g6, h4, h6, h7, i4, j6."  # h7: over i5 to j6, over i6 to h7
    )
    assert describe_star(refusal(BUSY, "i5-z9"), BUSY).startswith("z9 is not a hole of the star")
    assert describe_star(refusal(BUSY, ""), BUSY).endswith("like h5-h6 or h5-j6-h7.")  # a step, the longest chain
    error = refusal(StarPosition.start(2), "zz-a1")
    assert isinstance(error, NotationError)


@pytest.mark.parametrize("locale", SHIPPED)
def test_the_variant_has_a_name_and_a_summary(locale: str) -> None:
    assert variant_name(words(locale), "chinese") != "Chinese checkers"
    assert "d2-e6" in variant_summary(words(locale), "chinese")


def test_hints_in_words() -> None:
    from engine.star import StarHint, analyse  # noqa: PLC0415 - the engine only for these hints

    start = StarPosition.start(2)
    hint = analyse(start, depth=2)
    english = star_hint(hint)
    assert english.startswith(f"Play {format_move(hint.move)}: ")
    one = StarHint(hint.move, 1.0, 2, 10, None)
    assert star_hint(one).endswith("1 step ahead in the race.")
    assert star_hint(StarHint(hint.move, -3.0, 2, 10, None)).endswith("3 steps behind in the race.")
    assert star_hint(StarHint(hint.move, 0.2, 2, 10, None)).endswith("the race is then level.")
    assert star_hint(StarHint(hint.move, 99_990.0, 2, 10, 2)).endswith("you can finish in 2 moves.")
    assert star_hint(analyse(STUCK, depth=2)) == "You have no legal move: pass."
    for locale in SHIPPED:
        said = {star_hint(StarHint(hint.move, s, 2, 10, f), words(locale)) for s, f in ((5.0, None), (1.0, None),
                (-2.0, None), (0.0, None), (WIN, 1), (WIN, 3))}  # fmt: skip
        assert len(said) == 6 and all(format_move(hint.move) in s for s in said)
        assert not said & {star_hint(StarHint(hint.move, s, 2, 10, None)) for s in (5.0, 1.0, -2.0, 0.0)}
    assert star_hint(StarHint(hint.move, 5.0, 2, 10, None), words("ru")).endswith("на 5 шагов.")
    assert star_hint(StarHint(hint.move, 3.0, 2, 10, None), words("cs")).endswith("o 3 kroky.")


WIN = 99_999.0
