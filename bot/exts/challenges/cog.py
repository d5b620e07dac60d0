"""/challenge (a member, or anyone) and /play (against the bot)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

import discord
from discord import app_commands
from discord.ext import commands

from bot.exts.challenges.controls import challenge_controls
from bot.ui import speech
from bot.ui.errors import Refusal, not_a_member
from bot.ui.options import VariantArg
from bot.ui.permissions import require_permissions
from bot.ui.reach import reply_only
from messages.challenges import challenge_terms
from messages.i18n import Words
from messages.openings import ballot_terms
from rules import find_variant
from rules.openings import find_ballot
from service import BOT_ID, ChallengeView, GameSettings

if TYPE_CHECKING:
    from bot.client import DamaBot

    Interaction = discord.Interaction[DamaBot]

Colour = Literal["random", "white", "black"]
MAX_FEN = 400  # a full 12x12 board fits; longer text is no position
MAX_CLOCK = 40  # "10 days + 1 day max 20 days" fits


def challenge_text(w: Words, challenge: ChallengeView, challenger: str, opponent: str | None) -> str:
    """The public challenge post."""
    terms = challenge_terms(w, challenge, challenger)
    if challenge.start_fen:
        terms = w.say(
            "challenge.terms_position", "{terms}, from the position {fen}", terms=terms, fen=challenge.start_fen
        )
    ballot = find_ballot(find_variant(challenge.variant), challenge.ballot) if challenge.ballot else None
    if ballot is not None:
        terms = ballot_terms(w, terms, ballot.number, ballot.moves)
    expires = f"<t:{int(challenge.expires_at.timestamp())}:R>"
    if opponent is not None:
        return w.say(
            "challenge.post",
            "{opponent}, {challenger} challenges you to a game: {terms}. The challenge expires {expires}.",
            opponent=opponent,
            challenger=challenger,
            terms=terms,
            expires=expires,
        )
    return w.say(
        "challenge.post_open",
        "{challenger} challenges anyone to a game: {terms}. The challenge expires {expires}.",
        challenger=challenger,
        terms=terms,
        expires=expires,
    )


class Challenges(commands.Cog):
    def __init__(self, bot: DamaBot) -> None:
        self.bot = bot

    async def _check_channel(self, interaction: Interaction) -> bool:
        """Refuse in channels the server has not allowed; returns whether games get their own thread."""
        service = self.bot.service
        if interaction.guild_id is None or interaction.channel_id is None:
            return False
        if not await service.players.channel_allowed(interaction.guild_id, interaction.channel_id):
            allowed = (await service.players.server_settings(interaction.guild_id)).allowed_channels
            places = [f"<#{c}>" for c in allowed[:10]]
            raise Refusal(
                lambda w: w.say(
                    "challenge.channel_not_allowed",
                    "Games are not played in this channel here. Try {channels}.",
                    channels=w.join(places),
                )
            )
        threads = (await service.players.server_settings(interaction.guild_id)).thread_per_game
        require_permissions(interaction, thread=threads)
        return threads

    @app_commands.command(name="challenge", description="Challenge a member (or anyone) to a correspondence game")
    @app_commands.describe(
        opponent="Who to play (leave empty for an open challenge anyone may take)",
        variant="Which draughts (default: the server's)",
        days_per_move="Days each player has per move (default: the server's)",
        colour="The colour you want",
        rated="Whether the game counts for ratings",
        fen="Start from this position instead (FEN in the variant's squares), e.g. W:W21,22:B10,11",
        ballot="Draw a published opening (ballot): two games from it, each of you playing both colours",
        clock="A time bank instead of days per move, e.g. 10d+1d max 20d, or 20 moves in 30d",
    )
    # a server, or a group DM or DM between people (context 2: a user install); never the bot's own DM,
    # where no opponent could see the challenge
    @app_commands.allowed_contexts(guilds=True, dms=False, private_channels=True)
    async def challenge(
        self,
        interaction: Interaction,
        opponent: discord.User | None = None,
        variant: VariantArg | None = None,
        days_per_move: app_commands.Range[int, 1, 14] | None = None,
        colour: Colour = "random",
        rated: bool = False,
        fen: app_commands.Range[str, 1, MAX_FEN] | None = None,
        ballot: bool = False,
        clock: app_commands.Range[str, 1, MAX_CLOCK] | None = None,
    ) -> None:
        me = interaction.user
        if interaction.guild_id is None and not interaction.context.private_channel:
            # the bot's own DM (a client that ignores the command's contexts): no opponent could see it there
            raise Refusal(lambda w: w.say(
                "challenge.where",
                "Challenges are made in a server or in a group DM, where your opponent can see them.",
            ))
        if interaction.guild_id is not None and opponent is not None and not isinstance(opponent, discord.Member):
            # Discord resolves someone outside the server as a plain user: they could not see the challenge
            name = opponent.display_name
            raise Refusal(lambda w: not_a_member(w, name))
        if opponent is not None and opponent.bot:
            raise Refusal(
                lambda w: w.say(
                    "challenge.bot_opponent",
                    "Bots cannot accept challenges. To play me, use {play}.",
                    play=w.command("play"),
                )
            )
        await self._check_channel(interaction)
        service = self.bot.service
        await service.players.ensure(me.id, me.display_name)
        if opponent is not None:
            await service.players.ensure(opponent.id, opponent.display_name)
        challenge = await service.challenges.create(
            me.id,
            opponent.id if opponent else None,
            settings=GameSettings(
                variant=variant,
                color=colour,
                days_per_move=days_per_move,
                rated=rated,
                start_fen=fen,
                ballot=ballot,
                clock=clock,
            ),
            guild_id=interaction.guild_id,
            channel_id=interaction.channel_id,
            reply_only=reply_only(interaction),
        )
        w = await speech.public(self.bot, interaction.guild_id, interaction)
        text = challenge_text(w, challenge, me.mention, opponent.mention if opponent else None)
        mentions = discord.AllowedMentions(users=[opponent] if opponent else False)
        callback = await interaction.response.send_message(
            text, view=challenge_controls(challenge.id, w), allowed_mentions=mentions
        )
        message_id = callback.message_id if callback is not None else None
        await service.challenges.set_message(challenge.id, interaction.channel_id, message_id)
        self.bot.timers.poke()

    @app_commands.command(name="play", description="Start a game against the bot")
    @app_commands.describe(
        variant="Which draughts (default: the server's)",
        level="How strong the bot plays, 1 (beginner) to 5 (full strength)",
        colour="The colour you want",
        fen="Start from this position instead (FEN in the variant's squares), e.g. W:W21,22:B10,11",
        ballot="Start from a drawn published opening (ballot)",
        clock="A time bank for you instead of days per move, e.g. 10d+1d max 20d, or 20 moves in 30d",
    )
    async def play(
        self,
        interaction: Interaction,
        variant: VariantArg | None = None,
        level: app_commands.Range[int, 1, 5] = 1,
        colour: Colour = "random",
        fen: app_commands.Range[str, 1, MAX_FEN] | None = None,
        ballot: bool = False,
        clock: app_commands.Range[str, 1, MAX_CLOCK] | None = None,
    ) -> None:
        await self._check_channel(interaction)
        service = self.bot.service
        await service.players.ensure(interaction.user.id, interaction.user.display_name)
        # Creating the challenge checks every option; only then defer (the bot may think before its
        # first move), so refusals stay private.
        challenge = await service.challenges.create(
            interaction.user.id,
            BOT_ID,
            settings=GameSettings(
                variant=variant,
                color=colour,
                bot_level=level,
                start_fen=fen,
                ballot=ballot,
                clock=clock,
            ),
            guild_id=interaction.guild_id,
            channel_id=interaction.channel_id,
            reply_only=reply_only(interaction),
        )
        await interaction.response.defer(thinking=True)
        started = await service.challenges.accept(challenge.id, BOT_ID)
        await self.bot.announcer.open_thread(interaction, started.game)
        await self.bot.outbox.deliver_inline(interaction, started.game.id)
        self.bot.timers.poke()
