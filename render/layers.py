"""Cached drawing: the static board layer per (theme, size, geometry, flip) and the piece sprites.

Sprites are drawn at SUPERSAMPLE times their size and reduced, which gives smooth edges without
drawing anything antialiased by hand; both caches make a picture mostly copies and pastes.
"""

from __future__ import annotations

import functools
import math
from pathlib import Path

from PIL import Image, ImageChops, ImageDraw, ImageFilter, ImageFont

from render.layout import Layout
from render.theme import RGB, PieceColors, Theme, load_theme
from rules import Board

SUPERSAMPLE = 4
PIECE_RADIUS = 0.38  # of a cell: leaves the square's corner free for its number
MIN_PIECE_RADIUS = 0.3  # tiny boards: pieces shrink no further (see piece_radius)
MIN_NUMBER_PX = 9  # the smallest square number that reads at chat size (on its plate)
MAN_THICKNESS, KING_THICKNESS = 0.16, 0.27  # of the radius: the visible side below a piece's top face

Font = ImageFont.FreeTypeFont | ImageFont.ImageFont


FONT_DIR = Path(__file__).parent / "fonts"
# Pillow's own font covers Latin-1; DejaVu Sans adds the rest of Latin (Czech, Turkish) and Cyrillic, and
# Arundina Sans (DejaVu's Thai companion) Thai. Both are shipped in render/fonts with their licences.
_FAMILIES = {"dejavu": FONT_DIR / "DejaVuSans.ttf", "thai": FONT_DIR / "ArundinaSans.ttf"}


def family_for(*texts: str) -> str:
    """The font family that has a glyph for every character of the texts."""
    chars = "".join(texts)
    if any("\u0e00" <= c <= "\u0e7f" for c in chars):
        return "thai"
    if not all(c.isspace() or _default_has(c) for c in chars):
        return "dejavu"
    return "default"


@functools.lru_cache(maxsize=1024)
def _default_has(char: str) -> bool:
    """Whether Pillow's own font draws the character (else it draws the same box as for U+FFFF)."""
    face = ImageFont.load_default(16)
    return _glyph(face, char) != _glyph(face, "\uffff")


def _glyph(face: Font, char: str) -> tuple[tuple[int, int], bytes]:
    mask = face.getmask(char)
    return mask.size, bytes(mask)


@functools.lru_cache(maxsize=64)
def font(size: int, family: str = "default") -> Font:
    path = _FAMILIES.get(family)
    if path is None:
        return ImageFont.load_default(size)
    return ImageFont.truetype(str(path), size)


def text_size(draw: ImageDraw.ImageDraw, text: str, face: Font) -> tuple[int, int, int, int]:
    left, top, right, bottom = draw.textbbox((0, 0), text, font=face)
    return int(left), int(top), int(right), int(bottom)


# -- static layer ---------------------------------------------------------------------------------


@functools.lru_cache(maxsize=48)
def static_layer(theme_name: str, layout: Layout, board: Board, points: bool, coordinates: bool) -> Image.Image:
    """Background, frame, squares (or lines and points) and coordinates; copied for every picture."""
    theme = load_theme(theme_name)
    image = Image.new("RGB", (layout.width, layout.height), theme.background)
    draw = ImageDraw.Draw(image)
    fx0, fy0 = layout.board_x - layout.frame, layout.board_y - layout.frame
    fx1, fy1 = layout.board_x + layout.board_w + layout.frame, layout.board_y + layout.board_h + layout.frame
    radius = max(2, layout.frame // 3)
    draw.rounded_rectangle((fx0, fy0, fx1 - 1, fy1 - 1), radius, fill=theme.frame, outline=theme.frame_edge)
    if points:
        _draw_points(draw, theme, layout, board)
    else:
        _draw_squares(draw, theme, layout, board)
    if coordinates and board.numbering.value == "algebraic":
        _draw_edge_labels(draw, theme, layout, board)
    return image


def _draw_squares(draw: ImageDraw.ImageDraw, theme: Theme, layout: Layout, board: Board) -> None:
    full = board.kind.value == "full"
    for row in range(board.height):
        for col in range(board.width):
            x0, y0, x1, y1 = layout.cell_box(row, col)
            if full:
                color = theme.full_a if (row + col) % 2 == 0 else theme.full_b
            else:
                color = theme.dark if board.is_dark(row, col) else theme.light
            draw.rectangle((x0, y0, x1 - 1, y1 - 1), fill=color)
    if full:
        # every square is in play: a grid makes the cells read as squares, not stripes
        width = max(1, layout.cell // 40)
        for i in range(board.width + 1):
            x = layout.board_x + i * layout.cell
            draw.line((x, layout.board_y, x, layout.board_y + layout.board_h), fill=theme.grid_line, width=width)
        for i in range(board.height + 1):
            y = layout.board_y + i * layout.cell
            draw.line((layout.board_x, y, layout.board_x + layout.board_w, y), fill=theme.grid_line, width=width)


def _draw_points(draw: ImageDraw.ImageDraw, theme: Theme, layout: Layout, board: Board) -> None:
    """Alquerque: orthogonal lines through every point, diagonals through the points with even row+col."""
    draw.rectangle(
        (
            layout.board_x,
            layout.board_y,
            layout.board_x + layout.board_w - 1,
            layout.board_y + layout.board_h - 1,
        ),
        fill=theme.point_board,
    )
    width = max(2, layout.cell // 22)
    last_row, last_col = board.height - 1, board.width - 1
    for row in range(board.height):
        draw.line((*layout.center(row, 0), *layout.center(row, last_col)), fill=theme.point_line, width=width)
    for col in range(board.width):
        draw.line((*layout.center(0, col), *layout.center(last_row, col)), fill=theme.point_line, width=width)
    for row in range(board.height):
        for col in range(board.width):
            if (row + col) % 2:
                continue
            for drow, dcol in ((1, 1), (1, -1)):
                r, c = row + drow, col + dcol
                if 0 <= r <= last_row and 0 <= c <= last_col:
                    draw.line((*layout.center(row, col), *layout.center(r, c)), fill=theme.point_line, width=width)
    dot = max(3, layout.cell // 12)
    for row in range(board.height):
        for col in range(board.width):
            x, y = layout.center(row, col)
            draw.ellipse((x - dot, y - dot, x + dot, y + dot), fill=theme.point_line)


def _draw_edge_labels(draw: ImageDraw.ImageDraw, theme: Theme, layout: Layout, board: Board) -> None:
    face = font(max(9, round(layout.frame * 0.62)))
    below = layout.board_y + layout.board_h + layout.frame / 2
    left = layout.board_x - layout.frame / 2
    for col in range(board.width):
        x0, _, x1, _ = layout.cell_box(0, col)
        draw.text(((x0 + x1) / 2, below), chr(ord("a") + col), fill=theme.frame_text, font=face, anchor="mm")
    for row in range(board.height):
        _, y0, _, y1 = layout.cell_box(row, 0)
        draw.text((left, (y0 + y1) / 2), str(board.height - row), fill=theme.frame_text, font=face, anchor="mm")


def has_square_numbers(board: Board, points: bool, coordinates: bool) -> bool:
    """Numbered boards carry each square's number; algebraic ones label the frame instead."""
    return coordinates and not points and board.numbering.value != "algebraic"


def number_font_size(cell: int) -> int:
    return max(MIN_NUMBER_PX, round(cell * 0.2))


def number_padding(cell: int) -> int:
    return max(1, round(cell * 0.03))


@functools.lru_cache(maxsize=64)
def number_plate_size(cell: int) -> tuple[int, int]:
    """Width and height of the plate behind a two-digit square number (the widest kind)."""
    face = font(number_font_size(cell))
    left, top, right, bottom = face.getbbox("88", anchor="lt")
    pad = number_padding(cell)
    return int(right - left) + 2 * pad + 2, int(bottom - top) + 2 * pad


def number_box(layout: Layout, row: int, col: int) -> tuple[int, int, int, int]:
    """The plate of a square's number: the square's top-left corner (x1/y1 exclusive)."""
    x0, y0, _, _ = layout.cell_box(row, col)
    w, h = number_plate_size(layout.cell)
    inset = 1
    return x0 + inset, y0 + inset, x0 + inset + w, y0 + inset + h


def draw_square_numbers(image: Image.Image, theme: Theme, layout: Layout, board: Board) -> None:
    """Every square's number on a small plate, drawn over pieces, highlights and arrows so that nothing
    covers it and it reads the same on any square, tint or piece."""
    draw = ImageDraw.Draw(image)
    face = font(number_font_size(layout.cell))
    pad = number_padding(layout.cell)
    for square, (row, col) in board.coords.items():
        x0, y0, x1, y1 = number_box(layout, row, col)
        draw.rectangle((x0, y0, x1 - 1, y1 - 1), fill=theme.number_plate)
        draw.text((x0 + pad + 1, y0 + pad), board.names[square], fill=theme.number_text, font=face, anchor="lt")


# -- sprites --------------------------------------------------------------------------------------


def _shade(color: RGB, factor: float) -> RGB:
    if factor >= 1:
        return (
            round(color[0] + (255 - color[0]) * (factor - 1)),
            round(color[1] + (255 - color[1]) * (factor - 1)),
            round(color[2] + (255 - color[2]) * (factor - 1)),
        )
    return (round(color[0] * factor), round(color[1] * factor), round(color[2] * factor))


def _crown(draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float, colors: PieceColors) -> None:
    """A five-point crown: one polygon for the band and spikes, discs for the jewels."""
    w, h = r * 1.05, r * 0.78
    left, right = cx - w / 2, cx + w / 2
    top, base = cy - h / 2, cy + h / 2
    band = base - h * 0.24
    valley = top + h * 0.42
    shape = [
        (left, base),
        (left, band),
        (left - w * 0.04, top + h * 0.12),
        (cx - w * 0.26, valley),
        (cx - w * 0.25, top + h * 0.02),
        (cx - w * 0.12, valley - h * 0.02),
        (cx, top - h * 0.1),
        (cx + w * 0.12, valley - h * 0.02),
        (cx + w * 0.25, top + h * 0.02),
        (cx + w * 0.26, valley),
        (right + w * 0.04, top + h * 0.12),
        (right, band),
        (right, base),
    ]
    line = max(1, round(r * 0.06))
    draw.polygon(shape, fill=colors.crown, outline=colors.crown_edge, width=line)
    draw.line((left, band, right, band), fill=colors.crown_edge, width=line)
    jewel = r * 0.085
    for x, y in ((left - w * 0.04, top + h * 0.12), (cx, top - h * 0.1), (right + w * 0.04, top + h * 0.12)):
        draw.ellipse(
            (x - jewel, y - jewel, x + jewel, y + jewel),
            fill=colors.crown,
            outline=colors.crown_edge,
            width=max(1, line // 2),
        )
    gem = r * 0.07
    for x in (cx - w * 0.25, cx, cx + w * 0.25):
        y = (band + base) / 2
        draw.ellipse((x - gem, y - gem, x + gem, y + gem), fill=colors.crown_edge)


def _canopy(draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float, colors: PieceColors) -> None:
    """A parachute: a domed canopy above the centre, its two cords meeting below (Parachute checkers).

    Drawn in the crown's colours but leaving the centre of the piece bare, so it never reads as a king."""
    w = r * 1.2
    top, chord = cy - r * 0.8, cy - r * 0.2
    line = max(1, round(r * 0.07))
    dome = (cx - w / 2, top, cx + w / 2, top + 2 * (chord - top))
    draw.pieslice(dome, 180, 360, fill=colors.crown, outline=colors.crown_edge, width=line)
    harness = (cx, cy + r * 0.6)
    for x in (cx - w / 2 + line, cx + w / 2 - line):
        draw.line((x, chord, *harness), fill=colors.crown_edge, width=line)
    knot = r * 0.1
    draw.ellipse((harness[0] - knot, harness[1] - knot, harness[0] + knot, harness[1] + knot), fill=colors.crown_edge)


@functools.lru_cache(maxsize=64)
def piece_radius(cell: int, numbered: bool = True) -> float:
    """The piece radius as a fraction of the cell: PIECE_RADIUS, or less where it would run under the
    square number's plate, down to MIN_PIECE_RADIUS (the plate is drawn on top: on small cells it may
    overlap a piece's rim, never the other way round). Boards without square numbers keep PIECE_RADIUS."""
    if not numbered:
        return PIECE_RADIUS
    plate_w, plate_h = number_plate_size(cell)
    fraction = PIECE_RADIUS
    while fraction > MIN_PIECE_RADIUS:
        radius = cell * fraction
        centre_y = cell / 2 - radius * KING_THICKNESS / 2  # a king's top face sits half its thickness higher
        if math.hypot(cell / 2 - 1 - plate_w, centre_y - 1 - plate_h) >= radius:
            break
        fraction -= 0.005
    return fraction


@functools.lru_cache(maxsize=64)
def piece_sprite(
    theme_name: str,
    white: bool,
    king: bool,
    cell: int,
    alpha: float = 1.0,
    parachute: bool = False,
    numbered: bool = True,
) -> Image.Image:
    """An RGBA cell-sized picture of a piece with its shadow, to paste at the cell's top-left corner."""
    theme = load_theme(theme_name)
    colors = theme.white_piece if white else theme.black_piece
    big = cell * SUPERSAMPLE
    r = big * piece_radius(cell, numbered)
    cx = cy = big / 2
    thickness = r * (KING_THICKNESS if king else MAN_THICKNESS)  # a king stands taller

    shadow = Image.new("L", (big, big), 0)
    offset = r * 0.09
    ImageDraw.Draw(shadow).ellipse(
        (cx - r + offset, cy - r + thickness + offset, cx + r + offset, cy + r + offset * 2),
        fill=round(255 * theme.shadow_alpha),
    )
    shadow = shadow.filter(ImageFilter.GaussianBlur(r * 0.08))
    sprite = Image.new("RGBA", (big, big), (*theme.shadow, 0))
    sprite.putalpha(shadow)

    draw = ImageDraw.Draw(sprite)
    edge = max(2, round(r * 0.045))
    top_y = cy - thickness / 2
    # the side of the disc, then the top face: a cheap but convincing bevel
    draw.ellipse((cx - r, top_y - r + thickness, cx + r, top_y + r + thickness), fill=colors.edge)
    draw.ellipse((cx - r + edge, top_y - r + thickness, cx + r - edge, top_y + r + thickness - edge), fill=colors.rim)
    draw.ellipse((cx - r, top_y - r, cx + r, top_y + r), fill=colors.edge)
    face = r - edge
    draw.ellipse((cx - face, top_y - face, cx + face, top_y + face), fill=colors.fill)
    # soft light from the top-left
    light = Image.new("L", (big, big), 0)
    ImageDraw.Draw(light).ellipse(
        (cx - face * 0.95, top_y - face * 0.98, cx + face * 0.55, top_y + face * 0.45), fill=70
    )
    light = light.filter(ImageFilter.GaussianBlur(face * 0.2))
    face_mask = Image.new("L", (big, big), 0)
    ImageDraw.Draw(face_mask).ellipse((cx - face, top_y - face, cx + face, top_y + face), fill=255)
    sprite.paste((255, 255, 255, 255), (0, 0), ImageChops.multiply(light, face_mask))
    ring = face * 0.72
    ring_width = max(2, round(r * 0.05))
    draw.ellipse(
        (cx - ring, top_y - ring, cx + ring, top_y + ring),
        outline=_shade(colors.ring, 0.92),
        width=ring_width,
    )
    draw.arc(
        (
            cx - ring + ring_width,
            top_y - ring + ring_width,
            cx + ring - ring_width,
            top_y + ring - ring_width,
        ),
        200,
        20,
        fill=_shade(colors.fill, 1.15),
        width=max(1, ring_width // 2),
    )
    if king:
        _crown(draw, cx, top_y + r * 0.03, face * 0.95, colors)
    elif parachute:
        _canopy(draw, cx, top_y, face * 0.95, colors)
    small = sprite.resize((cell, cell), Image.Resampling.LANCZOS)
    if alpha < 1:
        faded = small.getchannel("A").point(lambda v: round(v * alpha))
        small.putalpha(faded)
        _cross(small, theme.captured_mark, r / SUPERSAMPLE, top_y / SUPERSAMPLE)
    return small


def _cross(sprite: Image.Image, color: RGB, radius: float, centre_y: float) -> None:
    """A captured piece: faded, and crossed out so that it never passes for a real piece."""
    draw = ImageDraw.Draw(sprite)
    cx = sprite.width / 2
    arm = radius * 0.62
    width = max(2, round(radius * 0.22))
    for dx in (-arm, arm):
        draw.line((cx - dx, centre_y - arm, cx + dx, centre_y + arm), fill=(*color, 255), width=width)


def arrow_mask(
    points: tuple[tuple[float, float], ...], cell: int, weight: float = 1.0
) -> tuple[Image.Image, tuple[int, int]]:
    """An L mask of an arrow through points (pixel centres), with the box corner where it goes.

    weight scales the shaft and head (the explorer draws often-played moves thicker)."""
    scale = 2
    pad = cell
    xs = [p[0] for p in points]
    ys = [p[1] for p in points]
    x0, y0 = math.floor(min(xs)) - pad, math.floor(min(ys)) - pad
    x1, y1 = math.ceil(max(xs)) + pad, math.ceil(max(ys)) + pad
    mask = Image.new("L", ((x1 - x0) * scale, (y1 - y0) * scale), 0)
    draw = ImageDraw.Draw(mask)
    pts = [((x - x0) * scale, (y - y0) * scale) for x, y in points]
    shaft = cell * 0.15 * scale * weight
    head_len = cell * 0.42 * scale * min(1.0, 0.6 + 0.4 * weight)
    head_half = cell * 0.27 * scale * min(1.3, 0.5 + 0.5 * weight)
    (ax, ay), (bx, by) = pts[-2], pts[-1]
    length = math.hypot(bx - ax, by - ay) or 1.0
    ux, uy = (bx - ax) / length, (by - ay) / length
    # the tip stops at the edge of the piece that landed, so a fresh crown stays visible
    back = cell * (piece_radius(cell) - 0.02) * scale
    tip = (bx - ux * back, by - uy * back)
    neck = (tip[0] - ux * head_len, tip[1] - uy * head_len)
    line = [*pts[:-1], (neck[0] + ux * 2, neck[1] + uy * 2)]
    draw.line(line, fill=255, width=round(shaft), joint="curve")
    dot = shaft / 2
    for x, y in line[:-1]:
        draw.ellipse((x - dot, y - dot, x + dot, y + dot), fill=255)
    draw.polygon(
        [
            tip,
            (neck[0] - uy * head_half, neck[1] + ux * head_half),
            (neck[0] + uy * head_half, neck[1] - ux * head_half),
        ],
        fill=255,
    )
    return mask.reduce(scale), (x0, y0)


# -- palette --------------------------------------------------------------------------------------


def _gradient(start: RGB, end: RGB, steps: int = 12) -> list[RGB]:
    return [
        (
            round(start[0] + (end[0] - start[0]) * i / (steps - 1)),
            round(start[1] + (end[1] - start[1]) * i / (steps - 1)),
            round(start[2] + (end[2] - start[2]) * i / (steps - 1)),
        )
        for i in range(steps)
    ]


def _blend(under: RGB, over: RGB, alpha: float) -> RGB:
    return (
        round(under[0] + (over[0] - under[0]) * alpha),
        round(under[1] + (over[1] - under[1]) * alpha),
        round(under[2] + (over[2] - under[2]) * alpha),
    )


@functools.lru_cache(maxsize=48)
def palette_for(theme_name: str, layout: Layout, board: Board, points: bool, coordinates: bool) -> Image.Image:
    """A 255-colour palette image for every picture of this theme and geometry.

    Mapping to a fixed palette is several times faster than building one per picture, and it is built from
    everything a picture can contain: the static layer, every sprite, and ramps for tints, arrows and text.
    """
    theme = load_theme(theme_name)
    static = static_layer(theme_name, layout, board, points, coordinates)
    cell = layout.cell
    numbered = has_square_numbers(board, points, coordinates)
    bases = [theme.dark, theme.light, theme.full_a, theme.point_board, theme.white_piece.fill, theme.black_piece.fill]
    overlays = [
        (theme.last_move, theme.last_move_alpha),
        (theme.highlight, theme.highlight_alpha),
        (theme.arrow, theme.arrow_alpha),
        (theme.hint, theme.hint_alpha),
    ]
    ramps: list[list[RGB]] = []
    for base in bases:
        for color, alpha in overlays:
            ramps.append(_gradient(base, _blend(base, color, alpha)))
            tinted = _blend(base, theme.last_move, theme.last_move_alpha)
            ramps.append(_gradient(tinted, _blend(tinted, color, alpha)))
    for text in (theme.caption_text, theme.caption_muted, theme.white_piece.fill, theme.black_piece.fill):
        ramps.append(_gradient(theme.caption_bg, text))
    ramps.append(_gradient(theme.number_plate, theme.number_text))
    for base in bases:
        ramps.append(_gradient(base, theme.captured_mark))
    swatch = Image.new("RGB", (len(ramps[0]), len(ramps)))
    swatch.putdata([color for ramp in ramps for color in ramp])
    swatch = swatch.resize((swatch.width * 4, swatch.height * 4), Image.Resampling.NEAREST)

    sprites = Image.new("RGB", (cell * 8, cell * 2), theme.dark)
    sprites.paste(theme.light, (0, cell, cell * 8, cell * 2))
    variants = [(w, k, a) for w in (True, False) for k in (False, True) for a in (1.0, theme.captured_alpha)]
    for row in range(2):
        for index, (white, king, alpha) in enumerate(variants):
            sprite = piece_sprite(theme_name, white, king, cell, alpha, numbered=numbered)
            sprites.paste(sprite, (index * cell, row * cell), sprite)

    source = Image.new("RGB", (static.width + sprites.width, max(static.height, sprites.height + swatch.height)))
    source.paste(static, (0, 0))
    source.paste(sprites, (static.width, 0))
    source.paste(swatch, (static.width, sprites.height))
    # the flat colours must come out exact (median cut would average them with their neighbours)
    exact = _exact_colors(theme)
    found = source.quantize(256 - len(exact), Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE)
    flat = found.getpalette() or []
    extra = [(flat[i], flat[i + 1], flat[i + 2]) for i in range(0, len(flat), 3)]
    colors = list(dict.fromkeys(exact + [c for c in extra if c not in exact]))[:256]
    palette = Image.new("P", (1, 1))
    palette.putpalette([channel for color in colors for channel in color])
    return palette


def _exact_colors(theme: Theme) -> list[RGB]:
    pieces = [
        getattr(colors, name)
        for colors in (theme.white_piece, theme.black_piece)
        for name in ("fill", "rim", "edge", "ring", "crown", "crown_edge")
    ]
    flat = [
        theme.background, theme.frame, theme.frame_edge, theme.frame_text, theme.light, theme.dark,
        theme.full_a, theme.full_b, theme.grid_line, theme.point_board, theme.point_line,
        theme.number_plate, theme.number_text, theme.captured_mark, theme.caption_bg, theme.caption_text,
        theme.caption_muted, *pieces,
    ]  # fmt: skip
    squares = [theme.dark, theme.light, theme.full_a, theme.full_b, theme.point_board]
    tinted = [
        _blend(base, color, alpha)
        for base in squares
        for color, alpha in ((theme.last_move, theme.last_move_alpha), (theme.highlight, theme.highlight_alpha))
    ]
    arrows = [
        _blend(base, color, alpha)
        for base in squares + tinted
        for color, alpha in ((theme.arrow, theme.arrow_alpha), (theme.hint, theme.hint_alpha))
    ]
    return list(dict.fromkeys(flat + tinted + arrows))
