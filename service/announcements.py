"""Announcements: what the players must hear about a change, kept as typed data in the outbox.

The service writes one in the same transaction as the change (`announce`), so a stored move always
has its board waiting to be posted; the front end renders and delivers it (bot/outbox.py). Each carries
a snapshot of the game as it was then: a board posted late still shows its own position.
"""

from __future__ import annotations

import enum
import json
from dataclasses import dataclass, fields
from datetime import datetime, timedelta
from typing import Any

from data.repositories import Repositories
from data.timeutil import from_db, opt_from_db, to_db
from service.results import (
    ChallengeStatus,
    ChallengeView,
    ColourChoice,
    EndReason,
    FollowNews,
    GameEnd,
    GameStatus,
    GameView,
    MoveRecord,
    Notifications,
    OfferKind,
    RatingChange,
)


class AnnouncementKind(enum.StrEnum):
    GAME_STARTED = "game_started"  # the first board (with the bot's opening move, if it had one)
    MOVED = "moved"  # the board after a move (and the end, if the move ended the game)
    FINISHED = "finished"  # resignation, agreement, time, abandonment
    TAKEBACK = "takeback"  # the board after an accepted takeback
    OFFER = "offer"  # a draw offer or takeback request, with Accept/Decline
    OFFER_DECLINED = "offer_declined"
    YOUR_MOVE = "your_move"  # a DM to the player to move
    REMINDER = "reminder"  # a third of the time is left (DM or mention)
    CHALLENGE_EXPIRED = "challenge_expired"  # the challenge message loses its buttons
    VACATION_ENDED = "vacation_ended"  # a DM: the allowance is used up
    TOURNAMENT_ROUND = "tournament_round"  # a round's pairings (a round robin: all its games at once)
    TOURNAMENT_FINISHED = "tournament_finished"  # the final standings with the winner, and the picture
    FOLLOW = "follow"  # a DM to a follower: a followed game's moves, a followed player's new games (hourly)
    DIGEST = "digest"  # a DM: the games waiting for the player's move, once a day (service/digest.py)
    DAILY_PUZZLE = "daily_puzzle"  # a server's puzzle of the day, with its Solve button


@dataclass(frozen=True, slots=True)
class Announcement:
    kind: AnnouncementKind
    game: GameView | None = None  # the game as it was when this happened
    move: MoveRecord | None = None  # MOVED, YOUR_MOVE: the move just played; GAME_STARTED: the bot's opening
    ended: GameEnd | None = None  # MOVED (a move that ended the game), FINISHED
    rating_changes: tuple[RatingChange, ...] = ()
    player_id: int | None = None  # YOUR_MOVE/REMINDER/VACATION_ENDED: to whom; OFFER: the asker; DECLINED: by whom
    mention_id: int | None = None  # a board: mention this player (who chose channel notifications)
    via: Notifications | None = None  # REMINDER: dm or channel
    offer_kind: OfferKind | None = None
    undone: tuple[str, ...] = ()  # TAKEBACK: the notations taken back
    challenge: ChallengeView | None = None  # CHALLENGE_EXPIRED
    answered: MoveRecord | None = None  # MOVED by a conditional reply: the move it answered at once
    tournament_id: int | None = None  # TOURNAMENT_*: which (its words are read back when delivered)
    round: int | None = None  # TOURNAMENT_ROUND: the Swiss round paired; None: every round of a round robin
    games: tuple[GameView, ...] = ()  # DIGEST: the games waiting for the player, as they were then
    follows: tuple[FollowNews, ...] = ()  # FOLLOW: what happened in each game since the last message

    @property
    def private(self) -> bool:
        """Whether this goes to the player's DM rather than the game's channel."""
        return self.kind in (AnnouncementKind.YOUR_MOVE, AnnouncementKind.VACATION_ENDED) or (
            self.kind is AnnouncementKind.REMINDER and self.via is not Notifications.CHANNEL
        )
    guild_id: int | None = None  # DAILY_PUZZLE: the server
    day: str | None = None  # DAILY_PUZZLE: its day (YYYY-MM-DD, UTC)
    count: int | None = None  # DAILY_PUZZLE: members who solved the previous one (None: there was none)

    @property
    def stream(self) -> str:
        """Announcements to one destination (a game's channel, a challenge's message, a tournament's
        channel, a player's DM) are delivered in the order written."""
        if self.private:
            return f"player:{self.player_id}"
        if self.game is not None:
            return game_stream(self.game.id)
        if self.challenge is not None:
            return f"challenge:{self.challenge.id}"
        if self.tournament_id is not None:
            return tournament_stream(self.tournament_id)
        if self.guild_id is not None:
            return f"daily:{self.guild_id}"
        return f"player:{self.player_id}"


def game_stream(game_id: int) -> str:
    return f"game:{game_id}"


def tournament_stream(tournament_id: int) -> str:
    return f"tournament:{tournament_id}"


async def announce(
    repos: Repositories, announcement: Announcement, now: datetime, *, grace: float = 0.0
) -> None:
    """Queue an announcement inside the caller's transaction. grace: seconds the worker leaves it to the
    front end that caused it (it posts the board as its reply); a timer's news has none, nor a DM (never
    a reply). A DM about a game waits for the game's news written before it (the board it links to)."""
    private = announcement.private
    await repos.outbox.add(
        announcement.stream,
        announcement.kind.value,
        dumps(announcement),
        to_db(now),
        to_db(now if private else now + timedelta(seconds=grace)),
        game_stream(announcement.game.id) if private and announcement.game is not None else None,
    )


# ---- JSON --------------------------------------------------------------------------------------------


def _plain(value: object) -> Any:
    if isinstance(value, datetime):
        return to_db(value)
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, tuple | list):
        return [_plain(item) for item in value]
    if hasattr(value, "__dataclass_fields__"):
        return {f.name: _plain(getattr(value, f.name)) for f in fields(value) if f.name not in ("position", "parsed")}  # type: ignore[arg-type]
    return value


def dumps(announcement: Announcement) -> str:
    return json.dumps(_plain(announcement), separators=(",", ":"), sort_keys=True)


def _game(data: dict[str, Any] | None) -> GameView | None:
    if data is None:
        return None
    values = dict(data)
    values["status"] = GameStatus(values["status"])
    values["termination"] = EndReason(values["termination"]) if values["termination"] else None
    for name in ("move_deadline", "finished_at", "last_move_at"):
        values[name] = opt_from_db(values[name])
    values["created_at"] = from_db(values["created_at"])
    return GameView(**values)


def _move(data: dict[str, Any] | None) -> MoveRecord | None:
    if data is None:
        return None
    return MoveRecord(**{**data, "captures": tuple(data["captures"]), "played_at": from_db(data["played_at"])})


def _challenge(data: dict[str, Any] | None) -> ChallengeView | None:
    if data is None:
        return None
    values = dict(data)
    values["color"] = ColourChoice(values["color"])
    values["status"] = ChallengeStatus(values["status"])
    values["created_at"] = from_db(values["created_at"])
    values["expires_at"] = from_db(values["expires_at"])
    return ChallengeView(**values)


def loads(text: str) -> Announcement:
    data = json.loads(text)
    ended = data.get("ended")
    return Announcement(
        kind=AnnouncementKind(data["kind"]),
        game=_game(data.get("game")),
        move=_move(data.get("move")),
        ended=GameEnd(ended["result"], EndReason(ended["termination"]), ended["winner_id"]) if ended else None,
        rating_changes=tuple(RatingChange(**c) for c in data.get("rating_changes") or ()),
        player_id=data.get("player_id"),
        mention_id=data.get("mention_id"),
        via=Notifications(data["via"]) if data.get("via") else None,
        offer_kind=OfferKind(data["offer_kind"]) if data.get("offer_kind") else None,
        undone=tuple(data.get("undone") or ()),
        challenge=_challenge(data.get("challenge")),
        answered=_move(data.get("answered")),
        tournament_id=data.get("tournament_id"),
        round=data.get("round"),
        games=tuple(game for game in map(_game, data.get("games") or ()) if game is not None),
        follows=tuple(FollowNews(**{**f, "moves": tuple(f["moves"])}) for f in data.get("follows") or ()),
        guild_id=data.get("guild_id"),
        day=data.get("day"),
        count=data.get("count"),
    )
