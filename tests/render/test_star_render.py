"""The Chinese checkers picture: every hole where the rules put it, marbles in their seat's colour, the last
move's path over its landings, the seat to move and the places; the SVG carries the same board as data."""

from __future__ import annotations

import io
import math
import xml.etree.ElementTree as ET

from PIL import Image

from render.star import (
    BACKGROUND,
    HOLE,
    INK,
    SEAT_COLOURS,
    StarRenderOptions,
    _name_masks,
    _text_colour,
    contrast,
    render_star,
    render_star_svg,
)
from rules.star import BOARD, StarPosition, holes_of, parse_move

SVG = "{http://www.w3.org/2000/svg}"


def picture(position: StarPosition, options: StarRenderOptions) -> Image.Image:
    return Image.open(io.BytesIO(render_star(position, options))).convert("RGB")


def pixel_at(image: Image.Image, hole: int, dx: float = 0.0, dy: float = 0.0) -> tuple[int, int, int]:
    """The colour a hole spacing of (dx, dy) away from the hole's centre, from the board's own geometry: the
    width is 12 + 2 * 1.8 spacings (margins), the star's centre is the picture's centre."""
    unit = image.width / 15.6
    x, y = BOARD.xy(hole)
    px, py = image.width / 2 + (x + dx) * unit, image.height / 2 - (y + dy) * unit
    return image.getpixel((round(px), round(py)))  # type: ignore[return-value]


def near(a: tuple[int, int, int], b: tuple[int, int, int], tolerance: int = 12) -> bool:
    return all(abs(x - y) <= tolerance for x, y in zip(a, b, strict=True))


def test_marbles_in_their_seats_colours_and_empty_holes() -> None:
    position = StarPosition.start(6)
    image = picture(position, StarRenderOptions(names=False))
    assert image.width == 640
    for seat, mask in enumerate(position.marbles):
        for hole in holes_of(mask):
            assert near(pixel_at(image, hole, 0.2, 0.0), SEAT_COLOURS[seat]), (seat, BOARD.names[hole])
    assert near(pixel_at(image, BOARD.hole("i5")), HOLE)
    # between two holes of the centre: the star, not the page background
    assert not near(pixel_at(image, BOARD.hole("i5"), 0.5, 0.0), BACKGROUND)


def test_the_hole_names_are_written_in_the_holes() -> None:
    position = StarPosition.start(2)
    plain = picture(position, StarRenderOptions(names=False))
    named = picture(position, StarRenderOptions())
    for name in ("a1", "i5", "q1", "e13"):
        hole = BOARD.hole(name)
        assert any(
            not near(pixel_at(plain, hole, dx / 10, dy / 10), pixel_at(named, hole, dx / 10, dy / 10), 60)
            for dx in range(-2, 3)
            for dy in range(-1, 2)
        ), name


def test_the_last_moves_path_is_drawn_through_its_landings() -> None:
    before = StarPosition.start(2)
    for text in ("d3-e7", "n2-m6"):
        before = before.play(parse_move(before, text))
    move = parse_move(before, "b1-d3-f6")  # two jumps: over c2 to d3, over e7 to f6
    after = before.play(move)
    plain = picture(after, StarRenderOptions(names=False))
    drawn = picture(after, StarRenderOptions(names=False, last_move=move))
    # halfway along the second jump (d3 to f6) the path shows only when drawn
    d3, f6 = BOARD.xy(BOARD.hole("d3")), BOARD.xy(BOARD.hole("f6"))
    hole = BOARD.hole("d3")
    for share in (0.25, 0.75):  # the gaps either side of e7
        offset = ((f6[0] - d3[0]) * share, (f6[1] - d3[1]) * share)
        assert not near(pixel_at(plain, hole, *offset), pixel_at(drawn, hole, *offset), 20)
    # the start hole is ringed in ink
    b1 = BOARD.hole("b1")
    ring = [pixel_at(drawn, b1, 0.39 * math.cos(a / 8 * math.pi), 0.39 * math.sin(a / 8 * math.pi)) for a in range(16)]
    assert sum(near(p, INK, 60) for p in ring) >= 12


def test_the_seat_to_move_has_the_big_ringed_disc_and_places_are_numbered() -> None:
    svg = ET.fromstring(render_star_svg(StarPosition.start(3)))
    seats = svg.findall(f"{SVG}circle[@class='seat']")
    assert len(seats) == 3
    ringed = [c for c in seats if c.get("stroke")]
    assert len(ringed) == 1 and ringed[0].get("fill") == "#{:02x}{:02x}{:02x}".format(*SEAT_COLOURS[0])
    over = StarPosition.start(2).without(0)
    labels = [t.text for t in ET.fromstring(render_star_svg(over)).findall(f"{SVG}text") if t.text in {"1", "2", "×"}]
    assert sorted(labels) == ["1", "×"]


def test_the_svg_is_the_same_board_as_data() -> None:
    start = StarPosition.start(4)
    move = parse_move(start, "c2-e8")
    position = start.play(move)
    markup = render_star_svg(position, StarRenderOptions(last_move=move))
    assert "style" not in markup and "<script" not in markup
    svg = ET.fromstring(markup)
    groups = svg.findall(f"{SVG}g")
    assert sorted(g.get("data-hole") or "" for g in groups) == sorted(BOARD.names)
    seated = {g.get("data-hole"): int(g.get("data-seat") or -1) for g in groups if g.get("data-seat")}
    assert seated == {BOARD.names[h]: s for s, m in enumerate(position.marbles) for h in holes_of(m)}
    path = svg.find(f"{SVG}polyline[@class='last-move']")
    assert path is not None and len((path.get("points") or "").split()) == 2
    assert svg.get("data-turn") == "1" and svg.get("data-players") == "4"
    assert render_star_svg(position, StarRenderOptions(last_move=move)) == markup
    assert render_star(position) == render_star(position)


def test_names_read_at_chat_size() -> None:
    """WCAG contrast of a name on every marble colour and on an empty hole at least 4.5 (normal text), and
    the ink of a name at least 6 px high at 400 px wide, about the smallest Discord shows a picture."""
    for colour in (*SEAT_COLOURS, HOLE):
        assert contrast(_text_colour(colour), colour) >= 4.5, colour
    for _, mask in _name_masks(400):
        box = mask.getbbox()
        assert box is not None and box[3] - box[1] >= 6
