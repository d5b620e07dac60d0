"""A study's tried line (issue 26): the picture says plainly that it is not the game — a red band all round
and the caption's words — and is otherwise the same board."""

from __future__ import annotations

import io

from PIL import Image

from render import RenderOptions, render_board
from render.draw import caption_lines
from render.theme import load_theme
from rules import find_variant, parse_fen

ITALIAN = find_variant("italian")


def _image(options: RenderOptions) -> Image.Image:
    position = parse_fen(ITALIAN, ITALIAN.start_fen)
    return Image.open(io.BytesIO(render_board(position, options))).convert("RGB")


def test_a_tried_line_is_framed_in_red_and_captioned() -> None:
    position = parse_fen(ITALIAN, ITALIAN.start_fen)
    theme = load_theme("classic")
    plain = _image(RenderOptions(size=560))
    tried = _image(RenderOptions(size=560, tried=("22-18", "11-15")))
    assert plain.size == tried.size
    red = tuple(int(theme.captured_mark[i]) for i in range(3))
    for corner in ((0, 0), (tried.width - 1, tried.height // 2), (tried.width // 2, tried.height - 1)):
        assert tried.getpixel(corner) == red, corner
        assert plain.getpixel(corner) != red, corner
    # the board itself is drawn the same: the centre of the picture is untouched
    middle = (tried.width // 2, tried.width // 2)
    assert tried.getpixel(middle) == plain.getpixel(middle)
    status = caption_lines(position, RenderOptions(tried=("22-18", "11-15")))[2]
    assert "Tried line, not the game: 22-18 11-15" in status and "White to move" in status
    assert "Tried line" not in caption_lines(position, RenderOptions(note="22-18"))[2]
