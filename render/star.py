"""Chinese checkers pictures: render_star (PNG bytes) and render_star_svg (SVG markup for the web page).

Pure functions of a rules.star position and StarRenderOptions; same input, same output. The picture carries
no words, so it needs no language: each seat's marbles and home point in its colour (the Okabe-Ito
colour-blind-safe set), the hole names from the rules written in every hole, the last move's path through
every landing hole, and beside each point a disc for its seat: larger and ringed for the seat to move, its
place (1, 2, …) once it has finished, a cross when it has left.
"""

from __future__ import annotations

import functools
import io
import math
from dataclasses import dataclass

from PIL import Image, ImageDraw

from render.layers import font
from render.options import DEFAULT_SIZE, clamp_size
from rules.star import BOARD, Point, StarMove, StarPosition, holes_of

RGB = tuple[int, int, int]
# Okabe & Ito (2008), "Color Universal Design": vermillion, blue, bluish green, orange, reddish purple, sky
# blue, in seat order, so that two players get the two most different hues.
SEAT_COLOURS: tuple[RGB, ...] = (
    (213, 94, 0),
    (0, 114, 178),
    (0, 158, 115),
    (230, 159, 0),
    (204, 121, 167),
    (86, 180, 233),
)
BACKGROUND: RGB = (250, 246, 238)
STAR: RGB = (236, 222, 196)
HOLE: RGB = (200, 184, 156)
INK: RGB = (40, 34, 28)
HINT: RGB = (30, 30, 30)
WHITE: RGB = (255, 255, 255)
TEXT: RGB = (8, 6, 4)  # darker than INK: 4.5:1 on vermillion, the darkest-but-not-dark seat colour
MARGIN = 1.8  # hole spacings round the star: room for the seat discs
SCALE = 2  # drawn at twice the size and reduced: smooth edges without Pillow's antialiasing
SQRT3_2 = math.sqrt(3) / 2


@dataclass(frozen=True, slots=True)
class StarRenderOptions:
    size: int = DEFAULT_SIZE  # width in pixels, clamped like the draughts boards'
    last_move: StarMove | None = None  # the move that produced the position
    hint: StarMove | None = None  # a move from the position, drawn as a thin dark line
    names: bool = True  # hole names in every hole


@dataclass(frozen=True, slots=True)
class _Frame:
    unit: float  # pixels per hole spacing
    width: int
    height: int

    def at(self, x: float, y: float) -> tuple[float, float]:
        return (self.width / 2 + x * self.unit, self.height / 2 - y * self.unit)

    def hole(self, hole: int) -> tuple[float, float]:
        return self.at(*BOARD.xy(hole))


def _frame(size: int, scale: int = 1) -> _Frame:
    width = clamp_size(size) * scale
    unit = width / (12 + 2 * MARGIN)
    return _Frame(unit, width, round(unit * (16 * SQRT3_2 + 2 * MARGIN)))


def _mix(colour: RGB, other: RGB, share: float) -> RGB:
    r, g, b = (round(a * (1 - share) + o * share) for a, o in zip(colour, other, strict=True))
    return (r, g, b)


def luminance(rgb: RGB) -> float:
    """WCAG 2 relative luminance."""

    def channel(value: int) -> float:
        c = value / 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(v) for v in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: RGB, b: RGB) -> float:
    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def _text_colour(colour: RGB) -> RGB:
    """Near-black or white, whichever reads better on the colour (WCAG contrast)."""
    return max((TEXT, WHITE), key=lambda text: contrast(text, colour))


def _seat_of_point(position: StarPosition) -> dict[Point, int]:
    return {point: seat for seat, point in enumerate(position.homes)}


def _point_triangle(point: Point) -> list[tuple[float, float]]:
    """A point's triangle: its corner of the star's outline and the two inner corners beside it."""
    outline = _star_outline()
    return [outline[2 * point], outline[2 * point + 1], outline[2 * point - 1]]


def _badge_centre(point: Point) -> tuple[float, float]:
    x, y = BOARD.xy(BOARD.tips[point])
    length = math.hypot(x, y)
    return (x / length * (length + 1.0), y / length * (length + 1.0))


@dataclass(frozen=True, slots=True)
class _Badge:
    point: Point
    colour: RGB
    to_move: bool
    label: str  # "", a place number, or "×"


def _badges(position: StarPosition) -> list[_Badge]:
    places = {seat: i + 1 for i, group in enumerate(position.ranking()) for seat in group}
    badges = []
    over = position.is_over
    for seat, point in enumerate(position.homes):
        label = "×" if seat in position.gone else str(places[seat]) if seat in places else ""
        to_move = not over and seat == position.turn
        badges.append(_Badge(point, SEAT_COLOURS[seat], to_move, label))
    return badges


def _star_outline() -> list[tuple[float, float]]:
    """The star's twelve corners, half a spacing outside the outer holes."""
    tips = [BOARD.xy(BOARD.tips[p]) for p in Point]
    out = []
    for i, (x, y) in enumerate(tips):
        length = math.hypot(x, y)
        out.append((x / length * (length + 0.75), y / length * (length + 0.75)))
        nx, ny = tips[(i + 1) % 6]
        mx, my = (x + nx) / 2, (y + ny) / 2
        inner = math.hypot(mx, my)
        # the inner corner where two points meet: the hexagon's corner hole (radius 4) pushed out
        corner = 4 + 0.6
        out.append((mx / inner * corner, my / inner * corner))
    return out


@functools.lru_cache(maxsize=32)
def _static(size: int, homes: tuple[Point, ...]) -> Image.Image:
    """The board without marbles, at SCALE times the size: the star, the seated points' tints, the holes."""
    frame = _frame(size, SCALE)
    image = Image.new("RGB", (frame.width, frame.height), BACKGROUND)
    draw = ImageDraw.Draw(image)
    unit = frame.unit
    draw.polygon([frame.at(x, y) for x, y in _star_outline()], fill=STAR, outline=HOLE, width=max(1, round(unit / 20)))
    for seat, point in enumerate(homes):
        draw.polygon([frame.at(x, y) for x, y in _point_triangle(point)], fill=_mix(SEAT_COLOURS[seat], STAR, 0.72))
    r = unit * 0.3
    for hole in range(len(BOARD.names)):
        cx, cy = frame.hole(hole)
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=HOLE)
    return image


@functools.lru_cache(maxsize=8)
def _name_masks(size: int) -> tuple[tuple[tuple[int, int], Image.Image], ...]:
    """Each hole's name as a small antialiased mask and where it goes, at the picture's own size."""
    frame = _frame(size)
    face = font(max(8, round(frame.unit * 0.3)), "dejavu")
    masks = []
    for hole, name in enumerate(BOARD.names):
        cx, cy = frame.hole(hole)
        mask = Image.new("L", (round(frame.unit), round(frame.unit * 0.6)), 0)
        ImageDraw.Draw(mask).text((mask.width / 2, mask.height / 2), name, fill=255, font=face, anchor="mm")
        masks.append(((round(cx - mask.width / 2), round(cy - mask.height / 2)), mask))
    return tuple(masks)


def render_star_image(position: StarPosition, options: StarRenderOptions | None = None) -> Image.Image:
    options = options or StarRenderOptions()
    frame = _frame(options.size, SCALE)
    image = _static(clamp_size(options.size), position.homes).copy()
    draw = ImageDraw.Draw(image)
    unit = frame.unit
    marbles = {h: seat for seat, mask in enumerate(position.marbles) for h in holes_of(mask)}
    marble_r = unit * 0.42
    for hole, owner in marbles.items():
        cx, cy = frame.hole(hole)
        colour = SEAT_COLOURS[owner]
        draw.ellipse((cx - marble_r, cy - marble_r, cx + marble_r, cy + marble_r), fill=_mix(colour, INK, 0.35))
        inner = marble_r * 0.86
        draw.ellipse((cx - inner, cy - inner, cx + inner, cy + inner), fill=colour)
    last = options.last_move if options.last_move is not None and not options.last_move.is_pass else None
    if last is not None:
        ring = marble_r * 1.02
        for hole, width in ((last.start, unit / 12), (last.end, unit / 10)):
            x, y = frame.hole(hole)
            draw.ellipse((x - ring, y - ring, x + ring, y + ring), outline=INK, width=max(2, round(width)))
        colour = _mix(SEAT_COLOURS[_mover(position, last)], INK, 0.5)
        _path(draw, frame, last.path, colour, unit * 0.11, unit * 0.36)
    if options.hint is not None and not options.hint.is_pass:
        _path(draw, frame, options.hint.path, HINT, unit * 0.07, unit * 0.36)
    badges = _badges(position)
    _draw_badges(draw, frame, badges)
    image = image.reduce(SCALE)
    _draw_text(image, options, marbles, badges)
    return image


def _draw_badges(draw: ImageDraw.ImageDraw, frame: _Frame, badges: list[_Badge]) -> None:
    unit = frame.unit
    for badge in badges:
        bx, by = frame.at(*_badge_centre(badge.point))
        r = unit * (0.5 if badge.to_move else 0.36)
        if badge.to_move:
            halo = r + unit * 0.14
            draw.ellipse((bx - halo, by - halo, bx + halo, by + halo), fill=INK)
        draw.ellipse((bx - r, by - r, bx + r, by + r), fill=badge.colour if badge.label != "×" else HOLE)


def _draw_text(image: Image.Image, options: StarRenderOptions, marbles: dict[int, int], badges: list[_Badge]) -> None:
    """Text last, at the final size: crisp, and above the path, so a name under a chain stays legible."""
    if options.names:
        for hole, (corner, mask) in enumerate(_name_masks(clamp_size(options.size))):
            seat = marbles.get(hole)
            image.paste(TEXT if seat is None else _text_colour(SEAT_COLOURS[seat]), corner, mask)
    draw = ImageDraw.Draw(image)
    frame = _frame(options.size)
    face = font(max(10, round(frame.unit * 0.5)), "dejavu")
    for badge in badges:
        if badge.label:
            bx, by = frame.at(*_badge_centre(badge.point))
            draw.text((bx, by), badge.label, fill=_text_colour(badge.colour), font=face, anchor="mm")


def _mover(position: StarPosition, move: StarMove) -> int:
    owner = position.owner(move.end)
    return owner if owner is not None else position.turn


def _path(
    draw: ImageDraw.ImageDraw,
    frame: _Frame,
    path: tuple[int, ...],
    colour: tuple[int, ...],
    width: float,
    dot: float,
) -> None:
    points = _trimmed([frame.hole(h) for h in path], frame.unit)
    draw.line(points, fill=colour, width=max(2, round(width)), joint="curve")
    for x, y in (frame.hole(h) for h in path[1:-1]):  # rings round the landings
        draw.ellipse((x - dot, y - dot, x + dot, y + dot), outline=colour, width=max(2, round(width * 0.8)))
    (x1, y1), (x2, y2) = points[-2], points[-1]
    angle = math.atan2(y2 - y1, x2 - x1)
    size = frame.unit * 0.3
    left = (x2 - size * math.cos(angle - 0.5), y2 - size * math.sin(angle - 0.5))
    right = (x2 - size * math.cos(angle + 0.5), y2 - size * math.sin(angle + 0.5))
    draw.polygon([(x2, y2), left, right], fill=colour)


def _trimmed(points: list[tuple[float, float]], unit: float) -> list[tuple[float, float]]:
    """The path from the start hole's rim to the end marble's rim, so neither name is covered."""

    def towards(a: tuple[float, float], b: tuple[float, float], by: float) -> tuple[float, float]:
        length = math.hypot(b[0] - a[0], b[1] - a[1]) or 1.0
        return (a[0] + (b[0] - a[0]) * by / length, a[1] + (b[1] - a[1]) * by / length)

    return [towards(points[0], points[1], unit * 0.3), *points[1:-1], towards(points[-1], points[-2], unit * 0.44)]


def render_star(position: StarPosition, options: StarRenderOptions | None = None) -> bytes:
    """PNG bytes of the position (see the module docstring)."""
    options = options or StarRenderOptions()
    out = io.BytesIO()
    # Flat colours and their antialiased edges: a palette of 255 looks the same and the file is a fifth.
    image = render_star_image(position, options)
    image.quantize(palette=_palette(clamp_size(options.size), position.homes), dither=Image.Dither.NONE).save(
        out, "PNG", compress_level=6
    )
    return out.getvalue()


@functools.lru_cache(maxsize=32)
def _palette(size: int, homes: tuple[Point, ...]) -> Image.Image:
    """The palette of every picture of these seats at this size, taken once from a sample that holds every
    colour they use: each seat's marbles in every point, their paths and the hint's, all the discs."""
    sample = StarPosition(homes, tuple(BOARD.point_masks[(p + 1) % 6] for p in homes), turn=0)
    images = [render_star_image(sample, StarRenderOptions(size=size))]
    for seat in range(len(homes)):
        start = holes_of(sample.marbles[seat])[0]
        path = (start, *(n for n in BOARD.neighbours[start][:1]))
        moved = StarPosition(homes, sample.marbles, turn=seat, gone=((seat + 1) % len(homes),))
        images.append(
            render_star_image(moved, StarRenderOptions(size=size, last_move=StarMove(path), hint=StarMove(path)))
        )
    strip = Image.new("RGB", (images[0].width, images[0].height * len(images)))
    for i, image in enumerate(images):
        strip.paste(image, (0, i * image.height))
    return strip.quantize(255, method=Image.Quantize.FASTOCTREE)


def _hex(colour: RGB) -> str:
    return "#{:02x}{:02x}{:02x}".format(*colour)


def _n(value: float) -> str:
    text = f"{value:.1f}"
    return text[:-2] if text.endswith(".0") else text


def _svg_path(path: tuple[int, ...], frame: _Frame, colour: RGB, width: float, kind: str) -> list[str]:
    trimmed = _trimmed([frame.hole(h) for h in path], frame.unit)
    points = " ".join(f"{_n(x)},{_n(y)}" for x, y in trimmed)
    paint = f'fill="none" stroke="{_hex(colour)}" stroke-opacity="0.7" stroke-width="{_n(width)}"'
    rings = [
        f'<circle cx="{_n(x)}" cy="{_n(y)}" r="{_n(frame.unit * 0.36)}" {paint}/>'
        for x, y in (frame.hole(h) for h in path[1:-1])
    ]
    return [
        f'<polyline class="{kind}" points="{points}" {paint} stroke-linejoin="round" stroke-linecap="round"/>',
        *rings,
    ]


def render_star_svg(position: StarPosition, options: StarRenderOptions | None = None) -> str:
    """The same picture as SVG (presentation attributes only: the web page's policy allows no style). Each
    hole is a group with data-hole (its name) and data-seat (the seat whose marble is in it, if any)."""
    options = options or StarRenderOptions()
    frame = _frame(options.size)
    unit = frame.unit
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="board star" viewBox="0 0 {frame.width} {frame.height}" '
        f'role="img" data-turn="{position.turn}" data-players="{position.players}">',
        f'<rect width="{frame.width}" height="{frame.height}" fill="{_hex(BACKGROUND)}"/>',
        f'<polygon points="{" ".join(f"{_n(a)},{_n(b)}" for a, b in (frame.at(x, y) for x, y in _star_outline()))}" '
        f'fill="{_hex(STAR)}" stroke="{_hex(HOLE)}"/>',
    ]
    for point, seat in _seat_of_point(position).items():
        corners = " ".join(f"{_n(a)},{_n(b)}" for a, b in (frame.at(x, y) for x, y in _point_triangle(point)))
        parts.append(f'<polygon points="{corners}" fill="{_hex(_mix(SEAT_COLOURS[seat], STAR, 0.72))}"/>')
    last = options.last_move if options.last_move is not None and not options.last_move.is_pass else None
    marbles = {h: seat for seat, mask in enumerate(position.marbles) for h in holes_of(mask)}
    size = _n(unit * 0.3)
    for hole, name in enumerate(BOARD.names):
        x, y = (_n(v) for v in frame.hole(hole))
        owner = marbles.get(hole)
        if owner is None:
            parts.append(f'<g data-hole="{name}"><circle cx="{x}" cy="{y}" r="{_n(unit * 0.3)}" fill="{_hex(HOLE)}"/>')
            ink = TEXT
        else:
            colour = SEAT_COLOURS[owner]
            parts.append(
                f'<g data-hole="{name}" data-seat="{owner}"><circle cx="{x}" cy="{y}" r="{_n(unit * 0.42)}" '
                f'fill="{_hex(colour)}" stroke="{_hex(_mix(colour, INK, 0.35))}" stroke-width="{_n(unit * 0.06)}"/>'
            )
            ink = _text_colour(colour)
        if options.names:
            parts.append(
                f'<text x="{x}" y="{y}" font-family="sans-serif" font-size="{size}" text-anchor="middle" '
                f'dominant-baseline="central" fill="{_hex(ink)}">{name}</text>'
            )
        parts.append("</g>")
    if last is not None:
        colour = _mix(SEAT_COLOURS[_mover(position, last)], INK, 0.5)
        parts += _svg_path(last.path, frame, colour, unit * 0.11, "last-move")
    if options.hint is not None and not options.hint.is_pass:
        parts += _svg_path(options.hint.path, frame, HINT, unit * 0.07, "hint")
    for badge in _badges(position):
        bx, by = (_n(v) for v in frame.at(*_badge_centre(badge.point)))
        r = unit * (0.5 if badge.to_move else 0.36)
        fill = _hex(badge.colour if badge.label != "×" else HOLE)
        ring = f' stroke="{_hex(INK)}" stroke-width="{_n(unit * 0.14)}"' if badge.to_move else ""
        parts.append(f'<circle class="seat" cx="{bx}" cy="{by}" r="{_n(r)}" fill="{fill}"{ring}/>')
        if badge.label:
            parts.append(
                f'<text x="{bx}" y="{by}" font-family="sans-serif" font-size="{_n(unit * 0.5)}" '
                f'text-anchor="middle" dominant-baseline="central" fill="{_hex(_text_colour(badge.colour))}">'
                f"{badge.label}</text>"
            )
    parts.append("</svg>")
    return "".join(parts)
