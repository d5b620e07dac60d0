"""Typed refusals from the game service. They carry data; the Discord layer words them."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from rules import Color, Position, RulesError
    from service.results import GameView


class GameError(Exception):
    """Base of every refusal the service raises (rules errors from `rules` pass through as they are)."""

    def __init__(self, message: str = "") -> None:
        super().__init__(message or self.__doc__ or type(self).__name__)


class GameNotFound(GameError):
    def __init__(self, game_id: int) -> None:
        super().__init__(f"there is no game {game_id}")
        self.game_id = game_id


class ImportedGameNotFound(GameError):
    def __init__(self, imported_id: int) -> None:
        super().__init__(f"there is no imported game {imported_id}")
        self.imported_id = imported_id


class ImportTooLarge(GameError):
    """A PDN import over the limits: kind is "bytes" or "games"."""

    def __init__(self, kind: str, size: int, limit: int) -> None:
        super().__init__(f"the import has {size} {kind}, at most {limit}")
        self.kind = kind
        self.size = size
        self.limit = limit


class RecordTooLong(GameError):
    """A game or imported record past a bound of service/bounds.py for some work: work is "replay" or "analysis";
    imported: number names an imported record, else a game."""

    def __init__(self, number: int, plies: int, limit: int, work: str, *, imported: bool) -> None:
        super().__init__(f"{'imported ' if imported else ''}game {number} has {plies} plies, {work} takes {limit}")
        self.number = number
        self.plies = plies
        self.limit = limit
        self.work = work
        self.imported = imported


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


class MoveRefused(GameError):
    """A move the rules refuse (`error`: the rules' own error), with the position it was refused in and the game
    as it stands, so the answer lists that position's legal moves without loading the game again."""

    def __init__(self, error: RulesError, position: Position, game: GameView) -> None:
        super().__init__(str(error))
        self.error = error
        self.position = position
        self.game = game


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


class BadClock(GameError):
    """Clock terms that cannot be read (reason UNREADABLE), are outside the limits (OUT_OF_RANGE), or cap the
    bank below its start (CAP_BELOW_BASE)."""

    UNREADABLE = "unreadable"
    OUT_OF_RANGE = "out_of_range"
    CAP_BELOW_BASE = "cap_below_base"

    def __init__(self, text: str, reason: str) -> None:
        super().__init__(f"clock {text!r}: {reason}")
        self.text = text
        self.reason = reason


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


class NothingTried(GameError):
    """a study's Back with no tried move to take back"""


class LineTooLong(GameError):
    """a study's tried line at its length limit"""

    def __init__(self, limit: int) -> None:
        super().__init__(f"a tried line has at most {limit} moves")
        self.limit = limit


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


class EmptySide(GameError):
    """A start position in which one side has no piece at all: no game, only a win waiting for one move."""

    def __init__(self, fen: str, color: Color) -> None:
        super().__init__(f"{color.label} has no piece in that position")
        self.fen = fen
        self.color = color


class PremoveNotNow(GameError):
    """Conditional moves are entered while the opponent is to move (to_move_id is the player to move)."""

    def __init__(self, game_id: int, to_move_id: int) -> None:
        super().__init__("conditional moves are entered while your opponent is to move")
        self.game_id = game_id
        self.to_move_id = to_move_id


class PremoveIncomplete(GameError):
    """A line is pairs (the opponent's move, your reply): it cannot end on the opponent's move."""

    def __init__(self, last: str | None) -> None:
        super().__init__("a line ends with your reply")
        self.last = last


class PremoveTooLong(GameError):
    def __init__(self, what: str, limit: int) -> None:
        super().__init__(f"too many {what} (at most {limit})")
        self.what = what  # "plies" in one line, or "lines" in one game
        self.limit = limit


class PremoveBadMove(GameError):
    """The first move of a line that cannot be read or played where the line reaches."""

    def __init__(self, index: int, text: str, error: RulesError, position: Position) -> None:
        super().__init__(f"move {index + 1} of the line ({text}): {error}")
        self.index = index  # 0-based: even = the opponent's move, odd = your reply
        self.text = text
        self.error = error
        self.position = position


class PremoveConflict(GameError):
    """A stored line already answers this opponent move with another reply."""

    def __init__(self, opponent_move: str, stored_reply: str, new_reply: str) -> None:
        super().__init__(f"{opponent_move} is already answered with {stored_reply}")
        self.opponent_move = opponent_move
        self.stored_reply = stored_reply
        self.new_reply = new_reply


class RematchNotYet(GameError):
    """A rematch is offered once the game is over."""

    def __init__(self, game_id: int) -> None:
        super().__init__("the game is still being played")
        self.game_id = game_id


class RematchPending(GameError):
    """One of the two players already asked the other for a game of this variant (challenge_id)."""

    def __init__(self, game_id: int, challenge_id: int, *, by_you: bool) -> None:
        super().__init__("a rematch is already waiting for an answer")
        self.game_id = game_id
        self.challenge_id = challenge_id
        self.by_you = by_you


class AnalysisRefused(GameError):
    """Only finished (or imported) games are analysed; reason: "active"."""

    def __init__(self, game_id: int, reason: str) -> None:
        super().__init__(f"game {game_id} cannot be analysed ({reason})")
        self.game_id = game_id
        self.reason = reason


class AnalysisRateLimited(GameError):
    def __init__(self, retry_after: float) -> None:
        super().__init__(f"analyse again in {retry_after:.0f} s")
        self.retry_after = retry_after


class TournamentError(GameError):
    """Base of the tournament refusals."""


class TournamentNotFound(TournamentError):
    def __init__(self, tournament_id: int | None) -> None:
        super().__init__(f"there is no tournament {tournament_id}")
        self.tournament_id = tournament_id


class TournamentClosed(TournamentError):
    """The tournament is not open for that any more (or not yet): status says where it is."""

    def __init__(self, status: str) -> None:
        super().__init__(f"the tournament is {status}")
        self.status = status


class NotOrganiser(TournamentError):
    """Only the creator, or a member who may manage the server, runs a tournament."""


class AlreadyEntered(TournamentError):
    """The player is already in this tournament."""


class NotEntered(TournamentError):
    """The player is not in this tournament."""


class TournamentFull(TournamentError):
    def __init__(self, most: int) -> None:
        super().__init__(f"the tournament is full ({most} players)")
        self.most = most


class TooFewPlayers(TournamentError):
    def __init__(self, have: int, need: int) -> None:
        super().__init__(f"{have} players, at least {need} needed")
        self.have = have
        self.need = need


class TooManyRounds(TournamentError):
    def __init__(self, rounds: int, most: int) -> None:
        super().__init__(f"{rounds} rounds for players who can meet at most {most} times")
        self.rounds = rounds
        self.most = most


class NoSuchRound(TournamentError):
    def __init__(self, round_number: int, paired: int) -> None:
        super().__init__(f"round {round_number} is not paired (rounds paired: {paired})")
        self.round_number = round_number
        self.paired = paired


class ExploreActiveGame(GameError):
    """The explorer never looks at the position of one of the asker's games in play."""

    def __init__(self, game_id: int) -> None:
        super().__init__(f"that is the position of your active game {game_id}")
        self.game_id = game_id


class ExploreBadMove(GameError):
    """A move of the line asked about that the rules refuse, with the position it was refused in (so the answer
    lists that position's legal moves, in the variant's notation)."""

    def __init__(self, error: RulesError, position: Position) -> None:
        super().__init__(str(error))
        self.error = error
        self.position = position


class ExploreTooDeep(GameError):
    def __init__(self, plies: int) -> None:
        super().__init__(f"the explorer reaches {plies} plies into a game")
        self.plies = plies


class NoBallots(GameError):
    """A ballot was asked for in a variant with no published ballots."""

    def __init__(self, variant: str) -> None:
        super().__init__(f"{variant} has no published ballots")
        self.variant = variant


class BallotWithPosition(GameError):
    """A ballot game starts from the variant's start position, so it cannot take a position as well."""


class VoteError(GameError):
    """Base of the refusals of vote games (service/votes.py)."""


class TeamNotFound(VoteError):
    def __init__(self, team_id: int | None) -> None:
        super().__init__("there is no such vote team here")
        self.team_id = team_id


class NotOnTeam(VoteError):
    """The voter is not on the team to move (or on no team of this game)."""

    def __init__(self, game_id: int) -> None:
        super().__init__(f"you are not on the team to move in game {game_id}")
        self.game_id = game_id


class JoiningClosed(VoteError):
    """The team takes no new member: its game started (or ended), and the organiser closed joining then."""


class AlreadyOnTeam(VoteError):
    """The member is on this team already, or on the other side's (nobody plays both sides)."""

    def __init__(self, other_side: bool) -> None:
        super().__init__("you are on the other team" if other_side else "you are on this team already")
        self.other_side = other_side


class NotInRole(VoteError):
    def __init__(self, role_id: int) -> None:
        super().__init__("only members holding the team's role may join")
        self.role_id = role_id


class TeamFull(VoteError):
    def __init__(self, limit: int) -> None:
        super().__init__(f"a team has at most {limit} members")
        self.limit = limit


class EmptyTeam(VoteError):
    """A vote game cannot start before anyone joined its team."""


class NotTeamOrganiser(VoteError):
    """Only the organiser, or a member who may manage the server, starts or cancels a vote game."""


class TooManyForming(VoteError):
    def __init__(self, limit: int) -> None:
        super().__init__(f"at most {limit} vote games may be forming in one channel")
        self.limit = limit


class NotAMember(VoteError):
    """Leaving a team one is not on."""


class WindowClosed(VoteError):
    """The move's time is up: the window is being decided (or the game lost on time)."""
