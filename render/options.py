"""What to draw besides the pieces: the options a caller passes to render_board."""

from __future__ import annotations

from dataclasses import dataclass, field

from render.theme import DEFAULT_THEME
from rules import Move

DEFAULT_SIZE = 640
# Discord scales chat images to roughly 400-550 px wide; beyond ~1200 px a picture only costs bytes,
# below ~240 px square numbers become unreadable.
MIN_SIZE = 240
MAX_SIZE = 1200


def clamp_size(size: int) -> int:
    return max(MIN_SIZE, min(MAX_SIZE, int(size)))


@dataclass(frozen=True, slots=True)
class RenderOptions:
    """Everything about a picture except the position itself. Squares are the rules' internal bits.

    last_move is the move that produced the position being drawn (its captured pieces are shown faded,
    their kinds taken from Move.captured_kings); hint is a move from that position.
    """

    theme: str = DEFAULT_THEME
    size: int = DEFAULT_SIZE  # image width in pixels, clamped to MIN_SIZE..MAX_SIZE
    flip: bool = False  # draw from Black's side
    last_move: Move | None = None
    hint: Move | None = None
    highlights: frozenset[int] = field(default_factory=frozenset)
    coordinates: bool = True
    caption: bool = True
    white_name: str | None = None
    black_name: str | None = None
    move_number: int | None = None
    result: str | None = None  # "1-0", "0-1", "1/2-1/2": shown instead of the side to move
    note: str | None = None  # short extra text for the caption, e.g. the last move's notation
    tried: tuple[str, ...] = ()  # a tried line's moves (a study): the picture says it is not the game
    language: str = "en"  # the caption's words ("Mossa 12 · Tocca al Bianco"); any Discord locale
    background: bool = True  # fill the margin round the frame (chat); False: the page's own colour shows (SVG)

    @property
    def width(self) -> int:
        return clamp_size(self.size)
