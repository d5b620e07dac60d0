"""Board pictures: a pure function from a position (and options) to image bytes. Pillow + rules only.

Public API::

    from render import RenderOptions, render_board, render_replay, square_box, theme_names

    png: bytes = render_board(position, RenderOptions(
        theme="classic",            # or "contrast" (colour-blind safe), "dark"; see theme_names()
        size=640,                   # image width in px, clamped to 240..1200 (Discord shows ~400-550 px)
        flip=False,                 # True: Black's side at the bottom
        last_move=move,             # the Move that produced `position`: start/final squares highlighted,
                                    #   an arrow through every landing square, captured pieces faded
                                    #   (their kinds from Move.captured_kings)
        hint=None,                  # a Move from `position`, drawn as an arrow in the hint colour
        highlights=frozenset(),     # squares (internal bits) to tint
        caption=True, white_name="Ann", black_name="Bo", move_number=12, result=None, note="22x13",
    ))
    data: bytes = render_replay(rules, start_fen, ["22-18", "9-13", ...], options, fmt="gif")  # or "webp"
    box = square_box(position, options, square)   # (x0, y0, x1, y1) of a square in the picture
    svg: str = render_svg(position, options)      # the same board as SVG markup (the web page; no caption)

Every board the rules describe is drawn from its Board geometry: diagonal boards of any size (inverted ones
included), boards with every square in play, and 5x5 line-grid boards (Alquerque). Numeric variants get
square numbers in a corner of each playable square, algebraic ones a-h / 1-8 along the frame.
Themes are JSON files in render/themes/. Static layers and piece sprites are cached (functools.lru_cache),
so a picture is a copy, a few pastes and a PNG encode. Rendering is CPU-bound: call it from a worker thread
(asyncio.to_thread) in the bot. Command line: `python -m render --help`.
"""

from render.draw import render_board, render_image, square_box
from render.explorer import arrow_weights, render_explorer
from render.graph import render_eval_graph
from render.layout import is_point_board
from render.options import DEFAULT_SIZE, MAX_SIZE, MIN_SIZE, RenderOptions, clamp_size
from render.replay import TooManyFrames, iter_frames, render_replay, replay_frames
from render.svg import render_svg
from render.theme import Theme, ThemeError, load_theme, theme_names

__all__ = [
    "DEFAULT_SIZE",
    "MAX_SIZE",
    "MIN_SIZE",
    "RenderOptions",
    "Theme",
    "ThemeError",
    "TooManyFrames",
    "arrow_weights",
    "clamp_size",
    "is_point_board",
    "iter_frames",
    "load_theme",
    "render_board",
    "render_eval_graph",
    "render_explorer",
    "render_image",
    "render_replay",
    "render_svg",
    "replay_frames",
    "square_box",
    "theme_names",
]
