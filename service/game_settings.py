"""The terms a game is asked for, one value from the front end to the service: a challenge, a game against
the bot or a tournament's games (where colour, level and position do not apply and are left at their
defaults). Where it is played (server, channel) is not a term and travels beside it."""

from __future__ import annotations

from dataclasses import dataclass

from service.errors import BallotWithPosition, InvalidSetting
from service.results import ColourChoice

COLORS = tuple(ColourChoice)


@dataclass(frozen=True, slots=True)
class GameSettings:
    """None: the server's default (variant, days per move) or no such term. What needs no server or
    configuration to judge is refused here, once, as the value is made: BallotWithPosition (a ballot and a
    start position), InvalidSetting (a colour that is none). The rest (variant, days, clock, bot level) is
    judged by the service against the server's settings and the configuration."""

    variant: str | None = None
    color: str = ColourChoice.RANDOM
    days_per_move: int | None = None
    clock: str | None = None  # time-bank terms ("10d+1d max 20d", "20 moves in 30d") or plain days
    rated: bool = False
    bot_level: int | None = None  # only against the bot (1 if not given)
    start_fen: str | None = None  # begin from this position (the variant's FEN) instead of the usual start
    ballot: bool = False  # draw one of the variant's published ballots

    def __post_init__(self) -> None:
        if self.ballot and self.start_fen is not None:
            raise BallotWithPosition()
        if self.color not in COLORS:
            raise InvalidSetting("color", self.color, "white, black or random")
