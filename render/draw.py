"""render_board: one position (plus the last move, a hint, highlights, a caption) -> PNG bytes."""

from __future__ import annotations

import io
from dataclasses import dataclass

from PIL import Image, ImageDraw

from messages import colour_name, outcome
from messages.i18n import Words, words
from render.layers import (
    Font,
    arrow_mask,
    draw_square_numbers,
    family_for,
    font,
    has_square_numbers,
    palette_for,
    piece_sprite,
    static_layer,
    text_size,
)
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
    numbered = has_square_numbers(board, points, options.coordinates)

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
            sprite = piece_sprite(
                theme.name, victims_white, king, layout.cell, theme.captured_alpha, numbered=numbered
            )
            x0, y0, _, _ = square_box(position, options, square)
            image.paste(sprite, (x0, y0), sprite)

    jumpers = parachutists(position)
    for square, piece in position.pieces().items():
        parachute = not piece.is_king and bool(jumpers >> square & 1)
        sprite = piece_sprite(
            theme.name, piece.color is Color.WHITE, piece.is_king, layout.cell, 1.0, parachute, numbered
        )
        x0, y0, _, _ = square_box(position, options, square)
        image.paste(sprite, (x0, y0), sprite)

    # One arrow at a time: with a hint the last move keeps only its tinted squares (two arrows got busy).
    if options.hint is not None:
        _arrow(image, layout, position, options.hint, theme.hint, theme.hint_alpha)
    elif last is not None:
        _arrow(image, layout, position, last, theme.arrow, theme.arrow_alpha)
    if numbered:
        draw_square_numbers(image, theme, layout, board)
    if options.caption:
        _caption(image, layout, theme, position, options)
    if options.tried:
        _tried_frame(image, layout, theme)
    return image


def _tried_frame(image: Image.Image, layout: Layout, theme: Theme) -> None:
    """A tried line gets a red band all round, so it is never taken for the game's own board."""
    band = max(3, layout.margin * 2 // 3)
    ImageDraw.Draw(image).rectangle((0, 0, image.width - 1, image.height - 1), outline=theme.captured_mark, width=band)


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


MIN_CAPTION_PX = 10  # names shrink to this size before they are shortened


def caption_lines(position: Position, options: RenderOptions) -> tuple[str, str, str]:
    """The caption's words: White's name, Black's name, and the state of play."""
    w = words(options.language)
    white = options.white_name or colour_name(w, Color.WHITE)
    black = options.black_name or colour_name(w, Color.BLACK)
    return white, black, _status(position, options)


def fitted(draw: ImageDraw.ImageDraw, texts: tuple[str, ...], size: int, room: int) -> tuple[Font, tuple[str, ...]]:
    """The largest font from size down to MIN_CAPTION_PX at which every text fits room pixels; at the
    smallest, texts that still do not fit are shortened with an ellipsis."""
    family = family_for(*texts)
    for points in range(size, MIN_CAPTION_PX - 1, -1):
        face = font(points, family)
        if all(text_size(draw, text, face)[2] <= room for text in texts):
            return face, texts
    face = font(MIN_CAPTION_PX, family)
    return face, tuple(_fit(draw, text, face, room) for text in texts)


@dataclass(frozen=True, slots=True)
class CaptionText:
    """Where the caption's words and piece markers go (centres of text lines are y; x is a text's left)."""

    white: str  # the names as drawn (shortened with … only when even the smallest font cannot fit them)
    black: str
    status: str
    names_px: int  # font sizes
    status_px: int
    markers: tuple[tuple[bool, float, float], ...]  # (white?, x, y) of each piece marker's centre
    disc: float  # marker radius


def caption_text(position: Position, options: RenderOptions) -> CaptionText:
    """The caption's layout: both players on the first line, each with a piece of their colour; then the
    move number, the last move and who is to move (or the result)."""
    layout = layout_of(position, options)
    draw = ImageDraw.Draw(Image.new("RGB", (1, 1)))
    x0, x1, top, bottom = _caption_box(layout)
    line_h = (bottom - top) / 2
    size = max(MIN_CAPTION_PX, round(line_h * 0.5))
    disc = size * 0.45
    pad = round(size * 0.6)
    marker = round(disc * 3)
    white, black, status = caption_lines(position, options)
    half = (x1 - x0) // 2
    face, (white_label, black_label) = fitted(draw, (white, black), size, half - pad - marker - pad)
    first, second = top + line_h * 0.55, top + line_h * 1.45
    markers = [(True, x0 + pad + disc * 1.3, first), (False, x0 + half + pad + disc * 1.3, first)]
    to_move = options.result is None
    status_face, (status_label,) = fitted(draw, (status,), size, (x1 - x0) - 2 * pad - (marker if to_move else 0))
    width = text_size(draw, status_label, status_face)[2] + (marker if to_move else 0)
    left = (x0 + x1 - width) / 2
    if to_move:
        markers.append((position.turn is Color.WHITE, left + disc * 1.3, second))
    return CaptionText(
        white_label, black_label, status_label, _px(face), _px(status_face), tuple(markers), disc
    )


def _caption_box(layout: Layout) -> tuple[int, int, int, int]:
    x0 = layout.board_x - layout.frame
    x1 = layout.board_x + layout.board_w + layout.frame
    return x0, x1, layout.caption_y + round(layout.caption_h * 0.1), layout.caption_y + layout.caption_h


def _px(face: Font) -> int:
    return int(getattr(face, "size", MIN_CAPTION_PX))


def _caption(image: Image.Image, layout: Layout, theme: Theme, position: Position, options: RenderOptions) -> None:
    draw = ImageDraw.Draw(image)
    x0, x1, top, bottom = _caption_box(layout)
    draw.rounded_rectangle((x0, top, x1 - 1, bottom - 1), max(2, layout.frame // 3), fill=theme.caption_bg)
    text = caption_text(position, options)
    for white, x, y in text.markers:
        _marker(draw, x, y, text.disc, theme, white)
    names = font(text.names_px, family_for(text.white, text.black))
    for (_, x, y), label in zip(text.markers[:2], (text.white, text.black), strict=True):
        draw.text((x + text.disc * 1.7, y), label, fill=theme.caption_text, font=names, anchor="lm")
    status = font(text.status_px, family_for(text.status))
    line = (x0 + x1) / 2, top + (bottom - top) * 0.725
    if len(text.markers) == 3:
        _, mx, my = text.markers[2]
        draw.text((mx + text.disc * 1.7, my), text.status, fill=theme.caption_muted, font=status, anchor="lm")
    else:
        draw.text(line, text.status, fill=theme.caption_muted, font=status, anchor="mm")


def _marker(draw: ImageDraw.ImageDraw, x: float, y: float, r: float, theme: Theme, white: bool) -> None:
    """A piece of that colour on a chip of the board's dark square, as on the board: Black's reads as black
    even on a black caption (a black disc alone there showed only its light outline)."""
    chip = r * 1.35
    draw.rounded_rectangle((x - chip, y - chip, x + chip, y + chip), max(1, round(r * 0.4)), fill=theme.dark)
    _disc(draw, x, y, r, theme, white)


def _status(position: Position, options: RenderOptions) -> str:
    w = words(options.language)
    parts = []
    if options.move_number is not None:
        parts.append(w.say("picture.move_number", "Move {number}", number=options.move_number))
    if options.tried:
        parts.append(w.say("picture.tried_line", "Tried line, not the game: {moves}", moves=" ".join(options.tried)))
    elif options.note:
        parts.append(options.note)
    if options.result is not None:
        parts.append(_result_words(options.result, w))
    else:
        parts.append(w.say("picture.to_move", "{side} to move", side=colour_name(w, position.turn)))
    return " · ".join(parts)


def _result_words(result: str, w: Words) -> str:
    score = {"1-0": "1-0", "0-1": "0-1", "1/2-1/2": "½-½"}.get(result)
    return f"{score} {outcome(w, result)}" if score else result


def _fit(draw: ImageDraw.ImageDraw, text: str, face: Font, room: int) -> str:
    """text, shortened with an ellipsis to fit room pixels."""
    if text_size(draw, text, face)[2] <= room:
        return text
    while len(text) > 1 and text_size(draw, text + "…", face)[2] > room:
        text = text[:-1]
    return text.rstrip() + "…"
