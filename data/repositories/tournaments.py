"""Tournaments, their entrants and their boards (a board is a pairing of a round and its game)."""

from __future__ import annotations

from data.models import BoardRow, EntrantRow, TournamentRow
from data.repositories.base import Repository

_BOARDS = (
    "SELECT b.tournament_id, b.round, b.board, b.white_id, b.black_id, b.game_id, g.result, g.status "
    "FROM tournament_boards b LEFT JOIN games g ON g.id = b.game_id "
)


class TournamentRepository(Repository):
    async def insert(
        self,
        *,
        guild_id: int | None,
        channel_id: int | None,
        name: str,
        variant: str,
        days_per_move: int,
        format: str,
        rounds: int,
        rated: bool,
        creator_id: int,
        created_at: str,
        ballots: bool = False,
        clock: str | None = None,
    ) -> int:
        return await self._insert(
            "INSERT INTO tournaments (guild_id, channel_id, name, variant, days_per_move, format, rounds, rated, "
            "creator_id, created_at, ballots, clock) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (
                guild_id,
                channel_id,
                name,
                variant,
                days_per_move,
                format,
                rounds,
                int(rated),
                creator_id,
                created_at,
                int(ballots),
                clock,
            ),
        )

    async def get(self, tournament_id: int) -> TournamentRow | None:
        return await self._one(TournamentRow, "SELECT * FROM tournaments WHERE id = ?", (tournament_id,))

    async def in_server(self, guild_id: int | None, statuses: tuple[str, ...]) -> list[TournamentRow]:
        marks = ", ".join("?" for _ in statuses)
        if guild_id is None:
            sql = f"SELECT * FROM tournaments WHERE guild_id IS NULL AND status IN ({marks}) ORDER BY id"
            return await self._all(TournamentRow, sql, statuses)
        sql = f"SELECT * FROM tournaments WHERE guild_id = ? AND status IN ({marks}) ORDER BY id"
        return await self._all(TournamentRow, sql, (guild_id, *statuses))

    async def running(self) -> list[TournamentRow]:
        return await self._all(TournamentRow, "SELECT * FROM tournaments WHERE status = 'running' ORDER BY id")

    async def for_game(self, game_id: int) -> TournamentRow | None:
        return await self._one(
            TournamentRow,
            "SELECT t.* FROM tournaments t JOIN tournament_boards b ON b.tournament_id = t.id WHERE b.game_id = ?",
            (game_id,),
        )

    async def start(self, tournament_id: int, total_rounds: int, now: str) -> bool:
        """open -> running; False if someone else started (or cancelled) it first."""
        changed = await self._run(
            "UPDATE tournaments SET status = 'running', total_rounds = ?, started_at = ? "
            "WHERE id = ? AND status = 'open'",
            (total_rounds, now, tournament_id),
        )
        return changed == 1

    async def advance(self, tournament_id: int, from_round: int, to_round: int) -> bool:
        """Move the round counter on; False if another caller already did (each round is paired once)."""
        changed = await self._run(
            "UPDATE tournaments SET current_round = ? WHERE id = ? AND current_round = ? AND status = 'running'",
            (to_round, tournament_id, from_round),
        )
        return changed == 1

    async def close(self, tournament_id: int, status: str, now: str, *, from_status: str) -> bool:
        changed = await self._run(
            "UPDATE tournaments SET status = ?, finished_at = ? WHERE id = ? AND status = ?",
            (status, now, tournament_id, from_status),
        )
        return changed == 1

    async def set_thread(self, tournament_id: int, thread_id: int | None) -> None:
        """The tournament's thread, and its games' that have none yet (their boards go there)."""
        await self._run("UPDATE tournaments SET thread_id = ? WHERE id = ?", (thread_id, tournament_id))
        await self._run(
            "UPDATE games SET thread_id = ? WHERE thread_id IS NULL AND id IN "
            "(SELECT game_id FROM tournament_boards WHERE tournament_id = ? AND game_id IS NOT NULL)",
            (thread_id, tournament_id),
        )

    # ---- entrants ------------------------------------------------------------------------------

    async def add_entrant(self, tournament_id: int, player_id: int, now: str) -> bool:
        changed = await self._run(
            "INSERT INTO tournament_players (tournament_id, player_id, joined_at) VALUES (?, ?, ?) "
            "ON CONFLICT (tournament_id, player_id) DO NOTHING",
            (tournament_id, player_id, now),
        )
        return changed == 1

    async def remove_entrant(self, tournament_id: int, player_id: int) -> bool:
        changed = await self._run(
            "DELETE FROM tournament_players WHERE tournament_id = ? AND player_id = ?", (tournament_id, player_id)
        )
        return changed == 1

    async def entrants(self, tournament_id: int) -> list[EntrantRow]:
        return await self._all(
            EntrantRow,
            "SELECT * FROM tournament_players WHERE tournament_id = ? ORDER BY seed, joined_at, player_id",
            (tournament_id,),
        )

    async def seed(self, tournament_id: int, player_id: int, seed: int, rating: float) -> None:
        await self._run(
            "UPDATE tournament_players SET seed = ?, rating = ? WHERE tournament_id = ? AND player_id = ?",
            (seed, rating, tournament_id, player_id),
        )

    async def withdraw(self, tournament_id: int, player_id: int, round_number: int) -> bool:
        changed = await self._run(
            "UPDATE tournament_players SET withdrawn_round = ? "
            "WHERE tournament_id = ? AND player_id = ? AND withdrawn_round IS NULL",
            (round_number, tournament_id, player_id),
        )
        return changed == 1

    # ---- boards --------------------------------------------------------------------------------

    async def add_board(
        self,
        tournament_id: int,
        round_number: int,
        board: int,
        white_id: int,
        black_id: int | None,
        game_id: int | None,
    ) -> None:
        await self._run(
            "INSERT INTO tournament_boards (tournament_id, round, board, white_id, black_id, game_id) "
            "VALUES (?, ?, ?, ?, ?, ?)",
            (tournament_id, round_number, board, white_id, black_id, game_id),
        )

    async def boards(self, tournament_id: int, round_number: int | None = None) -> list[BoardRow]:
        if round_number is None:
            return await self._all(
                BoardRow, _BOARDS + "WHERE b.tournament_id = ? ORDER BY b.round, b.board", (tournament_id,)
            )
        return await self._all(
            BoardRow,
            _BOARDS + "WHERE b.tournament_id = ? AND b.round = ? ORDER BY b.board",
            (tournament_id, round_number),
        )

    async def board_of_game(self, game_id: int) -> BoardRow | None:
        return await self._one(BoardRow, _BOARDS + "WHERE b.game_id = ?", (game_id,))

    async def unfinished_games(self, tournament_id: int) -> int:
        value = await self._scalar(
            "SELECT COUNT(*) FROM tournament_boards b JOIN games g ON g.id = b.game_id "
            "WHERE b.tournament_id = ? AND g.status = 'active'",
            (tournament_id,),
        )
        return int(value or 0)
