"""The golden pictures: a few per board size. Regenerate after an intended visual change with

    .venv/bin/python -m tests.render.golden_cases

then look at every PNG in tests/render/golden/ before committing them.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from render import RenderOptions, render_board
from tests.render.support import FULL_8, ITALIAN, POINTS_5, TEN, TWELVE, sample_capture, start

GOLDEN_DIR = Path(__file__).parent / "golden"
SIZE = 320  # small files; at this size pieces shrink a little so the square numbers stay clear


def _italian_capture() -> bytes:
    game, _ = sample_capture()
    move = game.moves[-1]
    options = RenderOptions(size=SIZE, last_move=move, white_name="Giulia", black_name="Marco", move_number=8)
    return render_board(game.position, options)


def _captioned(language: str) -> bytes:
    """Black to move after White's first move, in a language: names, move number, the side to move."""
    game, _ = sample_capture()
    options = RenderOptions(size=SIZE, move_number=8, language=language)
    return render_board(game.position, options)


CASES: dict[str, Callable[[], bytes]] = {
    "italian-start": lambda: render_board(start(ITALIAN), RenderOptions(size=SIZE)),
    "italian-capture": _italian_capture,
    "italian-start-flipped-dark": lambda: render_board(
        start(ITALIAN), RenderOptions(size=SIZE, flip=True, theme="dark")
    ),
    "10x10-start-contrast": lambda: render_board(start(TEN), RenderOptions(size=SIZE, theme="contrast")),
    "12x12-start": lambda: render_board(start(TWELVE), RenderOptions(size=SIZE)),
    "8x8-full-start": lambda: render_board(start(FULL_8), RenderOptions(size=SIZE)),
    "5x5-points-start": lambda: render_board(start(POINTS_5), RenderOptions(size=SIZE)),
    # the caption in each script the shipped languages use: Latin (Italian), Cyrillic (Russian), Thai
    "caption-latin-it": lambda: _captioned("it"),
    "caption-cyrillic-ru": lambda: _captioned("ru"),
    "caption-thai-th": lambda: _captioned("th"),
}


def main() -> None:
    GOLDEN_DIR.mkdir(exist_ok=True)
    for name, make in CASES.items():
        path = GOLDEN_DIR / f"{name}.png"
        path.write_bytes(make())
        print(f"wrote {path} ({path.stat().st_size} bytes)")


if __name__ == "__main__":
    main()
