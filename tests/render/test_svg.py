"""render_svg: the web page's board. Cross-checked against the rules library (which pieces stand where)
and against the PNG renderer (the same geometry: square positions and colours in the PNG picture)."""

from __future__ import annotations

import io
import random
import xml.etree.ElementTree as ET

import pytest
from PIL import Image

from render import RenderOptions, load_theme, render_board, render_svg, square_box
from rules import Game, Position, find_variant

SVG = "{http://www.w3.org/2000/svg}"


def played(variant: str, plies: int, seed: int = 2) -> Game:
    game = Game(find_variant(variant))
    rng = random.Random(seed)
    for _ in range(plies):
        moves = game.legal_moves()
        if not moves:
            break
        game.push(rng.choice(moves))
    return game


def pieces(root: ET.Element) -> dict[str, ET.Element]:
    return {g.attrib["data-square"]: g for g in root.iter(f"{SVG}g") if g.attrib.get("class") == "piece"}


@pytest.mark.parametrize("variant", ["italian", "international", "russian", "brazilian"])
@pytest.mark.parametrize("flip", [False, True])
def test_every_piece_stands_where_the_rules_and_the_png_put_it(variant: str, flip: bool) -> None:
    game = played(variant, 40)
    position: Position = game.position
    options = RenderOptions(size=560, flip=flip, caption=False, last_move=game.moves[-1])
    root = ET.fromstring(render_svg(position, options))
    board = position.board
    drawn = pieces(root)
    expected = {
        board.names[s]: f"{p.color.label} {'king' if p.is_king else 'man'}" for s, p in position.pieces().items()
    }
    assert {name: g.attrib["data-piece"] for name, g in drawn.items()} == expected
    for square in position.pieces():
        x0, _, x1, _ = square_box(position, options, square)  # the PNG picture's box for that square
        circles = drawn[board.names[square]].findall(f"{SVG}circle")
        assert float(circles[0].attrib["cx"]) == pytest.approx((x0 + x1) / 2, abs=0.05)
    kings = {n for n, kind in expected.items() if kind.endswith("king")}
    crowned = {n for n, g in drawn.items() if g.find(f"{SVG}polygon") is not None}
    assert crowned == kings


def test_the_squares_are_the_png_pictures_squares() -> None:
    """Each dark square of the SVG, where no piece stands, is a dark square in the PNG at the same place."""
    position = played("italian", 12).position
    options = RenderOptions(size=560, caption=False)
    theme = load_theme(options.theme)
    root = ET.fromstring(render_svg(position, options))
    png = Image.open(io.BytesIO(render_board(position, options))).convert("RGB")
    dark = "#{:02x}{:02x}{:02x}".format(*theme.dark)
    cells = [r for r in root.iter(f"{SVG}rect") if r.attrib.get("fill") == dark]
    assert len(cells) == 32
    occupied = {position.board.names[s] for s in position.pieces()}
    checked = 0
    for cell in cells:
        x, y, size = float(cell.attrib["x"]), float(cell.attrib["y"]), float(cell.attrib["width"])
        square = next(s for s in position.board.squares if square_box(position, options, s)[:2] == (x, y))
        if position.board.names[square] in occupied:
            continue
        pixel = png.getpixel((int(x + size * 0.75), int(y + size * 0.75)))  # clear of the number plate
        assert max(abs(a - b) for a, b in zip(pixel, theme.dark, strict=True)) <= 8
        checked += 1
    assert checked >= 8


def test_the_last_move_is_tinted_and_captured_pieces_are_ghosts() -> None:
    game = Game(find_variant("italian"))
    for move in ("24-20", "12-16", "22-18", "11-14", "18x11"):
        game.play(move)
    root = ET.fromstring(render_svg(game.position, RenderOptions(last_move=game.moves[-1])))
    tinted = {r.attrib["data-square"] for r in root.iter(f"{SVG}rect") if r.attrib.get("class") == "last"}
    assert tinted == {"18", "11"}
    ghosts = [g.attrib["data-square"] for g in root.iter(f"{SVG}g") if g.attrib.get("class") == "captured"]
    assert ghosts == ["14"]
    assert "14" not in pieces(root)


def test_the_markup_has_no_script_style_or_handlers() -> None:
    text = render_svg(played("international", 30).position, RenderOptions())
    root = ET.fromstring(text)
    for element in root.iter():
        assert element.tag not in (f"{SVG}script", f"{SVG}style", f"{SVG}foreignObject")
        assert not any(name == "style" or name.startswith("on") for name in element.attrib)
