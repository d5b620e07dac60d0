"""Looking at tournaments: a tournament, a server's list, standings, a round's pairings, and the news the outbox
reads back when it posts (pairings and final standings never change). The base of TournamentService
(service/tournaments/service.py): the rounds (rounds.py) and entry build on it."""

from __future__ import annotations

from collections.abc import Sequence

from data.models import BoardRow, TournamentRow
from data.repositories import Repositories
from service.access import ScopedPart, check_tournament
from service.context import Context
from service.errors import NoSuchRound, NotOrganiser, TournamentNotFound
from service.games import GameService
from service.lifecycle import MAX_ID, load_row
from service.results import GameView
from service.tournaments.pairing import Played
from service.tournaments.scoring import standings
from service.tournaments.views import BoardView, NewGame, StandingsView, TournamentNews, TournamentView

POINTS = {"1-0": 1.0, "0-1": 0.0, "1/2-1/2": 0.5}


class TournamentLooking(ScopedPart):
    def __init__(self, ctx: Context, games: GameService) -> None:
        self._ctx = ctx
        self._games = games

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
