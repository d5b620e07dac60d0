"""Accepting, declining and withdrawing a challenge (from its buttons)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord

from bot.ui import speech
from bot.ui.errors import Refusal
from messages.openings import ballot_accepted
from rules import find_variant
from rules.openings import find_ballot

if TYPE_CHECKING:
    from bot.client import DamaBot

    Interaction = discord.Interaction[DamaBot]


async def accept_challenge(interaction: Interaction, challenge_id: int) -> None:
    bot = interaction.client
    started = await bot.service.challenges.accept(challenge_id, interaction.user.id)
    challenge = started.challenge
    w = await speech.public(bot, interaction.guild_id, interaction)
    pair = started.pair
    ballot = find_ballot(find_variant(challenge.variant), challenge.ballot) if challenge.ballot else None
    if pair is not None and ballot is not None:
        text = ballot_accepted(
            w,
            f"<@{interaction.user.id}>",
            f"<@{challenge.challenger_id}>",
            started.game.id,
            pair.id,
            ballot.number,
            ballot.moves,
        )
    else:
        text = w.say(
            "challenge.accepted",
            "{player} accepted {challenger}'s challenge: game #{game}.",
            player=f"<@{interaction.user.id}>",
            challenger=f"<@{challenge.challenger_id}>",
            game=started.game.id,
        )
    await interaction.response.edit_message(content=text, view=None)
    for game in (started.game, pair):
        if game is not None:
            await bot.announcer.open_thread(interaction, game)
            await bot.outbox.deliver_inline(interaction, game.id)
    bot.timers.poke()


async def decline_challenge(interaction: Interaction, challenge_id: int) -> None:
    """The challenged player declines; the challenger withdraws. Open challenges can only be withdrawn."""
    service = interaction.client.service
    challenge = await service.challenges.get(challenge_id)
    user = interaction.user.id
    w = await speech.public(interaction.client, interaction.guild_id, interaction)
    if user == challenge.challenger_id:
        await service.challenges.cancel(challenge_id, user)
        text = w.say("challenge.withdrawn", "{player} withdrew the challenge.", player=f"<@{user}>")
    elif challenge.opponent_id is None:
        raise Refusal(
            lambda w: w.say(
                "challenge.open_cannot_decline", "Anyone may accept an open challenge; only its author can withdraw it."
            )
        )
    else:
        await service.challenges.decline(challenge_id, user)
        text = w.say(
            "challenge.declined",
            "{player} declined {challenger}'s challenge.",
            player=f"<@{user}>",
            challenger=f"<@{challenge.challenger_id}>",
        )
    await interaction.response.edit_message(content=text, view=None, allowed_mentions=discord.AllowedMentions.none())
