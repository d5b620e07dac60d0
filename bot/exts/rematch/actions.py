"""Asking for a rematch, from the button or the command: a challenge with colours swapped, answered with
the usual Accept / Decline buttons (the bot accepts at once). Those buttons are the challenges' controls,
passed in by the callers: actions never import controls."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import discord

from bot.ui import speech
from messages.i18n import Words
from messages.rematch import rematch_offer
from service import BOT_ID

if TYPE_CHECKING:
    from bot.client import DamaBot

    Interaction = discord.Interaction[DamaBot]

ChallengeControls = Callable[[int, Words], discord.ui.View]  # challenges.controls.challenge_controls


async def rematch(interaction: Interaction, game_id: int, controls: ChallengeControls) -> None:
    bot = interaction.client
    service = bot.service
    me = interaction.user
    await service.players.ensure(me.id, me.display_name)
    challenge = await service.challenges.rematch(game_id, me.id)
    if challenge.opponent_id == BOT_ID:
        await interaction.response.defer(thinking=True)  # the bot may think before its first move
        started = await service.challenges.accept(challenge.id, BOT_ID)
        await bot.announcer.open_thread(interaction, started.game)
        await bot.outbox.deliver_inline(interaction, started.game.id)
        bot.timers.poke()
        return
    opponent = challenge.opponent_id
    assert opponent is not None
    expires = f"<t:{int(challenge.expires_at.timestamp())}:R>"
    w = await speech.public(bot, interaction.guild_id, interaction)
    text = rematch_offer(challenge, game_id, me.mention, f"<@{opponent}>", expires, w)
    callback = await interaction.response.send_message(
        text,
        view=controls(challenge.id, w),
        allowed_mentions=discord.AllowedMentions(users=[discord.Object(id=opponent)]),
    )
    message_id = callback.message_id if callback is not None else None
    await service.challenges.set_message(challenge.id, interaction.channel_id, message_id)
    bot.timers.poke()
