"""Themes are data: render/themes/<name>.json, loaded once and validated here."""

from __future__ import annotations

import functools
import json
from dataclasses import dataclass
from pathlib import Path

from PIL import ImageColor

THEME_DIR = Path(__file__).parent / "themes"
DEFAULT_THEME = "classic"

RGB = tuple[int, int, int]


class ThemeError(ValueError):
    """An unknown theme name or a malformed theme file."""


@dataclass(frozen=True, slots=True)
class PieceColors:
    fill: RGB
    rim: RGB  # the darker lower bevel
    edge: RGB  # thin outline that separates the piece from any square
    ring: RGB  # the groove on the top face
    crown: RGB
    crown_edge: RGB


@dataclass(frozen=True, slots=True)
class Theme:
    name: str
    description: str
    background: RGB
    frame: RGB
    frame_edge: RGB
    frame_text: RGB
    light: RGB
    dark: RGB
    full_a: RGB
    full_b: RGB
    grid_line: RGB
    point_board: RGB
    point_line: RGB
    number_plate: RGB  # the small plate behind each square number
    number_text: RGB
    white_piece: PieceColors
    black_piece: PieceColors
    shadow: RGB
    shadow_alpha: float
    last_move: RGB
    last_move_alpha: float
    arrow: RGB
    arrow_alpha: float
    hint: RGB
    hint_alpha: float
    highlight: RGB
    highlight_alpha: float
    captured_alpha: float
    captured_mark: RGB  # the cross on a piece just captured, so it never passes for a real one
    caption_bg: RGB
    caption_text: RGB
    caption_muted: RGB


def _rgb(value: object, key: str, name: str) -> RGB:
    try:
        color = ImageColor.getrgb(str(value))
    except ValueError as error:
        raise ThemeError(f"theme {name!r}: {key} is not a colour: {value!r}") from error
    return (color[0], color[1], color[2])


def _parse(name: str, data: dict[str, object]) -> Theme:
    values: dict[str, object] = {}
    for key, annotation in Theme.__annotations__.items():
        if key not in data:
            raise ThemeError(f"theme {name!r}: missing {key!r}")
        raw = data[key]
        if annotation == "PieceColors":
            if not isinstance(raw, dict):
                raise ThemeError(f"theme {name!r}: {key} must be an object")
            values[key] = PieceColors(
                **{field: _rgb(raw.get(field), f"{key}.{field}", name) for field in PieceColors.__slots__}
            )
        elif annotation == "RGB":
            values[key] = _rgb(raw, key, name)
        elif annotation == "float":
            if not isinstance(raw, int | float) or not 0 <= raw <= 1:
                raise ThemeError(f"theme {name!r}: {key} must be a number from 0 to 1")
            values[key] = float(raw)
        else:
            values[key] = str(raw)
    return Theme(**values)  # type: ignore[arg-type]


def theme_names() -> tuple[str, ...]:
    return tuple(sorted(path.stem for path in THEME_DIR.glob("*.json")))


@functools.lru_cache(maxsize=16)
def load_theme(name: str) -> Theme:
    """The theme called name (case-insensitive); raises ThemeError with the available names."""
    key = name.strip().lower()
    if key not in theme_names():
        raise ThemeError(f"unknown theme {name!r} (choose from {', '.join(theme_names())})")
    data = json.loads((THEME_DIR / f"{key}.json").read_text(encoding="utf-8"))
    return _parse(key, data)
