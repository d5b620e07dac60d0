"""render_svg: one position as SVG markup, from the same geometry (layout.py) and themes as the PNG pictures.

For the web page (web/): no script, no style attributes (a strict Content-Security-Policy allows neither),
only presentation attributes. Every piece is a group carrying its square's name and kind
(`data-square="22" data-piece="white man"`), so a page script or a browser test can read the board.
The only text drawn is square names and coordinates, which come from the rules, never from a player.
"""

from __future__ import annotations

from render.layers import piece_radius
from render.layout import Layout, is_point_board, layout_for
from render.options import RenderOptions
from render.theme import RGB, PieceColors, Theme, load_theme
from rules import Board, Color, Move, Position

FONT = "sans-serif"  # the reader's own sans-serif face (DejaVu Sans on most Linux systems)


def _hex(color: RGB) -> str:
    return "#{:02x}{:02x}{:02x}".format(*color)


def _n(value: float) -> str:
    """Coordinates to one decimal: a board's markup stays small."""
    text = f"{value:.1f}"
    return text[:-2] if text.endswith(".0") else text


def render_svg(position: Position, options: RenderOptions | None = None) -> str:
    """The board (no caption: the page says who plays) as an <svg> element; same input, same text."""
    options = options or RenderOptions()
    theme = load_theme(options.theme)
    board = position.board
    layout = layout_for(board, options.width, options.flip, False)
    points = is_point_board(board, position.rules)
    numbered = not points and board.numbering.value != "algebraic" and options.coordinates
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="board" viewBox="0 0 {layout.width} {layout.height}" '
        f'role="img" data-turn="{position.turn.label}">',
    ]
    if options.background:
        parts.append(f'<rect width="{layout.width}" height="{layout.height}" fill="{_hex(theme.background)}"/>')
    parts += _frame(theme, layout)
    parts += _points(theme, layout, board) if points else _squares(theme, layout, board)
    parts += _tints(theme, layout, board, options)
    last = options.last_move
    radius = layout.cell * piece_radius(layout.cell, numbered)
    if last is not None:
        victims = position.turn  # the side now to move lost them
        for square in last.captures:
            king = bool(last.captured_kings >> square & 1)
            parts.append(_piece(theme, layout, board, square, victims, king, radius, theme.captured_alpha))
    for square, piece in sorted(position.pieces().items(), key=lambda item: board.order[item[0]]):
        parts.append(_piece(theme, layout, board, square, piece.color, piece.is_king, radius, 1.0))
    if last is not None:
        parts.append(_arrow(theme, layout, board, last))
    if numbered:
        parts += _numbers(theme, layout, board)
    elif options.coordinates and board.numbering.value == "algebraic":
        parts += _edge_labels(theme, layout, board)
    parts.append("</svg>")
    return "".join(parts)


def _tints(theme: Theme, layout: Layout, board: Board, options: RenderOptions) -> list[str]:
    """The last move's start and end squares, then the highlighted squares."""
    out = []
    if options.last_move is not None:
        for square in (options.last_move.start, options.last_move.end):
            out.append(_tint(layout, board, square, theme.last_move, theme.last_move_alpha, "last"))
    for square in sorted(options.highlights):
        if square in board.coords:
            out.append(_tint(layout, board, square, theme.highlight, theme.highlight_alpha, "highlight"))
    return out


def _frame(theme: Theme, layout: Layout) -> list[str]:
    x, y = layout.board_x - layout.frame, layout.board_y - layout.frame
    w, h = layout.board_w + 2 * layout.frame, layout.board_h + 2 * layout.frame
    r = max(2, layout.frame // 3)
    return [
        f'<rect x="{x}" y="{y}" width="{w}" height="{h}" rx="{r}" fill="{_hex(theme.frame)}" '
        f'stroke="{_hex(theme.frame_edge)}"/>'
    ]


def _squares(theme: Theme, layout: Layout, board: Board) -> list[str]:
    full = board.kind.value == "full"
    base = theme.full_a if full else theme.light
    out = [
        f'<rect x="{layout.board_x}" y="{layout.board_y}" width="{layout.board_w}" height="{layout.board_h}" '
        f'fill="{_hex(base)}"/>'
    ]
    other = _hex(theme.full_b if full else theme.dark)
    playable = {place: board.names[square] for square, place in board.coords.items()}
    for row in range(board.height):
        for col in range(board.width):
            darker = (row + col) % 2 == 1 if full else board.is_dark(row, col)
            name = playable.get((row, col))
            named = f' class="square" data-square="{name}"' if name is not None else ""  # a page's click target
            if darker or name is not None:
                x0, y0, _, _ = layout.cell_box(row, col)
                fill = other if darker else _hex(base)
                out.append(
                    f'<rect{named} x="{x0}" y="{y0}" width="{layout.cell}" height="{layout.cell}" fill="{fill}"/>'
                )
    return out


def _points(theme: Theme, layout: Layout, board: Board) -> list[str]:
    """Alquerque: orthogonal lines through every point, diagonals through those with even row+col."""
    out = [
        f'<rect x="{layout.board_x}" y="{layout.board_y}" width="{layout.board_w}" height="{layout.board_h}" '
        f'fill="{_hex(theme.point_board)}"/>'
    ]
    stroke = f'stroke="{_hex(theme.point_line)}" stroke-width="{max(2, layout.cell // 22)}"'
    last_row, last_col = board.height - 1, board.width - 1
    lines = [((row, 0), (row, last_col)) for row in range(board.height)]
    lines += [((0, col), (last_row, col)) for col in range(board.width)]
    for row in range(board.height):
        for col in range(board.width):
            for drow, dcol in ((1, 1), (1, -1)):
                if (row + col) % 2 == 0 and 0 <= row + drow <= last_row and 0 <= col + dcol <= last_col:
                    lines.append(((row, col), (row + drow, col + dcol)))
    for a, b in lines:
        (x1, y1), (x2, y2) = layout.center(*a), layout.center(*b)
        out.append(f'<line x1="{_n(x1)}" y1="{_n(y1)}" x2="{_n(x2)}" y2="{_n(y2)}" {stroke}/>')
    return out


def _tint(layout: Layout, board: Board, square: int, color: RGB, alpha: float, kind: str) -> str:
    x0, y0, _, _ = layout.cell_box(*board.coords[square])
    return (
        f'<rect class="{kind}" data-square="{board.names[square]}" x="{x0}" y="{y0}" width="{layout.cell}" '
        f'height="{layout.cell}" fill="{_hex(color)}" fill-opacity="{alpha:.2f}"/>'
    )


def _piece(
    theme: Theme, layout: Layout, board: Board, square: int, color: Color, king: bool, r: float, alpha: float
) -> str:
    colors = theme.white_piece if color is Color.WHITE else theme.black_piece
    cx, cy = layout.center(*board.coords[square])
    thickness = r * (0.27 if king else 0.16)
    top = cy - thickness / 2
    kind = f"{color.label} {'king' if king else 'man'}"
    captured = alpha < 1
    cls = "captured" if captured else "piece"
    opacity = f' opacity="{alpha:.2f}"' if captured else ""
    edge = max(1.0, r * 0.045)
    body = [
        f'<g class="{cls}" data-square="{board.names[square]}" data-piece="{kind}"{opacity}>',
        f'<circle cx="{_n(cx)}" cy="{_n(top + thickness)}" r="{_n(r)}" fill="{_hex(colors.rim)}" '
        f'stroke="{_hex(colors.edge)}" stroke-width="{_n(edge)}"/>',
        f'<circle cx="{_n(cx)}" cy="{_n(top)}" r="{_n(r)}" fill="{_hex(colors.fill)}" '
        f'stroke="{_hex(colors.edge)}" stroke-width="{_n(edge)}"/>',
        f'<circle cx="{_n(cx)}" cy="{_n(top)}" r="{_n(r * 0.68)}" fill="none" stroke="{_hex(colors.ring)}" '
        f'stroke-width="{_n(edge * 1.5)}"/>',
    ]
    if king:
        body.append(_crown(cx, top, r, colors))
    if captured:
        d = r * 0.45
        body.append(
            f'<path d="M{_n(cx - d)} {_n(top - d)}L{_n(cx + d)} {_n(top + d)}M{_n(cx + d)} {_n(top - d)}'
            f'L{_n(cx - d)} {_n(top + d)}" stroke="{_hex(theme.captured_mark)}" stroke-width="{_n(r * 0.14)}"/>'
        )
    body.append("</g>")
    return "".join(body)


def _crown(cx: float, cy: float, r: float, colors: PieceColors) -> str:
    """The PNG pictures' five-point crown, as one polygon."""
    w, h = r * 1.05, r * 0.78
    left, right, top, base = cx - w / 2, cx + w / 2, cy - h / 2, cy + h / 2
    band, valley = base - h * 0.24, top + h * 0.42
    shape = [
        (left, base), (left, band), (left - w * 0.04, top + h * 0.12), (cx - w * 0.26, valley),
        (cx - w * 0.25, top + h * 0.02), (cx - w * 0.12, valley - h * 0.02), (cx, top - h * 0.1),
        (cx + w * 0.12, valley - h * 0.02), (cx + w * 0.25, top + h * 0.02), (cx + w * 0.26, valley),
        (right + w * 0.04, top + h * 0.12), (right, band), (right, base),
    ]  # fmt: skip
    points = " ".join(f"{_n(x)},{_n(y)}" for x, y in shape)
    return (
        f'<polygon points="{points}" fill="{_hex(colors.crown)}" stroke="{_hex(colors.crown_edge)}" '
        f'stroke-width="{_n(max(1.0, r * 0.06))}"/>'
    )


def _arrow(theme: Theme, layout: Layout, board: Board, move: Move) -> str:
    """The last move's path through every landing square, ending in a dot."""
    centres = [layout.center(*board.coords[square]) for square in move.path]
    d = "M" + "L".join(f"{_n(x)} {_n(y)}" for x, y in centres)
    end_x, end_y = centres[-1]
    width = max(2.0, layout.cell * 0.08)
    color = _hex(theme.arrow)
    return (
        f'<g class="arrow" opacity="{theme.arrow_alpha:.2f}"><path d="{d}" fill="none" stroke="{color}" '
        f'stroke-width="{_n(width)}" stroke-linecap="round" stroke-linejoin="round"/>'
        f'<circle cx="{_n(end_x)}" cy="{_n(end_y)}" r="{_n(width * 1.4)}" fill="{color}"/></g>'
    )


def _numbers(theme: Theme, layout: Layout, board: Board) -> list[str]:
    size = max(9, round(layout.cell * 0.2))
    pad = max(1, round(layout.cell * 0.03))
    plate_h = size + 2 * pad
    out = [f'<g font-family="{FONT}" font-size="{size}" fill="{_hex(theme.number_text)}">']
    for square in board.squares:
        x0, y0, _, _ = layout.cell_box(*board.coords[square])
        name = board.names[square]
        plate_w = round(size * 0.62 * len(name)) + 2 * pad + 2
        out.append(
            f'<rect x="{x0 + 1}" y="{y0 + 1}" width="{plate_w}" height="{plate_h}" fill="{_hex(theme.number_plate)}"/>'
            f'<text x="{x0 + 2 + pad}" y="{y0 + 1 + pad + size * 0.85:.0f}">{name}</text>'
        )
    out.append("</g>")
    return out


def _edge_labels(theme: Theme, layout: Layout, board: Board) -> list[str]:
    size = max(9, round(layout.frame * 0.62))
    below = layout.board_y + layout.board_h + layout.frame / 2 + size * 0.35
    left = layout.board_x - layout.frame / 2
    out = [f'<g font-family="{FONT}" font-size="{size}" fill="{_hex(theme.frame_text)}" text-anchor="middle">']
    for col in range(board.width):
        x0, _, x1, _ = layout.cell_box(0, col)
        out.append(f'<text x="{_n((x0 + x1) / 2)}" y="{_n(below)}">{chr(ord("a") + col)}</text>')
    for row in range(board.height):
        _, y0, _, y1 = layout.cell_box(row, 0)
        out.append(f'<text x="{_n(left)}" y="{_n((y0 + y1) / 2 + size * 0.35)}">{board.height - row}</text>')
    out.append("</g>")
    return out
