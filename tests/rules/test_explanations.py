"""Each rejection reason on a position built from the Italian rule texts (docs/RULES.md, §7.1)."""

from __future__ import annotations

import dataclasses

import pytest

from messages import describe
from rules import Game, IllegalMoveError, Reason, find_variant, parse_fen, parse_move
from rules.ruleset import Numbering

ITALIAN = find_variant("italian")
START = ITALIAN.start_fen

CASES = [
    # (reason, FEN, move typed, words the player must read)
    (Reason.OFF_BOARD, START, "33-29", "33 is not a square"),
    (Reason.EMPTY_SQUARE, START, "17-13", "no piece on 17"),
    (Reason.NOT_YOUR_PIECE, START, "9-13", "belongs to your opponent"),
    (Reason.MAN_BACKWARDS, "W:W18:B1", "18-22", "cannot move backwards"),
    (Reason.DESTINATION_OCCUPIED, START, "26-22", "22 is already occupied"),
    (Reason.NOT_A_LEGAL_STEP, START, "22-14", "not a legal move"),
    (Reason.NOT_A_LEGAL_JUMP, START, "22x13", "not a legal capture"),
    (Reason.CAPTURE_COMPULSORY, "W:W22:B19,1", "22-18", "compulsory"),
    (Reason.FEWER_PIECES, "W:W22:B18,19,10", "22x15", "must capture 2 pieces; 22x15 captures only 1"),
    (Reason.MUST_CAPTURE_WITH_KING, "W:W23,K25:B19,21", "23x14", "the king must capture"),
    (Reason.MUST_CAPTURE_MORE_KINGS, "W:WK19:B14,5,15,K7", "19x10x1", "most kings"),
    (Reason.MUST_CAPTURE_KING_EARLIER, "W:WK19:BK14,5,15,K7", "19x12x3", "earliest"),
    (Reason.MUST_CAPTURE_KING_EARLIER, "W:WK25:BK21,23,15,K14,22,K24", "25x18x27x20x11x18", "earliest"),
    (Reason.MAN_CANNOT_CAPTURE_KING, "W:W22:BK19,1", "22x15", "man may not capture a king"),
    (Reason.CAPTURE_INCOMPLETE, "W:W22:B18,19,10", "22x13", "keep capturing from 13"),
    (Reason.PROMOTION_ENDS_MOVE, "W:W10:B6,7", "10x3x12", "move ends there"),
    (Reason.GAME_OVER, "W:W:B1", "22-18", "game is over"),
]


@pytest.mark.parametrize(("reason", "fen", "text", "words"), CASES, ids=[f"{c[0].value}-{c[2]}" for c in CASES])
def test_reason_and_sentence(reason: Reason, fen: str, text: str, words: str) -> None:
    position = parse_fen(ITALIAN, fen)
    with pytest.raises(IllegalMoveError) as caught:
        parse_move(position, text)
    assert caught.value.reason is reason
    sentence = describe(caught.value, position)
    assert words in sentence
    assert caught.value.legal == tuple(position.legal_moves())
    if caught.value.legal:
        assert "Legal:" in sentence


def test_light_square_on_an_algebraic_board() -> None:
    """On the Italian board a1 is light (Art. 2.3: the bottom-right corner is dark)."""
    algebraic = dataclasses.replace(ITALIAN, numbering=Numbering.ALGEBRAIC, start_fen="W:Wa2:Bb7")
    position = parse_fen(algebraic, "W:Wa2:Bb7")
    with pytest.raises(IllegalMoveError) as caught:
        parse_move(position, "a1-b2")
    assert caught.value.reason is Reason.LIGHT_SQUARE
    assert "light square" in describe(caught.value, position)


def test_fewer_pieces_lists_the_full_route() -> None:
    position = parse_fen(ITALIAN, "W:W22:B18,19,10")
    with pytest.raises(IllegalMoveError) as caught:
        parse_move(position, "22x15")
    assert describe(caught.value, position).endswith("Legal: 22x13x6.")


def test_refusal_changes_nothing() -> None:

    game = Game(ITALIAN, "W:W22:B18,19,10")
    before = game.fen
    with pytest.raises(IllegalMoveError):
        game.play("22x15")
    assert game.fen == before and game.ply == 0
