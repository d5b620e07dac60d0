"""Pictures at chat size (issue 19): square numbers readable and never covered, names not cut, Black's marker
reads as black, black men visible in the dark theme, captured pieces unmistakable, one arrow at a time.

Readability is measured, not eyeballed: WCAG contrast ratios from the pixels, glyph heights in pixels, and the
number plates compared pixel for pixel between an empty board and a crowded one with arrows and highlights."""

from __future__ import annotations

import pytest

from render import RenderOptions, load_theme, render_board, theme_names
from render.draw import caption_text
from render.layers import number_box
from render.layout import layout_for
from rules import Color, Game, Position
from tests.render.support import ITALIAN, TEN, TWELVE, decode, distance, pixel

SIZES = (320, 480, 640)
BOARDS = (ITALIAN, TEN, TWELVE)
MIN_GLYPH_PX = 6  # the height of a digit's ink on the plate
LONGEST_NAME = "Alessandra Bianchi-Rossi di Sotto"  # 32 characters: Discord's longest display name


def relative_luminance(rgb: tuple[int, int, int]) -> float:
    def channel(value: int) -> float:
        c = value / 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(v) for v in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: tuple[int, int, int], b: tuple[int, int, int]) -> float:
    la, lb = sorted((relative_luminance(a), relative_luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def crowded(rules) -> Position:
    """Every square taken, kings mixed in: nothing of the board shows but what must be on top."""
    board = Game(rules, None).position.board
    half = len(board.squares) // 2
    return Position(
        rules,
        white=sum(1 << sq for sq in board.squares[half:]),
        black=sum(1 << sq for sq in board.squares[:half]),
        kings=sum(1 << sq for sq in board.squares[::3]),
        turn=Color.WHITE,
    )


@pytest.mark.parametrize("theme", theme_names())
@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("rules", BOARDS, ids=lambda r: f"{r.width}x{r.height}")
def test_square_numbers_read_at_chat_size_and_nothing_covers_them(rules, size, theme):
    game = Game(rules, None)
    move = game.position.legal_moves()[0]
    game.play(move)
    hint = game.position.legal_moves()[-1]
    empty = Game(rules, "W:W:B").position
    plain = decode(render_board(empty, RenderOptions(theme=theme, size=size, caption=False)))
    busy_options = RenderOptions(theme=theme, size=size, caption=False, last_move=move, hint=hint,
                                 highlights=frozenset(empty.board.squares[:6]))
    busy = decode(render_board(crowded(rules), busy_options))
    layout = layout_for(empty.board, size, False, False)
    for square, (row, col) in empty.board.coords.items():
        x0, y0, x1, y1 = number_box(layout, row, col)
        inside = [(x, y) for y in range(y0, y1) for x in range(x0, x1)]
        # nothing drawn over the number: the plate looks the same on a crowded board with arrows
        assert all(distance(pixel(busy, x, y), pixel(plain, x, y)) <= 3 for x, y in inside), empty.board.names[square]
        colours = [pixel(plain, x, y) for x, y in inside]
        plate = pixel(plain, x0 + 1, y1 - 2)  # the plate's bottom-left corner, below the digits
        ink = max(colours, key=lambda c: contrast(c, plate))
        assert contrast(ink, plate) >= 4.5, (theme, empty.board.names[square])
        rows = [y for x, y in inside if contrast(pixel(plain, x, y), plate) >= 3]
        assert rows and max(rows) - min(rows) + 1 >= MIN_GLYPH_PX, (theme, size, empty.board.names[square])


@pytest.mark.parametrize("size", SIZES)
def test_names_in_the_caption_are_not_cut(size):
    position = Game(ITALIAN, None).position
    for white, black in ((LONGEST_NAME, "Dama bot (level 5)"), ("local:alice", LONGEST_NAME)):
        if size == 320 and LONGEST_NAME in (white, black):
            continue  # 32 characters in a 150 px half of a 320 px picture: shortened, below
        text = caption_text(position, RenderOptions(size=size, white_name=white, black_name=black, move_number=12))
        assert (text.white, text.black) == (white, black)
        assert "…" not in text.status and text.names_px >= 10
    small = caption_text(position, RenderOptions(size=320, white_name="Alessandra Bianchi-Rossi",
                                                 black_name="Dama bot (level 5)", move_number=30, note="22x13x6"))
    assert (small.white, small.black) == ("Alessandra Bianchi-Rossi", "Dama bot (level 5)")
    assert small.status == "Move 30 · 22x13x6 · White to move"
    cut = caption_text(position, RenderOptions(size=320, white_name=LONGEST_NAME, black_name=LONGEST_NAME))
    assert cut.white.endswith("…") and LONGEST_NAME.startswith(cut.white[:-1]) and len(cut.white) > 12


@pytest.mark.parametrize("theme", theme_names())
def test_each_caption_marker_shows_its_colour(theme):
    colours = load_theme(theme)
    position = Game(ITALIAN, "B:W22:B10").position  # Black to move: the third marker is Black's
    options = RenderOptions(theme=theme, size=480, white_name="Ann", black_name="Bo")
    image = decode(render_board(position, options))
    text = caption_text(position, options)
    assert [white for white, _, _ in text.markers] == [True, False, False]
    for white, x, y in text.markers:
        r = text.disc
        core = [pixel(image, round(x + dx), round(y + dy)) for dx in (-r / 3, 0, r / 3) for dy in (-r / 3, 0, r / 3)]
        light = sum(relative_luminance(c) for c in core) / len(core)
        if white:
            assert light > 0.6, (theme, light)
        else:
            assert light < 0.1, (theme, light)
            # around Black's disc: a board square, not the light outline alone on a black band
            ring = [pixel(image, round(x + dx), round(y)) for dx in (-r * 1.2, r * 1.2)]
            assert all(distance(c, colours.dark) <= 12 for c in ring), (theme, ring)


@pytest.mark.parametrize("theme", theme_names())
def test_pieces_stand_out_from_the_dark_squares(theme):
    colours = load_theme(theme)
    assert contrast(colours.black_piece.fill, colours.dark) >= 3.0, theme
    assert contrast(colours.white_piece.fill, colours.dark) >= 3.0, theme


@pytest.mark.parametrize("theme", theme_names())
def test_a_captured_piece_is_crossed_out(theme):
    colours = load_theme(theme)
    game = Game(ITALIAN, None)
    for move in ("22-18", "11-14"):
        game.play(move)
    capture = game.play("18x11")  # White's man jumps Black's on 14
    options = RenderOptions(theme=theme, size=480, last_move=capture, caption=False)
    image = decode(render_board(game.position, options))
    layout = layout_for(game.position.board, 480, False, False)
    row, col = game.position.board.coords[capture.captures[0]]
    x0, y0, x1, y1 = layout.cell_box(row, col)
    mark = [pixel(image, x, y) for x in range(x0, x1) for y in range(y0, y1)]
    assert sum(distance(c, colours.captured_mark) <= 40 for c in mark) >= (x1 - x0)  # the strokes of the cross
    row, col = game.position.board.coords[game.position.board.parse_square("10")]
    x0, y0, x1, y1 = layout.cell_box(row, col)
    real = [pixel(image, x, y) for x in range(x0, x1) for y in range(y0, y1)]
    assert not any(distance(c, colours.captured_mark) <= 40 for c in real)


def test_a_hint_replaces_the_last_move_arrow():
    theme = load_theme("classic")
    game = Game(ITALIAN, None)
    move = game.play("22-18")
    hint = game.position.legal_moves()[0]
    layout = layout_for(game.position.board, 640, False, True)
    start, end = (layout.center(*game.position.board.coords[s]) for s in (move.start, move.end))
    middle = (round((start[0] + end[0]) / 2), round((start[1] + end[1]) / 2))
    alone = decode(render_board(game.position, RenderOptions(last_move=move)))
    both = decode(render_board(game.position, RenderOptions(last_move=move, hint=hint)))
    assert distance(pixel(alone, *middle), theme.arrow) <= 60  # the last move's arrow is there alone
    assert distance(pixel(both, *middle), theme.arrow) > 60  # and gives way to the hint's
