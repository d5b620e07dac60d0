"""The standings picture: a PNG whose size follows the table, with the crosstable only when it fits."""

from __future__ import annotations

import io

from PIL import Image

from render.standings import CROSSTABLE_MAX, FIRST, PAD, ROW, TITLE, StandingsTable, standings_png

HEADER = ("#", "Player", "Points", "SB", "Games")


def table(players: int, *, cross: bool = True) -> StandingsTable:
    rows = tuple((str(i + 1), f"player {i + 1}", "1", "0.5", "2") for i in range(players))
    grid = tuple(tuple("-" if i == j else "=" for j in range(players)) for i in range(players))
    return StandingsTable("Club cup: round robin", HEADER, rows, grid if cross else None)


def picture(data: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(data))
    image.load()
    return image


def test_one_row_per_player_and_the_leader_highlighted() -> None:
    four, eight = picture(standings_png(table(4))), picture(standings_png(table(8)))
    assert four.format == "PNG"
    assert eight.height - four.height == 4 * ROW  # four more players, four more rows
    # the leader's row is tinted; the next one is not
    rgb = four.convert("RGB")
    first_row_y = TITLE + PAD + ROW + ROW // 2
    assert rgb.getpixel((PAD + 2, first_row_y)) == FIRST
    assert rgb.getpixel((PAD + 2, first_row_y + ROW)) != FIRST


def test_the_crosstable_widens_the_picture_until_it_no_longer_fits() -> None:
    with_cross = picture(standings_png(table(6)))
    without = picture(standings_png(table(6, cross=False)))
    assert with_cross.width > without.width
    too_many = CROSSTABLE_MAX + 1
    big_with = picture(standings_png(table(too_many)))
    big_without = picture(standings_png(table(too_many, cross=False)))
    assert big_with.size == big_without.size  # left out: it would not fit a chat picture
