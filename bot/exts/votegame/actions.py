"""What a vote-game command or button does, shared by both: call the service, answer the member, then deliver
the news it queued (the board when a vote closed the window, the first board when the game begins)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord

from bot.ui import speech
from messages import votes as words
from rules import Move, format_move
from service import Team

if TYPE_CHECKING:
    from bot.client import DamaBot

    Interaction = discord.Interaction[DamaBot]

NO_MENTIONS = discord.AllowedMentions.none()


def manager(interaction: discord.Interaction[Any]) -> bool:
    permissions = getattr(interaction.user, "guild_permissions", None)
    return bool(permissions and permissions.manage_guild)


def roles_of(interaction: discord.Interaction[Any]) -> frozenset[int]:
    return frozenset(role.id for role in getattr(interaction.user, "roles", ()))


async def join(interaction: Interaction, team_id: int) -> None:
    bot = interaction.client
    await bot.service.players.ensure(interaction.user.id, interaction.user.display_name)
    team = await bot.service.votes.join(team_id, interaction.user.id, roles=roles_of(interaction))
    w = await speech.public(bot, interaction.guild_id, interaction)
    text = words.joined(w, team, interaction.user.mention)
    await interaction.response.send_message(text, allowed_mentions=NO_MENTIONS)


async def begin(interaction: Interaction, team_id: int) -> None:
    bot = interaction.client
    await interaction.response.defer()  # the bot may open the game with a move: answer in time
    team = await bot.service.votes.begin(team_id, interaction.user.id, manager=manager(interaction))
    assert team.game_id is not None
    w = await speech.public(bot, interaction.guild_id, interaction)
    await interaction.followup.send(words.begun(w, team, w.command("vote-game vote")), allowed_mentions=NO_MENTIONS)
    await bot.outbox.deliver_inline(interaction, team.game_id)  # the first board, as the reply
    bot.timers.poke()


async def vote(interaction: Interaction, game_id: int, move: str | Move) -> None:
    """The member's vote: their private answer (their vote, how many voted, the tally unless secret); when it
    closed the window, the boards of the team's move (and the bot's reply) follow as the reply."""
    bot = interaction.client
    if not interaction.response.is_done():  # a closing vote waits for the bot's reply: answer in time
        await interaction.response.defer(ephemeral=True, thinking=True)
    if isinstance(move, Move):
        game = await bot.service.queries.game(game_id)
        move = format_move(game.position, move, full=True)
    cast = await bot.service.votes.vote(game_id, interaction.user.id, move)
    await interaction.followup.send(words.vote_taken(speech.private(interaction), cast), ephemeral=True)
    if cast.played is not None:
        await bot.outbox.deliver_inline(interaction, game_id)
        bot.timers.poke()


async def open_thread(interaction: Interaction, team: Team, message: discord.Message) -> None:
    """The team's discussion thread under its post, where the server allows threads (else none)."""
    channel = interaction.channel
    if interaction.guild_id is None or not isinstance(channel, discord.TextChannel):
        return
    w = await speech.public(interaction.client, interaction.guild_id, interaction)
    try:
        thread = await channel.create_thread(
            name=words.thread_name(w, team)[:100], message=message, auto_archive_duration=10080
        )
    except discord.HTTPException:
        return  # no thread here: the team talks in the channel
    await interaction.client.service.votes.set_display(team.id, thread_id=thread.id, message_id=message.id)
