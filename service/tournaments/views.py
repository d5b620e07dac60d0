"""What the tournament service returns: frozen dataclasses, no Discord."""

from __future__ import annotations

import enum
from dataclasses import dataclass

from data.models import TournamentRow
from service.announcements import game_stream, tournament_stream
from service.results import GameView
from service.tournaments.scoring import Standing


class TournamentFormat(enum.StrEnum):
    ROUND_ROBIN = "round-robin"
    SWISS = "swiss"


class TournamentStatus(enum.StrEnum):
    OPEN = "open"
    RUNNING = "running"
    FINISHED = "finished"
    CANCELLED = "cancelled"


@dataclass(frozen=True, slots=True)
class TournamentView:
    id: int
    name: str
    variant: str
    days_per_move: int
    format: TournamentFormat
    rounds: int  # Swiss: rounds; round robin: cycles
    rated: bool
    creator_id: int
    status: TournamentStatus
    current_round: int
    total_rounds: int
    guild_id: int | None
    channel_id: int | None
    thread_id: int | None
    players: tuple[int, ...]  # in seed order once started, else in order of joining
    withdrawn: tuple[int, ...]
    ballots: bool = False  # each pairing plays a drawn ballot with both colours
    clock: str | None = None  # its games' time-bank terms; None: days per move

    @classmethod
    def from_row(cls, row: TournamentRow, players: tuple[int, ...], withdrawn: tuple[int, ...]) -> TournamentView:
        return cls(
            row.id,
            row.name,
            row.variant,
            row.days_per_move,
            TournamentFormat(row.format),
            row.rounds,
            bool(row.rated),
            row.creator_id,
            TournamentStatus(row.status),
            row.current_round,
            row.total_rounds,
            row.guild_id,
            row.channel_id,
            row.thread_id,
            players,
            withdrawn,
            bool(row.ballots),
            row.clock,
        )

    @property
    def swiss(self) -> bool:
        return self.format is TournamentFormat.SWISS

    @property
    def double(self) -> bool:
        return self.format is TournamentFormat.ROUND_ROBIN and self.rounds == 2


@dataclass(frozen=True, slots=True)
class BoardView:
    round: int
    board: int
    white_id: int
    black_id: int | None  # None: a bye for white_id
    game_id: int | None
    result: str | None  # "1-0", "0-1", "1/2-1/2"; a bye shows "bye"; None while the game runs


@dataclass(frozen=True, slots=True)
class NewGame:
    board: BoardView
    game: GameView
    bot_opening: str | None  # the bot's first move, when it had White


@dataclass(frozen=True, slots=True)
class TournamentNews:
    """Something to announce: a round paired (its new games and byes), or the end with the standings."""

    tournament: TournamentView
    round: int | None
    games: tuple[NewGame, ...] = ()
    byes: tuple[int, ...] = ()
    final: tuple[Standing, ...] | None = None
    stopped_early: bool = False  # a Swiss event ended before its last round: no legal pairing was left

    @property
    def streams(self) -> tuple[str, ...]:
        """The outbox streams holding this news: the tournament's post first, then each game's board."""
        return (tournament_stream(self.tournament.id), *(game_stream(g.game.id) for g in self.games))

    @property
    def winner_id(self) -> int | None:
        if not self.final:
            return None
        return self.final[0].player_id


@dataclass(frozen=True, slots=True)
class StandingsView:
    tournament: TournamentView
    rows: tuple[Standing, ...]
    rounds_completed: int
