"""Frisian's king move limit in the compiled core, against the rules library (rules/king_streaks.py).

The limit (one king, at most three quiet moves in a row while its side has men) depends on state beyond the
bitboards, Position.king_streaks. The move generator, perft, search keys and the search itself must carry it;
tests/engine/test_native.py checks Frisian's plain move sets and published perft with the other variants.
"""

from __future__ import annotations

import dataclasses
import random

import pytest

from engine import native
from engine.api import fast_of, to_moves
from engine.search import WIN, WIN_BOUND, Searcher
from rules import Color, Game, Position, find_variant, parse_fen, perft
from rules.movegen import generator_for
from tests.engine.test_native import random_placement

FRISIAN = find_variant("frisian")
FRISIAN_GEN = generator_for(FRISIAN)
FRISIAN_BOARD = FRISIAN_GEN.board
FAST_SAMPLE = 3_000
SLOW_SAMPLE = 100_000


def random_streaks(position: Position, rng: random.Random) -> Position:
    """The position with a random king of each side (or none) on a run of 1 to 4 quiet moves."""
    streaks = [-1, 0, -1, 0]
    for color, pieces in ((0, position.white), (1, position.black)):
        kings = position.board.bits(pieces & position.kings)
        if kings and rng.random() < 0.8:
            streaks[2 * color] = rng.choice(kings)
            streaks[2 * color + 1] = rng.choice((1, 2, 3, 3, 3, 4))
    return dataclasses.replace(position, king_streaks=(streaks[0], streaks[1], streaks[2], streaks[3]))


def sparse_placement(rng: random.Random) -> Position:
    """A few men and kings of each side, mostly without a capture for the side to move (flying kings that
    capture in eight directions nearly always have one): positions where quiet king moves matter."""
    while True:
        squares = list(FRISIAN_BOARD.coords)
        rng.shuffle(squares)
        pieces = [0, 0]
        kings = 0
        for index, square in enumerate(squares[: rng.randint(4, 14)]):
            color = index % 2
            if index < 2 or rng.random() < 0.3 or FRISIAN_GEN.forbidden_men(Color(color)) >> square & 1:
                kings |= 1 << square
            pieces[color] |= 1 << square
        turn = rng.randrange(2)
        own, opp = pieces[turn], pieces[1 - turn]
        if rng.random() < 0.03 or not FRISIAN_GEN.captures(Color(turn), own, opp, kings):
            return Position(FRISIAN, pieces[0], pieces[1], kings, Color(turn))


def played_positions(rng: random.Random, plies: int = 30) -> list[Position]:
    """Random play (by the rules library, which carries the streaks) from a random placement with kings."""
    position = sparse_placement(rng)
    out = []
    for _ in range(plies):
        moves = position.legal_moves()
        out.append(position)
        if not moves:
            break
        position = position.apply(rng.choice(moves))
    return out


def streak_disagreements(count: int, seed: int) -> tuple[list[str], int]:
    """Positions where the compiled moves under the streaks differ from Position.legal_moves(), and how many
    of the positions checked had a king held back by the limit."""
    core = native.build_core(FRISIAN, tt_bits=8)
    rng = random.Random(seed)
    bad: list[str] = []
    held = checked = 0
    while checked < count:
        if rng.random() < 0.5:
            batch = played_positions(rng)
        else:
            batch = [random_streaks(sparse_placement(rng), rng) for _ in range(25)]
            batch += [random_streaks(Position(FRISIAN, w, b, k, Color(c)), rng) for w, b, k, c in
                      (random_placement(FRISIAN, rng) for _ in range(25))]
        for position in batch:
            reference = sorted(fast_of(m) for m in position.legal_moves())
            args = (position.white, position.black, position.kings, int(position.turn))
            compiled = sorted(native.native_moves(core, *args, position.king_streaks))
            if reference != compiled:
                bad.append(f"W={position.white:#x} B={position.black:#x} K={position.kings:#x} "
                           f"turn={int(position.turn)} streaks={position.king_streaks}")
            held += len(reference) < len(native.native_moves(core, *args))
            checked += 1
    return bad, held


def test_move_sets_agree_under_the_king_move_limit() -> None:
    bad, held = streak_disagreements(FAST_SAMPLE, seed=40)
    assert bad == []
    assert held > FAST_SAMPLE // 20  # the sample exercises the limit


@pytest.mark.slow
def test_move_sets_agree_under_the_king_move_limit_on_a_hundred_thousand_positions() -> None:
    bad, held = streak_disagreements(SLOW_SAMPLE, seed=4040)
    assert bad == []
    assert held > SLOW_SAMPLE // 20


def test_perft_carries_the_streaks_like_the_rules_library() -> None:
    """Perft from positions with kings, men and streaks set: the limit binds inside the tree too."""
    core = native.build_core(FRISIAN, tt_bits=8)
    rng = random.Random(41)
    compared = differs = 0
    while compared < 40:
        position = random_streaks(sparse_placement(rng), rng) if compared % 3 else played_positions(rng, 8)[-1]
        # depth 5 lets a king start a run and reach the limit inside the tree (on fewer pieces, for time)
        depth = 4 if compared < 30 else 5
        if (position.white | position.black).bit_count() > (12 if depth == 4 else 6):
            continue
        args = (position.white, position.black, position.kings, int(position.turn), depth)
        expected = perft(position, depth)
        assert core.perft(*args, position.king_streaks) == expected, position
        differs += core.perft(*args) != expected  # without the streaks the count is another
        compared += 1
    assert differs >= 10


def test_perft_of_the_rule_text_example() -> None:
    """tests/rules/test_variants_game.py's game: after 46-41 1-6 41-46 6-1 46-41 1-6 the king on 41 has made
    three quiet moves in a row and may not make a fourth while White has the man on 45."""
    game = Game(FRISIAN, "W:WK46,45:BK1")
    for text in ["46-41", "1-6", "41-46", "6-1", "46-41", "1-6"]:
        game.play(text)
    position = game.position
    core = native.build_core(FRISIAN, tt_bits=8)
    args = (position.white, position.black, position.kings, int(position.turn))
    assert sorted(native.native_moves(core, *args, position.king_streaks)) == sorted(
        fast_of(m) for m in position.legal_moves()
    )
    assert len(position.legal_moves()) == 1  # 45-40: the king on 41 is held
    for depth in range(1, 6):
        assert core.perft(*args, depth, position.king_streaks) == perft(position, depth)


def lost_within(position: Position, plies: int) -> bool:
    """A plain minimax on the rules library: can the opponent leave the side to move without a move?"""
    moves = position.legal_moves()
    if not moves:
        return True
    if plies < 2:
        return False
    return all(
        any(lost_within(after.apply(reply), plies - 2) for reply in after.legal_moves())
        for after in (position.apply(move) for move in moves)
    )


def test_the_search_knows_a_king_that_runs_out_of_moves() -> None:
    """White's man on 6 is stuck behind Black's man on 1. With two quiet moves of the king already made,
    White's next king move is the last: Black waits and White has no move (a loss in two plies). With a fresh
    run the king has moves to spare. One searcher does both, so its table must keep the streaks apart."""
    position = parse_fen(FRISIAN, "W:W6,K46:B1,K50")
    king = position.board.parse_square("46")
    searcher = native.NativeSearcher(FRISIAN, tt_bits=14, endgame=False)
    fresh = dataclasses.replace(position, king_streaks=(king, 0, -1, 0))
    late = dataclasses.replace(position, king_streaks=(king, 2, -1, 0))
    done = dataclasses.replace(position, king_streaks=(king, 3, -1, 0))
    assert not lost_within(fresh, 4) and lost_within(late, 2) and not done.legal_moves()

    def search(p: Position) -> int:
        result = searcher.search(p.white, p.black, p.kings, int(p.turn), depth=6, streaks=p.king_streaks)
        assert result.move is not None and to_moves(p, [result.move])
        return result.score

    assert search(fresh) > -WIN_BOUND
    assert search(late) == 2 - WIN
    assert search(fresh) > -WIN_BOUND
    result = searcher.search(done.white, done.black, done.kings, 0, depth=6, streaks=done.king_streaks)
    assert result.move is None and result.score == -WIN


def test_keys_tell_positions_apart_as_the_rules_do() -> None:
    """Repetition compares whole positions, streaks included (Position equality): so do the search keys."""
    searcher = native.NativeSearcher(FRISIAN, tt_bits=8, endgame=False)
    rng = random.Random(42)
    keys: dict[int, Position] = {}
    variants = 0
    for _ in range(40):
        for played in played_positions(rng, 40):
            # the same pieces with other streaks are other positions (and the same streaks the same one)
            variant = random_streaks(played, rng)
            for position in (played, variant, dataclasses.replace(played)):
                key = searcher.hash_of(position.white, position.black, position.kings, int(position.turn),
                                       position.king_streaks)
                assert keys.setdefault(key, position) == position
            variants += played.king_streaks != variant.king_streaks
    assert len(keys) > 400 and variants > 150


def test_the_search_updates_its_keys_with_the_streaks() -> None:
    """The key the search makes for each child (move by move) is the key of the child the rules library
    makes, streaks and all: the transposition table and repetitions see the true position."""
    searcher = native.NativeSearcher(FRISIAN, tt_bits=8, endgame=False)
    rng = random.Random(44)
    checked = 0
    for _ in range(150):
        positions = played_positions(rng, 12) + [random_streaks(sparse_placement(rng), rng)]
        for position in positions:
            expected = {}
            for move in position.legal_moves():
                child = position.apply(move)
                expected[fast_of(move)] = searcher.hash_of(child.white, child.black, child.kings, int(child.turn),
                                                           child.king_streaks)
            args = (position.white, position.black, position.kings, int(position.turn), position.king_streaks)
            assert {tuple(m): key for m, key in searcher.core.keys_after(*args)} == expected, position
            checked += any(position.king_streaks[1::2])
    assert checked > 300


def test_the_search_never_plays_a_held_king() -> None:
    """Positions where the limit holds a king back: the compiled search answers with a legal move."""
    searcher = native.NativeSearcher(FRISIAN, tt_bits=14, endgame=False)
    rng = random.Random(43)
    held = 0
    while held < 150:
        position = random_streaks(sparse_placement(rng), rng)
        unlimited = Position(FRISIAN, position.white, position.black, position.kings, position.turn)
        legal = position.legal_moves()
        if len(legal) == len(unlimited.legal_moves()):
            continue
        held += 1
        result = searcher.search(position.white, position.black, position.kings, int(position.turn), depth=4,
                                 streaks=position.king_streaks)
        if not legal:
            assert result.move is None
            continue
        line = to_moves(position, [result.move] if result.move else [])
        assert line and line[0] in legal, position


def test_games_against_the_python_core_stay_legal_under_the_limit() -> None:
    """Whole games from endings with kings and men, the compiled core playing either side: every move it
    returns is legal, including where the limit holds one of its kings back."""
    compiled = native.NativeSearcher(FRISIAN, tt_bits=14, endgame=False)
    reference = Searcher(FRISIAN, tt_bits=12)
    held = 0
    for fen in ("W:WK46,45:BK1", "B:W45,46,K33:BK18,5,6", "W:WK46,K50,31,32,36:BK1,K5,15,19,20"):
        for side in (0, 1):
            game = Game(FRISIAN, fen)
            while game.outcome() is None and game.ply < 120:
                position = game.position
                player = compiled if int(position.turn) == side else reference
                history = [player.hash_of(p.white, p.black, p.kings, int(p.turn), p.king_streaks)
                           for p in game.positions[-30:-1]]
                result = player.search(position.white, position.black, position.kings, int(position.turn),
                                       depth=5 if player is compiled else 2, history=history,
                                       streaks=position.king_streaks)
                assert result.move is not None
                line = to_moves(position, [result.move])
                assert line, f"illegal move {result.move} at {position.king_streaks}"
                unlimited = Position(FRISIAN, position.white, position.black, position.kings, position.turn)
                held += player is compiled and len(position.legal_moves()) < len(unlimited.legal_moves())
                game.play(line[0])
    assert held >= 2
