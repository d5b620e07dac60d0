"""Rule switches: one frozen RuleSet per variant.

The generator reads these switches; it never compares variant names. Article
numbers refer to the rulebooks cited in docs/RULES.md and the sources it lists.
"""

from __future__ import annotations

import enum
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from rules.game import Game, Outcome
    from rules.movegen import CaptureSequence, Generator


class BoardKind(enum.Enum):
    DIAGONAL = "diagonal"  # play on the dark squares only
    FULL = "full"  # all squares in play (Turkish, Armenian, Dameo, Gothic…)


class Numbering(enum.Enum):
    TOP_LEFT = "top_left"  # 1 = first dark square top-left (White's view), row by row
    BOTTOM_RIGHT = "bottom_right"  # 1 = White's bottom-right square, right→left, bottom→top
    ALGEBRAIC = "algebraic"  # a1 bottom-left from White's side


class KingRange(enum.Enum):
    SHORT = "short"  # one square
    FLYING = "flying"  # any distance, lands anywhere beyond
    FLYING_LAND_BEHIND = "flying_land_behind"  # any distance, must land just behind (Thai)
    NONE = "none"  # no kings in this game


class PromotionInCapture(enum.Enum):
    STOP = "stop"  # reaching the far row ends the move (Italian, English)
    PASS = "pass"  # continue as a man; crowned only if the move ends there (International)
    CONTINUE_AS_KING = "continue_as_king"  # crowned at once, goes on as a king (Russian)


class Precedence(enum.Enum):
    FREE = "free"  # any capture (English, Russian, Pool, Thai)
    QUANTITY = "quantity"  # most pieces (International, Brazilian, Turkish)
    QUANTITY_KINGS = "quantity_kings"  # most pieces, then most kings (Spanish)
    KING_PRIORITY = "king_priority"  # a king must capture if it can (Czech)
    ITALIAN = "italian"  # pieces, with king, most kings, kings earliest
    FRISIAN = "frisian"  # value ((n+k)·N − k), then with king


class Color(enum.IntEnum):
    WHITE = 0
    BLACK = 1

    @property
    def opponent(self) -> Color:
        return Color.BLACK if self is Color.WHITE else Color.WHITE

    @property
    def letter(self) -> str:
        return "W" if self is Color.WHITE else "B"

    @property
    def label(self) -> str:
        return "White" if self is Color.WHITE else "Black"


# Direction vectors (row delta, column delta) in White's view; row 0 is the top (Black's back rank).
UP_LEFT = (-1, -1)
UP_RIGHT = (-1, 1)
DOWN_LEFT = (1, -1)
DOWN_RIGHT = (1, 1)
UP = (-1, 0)
DOWN = (1, 0)
LEFT = (0, -1)
RIGHT = (0, 1)
DIAGONALS = (UP_LEFT, UP_RIGHT, DOWN_LEFT, DOWN_RIGHT)
ORTHOGONALS = (UP, DOWN, LEFT, RIGHT)

Vector = tuple[int, int]


def forward(vectors: tuple[Vector, ...]) -> tuple[Vector, ...]:
    """The vectors that go towards the top (White's forward direction)."""
    return tuple(v for v in vectors if v[0] < 0)


@dataclass(frozen=True, slots=True)
class RuleSet:
    """Everything the generator, notation and game layer need to know about a variant.

    Man vectors are given for White; Black's are the mirror (row delta negated).
    """

    id: str
    name: str
    aliases: tuple[str, ...] = ()
    # Board
    width: int = 8
    height: int = 8
    board_kind: BoardKind = BoardKind.DIAGONAL
    inverted: bool = False  # bottom-left corner is light, bottom-right dark (Italian Art. 2.3)
    numbering: Numbering = Numbering.TOP_LEFT
    start_fen: str = "W:W21-32:B1-12"
    first_player: Color = Color.WHITE
    # Men
    man_move_vectors: tuple[Vector, ...] = (UP_LEFT, UP_RIGHT)
    man_capture_vectors: tuple[Vector, ...] = (UP_LEFT, UP_RIGHT)
    man_capture_distance: int = 1  # squares between a man and the piece it jumps (Frisian orthogonals: 2)
    men_capture_kings: bool = True
    # Kings
    king_range: KingRange = KingRange.SHORT
    king_move_vectors: tuple[Vector, ...] = DIAGONALS
    king_capture_vectors: tuple[Vector, ...] = DIAGONALS
    # Captures
    precedence: Precedence = Precedence.QUANTITY
    removal_immediate: bool = False  # captured pieces vanish at once (Turkish) or block until the end
    no_reverse_turn: bool = False  # no 180° turn between two jumps (Turkish)
    promotion_in_capture: PromotionInCapture = PromotionInCapture.STOP
    promotes: bool = True
    # Squares where men are crowned, by name (White's, Black's); None = the far row (Corner checkers).
    promotion_squares: tuple[tuple[str, ...], tuple[str, ...]] | None = None
    # Draws
    draw_repetitions: int = 3
    draw_reversible_plies: int | None = 80  # plies with no man move and no capture
    # Notation
    capture_separator: str = "x"
    move_separator: str = "-"
    pdn_gametype: str | None = None
    # Goal: giveaway variants win by having no move
    giveaway: bool = False
    # What a player reads about the variant is in messages/variants.py (variant_summary), in every language.
    # Hooks where a switch cannot express a rule; None means none.
    capture_filter: Callable[[list[CaptureSequence]], list[CaptureSequence]] | None = field(
        default=None, compare=False
    )
    # A Generator subclass for rules the switches cannot express (Dameo linear moves, Parachute…).
    generator_factory: Callable[[RuleSet], Generator] | None = field(default=None, compare=False)
    # Frisian: the same king may make at most this many quiet moves in a row while its side has men
    # (needs Position.king_streaks).
    king_move_limit: int | None = None
    # Special endgame clauses (International 16/5-move rules, Russian ones…): Outcome or None.
    draw_rule: Callable[[Game], Outcome | None] | None = field(default=None, compare=False)
    draw_rule_text: str = ""  # the clauses in words, for /rules and the README

    @property
    def algebraic(self) -> bool:
        return self.numbering is Numbering.ALGEBRAIC

    @property
    def gametype_number(self) -> int | None:
        if self.pdn_gametype is None:
            return None
        return int(self.pdn_gametype.split(",")[0])
