"""Pixels where the geometry says pieces, squares, highlights and arrows must be."""

from __future__ import annotations

import subprocess
import sys

import pytest

from render import RenderOptions, load_theme, render_board, square_box, theme_names
from render.layers import piece_sprite, static_layer
from render.layout import is_point_board
from rules import Color, Game, find_variant
from rules.ruleset import BoardKind
from tests.render.support import (
    ALGEBRAIC_8,
    ALL_RULES,
    ITALIAN,
    POINTS_5,
    TEN,
    blend,
    centre,
    corner_sample,
    decode,
    distance,
    luminance,
    pixel,
    sample_capture,
    start,
)

CLASSIC = load_theme("classic")
TOLERANCE = 10  # palette quantisation moves a flat colour by a few levels at most


@pytest.mark.parametrize("rules", ALL_RULES, ids=lambda r: r.id)
def test_start_position_pieces_and_squares(rules):
    position = start(rules)
    options = RenderOptions()
    image = decode(render_board(position, options))
    board = position.board
    pieces = position.pieces()
    assert pieces, "every start position has pieces"
    points = is_point_board(board, rules)
    for square in board.squares:
        box = square_box(position, options, square)
        colour = pixel(image, *centre(box))
        piece = pieces.get(square)
        if piece is None:
            if not points and board.kind is BoardKind.DIAGONAL:
                assert distance(colour, CLASSIC.dark) <= TOLERANCE, board.names[square]
        elif piece.color is Color.WHITE:
            assert luminance(colour) > 190, board.names[square]
        else:
            assert luminance(colour) < 120, board.names[square]


@pytest.mark.parametrize("rules", ALL_RULES, ids=lambda r: r.id)
@pytest.mark.parametrize("flip", [False, True])
def test_square_boxes_tile_the_board_in_the_right_orientation(rules, flip):
    position = start(rules)
    options = RenderOptions(flip=flip, size=500)
    board = position.board
    image = decode(render_board(position, options))
    boxes = {sq: square_box(position, options, sq) for sq in board.squares}
    sizes = {(x1 - x0, y1 - y0) for x0, y0, x1, y1 in boxes.values()}
    assert len(sizes) == 1 and next(iter(sizes))[0] == next(iter(sizes))[1]
    assert len(set(boxes.values())) == len(boxes)
    cell = next(iter(sizes))[0]
    margin = 500 * 0.02
    for x0, y0, x1, y1 in boxes.values():
        assert margin <= x0 and x1 <= image.width - margin and margin <= y0 and y1 <= image.height - margin
    # White's side (the highest ranks in White's view are row 0) is at the bottom unless flipped
    for square, (x0, y0, _, _) in boxes.items():
        row, col = board.coords[square]
        display_row = board.height - 1 - row if flip else row
        display_col = board.width - 1 - col if flip else col
        assert (x0 - min(b[0] for b in boxes.values())) == display_col * cell
        assert (y0 - min(b[1] for b in boxes.values())) == display_row * cell


def test_italian_corners_are_dark_at_each_players_bottom_right():
    # Italian Art. 2.3: the board is placed with a dark square at each player's bottom right.
    position = Game(ITALIAN, "W:W:B").position
    for flip in (False, True):
        options = RenderOptions(flip=flip)
        image = decode(render_board(position, options))
        board = position.board
        bottom_right = max(board.squares, key=lambda sq: square_box(position, options, sq)[2:])
        x0, y0, x1, y1 = square_box(position, options, bottom_right)
        assert distance(pixel(image, *corner_sample((x0, y0, x1, y1))), CLASSIC.dark) <= TOLERANCE
        # the light square just left of it
        left = pixel(image, x0 - (x1 - x0) / 2, (y0 + y1) / 2)
        assert distance(left, CLASSIC.light) <= TOLERANCE


def test_non_inverted_board_is_dark_at_bottom_left():
    position = start(TEN)
    options = RenderOptions()
    image = decode(render_board(position, options))
    bottom_left = position.board.parse_square("46")  # International: 46 = a1
    box = square_box(position, options, bottom_left)
    assert box[0] == min(square_box(position, options, sq)[0] for sq in position.board.squares)
    assert distance(pixel(image, *corner_sample(box)), CLASSIC.dark) <= TOLERANCE


def test_kings_show_a_crown_and_men_do_not():
    position = Game(ITALIAN, "W:WK29,22:BK4,11").position
    options = RenderOptions()
    image = decode(render_board(position, options))
    board = position.board
    for name, colours in (("29", CLASSIC.white_piece), ("4", CLASSIC.black_piece)):
        middle = pixel(image, *centre(square_box(position, options, board.parse_square(name))))
        assert distance(middle, colours.crown) <= TOLERANCE, name
    for name in ("22", "11"):
        middle = pixel(image, *centre(square_box(position, options, board.parse_square(name))))
        assert distance(middle, CLASSIC.white_piece.crown) > 40 and distance(middle, CLASSIC.black_piece.crown) > 40


def _crown_coloured(image, box, colour) -> int:
    """Pixels of the crown colour in a square (crowns and parachutes share it)."""
    raw = image.crop(box).convert("RGB").tobytes()
    pixels = zip(raw[0::3], raw[1::3], raw[2::3], strict=True)
    return sum(distance(p, colour) <= TOLERANCE for p in pixels)


def test_parachutists_carry_a_parachute_and_other_men_do_not():
    """Parachute checkers: a man on its own crowning row is a parachutist (docs/RULES.md); it is drawn with a
    parachute in the crown's colours around a bare centre, and an ordinary man shows none of that colour."""
    rules = find_variant("parachute")
    position = Game(rules, "W:Wb8,b2,Kd4:Ba1,a7").position
    options = RenderOptions()
    image = decode(render_board(position, options))
    board = position.board

    def marked(name: str, colour: tuple[int, int, int]) -> int:
        return _crown_coloured(image, square_box(position, options, board.parse_square(name)), colour)

    cell = square_box(position, options, board.parse_square("b2"))
    area = (cell[2] - cell[0]) * (cell[3] - cell[1])
    white, black = CLASSIC.white_piece.crown, CLASSIC.black_piece.crown
    assert marked("b8", white) > area * 0.04 and marked("a1", black) > area * 0.04
    assert marked("b2", white) == 0 and marked("a7", black) == 0
    # a crown covers the centre of a king; a parachutist's centre stays bare, as on any man
    assert distance(pixel(image, *centre(square_box(position, options, board.parse_square("d4")))), white) <= TOLERANCE
    assert luminance(pixel(image, *centre(square_box(position, options, board.parse_square("b8"))))) > 190


def test_last_move_multi_capture_highlights_arrow_and_faded_pieces():
    game, before = sample_capture()
    move = game.moves[-1]
    after = game.position
    options = RenderOptions(last_move=move)
    image = decode(render_board(after, options))
    board = after.board
    tinted = blend(CLASSIC.dark, CLASSIC.last_move, CLASSIC.last_move_alpha)
    # the arrow leaves 6 towards the bottom left and enters 29 from the top right: sample the other corners
    x0, y0, x1, y1 = square_box(after, options, move.end)
    assert distance(pixel(image, *corner_sample(square_box(after, options, move.start))), tinted) <= TOLERANCE
    assert distance(pixel(image, x0 + (x1 - x0) * 0.1, y0 + (y1 - y0) * 0.9), tinted) <= TOLERANCE
    # the arrow passes through the centre of every intermediate landing square (13 and 22)
    arrow_on_dark = blend(CLASSIC.dark, CLASSIC.arrow, CLASSIC.arrow_alpha)
    assert [board.names[sq] for sq in move.path] == ["6", "13", "22", "29"]
    for square in move.path[1:-1]:
        assert distance(pixel(image, *centre(square_box(after, options, square))), arrow_on_dark) <= TOLERANCE
    # and along the first leg, a third of the way from 6 to 13 (still inside the tinted start square)
    (ax, ay), (bx, by) = (centre(square_box(after, options, sq)) for sq in move.path[:2])
    on_leg = pixel(image, ax + (bx - ax) * 0.3, ay + (by - ay) * 0.3)
    assert distance(on_leg, blend(tinted, CLASSIC.arrow, CLASSIC.arrow_alpha)) <= TOLERANCE
    # the captured white men are drawn faded: lighter than the square, darker than a real white man
    real_man = pixel(image, *centre(square_box(after, options, board.parse_square("21"))))
    for square in move.captures:
        assert before.piece_at(square) is not None and after.piece_at(square) is None
        # the jump's arrow crosses the captured piece's centre: look a little to the side of it
        box = square_box(after, options, square)
        ghost = pixel(image, centre(box)[0] + (box[2] - box[0]) * 0.18, centre(box)[1])
        assert luminance(CLASSIC.dark) + 20 < luminance(ghost) < luminance(real_man) - 40, board.names[square]
    # an untouched empty dark square is plain
    assert distance(pixel(image, *centre(square_box(after, options, board.parse_square("14")))), CLASSIC.dark) <= 4


def test_hint_arrow_and_highlights_use_their_own_colours():
    position = start(ITALIAN)
    board = position.board
    hint = next(m for m in position.legal_moves() if [board.names[s] for s in m.path] == ["22", "18"])
    marked = board.parse_square("17")
    options = RenderOptions(hint=hint, highlights=frozenset({marked}))
    image = decode(render_board(position, options))
    (ax, ay), (bx, by) = (centre(square_box(position, options, sq)) for sq in hint.path)
    # inside the empty dark square 18, short of the arrow's tip (which stops at a piece's edge)
    x, y = ax + (bx - ax) * 0.62, ay + (by - ay) * 0.62
    assert distance(pixel(image, x, y), blend(CLASSIC.dark, CLASSIC.hint, CLASSIC.hint_alpha)) <= TOLERANCE
    highlighted = blend(CLASSIC.dark, CLASSIC.highlight, CLASSIC.highlight_alpha)
    assert distance(pixel(image, *corner_sample(square_box(position, options, marked))), highlighted) <= TOLERANCE


def test_algebraic_boards_label_files_and_ranks_on_the_frame():

    position = start(ALGEBRAIC_8)
    options = RenderOptions()
    image = decode(render_board(position, options))
    a1 = square_box(position, options, position.board.parse_square("a1"))
    cell = a1[2] - a1[0]
    # below a1 (on the frame) there is text: pixels of the frame text colour
    below = [pixel(image, x, y) for x in range(a1[0], a1[2]) for y in range(a1[3] + 2, a1[3] + cell // 2)]
    assert any(distance(p, CLASSIC.frame_text) <= 40 for p in below)
    # and none inside the empty dark square d4 (no numbers on algebraic boards)
    d4 = square_box(position, options, position.board.parse_square("d4"))
    inside = {pixel(image, x, y) for x in range(d4[0] + 1, d4[2] - 1) for y in range(d4[1] + 1, d4[3] - 1)}
    assert all(distance(p, CLASSIC.dark) <= 4 for p in inside)


def test_alquerque_is_drawn_as_lines_between_points():
    position = start(POINTS_5)
    options = RenderOptions()
    assert is_point_board(position.board, POINTS_5)
    image = decode(render_board(position, options))
    board = position.board

    def at(row, col):
        return centre(square_box(position, options, board.by_coord[(row, col)]))

    # the middle row is c3 empty between b3 (black) and d3 (white): the line from c3 to d3
    (cx, cy), (dx, _) = at(2, 2), at(2, 3)
    assert distance(pixel(image, (cx + dx) / 2, cy), CLASSIC.point_line) <= 30
    # a diagonal through c3 (even row+col) ...
    (ex, ey) = at(1, 1)
    assert distance(pixel(image, (cx + ex) / 2, (cy + ey) / 2), CLASSIC.point_line) <= 40
    # ... but no square checkering: the empty point's surroundings are the plain board colour
    assert distance(pixel(image, cx + (dx - cx) * 0.5, cy + (dx - cx) * 0.3), CLASSIC.point_board) <= TOLERANCE


def test_same_input_same_bytes_even_after_caches_are_cleared():
    game, _ = sample_capture()
    options = RenderOptions(last_move=game.moves[-1], white_name="Ann", black_name="Bo", move_number=9)
    first = render_board(game.position, options)
    assert render_board(game.position, options) == first
    static_layer.cache_clear()
    piece_sprite.cache_clear()
    assert render_board(game.position, options) == first


def test_every_theme_renders_and_sizes_are_clamped():
    position = start(ITALIAN)
    for name in theme_names():
        image = decode(render_board(position, RenderOptions(theme=name)))
        assert image.width == 640
    assert decode(render_board(position, RenderOptions(size=50))).width == 240
    assert decode(render_board(position, RenderOptions(size=99999))).width == 1200


def test_caption_band_shows_side_to_move_disc():
    position = start(ITALIAN)
    with_caption = decode(render_board(position, RenderOptions()))
    without = decode(render_board(position, RenderOptions(caption=False)))
    assert with_caption.height > without.height
    band = with_caption.crop((0, without.height - 10, with_caption.width, with_caption.height))
    colours = band.getcolors(maxcolors=100_000) or []
    assert any(distance(c, CLASSIC.caption_bg) <= 4 for _, c in colours)
    assert any(distance(c, CLASSIC.caption_text) <= 10 for _, c in colours)


def test_render_does_not_import_discord():
    code = "import sys, render; print('discord' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"
