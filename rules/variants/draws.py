"""Special endgame clauses, one function per variant (RuleSet.draw_rule).

Game.outcome() has already checked "no legal move", repetition and the no-progress count
(RuleSet.draw_reversible_plies); these hooks add the material-dependent clauses. Counts are kept in
plies (a "move" in the rulebooks is one move by each player, two plies). A clause's count starts when
its material condition first holds and runs while it keeps holding, so a capture or a promotion that
changes the material restarts it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from rules.game import Outcome, Termination
from rules.ruleset import Color

if TYPE_CHECKING:
    from rules.game import Game
    from rules.position import Position

Material = tuple[int, int, int, int]  # (white pieces, white kings, black pieces, black kings)


def material(position: Position) -> Material:
    kings = position.kings
    return (
        position.white.bit_count(),
        (position.white & kings).bit_count(),
        position.black.bit_count(),
        (position.black & kings).bit_count(),
    )


def plies_holding(game: Game, condition: Callable[[Position], bool]) -> int:
    """Plies played since condition became true and while it stayed true; -1 if it is false now."""
    positions = game.positions
    index = len(positions) - 1
    if not condition(positions[index]):
        return -1
    while index > 0 and condition(positions[index - 1]):
        index -= 1
    return len(positions) - 1 - index


def _lone_king_against(position: Position, test: Callable[[int, int], bool]) -> bool:
    """One side has a single king; the other side's (pieces, kings) pass test."""
    wp, wk, bp, bk = material(position)
    return (wp == wk == 1 and test(bp, bk)) or (bp == bk == 1 and test(wp, wk))


def _draw(game: Game) -> Outcome:

    return Outcome(Termination.ENDGAME_RULE, None)


def international(game: Game) -> Outcome | None:
    """FMJD Art. 6: 3 pieces (at least one king) against a lone king: draw after 16 moves each;
    2 or 1 pieces (at least one king) against a lone king: draw after 5 moves each."""
    five = plies_holding(game, lambda p: _lone_king_against(p, lambda n, k: n <= 2 and k >= 1))
    if five >= 10:
        return _draw(game)
    sixteen = plies_holding(game, lambda p: _lone_king_against(p, lambda n, k: n == 3 and k >= 1))
    if sixteen >= 32:
        return _draw(game)
    return None


INTERNATIONAL_TEXT = (
    "Threefold repetition; 25 moves each with only kings moving and no capture; 3 pieces (at least one "
    "king) against a lone king: draw after 16 moves each; 2 pieces or fewer (at least one king) against a "
    "lone king: draw after 5 moves each."
)

# The long diagonal a1-h8 of the Russian board, as (row, col) in White's view.
_LONG_DIAGONAL = frozenset((7 - i, i) for i in range(8))


def _on_long_diagonal(position: Position, pieces: int) -> bool:
    board = position.board
    return any(board.coords[bit] in _LONG_DIAGONAL for bit in board.bits(pieces))


def _russian_long_diagonal(position: Position) -> bool:
    """3 pieces (at least one king) against a lone king that holds the long diagonal."""
    wp, wk, bp, bk = material(position)
    if wp == 3 and wk >= 1 and bp == bk == 1:
        strong, lone = position.white, position.black
    elif bp == 3 and bk >= 1 and wp == wk == 1:
        strong, lone = position.black, position.white
    else:
        return False
    return _on_long_diagonal(position, lone) and not _on_long_diagonal(position, strong)


def russian(game: Game) -> Outcome | None:
    """Russian federation endgame clauses (as paraphrased in docs/RULES.md from pydraughts)."""
    if plies_holding(game, lambda p: _lone_king_against(p, lambda n, k: n == k and k >= 3)) >= 30:
        return _draw(game)

    def equal(sizes: tuple[int, ...]) -> Callable[[Position], bool]:
        def test(p: Position) -> bool:
            wp, wk, bp, bk = material(p)
            return wp == bp and wp in sizes and wk == bk >= 1

        return test

    if plies_holding(game, equal((4, 5))) >= 60 or plies_holding(game, equal((6, 7))) >= 120:
        return _draw(game)
    if plies_holding(game, _russian_long_diagonal) >= 10:
        return _draw(game)
    if plies_holding(game, lambda p: _lone_king_against(p, lambda n, k: n == 2 and k >= 1)) >= 10:
        return _draw(game)
    return None


RUSSIAN_TEXT = (
    "Threefold repetition; 15 moves each with only kings moving and no capture; 3 or more kings against "
    "a lone king: draw after 15 moves each; equal numbers of pieces and kings on both sides, with kings: "
    "4-5 pieces each → draw after 30 moves each, 6-7 pieces each → after 60; 3 pieces (at least one "
    "king) against a lone king holding the long diagonal a1-h8: draw after 5 moves each; 2 pieces (at "
    "least one king) against a lone king: draw after 5 moves each."
)


def _no_capture_for_mover(game: Game) -> bool:
    position = game.position
    gen = position.generator
    return not gen.captures(position.turn, position.own, position.opp, position.kings)


def frisian(game: Game) -> Outcome | None:
    """2 kings against 1 king: draw after 7 moves each; 1 king against 1 king: draw at once unless
    the side to move has a capture."""
    if plies_holding(game, lambda p: _lone_king_against(p, lambda n, k: n == k == 2)) >= 14:
        return _draw(game)
    wp, wk, bp, bk = material(game.position)
    if wp == wk == bp == bk == 1 and _no_capture_for_mover(game):
        return _draw(game)
    return None


FRISIAN_TEXT = (
    "Threefold repetition; 2 kings against 1 king: draw after 7 moves each; 1 king against 1 king: draw "
    "at once unless a capture is due."
)


def pool(game: Game) -> Outcome | None:
    """APCA: 3 kings against 1 king must win within 13 moves."""
    if plies_holding(game, lambda p: _lone_king_against(p, lambda n, k: n == k == 3)) >= 26:
        return _draw(game)
    return None


POOL_TEXT = (
    "Threefold repetition; 15 moves each with only kings moving and no capture; 3 kings against 1 king: "
    "draw after 13 moves each."
)


def turkish(game: Game) -> Outcome | None:
    """A lone king against a lone man wins; a lone king against a lone king draws (unless the side to
    move has a capture)."""

    wp, wk, bp, bk = material(game.position)
    if wp != 1 or bp != 1 or not _no_capture_for_mover(game):
        return None
    if wk and bk:
        return _draw(game)
    if wk and not bk:
        return Outcome(Termination.ENDGAME_RULE, Color.WHITE)
    if bk and not wk:
        return Outcome(Termination.ENDGAME_RULE, Color.BLACK)
    return None


TURKISH_TEXT = (
    "Threefold repetition; 50 moves each with only kings moving and no capture; a lone king against a "
    "lone man wins; a lone king against a lone king is a draw."
)
