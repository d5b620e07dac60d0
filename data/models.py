"""Rows as dataclasses. Field names match the columns; timestamps stay ISO text here (see timeutil)."""

from __future__ import annotations

from dataclasses import dataclass

BOT_ID = 0  # the bot's own row in players (migration 0001)


@dataclass(frozen=True, slots=True)
class PlayerRow:
    id: int
    display_name: str | None
    is_bot: int
    notifications: str
    board_theme: str
    orientation: str
    language: str
    vacation_started_at: str | None
    anonymised: int
    created_at: str
    chosen_language: str | None = None
    digest_hour: int | None = None  # a daily digest at this hour (UTC) instead of a DM per move
    last_digest_day: str | None = None
    time_zone: str | None = None  # IANA name for the digest's hour and day; None: UTC


@dataclass(frozen=True, slots=True)
class ServerRow:
    guild_id: int
    default_variant: str
    days_per_move: int
    thread_per_game: int
    hint_policy: str
    language: str | None = None
    web_links: int = 1
    daily_puzzle_channel: int | None = None
    daily_puzzle_hour: int | None = None
    time_zone: str | None = None  # IANA name; None: UTC


@dataclass(frozen=True, slots=True)
class GameRow:
    id: int
    variant: str
    white_id: int
    black_id: int
    start_fen: str
    current_fen: str
    ply: int
    anchor_ply: int
    status: str
    result: str | None
    termination: str | None
    version: int
    rated: int
    bot_level: int | None
    days_per_move: int
    move_deadline: str | None
    paused_seconds: float | None
    guild_id: int | None
    channel_id: int | None
    thread_id: int | None
    message_id: int | None
    created_at: str
    finished_at: str | None
    last_move_at: str | None
    ballot: int | None = None  # the published ballot it started from
    ballot_pair_id: int | None = None  # the game played from the same ballot with colours reversed
    reply_only: int = 0  # only interactions reach its conversation (a group DM under a user install)
    clock: str | None = None  # time-bank terms (service/timecontrol.py); None: days per move
    white_bank: float | None = None  # seconds each side has at the start of its next turn (a clock only)
    black_bank: float | None = None


@dataclass(frozen=True, slots=True)
class NewGame:
    variant: str
    white_id: int
    black_id: int
    start_fen: str
    rated: bool
    bot_level: int | None
    days_per_move: int
    move_deadline: str | None
    paused_seconds: float | None
    guild_id: int | None
    channel_id: int | None
    created_at: str
    reply_only: bool = False
    clock: str | None = None
    white_bank: float | None = None
    black_bank: float | None = None


@dataclass(frozen=True, slots=True)
class MoveRow:
    game_id: int
    ply: int
    notation: str
    path: str
    captures: str
    reversible: int
    fen_after: str
    player_id: int
    played_at: str


@dataclass(frozen=True, slots=True)
class ChallengeRow:
    id: int
    challenger_id: int
    opponent_id: int | None
    variant: str
    color: str
    days_per_move: int
    rated: int
    bot_level: int | None
    guild_id: int | None
    channel_id: int | None
    message_id: int | None
    status: str
    game_id: int | None
    created_at: str
    expires_at: str
    answered_at: str | None
    start_fen: str | None = None  # None: the variant's starting position
    ballot: int | None = None  # the ballot drawn for it: its games start after the ballot's moves
    reply_only: int = 0
    clock: str | None = None


@dataclass(frozen=True, slots=True)
class OfferRow:
    id: int
    game_id: int
    kind: str
    from_id: int
    ply: int
    status: str
    created_at: str
    answered_at: str | None


@dataclass(frozen=True, slots=True)
class RatingRow:
    player_id: int
    variant: str
    pool: str
    rating: float
    rd: float
    volatility: float
    games: int
    updated_at: str


@dataclass(frozen=True, slots=True)
class RatingChangeRow:
    game_id: int
    player_id: int
    pool: str
    rating_before: float
    rating_after: float
    rd_before: float
    rd_after: float


@dataclass(frozen=True, slots=True)
class TimerRow:
    id: int
    event: str
    due_at: str
    game_id: int | None
    challenge_id: int | None
    player_id: int | None
    created_at: str
    fired_at: str | None
    claimed_by: str | None = None  # the process holding it until lease_until (cluster mode)
    lease_until: str | None = None


@dataclass(frozen=True, slots=True)
class ResultCount:
    variant: str
    wins: int
    losses: int
    draws: int


@dataclass(frozen=True, slots=True)
class TournamentRow:
    id: int
    guild_id: int | None
    channel_id: int | None
    thread_id: int | None
    name: str
    variant: str
    days_per_move: int
    format: str
    rounds: int
    rated: int
    creator_id: int
    status: str
    current_round: int
    total_rounds: int
    created_at: str
    started_at: str | None
    finished_at: str | None
    ballots: int = 0  # each pairing plays a drawn ballot with both colours
    clock: str | None = None  # its games' time-bank terms; None: days per move


@dataclass(frozen=True, slots=True)
class EntrantRow:
    tournament_id: int
    player_id: int
    seed: int | None
    rating: float
    joined_at: str
    withdrawn_round: int | None


@dataclass(frozen=True, slots=True)
class BoardRow:
    """A tournament board with its game's outcome joined in (result NULL while the game runs)."""

    tournament_id: int
    round: int
    board: int
    white_id: int
    black_id: int | None
    game_id: int | None
    result: str | None
    status: str | None


@dataclass(frozen=True, slots=True)
class ImportedGameRow:
    """A game record brought in as PDN: what it says, not a game played here."""

    id: int
    guild_id: int | None
    importer_id: int
    variant: str
    start_fen: str
    moves: str  # full paths separated by spaces
    result: str
    white_name: str
    black_name: str
    event: str
    game_date: str
    created_at: str


@dataclass(frozen=True, slots=True)
class NewImportedGame:
    guild_id: int | None
    importer_id: int
    variant: str
    start_fen: str
    moves: str
    result: str
    white_name: str
    black_name: str
    event: str
    game_date: str
    created_at: str


@dataclass(frozen=True, slots=True)
class OutboxRow:
    id: int
    stream: str
    kind: str
    payload: str
    status: str
    created_at: str
    next_attempt_at: str
    attempts: int
    claimed_by: str | None
    lease_until: str | None
    last_error: str | None
    delivered_at: str | None
    channel_id: int | None
    message_id: int | None
    after_stream: str | None = None  # a private notice: waits for this stream's earlier rows (its board)


@dataclass(frozen=True, slots=True)
class ExplorerMoveRow:
    """One move from one position in an owner's games, with its results and its most recent game."""

    move: str
    games: int
    white_wins: int
    draws: int
    black_wins: int
    last_game_id: int
    last_imported: int
    last_at: str


@dataclass(frozen=True, slots=True)
class ServerPuzzleRow:
    scope: int
    id: str
    variant: str
    game_id: int | None
    rating: int
    data: str
    created_at: str


@dataclass(frozen=True, slots=True)
class PuzzleRatingRow:
    player_id: int
    rating: float
    rd: float
    volatility: float
    solved: int
    failed: int
    streak: int
    best_streak: int
    updated_at: str


@dataclass(frozen=True, slots=True)
class PuzzleAttemptRow:
    player_id: int
    puzzle_id: str
    scope: int
    variant: str
    step: int
    status: str
    daily_day: str | None
    started_at: str
    finished_at: str | None


@dataclass(frozen=True, slots=True)
class DailyPuzzleRow:
    guild_id: int
    day: str
    puzzle_id: str
    variant: str
    posted_at: str


TEAM_SEAT_BASE = 1_000_000  # a vote team's seat: 1000000 + its id (Discord ids are > 2**22; local mode uses 1, 2)
TEAM_SEAT_LIMIT = 2**22  # no team seat reaches a Discord id


def is_team_seat(player_id: int) -> bool:
    return TEAM_SEAT_BASE < player_id < TEAM_SEAT_LIMIT


@dataclass(frozen=True, slots=True)
class VoteTeamRow:
    id: int
    player_id: int
    name: str
    organiser_id: int
    guild_id: int | None
    channel_id: int | None
    thread_id: int | None
    message_id: int | None
    side: str
    opponent: str
    bot_level: int | None
    variant: str
    days_per_move: int
    role_id: int | None
    secret: int
    joining: str
    status: str
    game_id: int | None
    created_at: str


@dataclass(frozen=True, slots=True)
class VoteRow:
    id: int
    team_id: int
    ply: int
    voter_id: int
    path: str
    notation: str
    voted_at: str
