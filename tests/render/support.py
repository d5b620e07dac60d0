"""Shared helpers for the render tests: board geometries beyond the registry, pixel reading, colours."""

from __future__ import annotations

import dataclasses
import io

from PIL import Image

from rules import VARIANTS, Game, Position, RuleSet, find_variant, parse_fen
from rules.ruleset import BoardKind, Numbering

ITALIAN = find_variant("italian")


def _derived(id: str, **changes: object) -> RuleSet:
    return dataclasses.replace(ITALIAN, id=id, aliases=(), pdn_gametype=None, **changes)  # type: ignore[arg-type]


def _rank(files: str, ranks: str) -> str:
    return ",".join(f"{f}{r}" for r in ranks.split() for f in files)


# Geometries the renderer must handle whether or not the registry has such a variant yet.
TEN = _derived("render-test-10x10", width=10, height=10, inverted=False, start_fen="W:W31-50:B1-20")
TWELVE = _derived("render-test-12x12", width=12, height=12, inverted=False, start_fen="W:W43-72:B1-30")
ALGEBRAIC_8 = _derived(
    "render-test-algebraic",
    inverted=False,
    numbering=Numbering.ALGEBRAIC,
    start_fen="W:Wa1,c1,e1,g1,b2,d2,f2,h2,a3,c3,e3,g3:Bb6,d6,f6,h6,a7,c7,e7,g7,b8,d8,f8,h8",
)
FULL_8 = _derived(
    "render-test-full",
    inverted=False,
    board_kind=BoardKind.FULL,
    numbering=Numbering.ALGEBRAIC,
    start_fen=f"W:W{_rank('abcdefgh', '2 3')}:B{_rank('abcdefgh', '6 7')}",
)
POINTS_5 = _derived(
    "render-test-alquerque",
    width=5,
    height=5,
    inverted=False,
    board_kind=BoardKind.FULL,
    numbering=Numbering.ALGEBRAIC,
    start_fen=f"W:W{_rank('abcde', '1 2')},d3,e3:B{_rank('abcde', '4 5')},a3,b3",
)
SYNTHETIC = (TEN, TWELVE, ALGEBRAIC_8, FULL_8, POINTS_5)
ALL_RULES = tuple(VARIANTS.values()) + SYNTHETIC


def start(rules: RuleSet) -> Position:
    return parse_fen(rules, rules.start_fen)


def decode(data: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(data))
    image.load()
    return image.convert("RGB")


def pixel(image: Image.Image, x: float, y: float) -> tuple[int, int, int]:
    value = image.getpixel((int(x), int(y)))
    assert isinstance(value, tuple)
    return (int(value[0]), int(value[1]), int(value[2]))


def blend(under: tuple[int, int, int], over: tuple[int, int, int], alpha: float) -> tuple[int, int, int]:
    r, g, b = (round(u + (o - u) * alpha) for u, o in zip(under, over, strict=True))
    return (r, g, b)


def distance(a: tuple[int, int, int], b: tuple[int, int, int]) -> int:
    return max(abs(x - y) for x, y in zip(a, b, strict=True))


def luminance(c: tuple[int, int, int]) -> float:
    return 0.299 * c[0] + 0.587 * c[1] + 0.114 * c[2]


def centre(box: tuple[int, int, int, int]) -> tuple[float, float]:
    return (box[0] + box[2]) / 2, (box[1] + box[3]) / 2


def corner_sample(box: tuple[int, int, int, int]) -> tuple[float, float]:
    """A point near the top-right corner of a cell: off the piece, off the square number."""
    x0, y0, x1, y1 = box
    return x0 + (x1 - x0) * 0.9, y0 + (y1 - y0) * 0.1


# An Italian game whose last move is Black's 6x13x22x29: takes 10, 18 and 26 and is crowned on 29.
SAMPLE_GAME = [
    "23-19", "10-13", "21-18", "6-10", "26-21", "13-17", "29-26", "2-6",
    "28-23", "10-14", "19x10", "5x14", "22-19", "12-15", "19x10",
]
SAMPLE_CAPTURE = "6x13x22x29"


def sample_capture() -> tuple[Game, Position]:
    """The game after the multi-capture, and the position before it."""
    game = Game(find_variant("italian"))
    for text in SAMPLE_GAME:
        game.play(text)
    before = game.position
    game.play(SAMPLE_CAPTURE)
    return game, before
