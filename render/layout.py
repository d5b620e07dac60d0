"""Pixel geometry: where the board, each square and the caption go for a given size and orientation."""

from __future__ import annotations

import functools
from dataclasses import dataclass

from rules import Board, BoardKind, RuleSet


def is_point_board(board: Board, rules: RuleSet | None = None) -> bool:
    """Boards played on the points of a line grid (Alquerque) rather than on squares.

    Data-driven: a RuleSet may say so with a `board_style` of "lines"/"points", a BoardKind may be
    called that, and a 5x5 board with every square in play is taken to be the Alquerque grid.
    """
    style = str(getattr(rules, "board_style", "") or "").lower()
    if style in ("lines", "points", "alquerque"):
        return True
    if str(board.kind.value).lower() in ("lines", "points", "alquerque"):
        return True
    return board.kind is BoardKind.FULL and board.width == board.height == 5


@dataclass(frozen=True, slots=True)
class Layout:
    width: int  # image size
    height: int
    margin: int  # empty band around everything, so mobile clients never crop the board
    frame: int  # the band around the board that carries the coordinates
    cell: int
    board_x: int  # top-left of the playing area
    board_y: int
    board_w: int
    board_h: int
    caption_y: int  # top of the caption band (== height - margin when there is none)
    caption_h: int
    columns: int
    rows: int
    flip: bool

    def display(self, row: int, col: int) -> tuple[int, int]:
        """(row, col) in White's view -> (row, col) on the picture."""
        if self.flip:
            return self.rows - 1 - row, self.columns - 1 - col
        return row, col

    def cell_box(self, row: int, col: int) -> tuple[int, int, int, int]:
        """Pixel box (x0, y0, x1, y1), x1/y1 exclusive, of the square at (row, col) in White's view."""
        drow, dcol = self.display(row, col)
        x = self.board_x + dcol * self.cell
        y = self.board_y + drow * self.cell
        return x, y, x + self.cell, y + self.cell

    def center(self, row: int, col: int) -> tuple[float, float]:
        x0, y0, x1, y1 = self.cell_box(row, col)
        return (x0 + x1) / 2, (y0 + y1) / 2


@functools.lru_cache(maxsize=64)
def layout_for(board: Board, width: int, flip: bool, caption: bool) -> Layout:
    margin = round(width * 0.03)
    frame = max(14, round(width * 0.04))
    span = max(board.width, board.height)
    cell = (width - 2 * margin - 2 * frame) // span
    board_w, board_h = cell * board.width, cell * board.height
    # centre the board: the rounding slack goes to the margins
    board_x = (width - board_w) // 2
    board_y = margin + frame + (cell * span - board_h) // 2
    bottom = margin + 2 * frame + cell * span
    caption_h = round(width * 0.15) if caption else 0  # two lines: the players, then the state of play
    height = bottom + caption_h + margin
    return Layout(
        width=width,
        height=height,
        margin=margin,
        frame=frame,
        cell=cell,
        board_x=board_x,
        board_y=board_y,
        board_w=board_w,
        board_h=board_h,
        caption_y=bottom,
        caption_h=caption_h,
        columns=board.width,
        rows=board.height,
        flip=flip,
    )
