"""The explorer picture: one arrow per move, its width following how often the move was played."""

from __future__ import annotations

import io

from PIL import Image, ImageChops

from render import RenderOptions, arrow_weights, render_board, render_explorer, square_box
from render.draw import layout_of
from render.layers import number_box
from rules import Move, Position, parse_move, start_position

OPTIONS = RenderOptions(size=480, caption=False)


def _changed(plain: bytes, drawn: bytes, box: tuple[int, int, int, int]) -> int:
    """Pixels the arrows changed inside box."""
    first = Image.open(io.BytesIO(plain)).convert("RGB").crop(box)
    second = Image.open(io.BytesIO(drawn)).convert("RGB").crop(box)
    histogram = ImageChops.difference(first, second).convert("L").histogram()
    return sum(histogram[25:])


def _box(position: Position, move: Move) -> tuple[int, int, int, int]:
    boxes = [square_box(position, OPTIONS, square) for square in (move.start, move.end)]
    return (min(b[0] for b in boxes), min(b[1] for b in boxes), max(b[2] for b in boxes), max(b[3] for b in boxes))


def test_weights_follow_the_counts() -> None:
    weights = arrow_weights([10, 5, 1])
    assert weights[0] > weights[1] > weights[2] > 0
    assert arrow_weights([]) == []


def test_an_often_played_move_is_drawn_thicker_than_a_rare_one() -> None:
    position = start_position("english")
    left, right = parse_move(position, "9-13"), parse_move(position, "12-16")
    assert not set(range(*_box(position, left)[::2])) & set(range(*_box(position, right)[::2]))  # apart
    plain = render_board(position, OPTIONS)
    left_popular = render_explorer(position, [(left, 40), (right, 2)], OPTIONS)
    right_popular = render_explorer(position, [(left, 2), (right, 40)], OPTIONS)
    for move in (left, right):
        assert _changed(plain, left_popular, _box(position, move)) > 0
        assert _changed(plain, right_popular, _box(position, move)) > 0
    assert _changed(plain, left_popular, _box(position, left)) > 1.5 * _changed(
        plain, right_popular, _box(position, left)
    )
    assert _changed(plain, right_popular, _box(position, right)) > 1.5 * _changed(
        plain, left_popular, _box(position, right)
    )


def test_no_moves_draws_the_plain_board() -> None:
    position = start_position("italian")
    full = (0, 0, OPTIONS.width, OPTIONS.width)
    assert _changed(render_board(position, OPTIONS), render_explorer(position, [], OPTIONS), full) == 0


def test_the_arrows_leave_every_square_number_readable() -> None:
    """The square numbers are drawn over the arrows, as over pieces and tints: an arrow's head on 15 left the
    "15" covered (review of 2026-12-01). Each plate reads exactly as on the plain board."""
    position = start_position("english")
    moves = [(parse_move(position, text), count) for text, count in (("11-15", 40), ("10-15", 30), ("12-16", 5))]
    plain = Image.open(io.BytesIO(render_board(position, OPTIONS))).convert("RGB")
    drawn = Image.open(io.BytesIO(render_explorer(position, moves, OPTIONS))).convert("RGB")
    layout = layout_of(position, OPTIONS)
    for square, (row, col) in position.board.coords.items():
        x0, y0, x1, y1 = number_box(layout, row, col)
        box = (x0, y0, x1, y1)
        assert ImageChops.difference(plain.crop(box), drawn.crop(box)).getbbox() is None, position.board.names[square]
    assert ImageChops.difference(plain, drawn).getbbox() is not None  # the arrows are there
