"""Acting as players through the loopback Discord, and reading the bot's database from outside."""

from __future__ import annotations

import re
import sqlite3
import struct
from pathlib import Path
from typing import Any

from tests.fakediscord.fake import FakeDiscord
from tests.fakediscord.model import FakeUser, Message, Reply, SentInteraction, walk_components

BOARD_WIDTH = 560  # bot.ui.boards.BOARD_SIZE: the width Discord shows chat images at
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
GAME_TITLE = re.compile(r"Game #(\d+)")


def png_size(data: bytes) -> tuple[int, int]:
    """(width, height) from the IHDR chunk, after checking the PNG signature."""
    assert data[:8] == PNG_SIGNATURE, "not a PNG"
    assert data[12:16] == b"IHDR"
    width, height = struct.unpack(">II", data[16:24])
    return width, height


def check_board_image(message: Message | Reply) -> tuple[int, int]:
    files = message.files if isinstance(message, Reply) else message.attachments
    assert len(files) == 1, f"expected one board picture, got {files}"
    width, height = png_size(files[0].data)
    assert files[0].filename.endswith(".png")
    # a square board plus a caption strip under it
    assert width == BOARD_WIDTH and BOARD_WIDTH <= height <= BOARD_WIDTH * 1.25, (width, height)
    return width, height


def rows(database: Path, sql: str, params: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Read the bot's SQLite file (read-only; WAL lets us read while the bot runs)."""
    conn = sqlite3.connect(f"file:{database}?mode=ro", uri=True)
    try:
        return list(conn.execute(sql, params))
    finally:
        conn.close()


def game_state(database: Path, game_id: int) -> dict[str, Any]:
    conn = sqlite3.connect(f"file:{database}?mode=ro", uri=True)
    conn.row_factory = sqlite3.Row
    try:
        row = conn.execute("SELECT * FROM games WHERE id = ?", (game_id,)).fetchone()
        assert row is not None, f"no game {game_id}"
        return dict(row)
    finally:
        conn.close()


def game_id_of(message: Message | Reply) -> int:
    embeds = message.embeds
    assert embeds, f"no embed on {message!r}"
    found = GAME_TITLE.search(embeds[0].get("title", ""))
    assert found, embeds[0]
    return int(found.group(1))


def field(message: Message | Reply, name: str) -> str | None:
    for item in message.embeds[0].get("fields", []):
        if item["name"] == name:
            return str(item["value"])
    return None


async def start_game(fake: FakeDiscord, white: FakeUser, black: FakeUser, *, rated: bool = False) -> Message:
    """/challenge by `white` (choosing White), Accept by `black`; returns the first board message."""
    inter = await fake.slash(white, "challenge", opponent=black, colour="white", rated=rated)
    offer = await fake.wait_for_reply(inter)
    assert not offer.ephemeral, offer.content
    accept = next(c for c in offer.custom_ids() if c.startswith("dama:accept:"))
    click = await fake.click(black, offer, accept)
    board = (await fake.wait_for_followups(click, 1))[0]
    assert board.embeds and "begins" in board.content, board.content
    return board


async def slash_move(fake: FakeDiscord, user: FakeUser, move: str, game: int | None = None) -> Reply:
    options: dict[str, Any] = {"move": move}
    if game is not None:
        options["game"] = game
    inter = await fake.slash(user, "move", **options)
    return await fake.wait_for_reply(inter)


async def pick_move(
    fake: FakeDiscord, user: FakeUser, board: Message | Reply, start: str, move: str
) -> SentInteraction:
    """Press Move under `board`, choose the piece on `start` (skipped when only one piece can move),
    then `move`, by the labels the picker shows. Returns the last select's interaction."""
    click = await fake.click(user, board, f"dama:move:{game_id_of(board)}")
    picker = await fake.wait_for_reply(click)
    assert picker.ephemeral and picker.message_id is not None, picker.content
    if "which piece" in picker.content:
        custom_id, value = _option(fake.message_by_id(picker.message_id), "dama-pick:", start)
        chosen = await select_as_a_player(fake, user, picker.message_id, custom_id, value)
        await fake.wait_for_reply(chosen)
    custom_id, value = _option(fake.message_by_id(picker.message_id), "dama-pick:", move)
    return await select_as_a_player(fake, user, picker.message_id, custom_id, value)


async def select_as_a_player(
    fake: FakeDiscord, user: FakeUser, message_id: int, custom_id: str, value: str
) -> SentInteraction:
    """Choose `value` as soon as the page is on screen, faster than any player. The picker keeps its
    selects' custom_ids across pages, so even a choice that arrives before discord.py has registered the
    new page is answered (a missed one would time out here)."""
    inter = await fake.select(user, message_id, custom_id, [value])
    await fake.wait_for_ack(inter, timeout=fake.ack_deadline + 1)
    return inter


def _option(message: Message, prefix: str, label: str) -> tuple[str, str]:
    labels = []
    for comp in walk_components(message.components):
        if str(comp.get("custom_id", "")).startswith(prefix):
            for option in comp.get("options", []):
                labels.append(option["label"])
                if option["label"] == label:
                    return comp["custom_id"], option["value"]
    raise AssertionError(f"no option {label!r} among {labels} ({message.content!r})")


async def wait_dms(fake: FakeDiscord, user: FakeUser, count: int) -> list[Message]:
    """Wait until `user` has received `count` DMs from the bot (the default notification is a DM,
    sent after the board is posted, so a test waits for it before stopping the bot)."""
    return await fake.wait_until(
        lambda: fake.dm_messages(user) if len(fake.dm_messages(user)) >= count else None,
        what=f"{count} DM(s) to {user.name}",
    )


async def wait_picker_closed(fake: FakeDiscord, inter: SentInteraction, text: str) -> Message:
    """The private picker's last step (after the boards): it is edited to say what was played."""
    picker = fake.message_by_id(inter.source_message_id)
    return await fake.wait_until(lambda: picker if picker.content == text else None,
                                 what=f"the picker to say {text!r}")


async def check_time_zone_option(fake: FakeDiscord, user: FakeUser, command: str, typed: str, offered: str) -> None:
    """The `time_zone` option of `command` offers the IANA names containing what is typed, and an unknown zone
    is refused in words with nothing stored."""
    choices = await fake.autocomplete(user, command, "time_zone", time_zone=typed)
    assert [choice["value"] for choice in choices] == [offered]
    refused = await fake.wait_for_reply(await fake.slash(user, command, time_zone="Mars/Olympus_Mons"))
    assert refused.ephemeral and refused.content.startswith("I do not know the time zone Mars/Olympus_Mons.")
