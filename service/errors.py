"""Typed refusals from the game service. They carry data; the Discord layer words them."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from service.results import GameView


class GameError(Exception):
    """Base of every refusal the service raises (rules errors from `rules` pass through as they are)."""

    def __init__(self, message: str = "") -> None:
        super().__init__(message or self.__doc__ or type(self).__name__)


class GameNotFound(GameError):
    def __init__(self, game_id: int) -> None:
        super().__init__(f"there is no game {game_id}")
        self.game_id = game_id


class NotAParticipant(GameError):
    def __init__(self, player_id: int, what: str = "game") -> None:
        super().__init__(f"you are not playing in this {what}")
        self.player_id = player_id
        self.challenge = what == "challenge"


class NotYourTurn(GameError):
    def __init__(self, to_move_id: int) -> None:
        super().__init__("it is not your turn")
        self.to_move_id = to_move_id


class GameOver(GameError):
    def __init__(self, game: GameView) -> None:
        super().__init__(f"the game is over ({game.result}, {game.termination})")
        self.game = game


class StaleGame(GameError):
    def __init__(self) -> None:
        super().__init__("the game has changed")


class ChallengeNotFound(GameError):
    def __init__(self, challenge_id: int) -> None:
        super().__init__(f"there is no challenge {challenge_id}")
        self.challenge_id = challenge_id


class ChallengeExpired(GameError):
    """the challenge has expired"""


class AlreadyAnswered(GameError):
    def __init__(self, status: str) -> None:
        super().__init__(f"this has already been answered ({status})")
        self.status = status


class CannotChallengeSelf(GameError):
    """you cannot challenge yourself"""


class InvalidSetting(GameError):
    def __init__(self, name: str, value: object, allowed: str) -> None:
        super().__init__(f"{name} cannot be {value!r}: {allowed}")
        self.name = name
        self.value = value
        self.allowed = allowed


class NoPendingOffer(GameError):
    def __init__(self, kind: str) -> None:
        super().__init__(f"there is no pending {kind} offer")
        self.kind = kind


class OfferAlreadyPending(GameError):
    def __init__(self, kind: str) -> None:
        super().__init__(f"a {kind} offer is already pending")
        self.kind = kind


class CannotAnswerOwnOffer(GameError):
    """you cannot answer your own offer"""


class NothingToTakeBack(GameError):
    """you have no move to take back"""


class PlyOutOfRange(GameError):
    def __init__(self, ply: int, last: int) -> None:
        super().__init__(f"ply {ply} is not in this game (0-{last})")
        self.ply = ply
        self.last = last


class AlreadyOnVacation(GameError):
    """you are already on vacation"""


class NotOnVacation(GameError):
    """you are not on vacation"""


class NoVacationLeft(GameError):
    """you have used all your vacation days for this year"""


class CorruptGame(GameError):
    """Stored moves do not replay to the stored position: run `python -m bot db check`."""


class UnplayablePosition(GameError):
    """A start position in which the side to move has no move: the game would be over at once."""

    def __init__(self, fen: str) -> None:
        super().__init__("the side to move has no move in that position")
        self.fen = fen

