"""How /board, /replay and /pdn show an imported game (its `imported` option)."""

from __future__ import annotations

import asyncio
import io
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import discord

from bot.followups import send_followup
from bot.ui import speech
from bot.ui.boards import BOARD_SIZE
from bot.ui.errors import Refusal
from messages.i18n import Words
from messages.imports import imported_pdn, imported_replay, imported_title
from messages.web import open_on_web
from render import RenderOptions, render_board, render_replay
from service import RecordTooLong
from service.bounds import MAX_REPLAY_PLIES
from service.imports import ImportedGame

if TYPE_CHECKING:
    from bot.client import DamaBot

    Interaction = discord.Interaction[DamaBot]


async def imported_board(imported: ImportedGame) -> discord.File:
    game, row = imported.game, imported.row
    options = RenderOptions(
        size=BOARD_SIZE,
        last_move=game.moves[-1] if game.moves else None,
        white_name=row.white_name or None,
        black_name=row.black_name or None,
        result=row.result if row.result != "*" else None,
    )
    data = await asyncio.to_thread(render_board, game.position, options)
    return discord.File(io.BytesIO(data), filename=f"dama-imported-{row.id}.png")


async def show_imported_board(
    interaction: Interaction, imported_id: int, buttons: Callable[[Words], discord.ui.View] | None = None
) -> None:
    """buttons: the view to post under the board, in the post's language (the sender's choice)."""
    imported = await interaction.client.service.imports.get(imported_id)
    await interaction.response.defer()
    row = imported.row
    w = await speech.public(interaction.client, interaction.guild_id, interaction)
    text = imported_title(row.id, row.white_name, row.black_name, row.event, w)
    view = buttons(w) if buttons is not None else discord.ui.View(timeout=None)
    url = await interaction.client.service.web.imported_link(imported)  # None unless WEB_PORT is set
    if url is not None:
        view.add_item(discord.ui.Button(style=discord.ButtonStyle.link, label=open_on_web(w), url=url))
    extra: dict[str, Any] = {"view": view} if view.children else {}
    await send_followup(interaction, content=text, file=await imported_board(imported), **extra)


async def send_imported_pdn(interaction: Interaction, imported_id: int) -> None:
    pdn = await interaction.client.service.imports.export_pdn(imported_id)
    file = discord.File(io.BytesIO(pdn.encode("utf-8")), filename=f"dama-imported-{imported_id}.pdn")
    text = imported_pdn(imported_id, speech.private(interaction))
    await interaction.response.send_message(text, file=file, ephemeral=True)


async def send_imported_replay(interaction: Interaction, imported_id: int, sizes: tuple[int, ...]) -> None:
    plies = len((await interaction.client.service.imports.row(imported_id)).moves.split())
    if plies > MAX_REPLAY_PLIES:  # a record stored before the import's bound: refused before replaying
        raise RecordTooLong(imported_id, plies, MAX_REPLAY_PLIES, "replay", imported=True)
    imported = await interaction.client.service.imports.get(imported_id)
    row = imported.row
    paths = row.moves.split()
    await interaction.response.defer(thinking=True)
    data = b""
    for size in sizes:
        options = RenderOptions(size=size, result=row.result if row.result != "*" else None)
        data = await asyncio.to_thread(
            render_replay, imported.rules, row.start_fen, paths, options, "gif", MAX_REPLAY_PLIES + 1
        )
        if len(data) <= interaction.filesize_limit:
            break
    else:
        raise Refusal(
            lambda w: w.say(
                "replay.too_big",
                "That game is too long to animate within Discord's file size limit; try {pdn}.",
                pdn=w.command("pdn"),
            )
        )
    file = discord.File(io.BytesIO(data), filename=f"dama-imported-{row.id}.gif")
    w = await speech.public(interaction.client, interaction.guild_id, interaction)
    await send_followup(interaction, content=imported_replay(row.id, len(paths), w), file=file)
