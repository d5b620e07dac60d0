"""What the service returns: frozen dataclasses with aware UTC datetimes and rules objects."""

from __future__ import annotations

import enum
from dataclasses import dataclass, field, replace
from datetime import datetime

from data.models import BOT_ID, ChallengeRow, GameRow, MoveRow, OfferRow, RatingRow
from data.timeutil import from_db, opt_from_db
from rules import Color, Position, fen_turn, find_variant, parse_fen


class GameStatus(enum.StrEnum):
    ACTIVE = "active"
    FINISHED = "finished"


class ChallengeStatus(enum.StrEnum):
    OPEN = "open"
    ACCEPTED = "accepted"
    DECLINED = "declined"
    CANCELLED = "cancelled"
    EXPIRED = "expired"


class OfferKind(enum.StrEnum):
    DRAW = "draw"
    TAKEBACK = "takeback"


class OfferStatus(enum.StrEnum):
    PENDING = "pending"
    ACCEPTED = "accepted"
    DECLINED = "declined"
    VOID = "void"


class ColourChoice(enum.StrEnum):
    """The colour a challenger asks for."""

    WHITE = "white"
    BLACK = "black"
    RANDOM = "random"


class Notifications(enum.StrEnum):
    """How a player hears that it is their move."""

    DM = "dm"
    CHANNEL = "channel"
    OFF = "off"
    DIGEST = "digest"  # one DM a day (players.digest_hour) instead of one per move; reminders still come


class Orientation(enum.StrEnum):
    AUTO = "auto"  # the viewer's side at the bottom
    WHITE = "white"
    BLACK = "black"


class HintPolicy(enum.StrEnum):
    """A server's rule for hints in active games between people."""

    NEVER = "never"
    UNRATED = "unrated"
    ALWAYS = "always"


class EndReason(enum.StrEnum):
    NO_MOVES = "no_moves"  # by the rules: the side to move cannot move
    REPETITION = "repetition"
    MOVE_LIMIT = "move_limit"
    RESIGNATION = "resignation"
    TIMEOUT = "timeout"
    AGREEMENT = "agreement"
    ABANDONED = "abandoned"  # a player deleted their data


BOT_NAME = "Dama bot"


def bot_label(level: int | None) -> str:
    """How the bot is named everywhere: in posts, local mode and PDN records."""
    return f"{BOT_NAME} (level {level or 1})"


def move_number(ply: int) -> int:
    """The number of the move being played next (two plies per move)."""
    return ply // 2 + 1


@dataclass(frozen=True, slots=True)
class GameView:
    id: int
    variant: str
    white_id: int
    black_id: int
    start_fen: str
    fen: str
    ply: int
    status: GameStatus
    result: str | None  # "1-0" | "0-1" | "1/2-1/2"
    termination: EndReason | None
    version: int
    rated: bool
    bot_level: int | None
    days_per_move: int
    move_deadline: datetime | None  # None while the bot, or a player on vacation, is to move
    clock_paused: bool
    guild_id: int | None
    channel_id: int | None
    thread_id: int | None
    message_id: int | None
    created_at: datetime
    finished_at: datetime | None
    last_move_at: datetime | None
    # the parsed position, built on first use (the `position` property): a list of games parses none
    parsed: Position | None = field(default=None, repr=False, compare=False)
    ballot: int | None = None  # the published ballot it started from
    ballot_pair_id: int | None = None  # the game from the same ballot with colours reversed
    reply_only: bool = False  # its conversation is reached only through interactions (docs/ANYWHERE.md)
    clock: str | None = None  # time-bank terms; None: days per move
    white_bank: float | None = None  # seconds each side has at the start of its next turn
    black_bank: float | None = None

    @classmethod
    def from_row(cls, row: GameRow, position: Position | None = None) -> GameView:
        """position: the already parsed current position, if the caller has it (saves a FEN parse)."""
        return cls(
            id=row.id,
            variant=row.variant,
            white_id=row.white_id,
            black_id=row.black_id,
            start_fen=row.start_fen,
            fen=row.current_fen,
            ply=row.ply,
            status=GameStatus(row.status),
            result=row.result,
            termination=EndReason(row.termination) if row.termination else None,
            version=row.version,
            rated=bool(row.rated),
            bot_level=row.bot_level,
            days_per_move=row.days_per_move,
            move_deadline=opt_from_db(row.move_deadline),
            clock_paused=row.paused_seconds is not None,
            guild_id=row.guild_id,
            channel_id=row.channel_id,
            thread_id=row.thread_id,
            message_id=row.message_id,
            created_at=from_db(row.created_at),
            finished_at=opt_from_db(row.finished_at),
            last_move_at=opt_from_db(row.last_move_at),
            parsed=position,
            ballot=row.ballot,
            ballot_pair_id=row.ballot_pair_id,
            reply_only=bool(row.reply_only),
            clock=row.clock,
            white_bank=row.white_bank,
            black_bank=row.black_bank,
        )

    @property
    def active(self) -> bool:
        return self.status is GameStatus.ACTIVE

    @property
    def position(self) -> Position:
        if self.parsed is None:
            object.__setattr__(self, "parsed", parse_fen(find_variant(self.variant), self.fen))
        assert self.parsed is not None
        return self.parsed

    @property
    def turn(self) -> Color:
        return self.parsed.turn if self.parsed is not None else fen_turn(self.fen)

    @property
    def to_move_id(self) -> int | None:
        if not self.active:
            return None
        return self.player_id(self.turn)

    @property
    def against_bot(self) -> bool:
        return BOT_ID in (self.white_id, self.black_id)

    @property
    def winner_id(self) -> int | None:
        if self.result == "1-0":
            return self.white_id
        if self.result == "0-1":
            return self.black_id
        return None

    def player_id(self, color: Color) -> int:
        return self.white_id if color is Color.WHITE else self.black_id

    def color_of(self, player_id: int) -> Color | None:
        if player_id == self.white_id:
            return Color.WHITE
        if player_id == self.black_id:
            return Color.BLACK
        return None

    def opponent_of(self, player_id: int) -> int:
        return self.black_id if player_id == self.white_id else self.white_id


@dataclass(frozen=True, slots=True)
class FollowNews:
    """One game's part of a follower's hourly message: its players, its start, the moves since the last message."""

    game_id: int
    white_id: int
    black_id: int
    started: bool
    moves: tuple[str, ...]
    result: str | None = None  # the game ended: "1-0", "0-1" or "1/2-1/2"


@dataclass(frozen=True, slots=True)
class MoveRecord:
    ply: int  # 1 = the first move
    notation: str  # as players write it, e.g. "22x13"
    path: str  # every landing square, e.g. "22x13x6"
    captures: tuple[str, ...]  # captured squares, in order
    fen_after: str
    player_id: int
    played_at: datetime

    @classmethod
    def from_row(cls, row: MoveRow) -> MoveRecord:
        return cls(
            ply=row.ply,
            notation=row.notation,
            path=row.path,
            captures=tuple(s for s in row.captures.split(",") if s),
            fen_after=row.fen_after,
            player_id=row.player_id,
            played_at=from_db(row.played_at),
        )


@dataclass(frozen=True, slots=True)
class GameEnd:
    result: str
    termination: EndReason
    winner_id: int | None


@dataclass(frozen=True, slots=True)
class RatingChange:
    player_id: int
    variant: str
    pool: str
    rating_before: float
    rating_after: float
    rd_before: float
    rd_after: float

    @property
    def delta(self) -> float:
        return self.rating_after - self.rating_before


@dataclass(frozen=True, slots=True)
class MoveResult:
    game: GameView  # after the move
    move: MoveRecord
    position: Position  # the new position (same as game.position)
    ended: GameEnd | None  # set when this move ended the game
    next_player_id: int | None  # None when the game is over
    rating_changes: tuple[RatingChange, ...] = ()
    bot_reply: MoveResult | None = None  # the bot's answer in games against the bot
    premove_reply: MoveResult | None = None  # the opponent's conditional reply, stored with this move

    @property
    def after(self) -> MoveResult | None:
        """The ply that followed this one in the same call (a conditional reply or the bot's), if any."""
        return self.premove_reply if self.premove_reply is not None else self.bot_reply

    @property
    def last(self) -> MoveResult:
        """Where the game stands after this move and everything it set off (conditional and bot replies)."""
        step = self
        while (following := step.after) is not None:
            step = following
        return step

    def plies(self) -> list[MoveResult]:
        """This move and the plies it set off, in order."""
        steps = [self]
        while (following := steps[-1].after) is not None:
            steps.append(following)
        return steps

    def then(self, reply: MoveResult) -> MoveResult:
        """This chain with the bot's `reply` after its last ply."""
        following = self.after
        if following is None:
            return replace(self, bot_reply=reply)
        if self.premove_reply is not None:
            return replace(self, premove_reply=following.then(reply))
        return replace(self, bot_reply=following.then(reply))


@dataclass(frozen=True, slots=True)
class GameFinished:
    """A game ended without a move: resignation, agreement, time, deletion."""

    game: GameView
    ended: GameEnd
    rating_changes: tuple[RatingChange, ...] = ()


@dataclass(frozen=True, slots=True)
class ChallengeView:
    id: int
    challenger_id: int
    opponent_id: int | None  # None: open to anyone
    variant: str
    color: ColourChoice  # the challenger's colour
    days_per_move: int
    rated: bool
    bot_level: int | None
    guild_id: int | None
    channel_id: int | None
    message_id: int | None
    status: ChallengeStatus
    game_id: int | None
    created_at: datetime
    expires_at: datetime
    start_fen: str | None = None  # None: the variant's starting position
    ballot: int | None = None  # the ballot drawn for it (two games between people, colours reversed)
    reply_only: bool = False
    clock: str | None = None  # time-bank terms; None: days per move

    @property
    def is_open(self) -> bool:
        return self.opponent_id is None

    @property
    def against_bot(self) -> bool:
        return self.opponent_id == BOT_ID

    @classmethod
    def from_row(cls, row: ChallengeRow) -> ChallengeView:
        return cls(
            id=row.id,
            challenger_id=row.challenger_id,
            opponent_id=row.opponent_id,
            variant=row.variant,
            color=ColourChoice(row.color),
            days_per_move=row.days_per_move,
            rated=bool(row.rated),
            bot_level=row.bot_level,
            guild_id=row.guild_id,
            channel_id=row.channel_id,
            message_id=row.message_id,
            status=ChallengeStatus(row.status),
            game_id=row.game_id,
            created_at=from_db(row.created_at),
            expires_at=from_db(row.expires_at),
            start_fen=row.start_fen,
            ballot=row.ballot,
            reply_only=bool(row.reply_only),
            clock=row.clock,
        )


@dataclass(frozen=True, slots=True)
class GameStarted:
    challenge: ChallengeView
    game: GameView
    bot_move: MoveResult | None = None  # the bot's first move when it plays White
    pair: GameView | None = None  # a ballot challenge's second game, colours reversed


@dataclass(frozen=True, slots=True)
class OfferView:
    id: int
    game_id: int
    kind: OfferKind
    from_id: int
    ply: int
    status: OfferStatus

    @classmethod
    def from_row(cls, row: OfferRow) -> OfferView:
        return cls(row.id, row.game_id, OfferKind(row.kind), row.from_id, row.ply, OfferStatus(row.status))


@dataclass(frozen=True, slots=True)
class OfferAnswer:
    offer: OfferView
    game: GameView
    finished: GameFinished | None = None  # an accepted draw
    undone: tuple[MoveRecord, ...] = ()  # an accepted takeback: the moves taken back


@dataclass(frozen=True, slots=True)
class MyGame:
    game: GameView
    color: Color
    opponent_id: int
    my_turn: bool
    deadline: datetime | None


@dataclass(frozen=True, slots=True)
class PositionAt:
    game_id: int
    ply: int
    fen: str
    position: Position
    last_move: MoveRecord | None


@dataclass(frozen=True, slots=True)
class Rating:
    player_id: int
    variant: str
    pool: str
    rating: float
    rd: float
    volatility: float
    games: int

    @classmethod
    def from_row(cls, row: RatingRow) -> Rating:
        return cls(row.player_id, row.variant, row.pool, row.rating, row.rd, row.volatility, row.games)


@dataclass(frozen=True, slots=True)
class PlayerStats:
    variant: str
    wins: int
    losses: int
    draws: int

    @property
    def games(self) -> int:
        return self.wins + self.losses + self.draws


@dataclass(frozen=True, slots=True)
class Preferences:
    notifications: Notifications
    board_theme: str
    orientation: Orientation
    language: str  # what DMs and reminders use: the player's choice, else the last client locale seen
    chosen_language: str | None = None  # set with /settings language; None follows the client
    digest_hour: int | None = None  # notifications DIGEST: the hour of the daily DM, in time_zone
    time_zone: str | None = None  # the player's IANA time zone; None: UTC


@dataclass(frozen=True, slots=True)
class ServerSettings:
    guild_id: int
    default_variant: str
    days_per_move: int
    allowed_channels: tuple[int, ...]  # empty: every channel
    thread_per_game: bool
    hint_policy: HintPolicy
    language: str | None = None  # public posts; None: the server's Discord locale
    web_links: bool = True  # "Open on the web" buttons, and the games' pages on the web
    daily_puzzle_channel: int | None = None  # where the daily puzzle is posted (None: no daily puzzle)
    daily_puzzle_hour: int | None = None  # at which hour, in time_zone
    time_zone: str | None = None  # the server's IANA time zone; None: UTC


@dataclass(frozen=True, slots=True)
class Vacation:
    player_id: int
    on_vacation: bool
    started_at: datetime | None
    ends_at: datetime | None  # when the allowance runs out, if on vacation
    seconds_left: float  # allowance left this year (not counting the running vacation)


class TimerKind(enum.StrEnum):
    REMINDER = "reminder"
    TIMEOUT = "timeout"
    CHALLENGE_EXPIRY = "challenge_expiry"
    VACATION_END = "vacation_end"


@dataclass(frozen=True, slots=True)
class TimerEvent:
    """Something for the bot to post. Each due timer yields at most one event, once."""

    kind: TimerKind
    due_at: datetime
    player_id: int | None = None  # who to remind / who lost on time / whose vacation ended
    game: GameView | None = None
    challenge: ChallengeView | None = None
    finished: GameFinished | None = None  # for TIMEOUT


@dataclass(frozen=True, slots=True)
class DeletionReport:
    anonymous_id: int
    games_ended: tuple[int, ...]
    challenges_cancelled: tuple[int, ...]
