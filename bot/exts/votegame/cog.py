"""/vote-game: a team of members plays one side against the bot by vote (docs/CLUBS.md)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

import discord
from discord import app_commands
from discord.ext import commands

from bot.exts.votegame import actions
from bot.exts.votegame.controls import team_controls
from bot.ui import speech
from bot.ui.boards import deadline_text
from bot.ui.errors import Refusal
from bot.ui.options import VariantArg
from messages import votes as words
from rules import format_move
from service import GameView, Team
from service.errors import GameError, TeamNotFound

if TYPE_CHECKING:
    from bot.client import DamaBot

    Interaction = discord.Interaction[DamaBot]

GROUP_HELP = "Play one side of a game as a team, by vote"
TEAM_HELP = "The vote game's number (default: the one forming in this channel)"
GAME_HELP = "The game number (default: your team's game)"
Against = Literal["bot"]
Side = Literal["white", "black", "random"]
Joining = Literal["start", "open"]


class VoteGames(commands.GroupCog, group_name="vote-game", group_description=GROUP_HELP):
    def __init__(self, bot: DamaBot) -> None:
        self.bot = bot
        super().__init__()

    async def _team(self, interaction: Interaction, team: int | None) -> Team:
        """The team named, else the one forming in this channel, else the caller's playing team."""
        votes = self.bot.service.votes
        if team is not None:
            return await votes.team(team)
        forming = await votes.forming_here(interaction.channel_id)
        if forming is not None:
            return forming
        mine = await votes.my_teams(interaction.user.id)
        if mine:
            return mine[0]
        raise TeamNotFound(None)

    async def _game(self, interaction: Interaction, game: int | None) -> GameView:
        if game is not None:
            return await self.bot.service.queries.game(game)
        for team in await self.bot.service.votes.my_teams(interaction.user.id):
            assert team.game_id is not None
            return await self.bot.service.queries.game(team.game_id)
        raise TeamNotFound(None)

    async def _legal_moves(self, interaction: Interaction, current: str) -> list[app_commands.Choice[str]]:
        game_id = getattr(interaction.namespace, "game", None)
        try:
            game = await self._game(interaction, game_id if isinstance(game_id, int) else None)
        except (GameError, Refusal):  # autocomplete offers nothing rather than an error
            return []
        if not game.active:
            return []
        position = game.position
        wanted = current.strip().lower()
        texts = [format_move(position, move) for move in position.legal_moves()]
        return [app_commands.Choice(name=t, value=t) for t in texts if t.lower().startswith(wanted)][:25]

    @app_commands.command(name="start", description="Start a vote game: a team of members plays one side by vote")
    @app_commands.describe(
        against="Who the team plays: the bot",
        level="The bot's level, 1-5",
        variant="Which draughts (default: the server's)",
        days_per_move="Days the team has per move (default: the server's)",
        side="The team's side",
        role="Only members holding this role may join",
        secret="Keep the votes secret until the move is played",
        joining="When joining closes: when the game starts, or stays open",
    )
    @app_commands.guild_only()
    async def start(
        self,
        interaction: Interaction,
        against: Against = "bot",
        level: app_commands.Range[int, 1, 5] = 1,
        variant: VariantArg | None = None,
        days_per_move: app_commands.Range[int, 1, 14] | None = None,
        side: Side = "random",
        role: discord.Role | None = None,
        secret: bool = False,
        joining: Joining = "start",
    ) -> None:
        service = self.bot.service
        await service.players.ensure(interaction.user.id, interaction.user.display_name)
        channel = interaction.channel
        name = getattr(channel, "name", None) or str(interaction.channel_id)
        team = await service.votes.start(
            interaction.user.id,
            name=f"#{name}",
            guild_id=interaction.guild_id,
            channel_id=interaction.channel_id,
            level=level,
            variant=variant,
            days_per_move=days_per_move,
            side=side,
            role_id=role.id if role is not None else None,
            secret=secret,
            joining=joining,
        )
        w = await speech.public(self.bot, interaction.guild_id, interaction)
        text = words.forming(w, team, w.command("vote-game join"), w.command("vote-game begin"))
        await interaction.response.send_message(text, view=team_controls(team.id, w))
        message = await interaction.original_response()
        await actions.open_thread(interaction, team, message)

    @app_commands.command(name="join", description="Join a vote game's team")
    @app_commands.describe(team=TEAM_HELP)
    @app_commands.guild_only()
    async def join(self, interaction: Interaction, team: int | None = None) -> None:
        await actions.join(interaction, (await self._team(interaction, team)).id)

    @app_commands.command(name="begin", description="Start the game of a forming vote game (its organiser)")
    @app_commands.describe(team=TEAM_HELP)
    @app_commands.guild_only()
    async def begin(self, interaction: Interaction, team: int | None = None) -> None:
        await actions.begin(interaction, (await self._team(interaction, team)).id)

    @app_commands.command(name="vote", description="Vote for your team's move (change it until the vote closes)")
    @app_commands.describe(move="A legal move, e.g. 22-18", game=GAME_HELP)
    @app_commands.autocomplete(move=_legal_moves)
    @app_commands.guild_only()
    async def vote(
        self, interaction: Interaction, move: app_commands.Range[str, 1, 100], game: int | None = None
    ) -> None:
        target = await self._game(interaction, game)
        await actions.vote(interaction, target.id, move)

    @app_commands.command(name="status", description="A vote game's team, its votes and your record")
    @app_commands.describe(team=TEAM_HELP)
    @app_commands.guild_only()
    async def status(self, interaction: Interaction, team: int | None = None) -> None:
        found = await self._team(interaction, team)
        state = await self.bot.service.votes.status(found.game_id, interaction.user.id, team_id=found.id)
        w = speech.private(interaction)

        def when(_: object) -> str:
            assert state.game is not None
            return deadline_text(state.game, w)

        await interaction.response.send_message(words.status_text(w, state, when), ephemeral=True)

    @app_commands.command(name="leave", description="Leave a vote game's team")
    @app_commands.describe(team=TEAM_HELP)
    @app_commands.guild_only()
    async def leave(self, interaction: Interaction, team: int | None = None) -> None:
        found = await self._team(interaction, team)
        left = await self.bot.service.votes.leave(found.id, interaction.user.id)
        w = await speech.public(self.bot, interaction.guild_id, interaction)
        text = words.left(w, left, interaction.user.mention)
        await interaction.response.send_message(text, allowed_mentions=actions.NO_MENTIONS)
        if left.game_id is not None:
            await self.bot.outbox.deliver_inline(interaction, left.game_id)  # everyone left had voted: the move

    @app_commands.command(name="cancel", description="Cancel a vote game (its organiser, or Manage Server)")
    @app_commands.describe(team=TEAM_HELP)
    @app_commands.guild_only()
    async def cancel(self, interaction: Interaction, team: int | None = None) -> None:
        found = await self._team(interaction, team)
        over = await self.bot.service.votes.cancel(found.id, interaction.user.id, manager=actions.manager(interaction))
        w = await speech.public(self.bot, interaction.guild_id, interaction)
        await interaction.response.send_message(words.cancelled(w, over))
        if over.game_id is not None:
            await self.bot.outbox.deliver_inline(interaction, over.game_id)
