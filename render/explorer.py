"""The explorer's picture: the position with one arrow per move played from it, thicker the more often."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from render.draw import encode_png, layout_of, palette_of, render_image
from render.layers import arrow_mask, draw_square_numbers, has_square_numbers
from render.layout import is_point_board
from render.options import RenderOptions
from render.theme import load_theme
from rules import Move, Position

MIN_WEIGHT, MAX_WEIGHT = 0.3, 1.6  # shaft widths of the rarest and the most played move (1.0 = a hint arrow)


def arrow_weights(counts: Sequence[int]) -> list[float]:
    """Each move's arrow weight, in proportion to how often it was played (the most played is MAX_WEIGHT)."""
    most = max(counts, default=0)
    if most <= 0:
        return [MIN_WEIGHT for _ in counts]
    return [MIN_WEIGHT + (MAX_WEIGHT - MIN_WEIGHT) * count / most for count in counts]


def render_explorer(
    position: Position, moves: Sequence[tuple[Move, int]], options: RenderOptions | None = None
) -> bytes:
    """PNG of position with an arrow per (move, times played); the rarest are drawn first, under the others."""
    options = replace(options or RenderOptions(), last_move=None, hint=None)
    image = render_image(position, options)
    theme = load_theme(options.theme)
    layout = layout_of(position, options)
    coords = position.board.coords
    weights = arrow_weights([count for _, count in moves])
    for (move, _), weight in sorted(zip(moves, weights, strict=True), key=lambda item: item[1]):
        points = tuple(layout.center(*coords[square]) for square in move.path)
        if len(points) < 2 or points[0] == points[-1]:
            continue
        mask, corner = arrow_mask(points, layout.cell, weight)
        mask = mask.point(lambda v: round(v * theme.hint_alpha))
        image.paste(theme.hint, corner, mask)
    board = position.board
    if has_square_numbers(board, is_point_board(board, position.rules), options.coordinates):
        draw_square_numbers(image, theme, layout, board)  # over the arrows too, as over everything else
    return encode_png(image, palette_of(position, options))
