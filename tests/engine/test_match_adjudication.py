"""benchmarks.match's game loop past its ply limit: material adjudicates, but not where the rules' own
endgame clauses are about to end the game (International, FMJD Art. 6: two pieces against a lone king
are drawn after five moves each, three after sixteen)."""

from __future__ import annotations

import pytest

from benchmarks.match import PLAY_ON, play_out
from rules import Game, Move, find_variant


def first_legal(game: Game, seconds: float) -> Move:
    return game.position.legal_moves()[0]


@pytest.mark.parametrize("fen", ["W:WK46,K47:BK5", "W:WK46,K47,K48:BK5"])
def test_kings_against_a_lone_king_are_drawn_by_the_rules_not_won_on_material(fen: str) -> None:
    game = Game(find_variant("international"), fen)
    score, plies, how = play_out(game, first_legal, first_legal, 0.0, max_plies=0)
    assert (score, how) == (0.5, "endgame_rule")
    assert 0 < plies <= PLAY_ON


def test_a_lead_of_two_men_without_kings_is_still_adjudicated_a_win() -> None:
    game = Game(find_variant("international"), "W:W31,32,33,34:B16,17")
    assert play_out(game, first_legal, first_legal, 0.0, max_plies=0) == (1.0, 0, "adjudicated")


def last_legal(game: Game, seconds: float) -> Move:
    return game.position.legal_moves()[-1]


def test_play_on_past_the_limit_is_bounded() -> None:
    # Kings and men on both sides: men keep moving, so no clause ends it, and the game is adjudicated
    # PLAY_ON plies past the limit (these two players were found to last that long).
    game = Game(
        find_variant("international"),
        "W:WK46,31,32,33,34,35,36,37,38,39,40,41,42,43,44,45:BK5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20",
    )
    _score, plies, how = play_out(game, last_legal, first_legal, 0.0, max_plies=0)
    assert (plies, how) == (PLAY_ON, "adjudicated")
