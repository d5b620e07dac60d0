"""Running tournaments. TournamentService is three layers, each in its own module: looking (looking.py: a
tournament, standings, pairings, and the news the outbox reads back), the start and the rounds (rounds.py: each
round created exactly once, its news in the same transaction), and entry (here: create, join, withdraw, cancel).
"""

from __future__ import annotations

from data.timeutil import to_db
from service.ballots import draw_ballot
from service.context import clock_terms, game_terms
from service.errors import (
    AlreadyEntered,
    InvalidSetting,
    NotEntered,
    TournamentClosed,
    TournamentFull,
)
from service.game_settings import GameSettings
from service.lifecycle import finish, load_row
from service.results import EndReason, GameFinished, GameStatus
from service.timecontrol import Kind
from service.tournaments.rounds import TournamentRounds
from service.tournaments.views import (
    TournamentFormat,
    TournamentStatus,
    TournamentView,
)

MAX_PLAYERS = {TournamentFormat.ROUND_ROBIN: 24, TournamentFormat.SWISS: 64}  # pairing 64: benchmarks
MAX_SWISS_ROUNDS = 20
MAX_NAME = 80
DEFAULT_SETTINGS = GameSettings()


class TournamentService(TournamentRounds):
    async def create(
        self,
        creator_id: int,
        name: str,
        settings: GameSettings = DEFAULT_SETTINGS,
        *,
        format: str = TournamentFormat.ROUND_ROBIN,
        rounds: int | None = None,
        guild_id: int | None = None,
        channel_id: int | None = None,
    ) -> TournamentView:
        """Its games' terms are settings' variant, days per move or clock (time-bank terms, as /challenge takes
        them), rated and ballot (each pairing then plays one drawn ballot with both colours: two boards, two
        games); colour, bot level and start position do not apply. Raises InvalidSetting for a bad name,
        format, rounds or days, BadClock, rules.UnknownVariantError; NoBallots for a ballot in a variant
        without published ballots."""
        name = " ".join(name.split())
        if not 1 <= len(name) <= MAX_NAME:
            raise InvalidSetting("name", name, f"1-{MAX_NAME} characters")
        if format not in tuple(TournamentFormat):
            raise InvalidSetting("format", format, "round-robin / swiss")
        kind = TournamentFormat(format)
        if kind is TournamentFormat.ROUND_ROBIN:
            rounds = 1 if rounds is None else rounds
            if rounds not in (1, 2):
                raise InvalidSetting("rounds", rounds, "1 / 2")
        else:
            rounds = 5 if rounds is None else rounds
            if not 1 <= rounds <= MAX_SWISS_ROUNDS:
                raise InvalidSetting("rounds", rounds, f"1-{MAX_SWISS_ROUNDS}")
        days_per_move = settings.days_per_move
        terms = clock_terms(self._ctx, settings.clock)
        if terms is not None and terms.kind is Kind.PER_MOVE:
            days_per_move, terms = terms.base_days, None
        now = to_db(self._ctx.now())
        async with self._ctx.db.write() as repos:
            variant_id, days = await game_terms(self._ctx, repos, guild_id, settings.variant, days_per_move)
            if settings.ballot:
                draw_ballot(variant_id, self._ctx.rng)  # refuses a variant without a deck before anyone joins
            await repos.players.ensure(creator_id, None, now)
            tournament_id = await repos.tournaments.insert(
                guild_id=guild_id,
                channel_id=channel_id,
                name=name,
                variant=variant_id,
                days_per_move=days,
                format=kind.value,
                rounds=rounds,
                rated=settings.rated,
                creator_id=creator_id,
                created_at=now,
                ballots=settings.ballot,
                clock=terms.text() if terms is not None else None,
            )
            return await self._view(repos, tournament_id)

    async def join(self, tournament_id: int, player_id: int) -> TournamentView:
        now = to_db(self._ctx.now())
        async with self._ctx.db.write() as repos:
            row = await self._load(repos, tournament_id)
            if row.status != TournamentStatus.OPEN:
                raise TournamentClosed(row.status)
            entrants = await repos.tournaments.entrants(tournament_id)
            most = MAX_PLAYERS[TournamentFormat(row.format)]
            if len(entrants) >= most:
                raise TournamentFull(most)
            await repos.players.ensure(player_id, None, now)
            if not await repos.tournaments.add_entrant(tournament_id, player_id, now):
                raise AlreadyEntered()
            return await self._view(repos, tournament_id)

    async def withdraw(self, tournament_id: int, player_id: int) -> tuple[TournamentView, tuple[GameFinished, ...]]:
        """Before the start: leave the list. After it: the player's unfinished games are resigned and a
        Swiss event pairs them no more. Announce the finished games like any others (that path also
        moves the tournament on)."""
        now = self._ctx.now()
        async with self._ctx.db.write() as repos:
            row = await self._load(repos, tournament_id)
            if row.status == TournamentStatus.OPEN:
                if not await repos.tournaments.remove_entrant(tournament_id, player_id):
                    raise NotEntered()
                return await self._view(repos, tournament_id), ()
            if row.status != TournamentStatus.RUNNING:
                raise TournamentClosed(row.status)
            if not await repos.tournaments.withdraw(tournament_id, player_id, max(row.current_round, 1)):
                entrants = {e.player_id for e in await repos.tournaments.entrants(tournament_id)}
                raise NotEntered() if player_id not in entrants else TournamentClosed("withdrawn")
            finished: list[GameFinished] = []
            for board in await repos.tournaments.boards(tournament_id):
                if board.game_id is None or board.status != GameStatus.ACTIVE:
                    continue
                if player_id not in (board.white_id, board.black_id):
                    continue
                game = await load_row(repos, board.game_id)
                result = "0-1" if player_id == game.white_id else "1-0"
                finished.append(await finish(repos, game, game.version, result, EndReason.RESIGNATION, now))
            return await self._view(repos, tournament_id), tuple(finished)

    async def cancel(self, tournament_id: int, player_id: int, *, manager: bool = False) -> TournamentView:
        """Stop the tournament; games already started go on as ordinary games."""
        now = to_db(self._ctx.now())
        async with self._ctx.db.write() as repos:
            row = await self._load(repos, tournament_id)
            self._check_organiser(row, player_id, manager)
            if row.status not in (TournamentStatus.OPEN, TournamentStatus.RUNNING):
                raise TournamentClosed(row.status)
            await repos.tournaments.close(tournament_id, TournamentStatus.CANCELLED, now, from_status=row.status)
            return await self._view(repos, tournament_id)

