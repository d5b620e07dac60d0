"""Vote games: a team of members holds one side of a game and plays it by vote (docs/CLUBS.md).

A team holds its seat through a player row of its own (data/models.py, TEAM_SEAT_BASE), so the game's clock,
timers, reminders and record treat it as a player. A window is one turn of the team: its votes carry the
game's ply. It closes as soon as every member voted (the last vote plays the move) or at the deadline (the
timeout timer, `on_deadline` below): the move counted by service/tally.py is played through the one move
call (GameService.play), whose transaction queues the board. A window closing with no vote loses on time,
after the usual reminder, exactly as a player would. Vote games are never rated.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from data.models import GameRow, VoteTeamRow, is_team_seat
from data.repositories import Repositories
from data.timeutil import from_db, to_db
from rules import format_move, parse_move
from service.access import SYSTEM, ScopedPart, acting_as, check_team
from service.challenges import ChallengeService
from service.context import Context, game_terms
from service.errors import (
    AlreadyOnTeam,
    EmptyTeam,
    GameOver,
    InvalidSetting,
    JoiningClosed,
    NotAMember,
    NotInRole,
    NotOnTeam,
    NotTeamOrganiser,
    NotYourTurn,
    StaleGame,
    TeamFull,
    TeamNotFound,
    TooManyForming,
    WindowClosed,
)
from service.game_settings import GameSettings
from service.games import GameService
from service.lifecycle import load_row, rebuild, to_move_id
from service.results import ColourChoice, GameStatus, GameView, MoveResult
from service.tally import Count, tally

MAX_MEMBERS = 1000  # a team's members (the benchmark closes a window of 500)
MAX_FORMING = 5  # vote games forming at once in one channel
MAX_NAME = 64  # a team's name, in characters
SIDES = (ColourChoice.WHITE, ColourChoice.BLACK, ColourChoice.RANDOM)
JOINING = ("start", "open")  # joining closes when the game starts, or stays open while it is played


@dataclass(frozen=True, slots=True)
class Team:
    id: int
    seat: int  # the team's player id in its game
    name: str
    organiser_id: int
    guild_id: int | None
    channel_id: int | None
    thread_id: int | None
    message_id: int | None
    side: str  # white, black, or random until the game starts
    bot_level: int | None
    variant: str
    days_per_move: int
    role_id: int | None
    secret: bool
    joining: str
    status: str  # forming, playing, over, cancelled
    game_id: int | None
    members: tuple[int, ...]

    @classmethod
    def from_row(cls, row: VoteTeamRow, members: list[int]) -> Team:
        return cls(
            id=row.id,
            seat=row.player_id,
            name=row.name,
            organiser_id=row.organiser_id,
            guild_id=row.guild_id,
            channel_id=row.channel_id,
            thread_id=row.thread_id,
            message_id=row.message_id,
            side=row.side,
            bot_level=row.bot_level,
            variant=row.variant,
            days_per_move=row.days_per_move,
            role_id=row.role_id,
            secret=bool(row.secret),
            joining=row.joining,
            status=row.status,
            game_id=row.game_id,
            members=tuple(members),
        )

    @property
    def open_to_join(self) -> bool:
        return self.status == "forming" or (self.status == "playing" and self.joining == "open")


@dataclass(frozen=True, slots=True)
class VoteCast:
    """A vote taken: the voter's move, how many of the team voted, the tally (None while secret) and the move
    played if this vote closed the window."""

    team: Team
    game: GameView
    notation: str
    voted: int
    tally: tuple[Count, ...] | None
    played: MoveResult | None = None


@dataclass(frozen=True, slots=True)
class VoteStatus:
    """A vote game as a member (or anyone in its server) sees it."""

    team: Team
    game: GameView | None  # None while the team forms
    window_open: bool  # the team is to move
    voted: int  # members who voted in this window
    my_vote: str | None  # the asker's vote in this window (notation)
    tally: tuple[Count, ...] | None  # None unless the asker voted and votes are not secret
    my_windows: int  # closed windows the asker voted in
    followed: int  # of those, the ones where the team played the asker's move


class VoteService(ScopedPart):
    def __init__(self, ctx: Context, games: GameService, challenges: ChallengeService) -> None:
        self._ctx = ctx
        self._games = games
        self._challenges = challenges

    # ---- forming -----------------------------------------------------------------------------

    async def start(
        self,
        organiser_id: int,
        *,
        name: str,
        guild_id: int | None,
        channel_id: int | None,
        level: int = 1,
        variant: str | None = None,
        days_per_move: int | None = None,
        side: str = ColourChoice.RANDOM,
        role_id: int | None = None,
        secret: bool = False,
        joining: str = "start",
    ) -> Team:
        """A vote game against the bot, forming: members join, then the organiser begins it. Raises
        InvalidSetting (level, side, joining, days), rules.UnknownVariantError, TooManyForming."""
        config = self._ctx.config
        if level not in config.bot_levels:
            raise InvalidSetting("level", level, f"{config.bot_levels.start}-{config.bot_levels.stop - 1}")
        if side not in SIDES:
            raise InvalidSetting("side", side, "white, black, random")
        if joining not in JOINING:
            raise InvalidSetting("joining", joining, "start, open")
        now = to_db(self._ctx.now())
        async with self._ctx.db.write() as repos:
            variant_id, days = await game_terms(self._ctx, repos, guild_id, variant, days_per_move)
            if await repos.votes.forming_in(channel_id) >= MAX_FORMING:
                raise TooManyForming(MAX_FORMING)
            row = await repos.votes.add_team(
                name=name.strip()[:MAX_NAME] or "?",
                organiser_id=organiser_id,
                guild_id=guild_id,
                channel_id=channel_id,
                side=side,
                bot_level=level,
                variant=variant_id,
                days_per_move=days,
                role_id=role_id,
                secret=secret,
                joining=joining,
                now=now,
            )
            return await _team(repos, row)

    async def team(self, team_id: int) -> Team:
        async with self._ctx.db.read() as repos:
            return await _load(repos, team_id)

    async def forming_here(self, channel_id: int | None) -> Team | None:
        """The latest team forming in this channel (what a bare join means)."""
        async with self._ctx.db.read() as repos:
            team_id = await repos.votes.latest_forming(channel_id)
            return await _load(repos, team_id) if team_id is not None else None

    async def team_of_game(self, game_id: int, player_id: int | None = None) -> Team:
        """The game's team: the asker's, else the first. TeamNotFound if the game has none."""
        async with self._ctx.db.read() as repos:
            await load_row(repos, game_id)
            rows = await repos.votes.teams_of_game(game_id)
            if not rows:
                raise TeamNotFound(None)
            mine = await repos.votes.teams_of(player_id, game_id) if player_id is not None else []
            chosen = next((r for r in rows if r.id in mine), rows[0])
            return await _team(repos, chosen)

    async def my_teams(self, player_id: int) -> list[Team]:
        """The teams the member is on whose game is still being played (newest first)."""
        async with self._ctx.db.read() as repos:
            return [await _load(repos, team_id) for team_id in await repos.votes.playing_teams_of(player_id)]

    async def set_display(self, team_id: int, *, thread_id: int | None, message_id: int | None) -> Team:
        """Where the team's forming post and discussion thread are."""
        async with self._ctx.db.write() as repos:
            await _load(repos, team_id)
            await repos.votes.set_display(team_id, thread_id, message_id)
            return await _load(repos, team_id)

    async def join(self, team_id: int, player_id: int, *, roles: frozenset[int] = frozenset()) -> Team:
        """Join a team (roles: the member's roles in the server, for a team limited to one). Raises
        TeamNotFound, JoiningClosed, NotInRole, AlreadyOnTeam, TeamFull."""
        now = to_db(self._ctx.now())
        async with self._ctx.db.write() as repos:
            team = await _load(repos, team_id)
            if not team.open_to_join or (team.game_id is not None and not await _active(repos, team.game_id)):
                raise JoiningClosed()
            if team.role_id is not None and team.role_id not in roles:
                raise NotInRole(team.role_id)
            if player_id in team.members:
                raise AlreadyOnTeam(other_side=False)
            if team.game_id is not None and await repos.votes.teams_of(player_id, team.game_id):
                raise AlreadyOnTeam(other_side=True)
            if team.game_id is not None and await self._plays_other_side(repos, team, player_id):
                raise AlreadyOnTeam(other_side=True)
            if len(team.members) >= MAX_MEMBERS:
                raise TeamFull(MAX_MEMBERS)
            await repos.players.ensure(player_id, None, now)
            await repos.votes.join(team_id, player_id, now)
            return await _load(repos, team_id)

    @staticmethod
    async def _plays_other_side(repos: Repositories, team: Team, player_id: int) -> bool:
        assert team.game_id is not None
        row = await repos.games.get(team.game_id)
        return row is not None and player_id in (row.white_id, row.black_id)

    async def leave(self, team_id: int, player_id: int) -> Team:
        """Leave a team; its open window then closes if everyone left has voted."""
        async with self._ctx.db.write() as repos:
            team = await _load(repos, team_id)
            if not await repos.votes.leave(team_id, player_id):
                raise NotAMember()
            team = await _load(repos, team_id)
        if team.game_id is not None and team.status == "playing":
            await self._close_if_complete(team)
        return team

    async def begin(self, team_id: int, player_id: int, *, manager: bool = False) -> Team:
        """Start the forming team's game (the organiser, or a member who may manage the server). Raises
        NotTeamOrganiser, EmptyTeam, JoiningClosed (it started already)."""
        async with self._ctx.db.write() as repos:
            team = await _load(repos, team_id)
            if player_id != team.organiser_id and not manager:
                raise NotTeamOrganiser()
            if team.status != "forming":
                raise JoiningClosed()
            if not team.members:
                raise EmptyTeam()
            if not await repos.votes.set_status(team_id, "playing", was="forming"):
                raise JoiningClosed()
        try:
            with acting_as(SYSTEM):  # the team's seat challenges the bot: no person is asked
                started = await self._challenges.play_bot_game(
                    team.seat,
                    settings=GameSettings(
                        bot_level=team.bot_level or 1,
                        variant=team.variant,
                        color=team.side,
                        days_per_move=team.days_per_move,
                        rated=False,
                    ),
                    guild_id=team.guild_id,
                    channel_id=team.channel_id,
                )
        except BaseException:
            async with self._ctx.db.write() as repos:
                await repos.votes.set_status(team_id, "forming", was="playing")
            raise
        game = started.game
        side = "white" if game.white_id == team.seat else "black"
        async with self._ctx.db.write() as repos:
            await repos.votes.set_game(team_id, game.id, side)
            return await _load(repos, team_id)

    async def cancel(self, team_id: int, player_id: int, *, manager: bool = False) -> Team:
        """Cancel a forming vote game, or end a playing one (the team resigns). The organiser or a manager."""
        async with self._ctx.db.write() as repos:
            team = await _load(repos, team_id)
            if player_id != team.organiser_id and not manager:
                raise NotTeamOrganiser()
            if team.status == "forming" and await repos.votes.set_status(team_id, "cancelled", was="forming"):
                return await _load(repos, team_id)
        if team.status in ("over", "cancelled") or team.game_id is None:
            raise JoiningClosed()
        with acting_as(SYSTEM):
            try:
                await self._games.resign(team.game_id, team.seat)
            except GameOver:
                pass
        async with self._ctx.db.write() as repos:
            await repos.votes.set_status(team_id, "over", was="playing")
            return await _load(repos, team_id)

    # ---- voting ------------------------------------------------------------------------------

    async def vote(self, game_id: int, voter_id: int, move: str) -> VoteCast:
        """Vote for a move in the team's open window (again: the vote changes). Raises GameNotFound, GameOver,
        NotOnTeam, NotYourTurn (the team is not to move), WindowClosed, the rules errors for a move that is not
        legal here, and StaleGame (the window closed while the vote was cast)."""
        now = self._ctx.now()
        async with self._ctx.db.read() as repos:
            row = await load_row(repos, game_id)
            team = await self._voter_team(repos, row, voter_id)
            game = self._ctx.games.take(row.id, row.version) or await rebuild(repos, row)
        self._ctx.games.put(row.id, row.version, game)
        position = game.position
        chosen = parse_move(position, move)  # the rules errors say why a move is refused
        path = format_move(position, chosen, full=True)
        notation = format_move(position, chosen)
        async with self._ctx.db.write() as repos:
            current = await load_row(repos, game_id)
            if current.version != row.version:
                raise StaleGame()
            await repos.votes.cast(team.id, row.ply, voter_id, path, notation, to_db(now))
            window = await repos.votes.window(team.id, row.ply)
            members = await repos.votes.member_count(team.id)
        counted = tally((v.id, v.path, v.notation) for v in window)
        played = await self._decide(team, row, counted) if len(window) >= members else None
        shown = None if team.secret and played is None else counted
        view = played.game if played is not None else GameView.from_row(row, position)
        return VoteCast(team, view, notation, len(window), shown, played)

    async def _voter_team(self, repos: Repositories, row: GameRow, voter_id: int) -> Team:
        if row.status != GameStatus.ACTIVE:
            raise GameOver(GameView.from_row(row))
        mine = await repos.votes.teams_of(voter_id, row.id)
        if not mine:
            raise NotOnTeam(row.id)
        team = await _load(repos, mine[0])
        if to_move_id(row) != team.seat:
            raise NotYourTurn(to_move_id(row))
        if row.move_deadline is not None and from_db(row.move_deadline) <= self._ctx.now():
            raise WindowClosed()
        return team

    async def _close_if_complete(self, team: Team) -> MoveResult | None:
        assert team.game_id is not None
        async with self._ctx.db.read() as repos:
            row = await load_row(repos, team.game_id)
            if row.status != GameStatus.ACTIVE or to_move_id(row) != team.seat:
                return None
            window = await repos.votes.window(team.id, row.ply)
            members = await repos.votes.member_count(team.id)
        if not window or len(window) < members:
            return None
        return await self._decide(team, row, tally((v.id, v.path, v.notation) for v in window))

    async def close_window(self, game_id: int) -> MoveResult | None:
        """Play the team's counted move now (the deadline came with votes in). None if there is nothing to
        decide (no vote, not the team's turn, the game moved on)."""
        async with self._ctx.db.read() as repos:
            row = await load_row(repos, game_id)
            seat = to_move_id(row)
            if row.status != GameStatus.ACTIVE or not is_team_seat(seat):
                return None
            found = await repos.votes.team_by_seat(seat)
            if found is None:
                return None
            team = await _team(repos, found)
            window = await repos.votes.window(team.id, row.ply)
        if not window:
            return None
        return await self._decide(team, row, tally((v.id, v.path, v.notation) for v in window))

    async def _decide(self, team: Team, row: GameRow, counted: tuple[Count, ...]) -> MoveResult | None:
        """Play the winner of the count for the team; None if another closer played first."""
        assert counted
        try:
            with acting_as(SYSTEM):
                result = await self._games.play(row.id, team.seat, counted[0].path, expected_version=row.version)
        except (StaleGame, NotYourTurn, GameOver):
            return None
        if result.last.ended is not None:
            async with self._ctx.db.write() as repos:
                await repos.votes.set_status(team.id, "over", was="playing")
        return result

    # ---- what a member sees --------------------------------------------------------------------

    async def status(self, game_id: int | None, player_id: int, *, team_id: int | None = None) -> VoteStatus:
        """The team (the asker's in this game, else its first), its window and the asker's record."""
        team = await self.team(team_id) if team_id is not None else None
        if team is None:
            if game_id is None:
                raise TeamNotFound(None)
            team = await self.team_of_game(game_id, player_id)
        async with self._ctx.db.read() as repos:
            if team.game_id is None:
                return VoteStatus(team, None, False, 0, None, None, 0, 0)
            row = await load_row(repos, team.game_id)
            is_open = row.status == GameStatus.ACTIVE and to_move_id(row) == team.seat
            window = await repos.votes.window(team.id, row.ply) if is_open else []
            windows, followed = await repos.votes.record_of(team.id, player_id)
        mine = next((v.notation for v in window if v.voter_id == player_id), None)
        counted = tally((v.id, v.path, v.notation) for v in window) if mine is not None and not team.secret else None
        return VoteStatus(team, GameView.from_row(row), is_open, len(window), mine, counted, windows, followed)


async def on_deadline(ctx: Context, repos: Repositories, row: GameRow, now: datetime) -> bool:
    """The timeout timer fired for a team with votes in: inside the timer's transaction, give the team the few
    seconds the close needs (a timeout timer re-armed: if this process dies first, the next one closes it) and
    say so; the caller then plays the counted move with VoteService.close_window. False: lose on time as usual."""
    seat = to_move_id(row)
    if not is_team_seat(seat):
        return False
    team = await repos.votes.team_by_seat(seat)
    if team is None or not await repos.votes.window(team.id, row.ply):
        return False
    until = to_db(now + ctx.config.work_lease)
    await repos.games.set_clock(row.id, until, None)
    await repos.timers.add_game_timers(row.id, [("timeout", until)], to_db(now))
    return True


async def _active(repos: Repositories, game_id: int) -> bool:
    row = await repos.games.get(game_id)
    return row is not None and row.status == GameStatus.ACTIVE


async def _team(repos: Repositories, row: VoteTeamRow) -> Team:
    check_team(row.guild_id, row.id, row.organiser_id)
    return Team.from_row(row, await repos.votes.members(row.id))


async def _load(repos: Repositories, team_id: int) -> Team:
    row = await repos.votes.team(team_id) if 0 < team_id < 2**63 else None
    if row is None:
        raise TeamNotFound(team_id)
    return await _team(repos, row)


__all__ = ["MAX_MEMBERS", "Team", "VoteCast", "VoteService", "VoteStatus", "on_deadline"]
