"""Rejected moves explained in each variant's own terms, move input in every notation, draws, giveaway."""

from __future__ import annotations

import io
import json

import pytest

from messages import describe
from rules import (
    VARIANTS,
    AmbiguousMoveError,
    Color,
    Game,
    IllegalMoveError,
    Reason,
    Termination,
    cli_variants,  # noqa: F401  (registers the subcommand)
    find_variant,
    parse_fen,
    parse_move,
)
from rules.cli import main


def _reason(variant: str, fen: str, text: str) -> Reason:
    position = parse_fen(find_variant(variant), fen)
    with pytest.raises(IllegalMoveError) as caught:
        parse_move(position, text)
    assert describe(caught.value, position)  # every reason has a sentence
    return caught.value.reason


@pytest.mark.parametrize(
    ("variant", "fen", "text", "reason"),
    [
        # majority capture (N1): the one-piece capture 33x24 is refused
        ("international", "W:W33:B28,29,17", "33x24", Reason.FEWER_PIECES),
        # N2: 37x28x17x39 would need captured pieces to vanish at once
        ("international", "W:WK37:B19,22,33,25,32,38", "37x28x17x39", Reason.JUMPED_TWICE),
        # R1: in Russian the man crowned on d8 must go on as a king
        ("russian", "W:Wb6,a1:Bc7,g5,h8", "b6:d8", Reason.PROMOTED_MUST_CONTINUE),
        # C1: Czech king priority, although the man would take two
        ("czech", "W:Wf2,Kc3:Bc5,a5,e3,e5", "f2xd4xf6", Reason.KING_PRIORITY),
        # F1: Frisian value rule
        ("frisian", "W:W33:BK28,29,19", "33x22", Reason.LOWER_VALUE),
        # T2: Turkish no turning back
        ("turkish", "W:WKd4:Bd6,d2,h8", "d4xd1xd7", Reason.NO_TURN_BACK),
        # Spanish quality (S1)
        ("spanish", "W:WK14:B19,28,26,K18", "14x32", Reason.MUST_CAPTURE_MORE_KINGS),
        # English: crowning ends the move (E2)
        ("english", "B:W26,27:B22", "22x31x24", Reason.PROMOTION_ENDS_MOVE),
    ],
)
def test_rejections_are_explained(variant: str, fen: str, text: str, reason: Reason) -> None:
    assert _reason(variant, fen, text) is reason


def test_frisian_same_king_three_quiet_moves() -> None:
    """A king may make three quiet moves in a row while its side has men; the fourth is refused."""
    game = Game(find_variant("frisian"), "W:WK46,45:BK1")
    plan = ["46-41", "1-6", "41-46", "6-1", "46-41", "1-6"]
    for text in plan:
        game.play(text)
    assert game.position.king_streaks[:2] == (game.position.board.parse_square("41"), 3)
    with pytest.raises(IllegalMoveError) as caught:
        game.play("41-46")
    assert caught.value.reason is Reason.KING_MOVE_LIMIT
    assert all(m.start != game.position.board.parse_square("41") for m in game.legal_moves())
    game.play("45-40")  # a man move resets the count
    game.play("6-1")
    game.play("41-46")


def test_frisian_limit_lifts_without_men() -> None:
    game = Game(find_variant("frisian"), "W:WK46:BK1,K2")
    for text in ["46-41", "1-6", "41-46", "6-1", "46-41", "1-6"]:
        game.play(text)
    game.play("41-46")  # no men left: the king may go on


@pytest.mark.parametrize(
    ("variant", "fen", "text", "path"),
    [
        ("international", "W:W31-50:B1-20", "32-28", ("32", "28")),
        ("international", "W:W33:B28,29,17", "33x11", ("33", "22", "11")),
        ("international", "W:W33:B28,29,17", "33 22 11", ("33", "22", "11")),
        ("russian", "W:Wc3,h2:Bb4,d4,f6,h8", "c3:e5:g7", ("c3", "e5", "g7")),
        ("russian", "W:Wc3,h2:Bb4,d4,f6,h8", "c3xg7", ("c3", "e5", "g7")),
        ("russian", "W:Wc3,h2:Bb4,d4,f6,h8", "C3 : A5", ("c3", "a5")),
        ("brazilian", "W:Wc3,h2:Bb4,d4,f6,h8", "c3xe5xg7", ("c3", "e5", "g7")),
        ("russian", VARIANTS["russian"].start_fen, "c3-d4", ("c3", "d4")),
        ("turkish", "W:Wd3:Bd4,c5,e5,b6,h8", "d3xb7", ("d3", "d5", "b5", "b7")),
    ],
)
def test_move_input_in_every_notation(variant: str, fen: str, text: str, path: tuple[str, ...]) -> None:
    position = parse_fen(find_variant(variant), fen)
    move = parse_move(position, text)
    assert tuple(position.board.name(square) for square in move.path) == path


def test_two_moves_with_the_same_ends_need_the_path() -> None:
    """Czech man c3 can reach c7 over d4, d6 or over b4, b6: two moves, same start and end."""
    position = parse_fen(find_variant("czech"), "W:Wc3:Bb4,d4,b6,d6")
    with pytest.raises(AmbiguousMoveError) as caught:
        parse_move(position, "c3xc7")
    assert len(caught.value.candidates) == 2
    move = parse_move(position, "c3xe5xc7")
    assert {position.board.name(c) for c in move.captures} == {"d4", "d6"}


def _play_quietly(game: Game, plies: int, man_move_every: int | None = None) -> None:
    """Play quiet moves that never repeat a position, never allow a capture and never crown, so the material
    stays. With man_move_every, a man steps at least that often (plies), so the kings-only count restarts."""
    seen = {game.position}
    since_man = 0
    for _ in range(plies):
        moves = game.position.legal_moves()
        if man_move_every is not None:
            want_man = since_man + 1 >= man_move_every
            moves.sort(key=lambda m: m.king_move == want_man)  # the wanted kind first, stable otherwise
        for move in moves:
            after = game.position.apply(move)
            if move.captures or move.promotes or after in seen or any(m.captures for m in after.legal_moves()):
                continue
            game.push(move)
            seen.add(after)
            since_man = 0 if not move.king_move else since_man + 1
            break
        else:
            raise AssertionError("no fresh quiet move")


@pytest.mark.parametrize(
    ("variant", "fen", "plies"),
    [
        ("international", "W:WK47,K48:BK1", 10),  # 2 kings v 1 king: 5 moves each
        ("international", "W:WK47,K48,K49:BK1", 32),  # 3 kings v 1 king: 16 moves each
        ("russian", "W:WKc1,Ke1:BKb8", 10),  # 2 pieces v lone king: 5 moves each
        ("frisian", "W:WK47,K48:BK1", 14),  # 2 kings v 1 king: 7 moves each
        ("pool", "W:WK30,K31,K32:BK1", 26),  # 3 kings v 1 king: 13 moves each
    ],
)
def test_endgame_draw_clauses(variant: str, fen: str, plies: int) -> None:
    game = Game(find_variant(variant), fen)
    _play_quietly(game, plies - 1)
    assert game.outcome() is None
    _play_quietly(game, 1)
    outcome = game.outcome()
    assert outcome is not None and outcome.termination is Termination.ENDGAME_RULE
    assert outcome.winner is None


@pytest.mark.parametrize(
    ("fen", "plies"),
    [
        # 4 pieces each, one king each: 30 moves each (docs/RULES.md)
        ("W:WKh4,e1,g1,h2:BKa5,a7,b8,d8", 60),
        # 6 pieces each, one king each: 60 moves each
        ("W:WKh4,a1,c1,e1,g1,h2:BKa5,a7,b8,d8,f8,h8", 120),
    ],
)
def test_russian_equal_material_clauses(fen: str, plies: int) -> None:
    """Men keep stepping (every 20 plies at most), so only the equal-material clause can end the game."""
    game = Game(find_variant("russian"), fen)
    _play_quietly(game, plies - 1, man_move_every=20)
    assert game.outcome() is None
    _play_quietly(game, 1, man_move_every=20)
    outcome = game.outcome()
    assert outcome is not None and outcome.termination is Termination.ENDGAME_RULE


def test_russian_equal_material_needs_equal_kings() -> None:
    """Two kings and two men against one king and three men is not 'equal material' (pydraughts' reading):
    60 plies pass without a draw."""
    game = Game(find_variant("russian"), "W:WKh4,Kc1,g1,h2:BKa5,a7,b8,d8")
    _play_quietly(game, 60, man_move_every=20)
    assert game.outcome() is None


def test_frisian_lone_kings_draw_at_once() -> None:
    outcome = Game(find_variant("frisian"), "W:WK47:BK1").outcome()
    assert outcome is not None and outcome.result == "1/2-1/2"


def test_turkish_king_beats_lone_man() -> None:
    outcome = Game(find_variant("turkish"), "W:WKa1:Bh7").outcome()
    assert outcome is not None and outcome.winner is Color.WHITE


def test_italian_has_no_endgame_clause() -> None:
    assert VARIANTS["italian"].draw_rule is None
    game = Game(find_variant("italian"), "W:WK29,K30:BK4")
    _play_quietly(game, 12)
    assert game.outcome() is None


@pytest.mark.parametrize("base", ["italian", "english", "international", "russian"])
def test_giveaway_player_without_moves_wins(base: str) -> None:
    rules = find_variant(f"anti-{base}")
    assert rules.giveaway
    position = parse_fen(rules, rules.start_fen)
    assert position.legal_moves() == parse_fen(find_variant(base), rules.start_fen).legal_moves()
    board = position.board
    lone = board.name(board.squares[len(board.squares) // 2])
    game = Game(rules, f"W:W:B{lone}")  # White to move has no piece: White wins
    outcome = game.outcome()
    assert outcome is not None and outcome.winner is Color.WHITE


def test_every_variant_has_its_card_data() -> None:
    for rules in VARIANTS.values():
        position = parse_fen(rules, rules.start_fen)
        assert position.turn is rules.first_player
        assert position.legal_moves()


def test_cli_lists_every_variant() -> None:


    out = io.StringIO()
    assert main(["variants", "--json"], out=out) == 0
    records = {r["id"]: r for r in json.loads(out.getvalue())}
    assert set(records) == {*VARIANTS, "chinese"}
    assert records["chinese"]["players"] == [2, 3, 4, 6] and records["chinese"]["board"] == "star"
    assert records["english"]["first_player"] == "Black" and "american" in records["english"]["aliases"]
    assert records["pool"]["gametype"] == "23,B,8,8,N1,0"
    assert records["portuguese"]["gametype"].startswith("28,")
    assert records["thai"]["men_per_side"] == 8 and records["dameo"]["men_per_side"] == 18
