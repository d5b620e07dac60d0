"""The evaluation graph: pixels where known scores must be drawn, from the plotting box alone."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from render import load_theme
from render.graph import CLIP, HEIGHT, MARK_COLOURS, WIDTH, graph_box, render_eval_graph
from rules import Color

BOX = graph_box()
SCORES = [0.0, 2.0, -2.0, 9.0, -1.0]  # men, White's view; 9 is beyond the clip and drawn at +CLIP


def x_of(index: int, count: int = len(SCORES)) -> int:
    return round(BOX.left + (BOX.right - BOX.left) * index / (count - 1))


def y_of(score: float) -> int:
    """+CLIP at the top of the box, -CLIP at the bottom, 0 in the middle (independent of point_at)."""
    shown = max(-CLIP, min(CLIP, score))
    return round(BOX.top + (CLIP - shown) / (2 * CLIP) * (BOX.bottom - BOX.top))


def picture(**kwargs: object) -> Image.Image:
    return Image.open(io.BytesIO(render_eval_graph(SCORES, **kwargs))).convert("RGB")  # type: ignore[arg-type]


@pytest.mark.parametrize("theme", ["classic", "contrast", "dark"])
def test_the_area_between_the_middle_and_a_score_takes_the_better_sides_colour(theme: str) -> None:
    colours = load_theme(theme)
    image = picture(theme=theme)
    assert image.size == (WIDTH, HEIGHT)
    white, black, empty = colours.white_piece.fill, colours.black_piece.fill, colours.light
    # ply 1: White is 2 men up. Between the middle line and the curve: White's colour; above it: empty.
    assert image.getpixel((x_of(1), (y_of(2.0) + y_of(0.0)) // 2)) == white
    assert image.getpixel((x_of(1), y_of(2.0) - 6)) == empty
    assert image.getpixel((x_of(1), y_of(-1.0))) == empty  # nothing below the middle there
    # ply 2: Black is 2 men up: Black's colour below the middle, empty beyond the curve
    assert image.getpixel((x_of(2), (y_of(-2.0) + y_of(0.0)) // 2)) == black
    assert image.getpixel((x_of(2), y_of(-2.0) + 6)) == empty
    # ply 3: +9 is clipped to the top of the box: filled up to just under the frame
    assert image.getpixel((x_of(3), y_of(CLIP) + 3)) == white
    assert image.getpixel((x_of(3), (y_of(CLIP) + y_of(0.0)) // 2)) == white


def test_marks_sit_on_the_point_after_their_ply_in_their_colour() -> None:
    image = picture(marks=[(2, "blunder"), (4, "inaccuracy")])
    assert image.getpixel((x_of(2), y_of(-2.0))) == MARK_COLOURS["blunder"]
    assert image.getpixel((x_of(4), y_of(-1.0))) == MARK_COLOURS["inaccuracy"]
    plain = picture()
    assert plain.getpixel((x_of(2), y_of(-2.0))) != MARK_COLOURS["blunder"]


def test_from_blacks_view_the_picture_turns_over() -> None:
    colours = load_theme("classic")
    image = picture(view=Color.BLACK)
    # ply 1 (White 2 up) is now 2 down for the viewer: White's colour below the middle
    assert image.getpixel((x_of(1), (y_of(-2.0) + y_of(0.0)) // 2)) == colours.white_piece.fill
    assert image.getpixel((x_of(2), (y_of(2.0) + y_of(0.0)) // 2)) == colours.black_piece.fill


def test_no_scores_is_refused() -> None:
    with pytest.raises(ValueError, match="at least"):
        render_eval_graph([])
