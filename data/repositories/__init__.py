"""Repositories: the only place with SQL text. Always `?` parameters; they return dataclasses.

`Repositories(conn)` bundles them over one connection; `Database.write()` / `read()` hand one out.
"""

from __future__ import annotations

from data.repositories.challenges import ChallengeRepository, OfferRepository
from data.repositories.correspondence import AnalysisRepository, PremoveRepository
from data.repositories.explorer import ExplorerRepository
from data.repositories.follows import FollowRepository
from data.repositories.games import GameRepository, MoveRepository
from data.repositories.imports import ImportedGameRepository
from data.repositories.leases import LeaseRepository
from data.repositories.notes import NoteRepository, NoteRow, SavedLineRepository, SavedLineRow
from data.repositories.outbox import OutboxRepository
from data.repositories.players import PlayerRepository, ServerRepository
from data.repositories.puzzles import PuzzleRepository
from data.repositories.ratings import RatingRepository
from data.repositories.schema import SchemaRepository, TableInfo
from data.repositories.sessions import SessionRepository, SessionRow, SignInRow
from data.repositories.state import StateRepository
from data.repositories.timers import TimerRepository
from data.repositories.tournaments import TournamentRepository
from data.repositories.votes import VoteRepository
from data.repositories.work import WorkRepository
from data.store import Connection

__all__ = [
    "AnalysisRepository",
    "ChallengeRepository",
    "ExplorerRepository",
    "FollowRepository",
    "GameRepository",
    "ImportedGameRepository",
    "LeaseRepository",
    "MoveRepository",
    "NoteRepository",
    "NoteRow",
    "OfferRepository",
    "OutboxRepository",
    "PlayerRepository",
    "PremoveRepository",
    "PuzzleRepository",
    "RatingRepository",
    "Repositories",
    "SavedLineRepository",
    "SavedLineRow",
    "SchemaRepository",
    "ServerRepository",
    "SessionRepository",
    "SessionRow",
    "SignInRow",
    "StateRepository",
    "TableInfo",
    "TimerRepository",
    "TournamentRepository",
    "VoteRepository",
    "WorkRepository",
]


class Repositories:
    def __init__(self, conn: Connection) -> None:
        self.conn = conn
        self.players = PlayerRepository(conn)
        self.servers = ServerRepository(conn)
        self.games = GameRepository(conn)
        self.moves = MoveRepository(conn)
        self.challenges = ChallengeRepository(conn)
        self.offers = OfferRepository(conn)
        self.ratings = RatingRepository(conn)
        self.timers = TimerRepository(conn)
        self.state = StateRepository(conn)
        self.premoves = PremoveRepository(conn)
        self.analyses = AnalysisRepository(conn)
        self.tournaments = TournamentRepository(conn)
        self.imported = ImportedGameRepository(conn)
        self.schema = SchemaRepository(conn)
        self.leases = LeaseRepository(conn)
        self.outbox = OutboxRepository(conn)
        self.work = WorkRepository(conn)
        self.explorer = ExplorerRepository(conn)
        self.follows = FollowRepository(conn)
        self.puzzles = PuzzleRepository(conn)
        self.votes = VoteRepository(conn)
        self.sessions = SessionRepository(conn)
        self.notes = NoteRepository(conn)
        self.saved_lines = SavedLineRepository(conn)

    async def integrity_check(self) -> list[str]:
        """SQLite's page-level check. PostgreSQL has no counterpart to run here (it checks pages as it reads
        them, with checksums when the cluster has them), so it answers "ok" once the server answers."""
        if self.conn.dialect == "postgresql":
            rows = await self.conn.execute_fetchall("SELECT 'ok'")
        else:
            rows = await self.conn.execute_fetchall("PRAGMA integrity_check")
        return [str(row[0]) for row in rows]

    async def foreign_key_problems(self) -> list[str]:
        """Rows whose references point nowhere. PostgreSQL enforces foreign keys at every change, always."""
        if self.conn.dialect == "postgresql":
            return []
        rows = await self.conn.execute_fetchall("PRAGMA foreign_key_check")
        return [f"{row[0]} rowid {row[1]} -> {row[2]}" for row in rows]
