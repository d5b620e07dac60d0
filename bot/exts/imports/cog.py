"""/import: a PDN attachment or pasted text; each readable game becomes an imported game of the server."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.followups import send_followup
from bot.ui import speech
from bot.ui.errors import Refusal
from bot.ui.options import VariantArg
from messages.imports import both_given, import_report, nothing_given, pasted_text
from service import ImportTooLarge
from service.bounds import MAX_IMPORT_BYTES

if TYPE_CHECKING:
    from bot.client import DamaBot

    Interaction = discord.Interaction[DamaBot]

PASTED_LIMIT = 4000  # Discord's longest option text


class Imports(commands.Cog):
    def __init__(self, bot: DamaBot) -> None:
        self.bot = bot

    async def _default_variant(self, interaction: Interaction) -> str:
        if interaction.guild_id is None:
            return self.bot.service.ctx.config.default_variant
        return (await self.bot.service.players.server_settings(interaction.guild_id)).default_variant

    @app_commands.command(name="import", description="Import games from a PDN file or pasted PDN text")
    @app_commands.describe(
        file="A PDN file (up to 1 MB and 200 games)",
        text="PDN text pasted here instead of a file",
        variant="The variant of games without a GameType tag (default: the server's)",
    )
    async def import_(
        self,
        interaction: Interaction,
        file: discord.Attachment | None = None,
        text: str | None = None,
        variant: VariantArg | None = None,
    ) -> None:
        if file is None and not text:
            raise Refusal(nothing_given)
        if file is not None and text:
            raise Refusal(both_given)
        if file is not None and file.size > MAX_IMPORT_BYTES:
            raise ImportTooLarge("bytes", file.size, MAX_IMPORT_BYTES)
        await interaction.response.defer(thinking=True)
        data = await file.read() if file is not None else (text or "").encode("utf-8")
        w = await speech.public(self.bot, interaction.guild_id, interaction)
        source = file.filename if file is not None else pasted_text(w)
        report = await self.bot.service.imports.import_pdn(
            data,
            importer_id=interaction.user.id,
            guild_id=interaction.guild_id,
            variant=variant or await self._default_variant(interaction),
        )
        await send_followup(interaction, content=import_report(report, source, w=w))
