"""/vacation start|end|status and /forget-me (asks first, with buttons)."""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING, Literal

import discord
from discord import app_commands
from discord.ext import commands

from bot.exts.play.picker import ConfirmView
from bot.ui import speech
from messages import away as words

if TYPE_CHECKING:
    from bot.client import DamaBot

    Interaction = discord.Interaction[DamaBot]

NO_GAME = 0  # the confirmation is about no game (its buttons' ids carry a game number)


def stamp(moment: datetime) -> str:
    return f"<t:{int(moment.timestamp())}:f>"


class Away(commands.Cog):
    def __init__(self, bot: DamaBot) -> None:
        self.bot = bot

    @app_commands.command(name="vacation", description="Pause your clocks while you are away, or see your days left")
    @app_commands.describe(action="start, end, or status (the default): your vacation days left this year")
    async def vacation(
        self, interaction: Interaction, action: Literal["start", "end", "status"] = "status"
    ) -> None:
        clock = self.bot.service.clock
        me = interaction.user.id
        w = speech.private(interaction)
        if action == "start":
            ending = w.command("vacation", action="end")
            text = words.vacation_started(w, await clock.start_vacation(me), stamp, ending)
        elif action == "end":
            text = words.vacation_ended(w, await clock.end_vacation(me))
        else:
            starting = w.command("vacation", action="start")
            text = words.vacation_status(w, await clock.vacation(me), stamp, starting)
        await interaction.response.send_message(text, ephemeral=True)
        self.bot.timers.poke()  # timers were re-armed or cancelled

    @app_commands.command(name="forget-me", description="Delete your data: ends your games, removes your settings")
    async def forget_me(self, interaction: Interaction) -> None:
        w = speech.private(interaction)
        bot = self.bot

        async def confirmed(confirm: Interaction) -> None:
            report = await bot.service.players.delete_data(confirm.user.id)
            await confirm.followup.send(words.forget_done(w, report), ephemeral=True)
            bot.outbox.poke()  # the opponents hear that their games ended
            bot.timers.poke()

        view = ConfirmView(interaction.user.id, NO_GAME, confirmed, bot.prompts, w)
        await interaction.response.send_message(words.forget_question(w), view=view, ephemeral=True)
