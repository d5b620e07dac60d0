"""The short notation of Russian print (`cd4`, `d:f6`) names the same move as the full one in a live game,
on algebraic boards only; an ambiguous one names its candidates."""

from __future__ import annotations

import pytest

from rules.errors import AmbiguousMoveError, RulesError
from rules.game import Game
from rules.notation import format_move
from rules.variants import find_variant

# Hand-written: 1.c3-d4 f6-e5 2.d4:f6 g7:e5 3.g3-f4 e5:g3 4.h2:f4, and the same in print.
FULL = ["c3-d4", "f6-e5", "d4:f6", "g7:e5", "g3-f4", "e5:g3", "h2:f4"]
SHORT = ["cd4", "fe5", "d:f6", "g:e5", "gf4", "e:g3", "h:f4"]


@pytest.mark.parametrize("variant", ["russian", "brazilian", "czech"])
def test_short_and_full_notation_play_the_same_game(variant: str) -> None:
    rules = find_variant(variant)
    full, short = Game(rules), Game(rules)
    for long_text, short_text in zip(FULL, SHORT, strict=True):
        assert short.play(short_text).path == full.play(long_text).path
    assert short.fen == full.fen


def test_an_ambiguous_short_move_names_its_candidates() -> None:
    # Two White kings on the c file can both reach d4: `cd4` could be either, so it is refused with both.
    game = Game(find_variant("russian"), "W:WKc3,Kc5:Bh8")
    with pytest.raises(AmbiguousMoveError) as caught:
        game.parse("cd4")
    position = game.position
    assert sorted(format_move(position, move) for move in caught.value.candidates) == ["c3-d4", "c5-d4"]
    assert game.parse("cb6").path == game.parse("c5-b6").path


def test_numbered_variants_do_not_read_short_notation() -> None:
    with pytest.raises(RulesError):
        Game(find_variant("italian")).play("cd4")
