"""/tournament: create, join, withdraw, start, standings, pairings, cancel (and list)."""

from __future__ import annotations

import logging
from dataclasses import replace
from typing import TYPE_CHECKING, Literal

import discord
from discord import app_commands
from discord.ext import commands

from bot.exts.tournament.news import mentions, standings_file
from bot.ui import speech
from bot.ui.options import VariantArg
from messages import tournaments as words
from messages.openings import tournament_ballots
from service import GameSettings, TournamentNotFound
from service.tournaments import TournamentStatus, TournamentView

if TYPE_CHECKING:
    from bot.client import DamaBot

    Interaction = discord.Interaction[DamaBot]

log = logging.getLogger(__name__)
Format = Literal["round-robin", "swiss"]
TOURNAMENT_HELP = "The tournament number (may be left out when the server has only one)"
GROUP_HELP = "Round robins and Swiss events"


def _manager(interaction: Interaction) -> bool:
    permissions = getattr(interaction.user, "guild_permissions", None)
    return bool(permissions and permissions.manage_guild)


class Tournaments(commands.GroupCog, group_name="tournament", group_description=GROUP_HELP):
    def __init__(self, bot: DamaBot) -> None:
        self.bot = bot
        super().__init__()

    async def _pick(self, interaction: Interaction, number: int | None, *statuses: TournamentStatus) -> TournamentView:
        """The tournament named, or the only one of this server in one of these states."""
        service = self.bot.service.tournaments
        if number is not None:
            return await service.get(number)
        found = [
            t for t in await service.in_server(interaction.guild_id, include_finished=True) if t.status in statuses
        ]
        if len(found) != 1:
            raise TournamentNotFound(None)
        return found[0]

    async def _autocomplete(self, interaction: Interaction, current: str) -> list[app_commands.Choice[int]]:
        found = await self.bot.service.tournaments.in_server(interaction.guild_id, include_finished=True)
        w = speech.private(interaction)
        return [
            app_commands.Choice(name=f"#{t.id} {t.name} ({words.status(w, t.status)})"[:100], value=t.id)
            for t in found
            if current.lower() in f"{t.id} {t.name}".lower()
        ][:25]

    @app_commands.command(name="create", description="Create a tournament that members can join")
    @app_commands.describe(
        name="What it is called",
        variant="Which draughts (default: the server's)",
        days_per_move="Days each player has per move (default: the server's)",
        format="round-robin (everyone meets everyone, all games at once) or swiss (rounds one after another)",
        rounds="Swiss: the number of rounds (default 5). Round robin: 1 = single, 2 = double",
        rated="Whether its games count for ratings",
        ballots="Each pairing plays one drawn published opening (ballot) with both colours",
        clock="A time bank for its games instead of days per move, e.g. 10d+1d max 20d, or 20 moves in 30d",
    )
    @app_commands.guild_only()
    async def create(
        self,
        interaction: Interaction,
        name: app_commands.Range[str, 1, 80],
        variant: VariantArg | None = None,
        days_per_move: app_commands.Range[int, 1, 14] | None = None,
        format: Format = "round-robin",
        rounds: app_commands.Range[int, 1, 20] | None = None,
        rated: bool = False,
        ballots: bool = False,
        clock: app_commands.Range[str, 1, 40] | None = None,
    ) -> None:
        service = self.bot.service
        await service.players.ensure(interaction.user.id, interaction.user.display_name)
        event = await service.tournaments.create(
            interaction.user.id,
            name,
            settings=GameSettings(
                variant=variant,
                days_per_move=days_per_move,
                rated=rated,
                ballot=ballots,
                clock=clock,
            ),
            format=format,
            rounds=rounds,
            guild_id=interaction.guild_id,
            channel_id=interaction.channel_id,
        )
        w = await speech.public(self.bot, interaction.guild_id, interaction)
        text = words.created(event, mentions(w), w)
        if event.ballots:
            text += "\n" + tournament_ballots(w)
        await interaction.response.send_message(text, allowed_mentions=discord.AllowedMentions.none())

    @app_commands.command(name="join", description="Enter a tournament before it starts")
    @app_commands.describe(tournament=TOURNAMENT_HELP)
    @app_commands.guild_only()
    async def join(self, interaction: Interaction, tournament: int | None = None) -> None:
        target = await self._pick(interaction, tournament, TournamentStatus.OPEN)
        await self.bot.service.players.ensure(interaction.user.id, interaction.user.display_name)
        event = await self.bot.service.tournaments.join(target.id, interaction.user.id)
        w = await speech.public(self.bot, interaction.guild_id, interaction)
        await interaction.response.send_message(
            words.joined(event, interaction.user.id, mentions(w), w), allowed_mentions=discord.AllowedMentions.none()
        )

    @app_commands.command(name="withdraw", description="Leave a tournament (once it runs, your games are lost)")
    @app_commands.describe(tournament=TOURNAMENT_HELP)
    async def withdraw(self, interaction: Interaction, tournament: int | None = None) -> None:
        target = await self._pick(interaction, tournament, TournamentStatus.OPEN, TournamentStatus.RUNNING)
        event, finished = await self.bot.service.tournaments.withdraw(target.id, interaction.user.id)
        w = await speech.public(self.bot, interaction.guild_id, interaction)
        await interaction.response.send_message(
            words.left(event, interaction.user.id, mentions(w), len(finished), w),
            allowed_mentions=discord.AllowedMentions.none(),
        )
        if finished:  # their boards are in the outbox, like any resignation (which moves the tournament on)
            self.bot.outbox.poke()

    @app_commands.command(name="start", description="Close entry and start the games (organisers)")
    @app_commands.describe(tournament=TOURNAMENT_HELP)
    @app_commands.guild_only()
    async def start(self, interaction: Interaction, tournament: int | None = None) -> None:
        target = await self._pick(interaction, tournament, TournamentStatus.OPEN)
        service = self.bot.service
        # refusals first, privately; creating the games is quick (the bot's first moves come after). The
        # pairings and the boards wait in the outbox, posted here once the thread is open (else by the worker)
        news = await service.tournaments.start(target.id, interaction.user.id, manager=_manager(interaction))
        await interaction.response.defer()
        await self._open_thread(interaction, news.tournament)
        news = replace(news, tournament=await service.tournaments.get(target.id))
        w = await speech.public(self.bot, interaction.guild_id, interaction)
        text = words.round_started(news, mentions(w), w) if news.round is None else words.began(news.tournament, w)
        try:
            await interaction.followup.send(text, allowed_mentions=discord.AllowedMentions.none())
        except discord.HTTPException:  # the "thinking" reply can still be edited; the news follows anyway
            log.info("tournament %s: Discord refused the start's reply", target.id)
            try:
                await interaction.edit_original_response(content=text)
            except discord.HTTPException:
                log.info("tournament %s: could not edit the start's reply either", target.id)
        await self.bot.outbox.deliver_streams(news.streams)
        self.bot.timers.poke()

    async def _open_thread(self, interaction: Interaction, event: TournamentView) -> None:
        channel = interaction.channel
        if interaction.guild_id is None or not isinstance(channel, discord.TextChannel):
            return
        settings = await self.bot.service.players.server_settings(interaction.guild_id)
        if not settings.thread_per_game:
            return
        w = await speech.public(self.bot, interaction.guild_id, interaction)
        try:
            thread = await channel.create_thread(
                name=words.thread_name(event, w)[:100],
                type=discord.ChannelType.public_thread,
                auto_archive_duration=10080,
            )
        except discord.HTTPException:
            log.warning("tournament %s: could not open a thread; its news goes to the channel", event.id)
            return
        await self.bot.service.tournaments.set_thread(event.id, thread.id)

    @app_commands.command(name="standings", description="The standings as a picture, with the crosstable")
    @app_commands.describe(tournament=TOURNAMENT_HELP)
    async def standings(self, interaction: Interaction, tournament: int | None = None) -> None:
        target = await self._pick(
            interaction, tournament, TournamentStatus.RUNNING, TournamentStatus.FINISHED, TournamentStatus.OPEN
        )
        await interaction.response.defer()
        view = await self.bot.service.tournaments.standings(target.id)
        w = await speech.public(self.bot, interaction.guild_id, interaction)
        picture = await standings_file(self.bot, view, w)
        await interaction.followup.send(words.standings_caption(view, w), file=picture)

    @app_commands.command(name="pairings", description="The pairings and results of a round")
    @app_commands.describe(tournament=TOURNAMENT_HELP, round="Which round (default: the latest)")
    async def pairings(self, interaction: Interaction, round: int | None = None, tournament: int | None = None) -> None:
        target = await self._pick(interaction, tournament, TournamentStatus.RUNNING, TournamentStatus.FINISHED)
        number, boards = await self.bot.service.tournaments.pairings(target.id, round)
        w = await speech.public(self.bot, interaction.guild_id, interaction)
        await interaction.response.send_message(
            words.pairings(target, number, boards, mentions(w), w), allowed_mentions=discord.AllowedMentions.none()
        )

    @app_commands.command(name="cancel", description="Cancel a tournament (organisers)")
    @app_commands.describe(tournament=TOURNAMENT_HELP)
    async def cancel(self, interaction: Interaction, tournament: int | None = None) -> None:
        target = await self._pick(interaction, tournament, TournamentStatus.OPEN, TournamentStatus.RUNNING)
        event = await self.bot.service.tournaments.cancel(target.id, interaction.user.id, manager=_manager(interaction))
        w = await speech.public(self.bot, interaction.guild_id, interaction)
        await interaction.response.send_message(words.cancelled(event, w))

    @app_commands.command(name="list", description="The tournaments of this server")
    async def list_(self, interaction: Interaction) -> None:
        found = await self.bot.service.tournaments.in_server(interaction.guild_id, include_finished=True)
        await interaction.response.send_message(words.listing(found, speech.private(interaction)), ephemeral=True)

    join.autocomplete("tournament")(_autocomplete)
    withdraw.autocomplete("tournament")(_autocomplete)
    start.autocomplete("tournament")(_autocomplete)
    standings.autocomplete("tournament")(_autocomplete)
    pairings.autocomplete("tournament")(_autocomplete)
    cancel.autocomplete("tournament")(_autocomplete)
