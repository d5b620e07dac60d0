"""Running tournaments: entry, the start, rounds that pair themselves, withdrawals and the end.

Each next round is created exactly once: pairings are computed from a read snapshot (in a worker
thread: a Swiss pairing is real work), then written in one transaction that first moves the
tournament's round counter on with a compare-and-set, so a second `start` click or a second "last
result" finds the counter already moved and writes nothing. The same transaction queues the round's news
in the outbox (the pairings, each game's first board and turn notification), and the one that ends the
tournament queues the final standings: a crash after it loses none of them.
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from datetime import datetime

from data.models import BOT_ID, BoardRow, EntrantRow, TournamentRow
from data.models import NewGame as NewGameRow
from data.repositories import Repositories
from data.timeutil import to_db
from rules import find_variant
from rules.openings import find_ballot
from service.access import ScopedPart, check_tournament
from service.announcements import Announcement, AnnouncementKind, announce
from service.ballots import draw_ballot, play_ballot
from service.context import Context, clock_terms, game_terms
from service.errors import (
    AlreadyEntered,
    InvalidSetting,
    NoSuchRound,
    NotEntered,
    NotOrganiser,
    TooFewPlayers,
    TooManyRounds,
    TournamentClosed,
    TournamentFull,
    TournamentNotFound,
)
from service.follow_news import note_start
from service.games import GameService
from service.lifecycle import MAX_ID, announce_board, arm_timers, finish, load_row, start_bank, turn_clock
from service.results import EndReason, GameFinished, GameStatus, GameView
from service.timecontrol import Kind
from service.tournaments.pairing import NoPairing, Pairing, Played, round_robin, swiss_round
from service.tournaments.scoring import standings
from service.tournaments.views import (
    BoardView,
    NewGame,
    StandingsView,
    TournamentFormat,
    TournamentNews,
    TournamentStatus,
    TournamentView,
)

MIN_PLAYERS = 3
MAX_PLAYERS = {TournamentFormat.ROUND_ROBIN: 24, TournamentFormat.SWISS: 64}  # pairing 64: benchmarks
MAX_SWISS_ROUNDS = 20
MAX_NAME = 80
BOT_LEVEL = 1  # the bot's strength when it takes part (local mode)
DEFAULT_RATING = 1500.0
POINTS = {"1-0": 1.0, "0-1": 0.0, "1/2-1/2": 0.5}


class TournamentService(ScopedPart):
    def __init__(self, ctx: Context, games: GameService) -> None:
        self._ctx = ctx
        self._games = games

    # ---- entry ---------------------------------------------------------------------------------

    async def create(
        self,
        creator_id: int,
        name: str,
        *,
        variant: str | None = None,
        days_per_move: int | None = None,
        format: str = TournamentFormat.ROUND_ROBIN,
        rounds: int | None = None,
        rated: bool = False,
        guild_id: int | None = None,
        channel_id: int | None = None,
        ballots: bool = False,
        clock: str | None = None,
    ) -> TournamentView:
        """Raises InvalidSetting for a bad name, format, rounds or days, BadClock (clock: time-bank terms for its
        games, as /challenge takes them), rules.UnknownVariantError; NoBallots for ballots=True in a variant
        without published ballots (each pairing then plays one drawn ballot with both colours: two boards, two
        games)."""
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
        terms = clock_terms(self._ctx, clock)
        if terms is not None and terms.kind is Kind.PER_MOVE:
            days_per_move, terms = terms.base_days, None
        now = to_db(self._ctx.now())
        async with self._ctx.db.write() as repos:
            variant_id, days = await game_terms(self._ctx, repos, guild_id, variant, days_per_move)
            if ballots:
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
                rated=rated,
                creator_id=creator_id,
                created_at=now,
                ballots=ballots,
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

    # ---- the start and the rounds --------------------------------------------------------------

    async def start(self, tournament_id: int, player_id: int, *, manager: bool = False) -> TournamentNews:
        """Close entry, seed the players (by rating, then order of joining) and start round 1 — every
        round at once in a round robin. A second start finds the tournament running (TournamentClosed)."""
        async with self._ctx.db.read() as repos:
            row = await self._load(repos, tournament_id)
            self._check_organiser(row, player_id, manager)
            if row.status != TournamentStatus.OPEN:
                raise TournamentClosed(row.status)
            entrants = await repos.tournaments.entrants(tournament_id)
            seeds = await self._seeding(repos, row, [e.player_id for e in entrants])
        rounds = await self._first_rounds(row, seeds)
        players = sorted(p for p, _ in seeds)
        now = self._ctx.now()
        async with self._ctx.db.write() as repos:
            current = await self._load(repos, tournament_id)
            if current.status != TournamentStatus.OPEN:
                raise TournamentClosed(current.status)
            if sorted(e.player_id for e in await repos.tournaments.entrants(tournament_id)) != players:
                changed = True  # someone joined or left meanwhile: seed and pair again
            else:
                changed = False
                total = row.rounds if row.format == TournamentFormat.SWISS else len(rounds)
                if not await repos.tournaments.start(tournament_id, total, to_db(now)):
                    raise TournamentClosed(TournamentStatus.RUNNING)
                for seed, (player, rating) in enumerate(seeds, start=1):
                    await repos.tournaments.seed(tournament_id, player, seed, rating)
                await repos.tournaments.advance(tournament_id, 0, len(rounds))
                grace = self._ctx.config.announce_grace  # the organiser's command posts it, after the thread
                created: list[tuple[BoardView, int | None]] = []
                for number, boards in enumerate(rounds, start=1):
                    created += await self._create_round(repos, current, number, boards, now, grace=grace)
                first = 1 if row.format == TournamentFormat.SWISS else None
                await _announce_round(repos, tournament_id, first, now, grace=grace)
        if changed:
            return await self.start(tournament_id, player_id, manager=manager)
        return await self._news(tournament_id, first, created)

    async def _first_rounds(self, row: TournamentRow, seeds: list[tuple[int, float]]) -> list[list[Pairing]]:
        """Every round of a round robin, or round 1 of a Swiss event (refusing more rounds than fit)."""
        if len(seeds) < MIN_PLAYERS:
            raise TooFewPlayers(len(seeds), MIN_PLAYERS)
        players = [p for p, _ in seeds]
        if row.format == TournamentFormat.ROUND_ROBIN:
            return round_robin(players, row.rounds)
        most = len(players) if len(players) % 2 else len(players) - 1  # an odd field has a bye a round
        if row.rounds > most:
            raise TooManyRounds(row.rounds, most)
        try:
            return [await asyncio.to_thread(swiss_round, seeds, [], 1, row.rounds)]
        except NoPairing:
            raise TooManyRounds(row.rounds, most) from None

    async def after_game(self, game_id: int) -> TournamentNews | None:
        """Call when a game ends: if it was the last of its round, the next round is paired and its games
        start (Swiss), or the tournament ends. None when there is nothing to announce (or another caller
        already moved the tournament on)."""
        async with self._ctx.db.read() as repos:
            row = await repos.tournaments.for_game(game_id)
        if row is None or row.status != TournamentStatus.RUNNING:
            return None
        return await self.advance(row.id)

    async def catch_up(self) -> list[TournamentNews]:
        """Move on every running tournament whose round is over (after a restart)."""
        async with self._ctx.db.read() as repos:
            running = await repos.tournaments.running()
        news = []
        for row in running:
            item = await self.advance(row.id)
            if item is not None:
                news.append(item)
        return news

    async def advance(self, tournament_id: int) -> TournamentNews | None:
        """Pair the next Swiss round, or end the tournament, if every game of the round is over."""
        async with self._ctx.db.read() as repos:
            row = await repos.tournaments.get(tournament_id)
            if row is None or row.status != TournamentStatus.RUNNING:
                return None
            if await repos.tournaments.unfinished_games(tournament_id):
                return None
            boards = await repos.tournaments.boards(tournament_id)
            entrants = await repos.tournaments.entrants(tournament_id)
        pairing = await self._next_round(row, boards, entrants) if row.current_round < row.total_rounds else None
        now = self._ctx.now()
        async with self._ctx.db.write() as repos:
            current = await repos.tournaments.get(tournament_id)
            if current is None or current.current_round != row.current_round:
                return None
            if current.status != TournamentStatus.RUNNING or await repos.tournaments.unfinished_games(tournament_id):
                return None
            if pairing is not None:
                number = row.current_round + 1
                if not await repos.tournaments.advance(tournament_id, row.current_round, number):
                    return None
                created = await self._create_round(repos, current, number, pairing, now)
                await _announce_round(repos, tournament_id, number, now)
            elif await repos.tournaments.close(
                tournament_id, TournamentStatus.FINISHED, to_db(now), from_status=TournamentStatus.RUNNING
            ):
                news = Announcement(AnnouncementKind.TOURNAMENT_FINISHED, tournament_id=tournament_id)
                await announce(repos, news, now)
            else:
                return None
        if pairing is not None:
            return await self._news(tournament_id, row.current_round + 1, created)
        return await self.final_news(tournament_id)

    async def _next_round(
        self, row: TournamentRow, boards: Sequence[BoardRow], entrants: Sequence[EntrantRow]
    ) -> list[Pairing] | None:
        """The next Swiss round's pairing; None when no legal pairing is left (the event ends there)."""
        seeds = [(e.player_id, e.rating) for e in entrants]
        withdrawn = frozenset(e.player_id for e in entrants if e.withdrawn_round is not None)
        played = _played(boards, swiss=True)
        try:
            return await asyncio.to_thread(
                swiss_round, seeds, played, row.current_round + 1, row.total_rounds, withdrawn=withdrawn
            )
        except NoPairing:
            return None

    # ---- looking ------------------------------------------------------------------------------

    async def get(self, tournament_id: int) -> TournamentView:
        async with self._ctx.db.read() as repos:
            return await self._view(repos, tournament_id)

    async def in_server(self, guild_id: int | None, *, include_finished: bool = False) -> list[TournamentView]:
        statuses = ("open", "running", "finished") if include_finished else ("open", "running")
        async with self._ctx.db.read() as repos:
            rows = await repos.tournaments.in_server(guild_id, statuses)
            return [await self._view(repos, row.id) for row in rows]

    async def standings(self, tournament_id: int, *, checked: bool = True) -> StandingsView:
        async with self._ctx.db.read() as repos:
            view = await self._view(repos, tournament_id, checked=checked)
            boards = await repos.tournaments.boards(tournament_id)
        played = _played(boards, swiss=view.swiss)
        rounds_done = _rounds_completed(boards)
        rows = standings(list(view.players), played, swiss=view.swiss, rounds_completed=rounds_done)
        return StandingsView(view, tuple(rows), rounds_done)

    async def pairings(self, tournament_id: int, round_number: int | None = None) -> tuple[int, list[BoardView]]:
        """The boards of a round (default: the latest paired) as (round, boards)."""
        async with self._ctx.db.read() as repos:
            view = await self._view(repos, tournament_id)
            number = view.current_round if round_number is None else round_number
            if not 1 <= number <= view.current_round:
                raise NoSuchRound(number, view.current_round)
            boards = await repos.tournaments.boards(tournament_id, number)
        return number, [_board_view(b) for b in boards]

    async def is_tournament_game(self, game_id: int) -> bool:
        """Whether the game is played in a tournament (its hints follow the rule for rated games)."""
        async with self._ctx.db.read() as repos:
            return await repos.tournaments.for_game(game_id) is not None

    async def set_thread(self, tournament_id: int, thread_id: int | None) -> None:
        """Remember the tournament's thread: its news and its games go there (the games already started
        too, whose first boards wait in the outbox)."""
        async with self._ctx.db.write() as repos:
            await self._load(repos, tournament_id)
            await repos.tournaments.set_thread(tournament_id, thread_id)

    # ---- what the outbox delivers (read back when it is posted: pairings and final standings never change)

    async def placement(self, game_id: int) -> tuple[TournamentView, int] | None:
        """The tournament and round a game is played in; None for an ordinary game."""
        async with self._ctx.db.read() as repos:
            board = await repos.tournaments.board_of_game(game_id)
            if board is None:
                return None
            return await self._view(repos, board.tournament_id, checked=False), board.round

    async def round_news(self, tournament_id: int, round_number: int | None) -> TournamentNews:
        """A round's pairings as announced (None: every game of a round robin, which all start at once)."""
        async with self._ctx.db.read() as repos:
            view = await self._view(repos, tournament_id, checked=False)
            boards = await repos.tournaments.boards(tournament_id, round_number)
            games = []
            for board in boards:
                if board.game_id is not None:
                    game = GameView.from_row(await load_row(repos, board.game_id))
                    games.append(NewGame(_board_view(board), game, None))
        byes = tuple(b.white_id for b in boards if b.black_id is None) if round_number is not None else ()
        return TournamentNews(view, round_number, tuple(games), byes)

    async def final_news(self, tournament_id: int) -> TournamentNews:
        """The end: the final standings, and whether a Swiss event stopped before its last round."""
        table = await self.standings(tournament_id, checked=False)
        t = table.tournament
        return TournamentNews(t, None, final=table.rows, stopped_early=t.current_round < t.total_rounds)

    async def names(self, player_ids: Sequence[int]) -> dict[int, str | None]:
        """The display names last seen for these players (for pictures, where mentions do not work)."""
        async with self._ctx.db.read() as repos:
            found = {}
            for player in player_ids:
                row = await repos.players.get(player)
                found[player] = row.display_name if row else None
            return found

    # ---- inside ----------------------------------------------------------------------------------

    async def _create_round(
        self,
        repos: Repositories,
        row: TournamentRow,
        number: int,
        boards: Sequence[Pairing],
        now: datetime,
        *,
        grace: float = 0.0,
    ) -> list[tuple[BoardView, int | None]]:
        """The round's boards and games, each game's first board queued (the bot's, with its opening move,
        once it has played it: `_news`)."""
        created: list[tuple[BoardView, int | None]] = []
        index = 0
        for pairing in boards:
            # A ballot event plays each pairing twice from one drawn ballot, colours reversed (a bye: twice).
            ballot = draw_ballot(row.variant, self._ctx.rng) if row.ballots and pairing.black is not None else None
            sides = [(pairing.white, pairing.black)]
            if row.ballots:
                sides.append((pairing.black, pairing.white) if pairing.black is not None else (pairing.white, None))
            games: list[int] = []
            for white, black in sides:
                index += 1
                game_id = None
                if black is not None:
                    game_id = await self._create_game(repos, row, white, black, now, ballot)
                    games.append(game_id)
                    game = GameView.from_row(await load_row(repos, game_id))
                    if game.to_move_id != BOT_ID:
                        news = Announcement(AnnouncementKind.GAME_STARTED, game=game)
                        await announce_board(repos, news, now, grace=grace)
                await repos.tournaments.add_board(row.id, number, index, white, black, game_id)
                view = BoardView(number, index, white, black, game_id, None if game_id else "bye")
                created.append((view, game_id))
            if ballot is not None and len(games) == 2:
                await repos.games.set_ballot(games[0], ballot, games[1])
                await repos.games.set_ballot(games[1], ballot, games[0])
        return created

    async def _create_game(
        self, repos: Repositories, row: TournamentRow, white: int, black: int, now: datetime, ballot: int | None = None
    ) -> int:
        """An ordinary game of the tournament's server, started the way an accepted challenge starts."""
        rules = find_variant(row.variant)
        now_text = to_db(now)
        game_id = await repos.games.insert(
            NewGameRow(
                variant=row.variant,
                white_id=white,
                black_id=black,
                start_fen=rules.start_fen,
                rated=bool(row.rated),
                bot_level=BOT_LEVEL if BOT_ID in (white, black) else None,
                days_per_move=row.days_per_move,
                move_deadline=None,
                paused_seconds=None,
                guild_id=row.guild_id,
                channel_id=row.channel_id,
                created_at=now_text,
                clock=row.clock,
                white_bank=start_bank(row.clock),
                black_bank=start_bank(row.clock),
            )
        )
        game_row = await load_row(repos, game_id)
        opening = find_ballot(rules, ballot) if ballot is not None else None
        if opening is not None:
            game_row = await play_ballot(repos, game_row, opening.moves, now_text)
        first = white if game_row.current_fen[:1].upper() == "W" else black
        deadline, paused = await turn_clock(repos, game_row, first, now)
        await repos.games.set_clock(game_id, deadline, paused)
        await arm_timers(repos, game_id, deadline, row.days_per_move, now)
        if row.thread_id is not None:  # a later round: the tournament's thread exists
            await repos.games.set_display(game_id, row.channel_id, row.thread_id, None)
        await note_start(repos, GameView.from_row(await load_row(repos, game_id)), now)  # for the players' followers
        return game_id

    async def _news(
        self, tournament_id: int, round_number: int | None, created: list[tuple[BoardView, int | None]]
    ) -> TournamentNews:
        """The news of new games; the bot makes its first move where it has White (its move queues the
        game's first board; if the game changed meanwhile, the board is queued as it is)."""
        games: list[NewGame] = []
        byes: list[int] = []
        for board, game_id in created:
            if game_id is None:
                byes.append(board.white_id)
                continue
            opening = None
            reply = await self._games.play_bot(game_id, opening=True)
            if reply is not None:
                opening = reply.move.notation
            async with self._ctx.db.read() as repos:
                game = GameView.from_row(await load_row(repos, game_id))
            if reply is None and game.active and game.to_move_id == BOT_ID:
                async with self._ctx.db.write() as repos:
                    game = GameView.from_row(await load_row(repos, game_id))
                    await announce(repos, Announcement(AnnouncementKind.GAME_STARTED, game=game), self._ctx.now())
            games.append(NewGame(board, game, opening))
        return TournamentNews(await self.get(tournament_id), round_number, tuple(games), tuple(byes))

    async def _seeding(self, repos: Repositories, row: TournamentRow, players: list[int]) -> list[tuple[int, float]]:
        rated = []
        for order, player in enumerate(players):
            rating = await repos.ratings.get(player, row.variant, "human") if player != BOT_ID else None
            rated.append((-(rating.rating if rating else DEFAULT_RATING), order, player))
        return [(player, -negative) for negative, _, player in sorted(rated)]

    @staticmethod
    def _check_organiser(row: TournamentRow, player_id: int, manager: bool) -> None:
        if player_id != row.creator_id and not manager:
            raise NotOrganiser()

    @staticmethod
    async def _load(repos: Repositories, tournament_id: int, *, checked: bool = True) -> TournamentRow:
        """checked=False: for delivering the tournament's own news, which no player asked for."""
        row = await repos.tournaments.get(tournament_id) if 0 < tournament_id <= MAX_ID else None
        if row is None:
            raise TournamentNotFound(tournament_id)
        if checked:
            entrants = {e.player_id for e in await repos.tournaments.entrants(tournament_id)}
            check_tournament(row.guild_id, row.id, entrants)
        return row

    async def _view(self, repos: Repositories, tournament_id: int, *, checked: bool = True) -> TournamentView:
        row = await self._load(repos, tournament_id, checked=checked)
        entrants = await repos.tournaments.entrants(tournament_id)
        players = tuple(e.player_id for e in entrants)
        withdrawn = tuple(e.player_id for e in entrants if e.withdrawn_round is not None)
        return TournamentView.from_row(row, players, withdrawn)


async def _announce_round(
    repos: Repositories, tournament_id: int, round_number: int | None, now: datetime, *, grace: float = 0.0
) -> None:
    news = Announcement(AnnouncementKind.TOURNAMENT_ROUND, tournament_id=tournament_id, round=round_number)
    await announce(repos, news, now, grace=grace)


def _played(boards: Sequence[BoardRow], *, swiss: bool) -> list[Played]:
    """The boards that count: finished games, and Swiss byes (a point). A round robin's free round counts
    nothing: every player has the same number of them. A running game counts nothing yet."""
    played = []
    for board in boards:
        if board.black_id is None:
            if swiss:
                played.append(Played(board.round, board.white_id, None, 1.0))
        elif board.result is not None:
            played.append(Played(board.round, board.white_id, board.black_id, POINTS[board.result]))
    return played


def _rounds_completed(boards: Sequence[BoardRow]) -> int:
    """How many rounds are over, counting from the first (a bye is over at once)."""
    unfinished = {b.round for b in boards if b.black_id is not None and b.result is None}
    paired = {b.round for b in boards}
    done = 0
    while done + 1 in paired and done + 1 not in unfinished:
        done += 1
    return done


def _board_view(board: BoardRow) -> BoardView:
    result = "bye" if board.black_id is None else board.result
    return BoardView(board.round, board.board, board.white_id, board.black_id, board.game_id, result)
