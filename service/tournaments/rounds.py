"""A tournament's start and its rounds: seeding, pairing (in a worker thread: a Swiss pairing is real work),
creating each round's games exactly once, and the end.

Each next round is created exactly once: pairings are computed from a read snapshot, then written in one
transaction that first moves the tournament's round counter on with a compare-and-set, so a second `start`
click or a second "last result" finds the counter already moved and writes nothing. The same transaction queues
the round's news in the outbox (the pairings, each game's first board and turn notification), and the one that
ends the tournament queues the final standings: a crash after it loses none of them.
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
from service.announcements import Announcement, AnnouncementKind, announce
from service.ballots import draw_ballot, play_ballot
from service.errors import TooFewPlayers, TooManyRounds, TournamentClosed
from service.follow_news import note_start
from service.lifecycle import announce_board, arm_timers, load_row, start_bank, turn_clock
from service.results import GameView
from service.tournaments.looking import TournamentLooking, _played
from service.tournaments.pairing import NoPairing, Pairing, round_robin, swiss_round
from service.tournaments.views import BoardView, NewGame, TournamentFormat, TournamentNews, TournamentStatus

MIN_PLAYERS = 3
BOT_LEVEL = 1  # the bot's strength when it takes part (local mode)
DEFAULT_RATING = 1500.0


class TournamentRounds(TournamentLooking):
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


async def _announce_round(
    repos: Repositories, tournament_id: int, round_number: int | None, now: datetime, *, grace: float = 0.0
) -> None:
    news = Announcement(AnnouncementKind.TOURNAMENT_ROUND, tournament_id=tournament_id, round=round_number)
    await announce(repos, news, now, grace=grace)
