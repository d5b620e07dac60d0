"""The game service: everything the bot does with games, over SQLite or PostgreSQL, with no Discord in sight.

    db = await Database.open(settings.database_path)
    service = Service(db)                   # engine=, clock=, rng=, config= are injectable
    with acting_as(SYSTEM):                 # who asks: a Caller, or the system (service/access.py)
        challenge = await service.challenges.create(alice, bob)
        started = await service.challenges.accept(challenge.id, bob)
        result = await service.games.move(started.game.id, white_id, "22-18")  # and all it sets off

Results are frozen dataclasses (results.py); refusals are GameError subclasses (errors.py); a move the rules
refuse is MoveRefused, with the rules' error and its position (messages.describe(error, position) words it).
"""

from __future__ import annotations

import random

from data.db import Database
from data.models import BOT_ID
from service.access import SYSTEM, Caller, MissingScope, Scope, acting_as, ask_as, current_caller, system_context
from service.analysis import AnalysisProgress, AnalysisService, GameReview, Search
from service.announcements import Announcement, AnnouncementKind, game_stream, tournament_stream
from service.challenges import ChallengeService
from service.clock import ClockService
from service.commands import CommandLedger
from service.context import DISCORD_SITE, LOCAL_SITE, Clock, Context, ServiceConfig
from service.daily_puzzles import DailyPuzzles
from service.engine import Analyser, Engine, RandomEngine, hint_analyser
from service.errors import (
    AlreadyAnswered,
    AlreadyEntered,
    AlreadyOnVacation,
    AnalysisRateLimited,
    AnalysisRefused,
    BallotWithPosition,
    CannotAnswerOwnOffer,
    CannotChallengeSelf,
    ChallengeExpired,
    ChallengeNotFound,
    CorruptGame,
    EmptySide,
    ExploreActiveGame,
    ExploreBadMove,
    ExploreTooDeep,
    GameError,
    GameNotFound,
    GameOver,
    ImportedGameNotFound,
    ImportTooLarge,
    InvalidSetting,
    MoveRefused,
    NoBallots,
    NoPendingOffer,
    NoSuchRound,
    NotAParticipant,
    NotEntered,
    NothingToTakeBack,
    NotOnVacation,
    NotOrganiser,
    NotYourTurn,
    NoVacationLeft,
    OfferAlreadyPending,
    PlyOutOfRange,
    PremoveBadMove,
    PremoveConflict,
    PremoveIncomplete,
    PremoveNotNow,
    PremoveTooLong,
    RecordTooLong,
    RematchNotYet,
    RematchPending,
    StaleGame,
    TooFewPlayers,
    TooManyRounds,
    TournamentClosed,
    TournamentError,
    TournamentFull,
    TournamentNotFound,
    UnplayablePosition,
)
from service.explorer import ExplorerMove, ExplorerService, ExplorerView
from service.follows import Following, FollowService
from service.game_settings import GameSettings
from service.games import GameService
from service.imports import ImportedGame, ImportReport, ImportService
from service.maintenance import CopyReport, SourceNotCurrent, TargetNotEmpty, check_database, copy_database
from service.notes import Note, NoteService, NoteTooLong, SavedLine, TooManyLines, TooManyNotes
from service.outbox import OutboxService, Pending, backoff
from service.players import PlayerService
from service.policies import HintRefusal, RulesCard, board_flipped, hint_refusal, rules_card
from service.premoves import PremoveLines, PremoveService
from service.puzzles import PuzzleService, Refuter
from service.queries import QueryService
from service.results import (
    ChallengeStatus,
    ChallengeView,
    ColourChoice,
    DeletionReport,
    EndReason,
    FollowNews,
    GameEnd,
    GameFinished,
    GameStarted,
    GameStatus,
    GameView,
    HintPolicy,
    MoveRecord,
    MoveResult,
    MyGame,
    Notifications,
    OfferAnswer,
    OfferKind,
    OfferStatus,
    OfferView,
    Orientation,
    PlayerStats,
    PositionAt,
    Preferences,
    Rating,
    RatingChange,
    ServerSettings,
    TimerEvent,
    TimerKind,
    Vacation,
    bot_label,
    move_number,
)
from service.study import Study, StudyBook, StudyKind, StudyService, StudySource
from service.tournaments import TournamentService
from service.votes import Team, VoteCast, VoteService, VoteStatus
from service.weblinks import WebLinkService
from service.websessions import NewSession, SignIn, SignInFailed, WebSession, WebSessionService
from service.work import WorkService


class Service:
    """All the parts, sharing one context. Build it in main() and pass it to the bot."""

    def __init__(
        self,
        db: Database,
        *,
        engine: Engine | None = None,
        clock: Clock | None = None,
        rng: random.Random | None = None,
        config: ServiceConfig | None = None,
        review_search: Search | None = None,
        puzzle_refuter: Refuter | None = None,
    ) -> None:
        """review_search: how a post-game analysis searches one position (default: the engine's pool)."""
        self.ctx = Context(db, engine=engine, clock=clock, rng=rng, config=config)
        self.games = GameService(self.ctx)
        self.challenges = ChallengeService(self.ctx, self.games)
        self.votes = VoteService(self.ctx, self.games, self.challenges)
        self.clock = ClockService(self.ctx, self.challenges, self.votes)
        self.players = PlayerService(self.ctx)
        self.follows = FollowService(self.ctx)
        self.queries = QueryService(self.ctx)
        self.commands = CommandLedger(self.ctx)
        self.premoves = PremoveService(self.ctx)
        self.tournaments = TournamentService(self.ctx, self.games)
        self.analysis = AnalysisService(self.ctx, review_search)
        self.imports = ImportService(self.ctx)
        self.outbox = OutboxService(self.ctx)
        self.study = StudyService(self.ctx, self.queries, self.imports, self.players, self.tournaments)
        self.web = WebLinkService(self.ctx)
        self.sessions = WebSessionService(self.ctx)
        self.notes = NoteService(self.ctx)
        self.work = WorkService(self.ctx)
        self.explorer = ExplorerService(self.ctx)
        self.puzzles = PuzzleService(self.ctx, puzzle_refuter)
        self.daily_puzzles = DailyPuzzles(self.ctx, self.puzzles)


__all__ = [
    "BOT_ID",
    "DISCORD_SITE",
    "LOCAL_SITE",
    "SYSTEM",
    "AlreadyAnswered",
    "AlreadyEntered",
    "AlreadyOnVacation",
    "Analyser",
    "AnalysisProgress",
    "AnalysisRateLimited",
    "AnalysisRefused",
    "AnalysisService",
    "Announcement",
    "AnnouncementKind",
    "BallotWithPosition",
    "Caller",
    "CannotAnswerOwnOffer",
    "CannotChallengeSelf",
    "ChallengeExpired",
    "ChallengeNotFound",
    "ChallengeStatus",
    "ChallengeView",
    "Clock",
    "ColourChoice",
    "CopyReport",
    "CorruptGame",
    "DeletionReport",
    "EmptySide",
    "EndReason",
    "Engine",
    "ExploreActiveGame",
    "ExploreBadMove",
    "ExploreTooDeep",
    "ExplorerMove",
    "ExplorerService",
    "ExplorerView",
    "FollowNews",
    "Following",
    "GameEnd",
    "GameError",
    "GameFinished",
    "GameNotFound",
    "GameOver",
    "GameReview",
    "GameSettings",
    "GameStarted",
    "GameStatus",
    "GameView",
    "HintPolicy",
    "HintRefusal",
    "ImportReport",
    "ImportService",
    "ImportTooLarge",
    "ImportedGame",
    "ImportedGameNotFound",
    "InvalidSetting",
    "MissingScope",
    "MoveRecord",
    "MoveRefused",
    "MoveResult",
    "MyGame",
    "NewSession",
    "NoBallots",
    "NoPendingOffer",
    "NoSuchRound",
    "NoVacationLeft",
    "NotAParticipant",
    "NotEntered",
    "NotOnVacation",
    "NotOrganiser",
    "NotYourTurn",
    "Note",
    "NoteService",
    "NoteTooLong",
    "NothingToTakeBack",
    "Notifications",
    "OfferAlreadyPending",
    "OfferAnswer",
    "OfferKind",
    "OfferStatus",
    "OfferView",
    "Orientation",
    "OutboxService",
    "Pending",
    "PlayerStats",
    "PlyOutOfRange",
    "PositionAt",
    "Preferences",
    "PremoveBadMove",
    "PremoveConflict",
    "PremoveIncomplete",
    "PremoveLines",
    "PremoveNotNow",
    "PremoveTooLong",
    "RandomEngine",
    "Rating",
    "RatingChange",
    "RecordTooLong",
    "RematchNotYet",
    "RematchPending",
    "RulesCard",
    "SavedLine",
    "Scope",
    "ServerSettings",
    "Service",
    "ServiceConfig",
    "SignIn",
    "SignInFailed",
    "SourceNotCurrent",
    "StaleGame",
    "Study",
    "StudyBook",
    "StudyKind",
    "StudyService",
    "StudySource",
    "TargetNotEmpty",
    "Team",
    "TimerEvent",
    "TimerKind",
    "TooFewPlayers",
    "TooManyLines",
    "TooManyNotes",
    "TooManyRounds",
    "TournamentClosed",
    "TournamentError",
    "TournamentFull",
    "TournamentNotFound",
    "UnplayablePosition",
    "Vacation",
    "VoteCast",
    "VoteService",
    "VoteStatus",
    "WebLinkService",
    "WebSession",
    "WebSessionService",
    "acting_as",
    "ask_as",
    "backoff",
    "board_flipped",
    "bot_label",
    "check_database",
    "copy_database",
    "current_caller",
    "game_stream",
    "hint_analyser",
    "hint_refusal",
    "move_number",
    "rules_card",
    "system_context",
    "tournament_stream",
]
