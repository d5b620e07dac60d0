"""The standings of a tournament as a picture: a table (rank, player, points, tie-break, games) and, when
the field is small enough, the crosstable (each player's points against each opponent).

Pure: cells of text in, PNG bytes out. The caller words every cell (messages/), so this draws only.
"""

from __future__ import annotations

import io
from dataclasses import dataclass

from PIL import Image, ImageDraw

from render.layers import family_for, font

CROSSTABLE_MAX = 12  # more players than this and the crosstable no longer fits a chat picture
PAD = 8
ROW = 26
TITLE = 32
INK = (33, 37, 41)
MUTED = (108, 117, 125)
PAPER = (255, 255, 255)
STRIPE = (241, 243, 245)
FIRST = (255, 243, 191)
RULE = (206, 212, 218)


@dataclass(frozen=True, slots=True)
class StandingsTable:
    title: str
    header: tuple[str, ...]  # e.g. ("#", "Player", "Points", "SB", "Games")
    rows: tuple[tuple[str, ...], ...]
    crosstable: tuple[tuple[str, ...], ...] | None = None  # row i, column j: points of player i against j


def _width(draw: ImageDraw.ImageDraw, text: str, size: int) -> int:
    left, _, right, _ = draw.textbbox((0, 0), text, font=font(size, family_for(text)))
    return int(right - left)


def standings_png(table: StandingsTable) -> bytes:
    """The picture; the crosstable is added when given and the field is at most CROSSTABLE_MAX."""
    probe = ImageDraw.Draw(Image.new("RGB", (1, 1)))
    size = 15
    cross = table.crosstable if table.crosstable and len(table.crosstable) <= CROSSTABLE_MAX else None
    columns = [
        max([_width(probe, table.header[i], size)] + [_width(probe, row[i], size) for row in table.rows]) + 2 * PAD
        for i in range(len(table.header))
    ]
    cell = (
        max([_width(probe, c, size) for r in cross for c in r] + [_width(probe, "88", size)]) + 2 * PAD if cross else 0
    )
    cross_width = cell * len(cross) if cross else 0
    width = max(sum(columns) + cross_width + 2 * PAD, _width(probe, table.title, 18) + 2 * PAD, 320)
    height = TITLE + ROW * (len(table.rows) + 1) + 2 * PAD
    image = Image.new("RGB", (width, height), PAPER)
    draw = ImageDraw.Draw(image)
    draw.text((PAD, PAD), table.title, fill=INK, font=font(18, family_for(table.title)))
    top = TITLE + PAD
    x = PAD
    for i, title in enumerate(table.header):
        draw.text((x + PAD, top + 5), title, fill=MUTED, font=font(size, family_for(title)))
        x += columns[i]
    if cross:
        for j in range(len(cross)):
            draw.text((x + j * cell + PAD, top + 5), str(j + 1), fill=MUTED, font=font(size))
    draw.line((PAD, top + ROW - 1, width - PAD, top + ROW - 1), fill=RULE)
    for r, row in enumerate(table.rows):
        y = top + ROW * (r + 1)
        shade = FIRST if r == 0 else STRIPE if r % 2 else PAPER
        draw.rectangle((PAD, y, width - PAD, y + ROW - 1), fill=shade)
        x = PAD
        for i, text in enumerate(row):
            draw.text((x + PAD, y + 5), text, fill=INK, font=font(size, family_for(text)))
            x += columns[i]
        if cross:
            for j, text in enumerate(cross[r]):
                draw.text((x + j * cell + PAD, y + 5), text, fill=INK if text != "-" else MUTED, font=font(size))
    out = io.BytesIO()
    image.save(out, format="PNG")
    return out.getvalue()
