"""The evaluation graph of an analysed game: one point per position, from one side's view, clipped.

    png = render_eval_graph([0.0, 0.3, -1.2, ...], marks=[(2, "blunder")], theme="classic")

Scores are in men from White's view (view=Color.BLACK turns the picture over). The area between the
middle line and the curve takes the colour of the side that stands better, as the board's pieces in the
theme do. Marks are (ply, kind) with kind "inaccuracy", "mistake" or "blunder", drawn on the point after
that ply. The geometry (graph_box, point_at) is public so tests can find where a score must be drawn.
"""

from __future__ import annotations

import io
import itertools
from collections.abc import Sequence
from dataclasses import dataclass

from PIL import Image, ImageDraw

from render.layers import font
from render.theme import RGB, load_theme
from rules import Color

CLIP = 4.0  # men: a readable range (beyond it a game is decided anyway)
WIDTH, HEIGHT = 560, 220
MARGIN_LEFT, MARGIN_RIGHT, MARGIN_TOP, MARGIN_BOTTOM = 34, 10, 10, 20
MARK_RADIUS = 5
MARK_COLOURS: dict[str, RGB] = {
    "inaccuracy": (232, 193, 48),
    "mistake": (236, 128, 32),
    "blunder": (205, 36, 36),
}


@dataclass(frozen=True, slots=True)
class GraphBox:
    left: int
    top: int
    right: int
    bottom: int

    @property
    def middle(self) -> float:
        return (self.top + self.bottom) / 2


def graph_box(width: int = WIDTH, height: int = HEIGHT) -> GraphBox:
    """The plotting area: x from the first position to the last, y from +CLIP (top) to -CLIP (bottom)."""
    return GraphBox(MARGIN_LEFT, MARGIN_TOP, width - MARGIN_RIGHT, height - MARGIN_BOTTOM)


def point_at(index: int, count: int, score: float, box: GraphBox, clip: float = CLIP) -> tuple[float, float]:
    """Where position `index` of `count` with `score` (men, from the drawn side's view) is drawn."""
    span = max(count - 1, 1)
    x = box.left + (box.right - box.left) * index / span
    shown = max(-clip, min(clip, score))
    y = box.middle - shown / clip * (box.bottom - box.top) / 2
    return x, y


def render_eval_graph(
    scores: Sequence[float],
    marks: Sequence[tuple[int, str]] = (),
    *,
    theme: str = "classic",
    view: Color = Color.WHITE,
    width: int = WIDTH,
    height: int = HEIGHT,
    clip: float = CLIP,
) -> bytes:
    """A PNG of the scores (men, White's view) after every ply; scores[0] is the start position."""
    if not scores:
        raise ValueError("a graph needs at least the start position's score")
    colours = load_theme(theme)
    sign = 1.0 if view is Color.WHITE else -1.0
    mine, theirs = (colours.white_piece, colours.black_piece) if view is Color.WHITE else (
        colours.black_piece,
        colours.white_piece,
    )
    image = Image.new("RGB", (width, height), colours.light)
    draw = ImageDraw.Draw(image)
    box = graph_box(width, height)
    points = [point_at(i, len(scores), sign * s, box, clip) for i, s in enumerate(scores)]
    middle = box.middle
    # one slice per segment, split where the curve crosses the middle line, filled with the better side
    for (x0, y0), (x1, y1) in itertools.pairwise(points):
        pieces = [((x0, y0), (x1, y1))]
        if (y0 - middle) * (y1 - middle) < 0:
            cross = x0 + (x1 - x0) * (middle - y0) / (y1 - y0)
            pieces = [((x0, y0), (cross, middle)), ((cross, middle), (x1, y1))]
        for (ax, ay), (bx, by) in pieces:
            above = (ay + by) / 2 < middle
            fill = mine.fill if above else theirs.fill
            draw.polygon([(ax, middle), (ax, ay), (bx, by), (bx, middle)], fill=fill)
    if len(points) == 1:
        x, y = points[0]
        draw.line([(x, middle), (x, y)], fill=mine.fill if y < middle else theirs.fill, width=2)
    draw.line([(box.left, middle), (box.right, middle)], fill=colours.grid_line, width=1)
    draw.line(points if len(points) > 1 else points * 2, fill=colours.frame, width=2)
    draw.rectangle([box.left, box.top, box.right, box.bottom], outline=colours.frame_edge, width=1)
    small = font(11)
    for value in (clip, 0.0, -clip):
        _, y = point_at(0, 1, value, box, clip)
        label = f"{value:+.0f}" if value else "0"
        draw.text((box.left - 4, y), label, fill=colours.frame_edge, font=small, anchor="rm")
    plies = len(scores) - 1
    step = max(1, round(plies / 8 / 10) * 10) if plies > 20 else (5 if plies > 8 else 1)
    for ply in range(0, plies + 1, step):
        x, _ = point_at(ply, len(scores), 0.0, box, clip)
        draw.text((x, box.bottom + 3), str(ply), fill=colours.frame_edge, font=small, anchor="mt")
    for ply, kind in marks:
        if not 0 <= ply < len(points):
            continue
        x, y = points[ply]
        r = MARK_RADIUS
        draw.ellipse([x - r, y - r, x + r, y + r], fill=MARK_COLOURS[kind], outline=colours.frame_edge)
    out = io.BytesIO()
    image.save(out, format="PNG", optimize=True)
    return out.getvalue()
