"""render_board: one position (plus the last move, a hint, highlights, a caption) -> PNG bytes."""

from __future__ import annotations

import io

from PIL import Image, ImageDraw

from render.layers import Font, arrow_mask, font, palette_for, piece_sprite, static_layer, text_size
from render.layout import Layout, is_point_board, layout_for
from render.options import RenderOptions
from render.theme import RGB, Theme, load_theme
from rules import Color, Move, Position

PNG_COMPRESS_LEVEL = 3  # level 6 saves ~10% of the bytes for twice the time


def layout_of(position: Position, options: RenderOptions) -> Layout:
    return layout_for(position.board, options.width, options.flip, options.caption)


def square_box(position: Position, options: RenderOptions, square: int) -> tuple[int, int, int, int]:
    """Pixel box (x0, y0, x1, y1), x1/y1 exclusive, of a square (internal bit) in the picture."""
    row, col = position.board.coords[square]
    return layout_of(position, options).cell_box(row, col)


def render_image(position: Position, options: RenderOptions | None = None) -> Image.Image:  # noqa: C901 - the layers in drawing order, each optional
    """The picture as a Pillow RGB image (render_board encodes it)."""
    options = options or RenderOptions()
    theme = load_theme(options.theme)
    board = position.board
    layout = layout_of(position, options)
    points = is_point_board(board, position.rules)
    image = static_layer(theme.name, layout, board, points, options.coordinates).copy()

    last = options.last_move
    if last is not None:
        for square in (last.start, last.end):
            _tint(image, layout, position, square, theme.last_move, theme.last_move_alpha, points)
    for square in sorted(options.highlights):
        if square in board.coords:
            _tint(image, layout, position, square, theme.highlight, theme.highlight_alpha, points)

    if last is not None and last.captures:
        # the captured men and kings belong to the side now to move
        victims_white = position.turn is Color.WHITE
        for square in last.captures:
            king = bool(last.captured_kings >> square & 1)
            sprite = piece_sprite(theme.name, victims_white, king, layout.cell, theme.captured_alpha)
            x0, y0, _, _ = square_box(position, options, square)
            image.paste(sprite, (x0, y0), sprite)

    jumpers = parachutists(position)
    for square, piece in position.pieces().items():
        parachute = not piece.is_king and bool(jumpers >> square & 1)
        sprite = piece_sprite(theme.name, piece.color is Color.WHITE, piece.is_king, layout.cell, 1.0, parachute)
        x0, y0, _, _ = square_box(position, options, square)
        image.paste(sprite, (x0, y0), sprite)

    if last is not None:
        _arrow(image, layout, position, last, theme.arrow, theme.arrow_alpha)
    if options.hint is not None:
        _arrow(image, layout, position, options.hint, theme.hint, theme.hint_alpha)
    if options.caption:
        _caption(image, layout, theme, position, options)
    return image


def parachutists(position: Position) -> int:
    """Men standing on their own crowning row: Parachute checkers' parachutists (elsewhere such a man
    would have been crowned, so the mask is empty)."""
    if position.rules.id != "parachute":
        return 0
    white_row, black_row = position.generator.promo
    return (white_row & position.white | black_row & position.black) & ~position.kings


def render_board(position: Position, options: RenderOptions | None = None) -> bytes:
    """PNG bytes of the position drawn with options (see RenderOptions). Same input, same bytes."""
    options = options or RenderOptions()
    image = render_image(position, options)
    return encode_png(image, palette_of(position, options))


def palette_of(position: Position, options: RenderOptions) -> Image.Image:
    board = position.board
    layout = layout_of(position, options)
    points = is_point_board(board, position.rules)
    return palette_for(load_theme(options.theme).name, layout, board, points, options.coordinates)


def encode_png(image: Image.Image, palette: Image.Image) -> bytes:
    """PNG of image mapped onto palette (a board picture has a few hundred colours at most: a 255-colour
    palette looks the same, and the file is a third of the bytes and faster to write than RGB)."""
    out = io.BytesIO()
    indexed = image.quantize(palette=palette, dither=Image.Dither.NONE)
    indexed.save(out, "PNG", compress_level=PNG_COMPRESS_LEVEL)
    return out.getvalue()


def _tint(
    image: Image.Image,
    layout: Layout,
    position: Position,
    square: int,
    color: RGB,
    alpha: float,
    points: bool,
) -> None:
    row, col = position.board.coords[square]
    x0, y0, x1, y1 = layout.cell_box(row, col)
    mask = Image.new("L", (x1 - x0, y1 - y0), 0)
    if points:
        # on a line grid the point, not a square, is the place: a soft disc around it
        inset = round(layout.cell * 0.06)
        ImageDraw.Draw(mask).ellipse((inset, inset, x1 - x0 - inset, y1 - y0 - inset), fill=round(255 * alpha))
    else:
        mask.paste(round(255 * alpha), (0, 0, x1 - x0, y1 - y0))
    image.paste(color, (x0, y0), mask)


def _arrow(image: Image.Image, layout: Layout, position: Position, move: Move, color: RGB, alpha: float) -> None:
    coords = position.board.coords
    points = tuple(layout.center(*coords[square]) for square in move.path)
    if len(points) < 2 or (points[0] == points[-1] and len(points) == 2):
        return
    mask, corner = arrow_mask(points, layout.cell)
    if alpha < 1:
        mask = mask.point(lambda v: round(v * alpha))
    image.paste(color, corner, mask)


def _disc(draw: ImageDraw.ImageDraw, x: float, y: float, r: float, theme: Theme, white: bool) -> None:
    colors = theme.white_piece if white else theme.black_piece
    draw.ellipse((x - r, y - r, x + r, y + r), fill=colors.fill, outline=colors.edge, width=max(1, round(r / 5)))


def _caption(image: Image.Image, layout: Layout, theme: Theme, position: Position, options: RenderOptions) -> None:
    draw = ImageDraw.Draw(image)
    x0 = layout.board_x - layout.frame
    x1 = layout.board_x + layout.board_w + layout.frame
    top = layout.caption_y + round(layout.caption_h * 0.18)
    bottom = layout.caption_y + layout.caption_h
    draw.rounded_rectangle((x0, top, x1 - 1, bottom - 1), max(2, layout.frame // 3), fill=theme.caption_bg)
    mid = (top + bottom) / 2
    size = max(10, round((bottom - top) * 0.42))
    face = font(size)
    disc = size * 0.42
    pad = round(size * 0.7)

    x = x0 + pad
    names = (
        (True, options.white_name or Color.WHITE.label),
        (False, options.black_name or Color.BLACK.label),
    )
    right_text = _status(position, options)
    right_width = text_size(draw, right_text, face)[2] + round(disc * 3)
    room = (x1 - pad - right_width) - x - pad
    for index, (white, name) in enumerate(names):
        if index:
            draw.text((x, mid), "vs", fill=theme.caption_muted, font=face, anchor="lm")
            x += text_size(draw, "vs ", face)[2]
        label = _fit(draw, name, face, room // 2 - round(disc * 3))
        _disc(draw, x + disc, mid, disc, theme, white)
        x += round(disc * 2.6)
        draw.text((x, mid), label, fill=theme.caption_text, font=face, anchor="lm")
        x += text_size(draw, label + " ", face)[2]

    right = x1 - pad
    draw.text((right, mid), right_text, fill=theme.caption_muted, font=face, anchor="rm")
    if options.result is None:
        # the side to move, as a piece-coloured disc before the status text
        sx = right - text_size(draw, right_text, face)[2] - disc * 1.8
        _disc(draw, sx, mid, disc, theme, position.turn is Color.WHITE)


def _status(position: Position, options: RenderOptions) -> str:
    parts = []
    if options.move_number is not None:
        parts.append(f"Move {options.move_number}")
    if options.note:
        parts.append(options.note)
    if options.result is not None:
        parts.append(_result_words(options.result))
    else:
        parts.append(f"{position.turn.label} to move")
    return " · ".join(parts)


def _result_words(result: str) -> str:
    return {"1-0": "1-0 White wins", "0-1": "0-1 Black wins", "1/2-1/2": "½-½ Draw"}.get(result, result)


def _fit(draw: ImageDraw.ImageDraw, text: str, face: Font, room: int) -> str:
    """text, shortened with an ellipsis to fit room pixels."""
    if text_size(draw, text, face)[2] <= room:
        return text
    while len(text) > 1 and text_size(draw, text + "…", face)[2] > room:
        text = text[:-1]
    return text.rstrip() + "…"
