"""Words for vote games (a team plays one side by vote, docs/CLUBS.md), for both front ends.

Typed data in, words out; each front end passes how it names a player and writes commands its own way.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import Any

from messages.i18n import Words
from messages.variants import variant_name
from service.errors import (
    AlreadyOnTeam,
    EmptyTeam,
    GameError,
    JoiningClosed,
    NotAMember,
    NotInRole,
    NotOnTeam,
    NotTeamOrganiser,
    TeamFull,
    TeamNotFound,
    TooManyForming,
    WindowClosed,
)
from service.tally import Count
from service.votes import Team, VoteCast, VoteStatus

When = Callable[[datetime], str]


def _already(e: AlreadyOnTeam, w: Words) -> str:
    if e.other_side:
        return w.say("vote.error.other_side", "You play the other side of this game: nobody plays both sides.")
    return w.say("vote.error.already_member", "You are on this team already.")


VOTE_ERRORS: dict[type[GameError], Callable[[Any, Any, Words], str]] = {
    TeamNotFound: lambda e, name, w: w.say("vote.error.no_team", "There is no vote game here to do that in."),
    NotOnTeam: lambda e, name, w: w.say(
        "vote.error.not_on_team", "You are not on the team to move in game #{game}, so you cannot vote there.",
        game=e.game_id,
    ),
    JoiningClosed: lambda e, name, w: w.say(
        "vote.error.joining_closed", "This team takes no new members: its game has started or is over."
    ),
    AlreadyOnTeam: lambda e, name, w: _already(e, w),
    NotInRole: lambda e, name, w: w.say(
        "vote.error.not_in_role", "Only members holding the team's role may join this team."
    ),
    TeamFull: lambda e, name, w: w.plural(
        "vote.error.team_full", "This team is full: a team has at most {count} member.",
        "This team is full: a team has at most {count} members.", e.limit,
    ),
    EmptyTeam: lambda e, name, w: w.say(
        "vote.error.empty_team", "Nobody has joined the team yet: a vote game starts with at least one member."
    ),
    NotTeamOrganiser: lambda e, name, w: w.say(
        "vote.error.not_organiser",
        "Only the organiser, or a member who may manage the server, may start or cancel this vote game.",
    ),
    TooManyForming: lambda e, name, w: w.plural(
        "vote.error.too_many_forming", "{count} vote game is already forming here; start it or cancel it first.",
        "{count} vote games are already forming here; start one or cancel one first.", e.limit,
    ),
    NotAMember: lambda e, name, w: w.say("vote.error.not_a_member", "You are not on this team."),
    WindowClosed: lambda e, name, w: w.say(
        "vote.error.window_closed", "Time is up for this move: the team's votes are being counted."
    ),
}  # fmt: skip


def team_label(w: Words, team_id: int) -> str:
    """A vote team as boards and posts name it."""
    return w.say("vote.team_label", "Team #{team}", team=team_id)


def board_votes(w: Words, voted: int, members: int, deadline: str) -> str:
    """The board of a vote game while the team is to move: how many voted, and when the vote closes."""
    return w.plural(
        "vote.board_votes",
        "{voted} of {count} member has voted; the vote closes {deadline}.",
        "{voted} of {count} members have voted; the vote closes {deadline}.",
        members,
        voted=voted,
        deadline=deadline,
    )


def your_vote(w: Words, team: str, vote: str) -> str:
    """Under a board where the team is to move: how its members vote."""
    return w.say("vote.your_turn", "{team} is to move: vote with {vote} or the Vote button.", team=team, vote=vote)


def reminder(w: Words, team: str, game: int, deadline: str) -> str:
    return w.say(
        "vote.reminder",
        "{team}: a third of the time is left to vote in game #{game}; the vote closes {deadline}.",
        team=team,
        game=game,
        deadline=deadline,
    )


def thread_name(w: Words, team: Team) -> str:
    return w.say("vote.thread", "Vote game #{team}: the team's discussion", team=team.id)


def forming(w: Words, team: Team, join: str, begin: str) -> str:
    """A new vote game, forming: how to join and how the organiser starts it."""
    return w.say(
        "vote.forming",
        "Vote game #{team} is forming: a team plays {side} against the bot (level {level}), {variant}. "
        "Join with {join}; the organiser starts the game with {begin}.",
        team=team.id,
        side=_side(w, team.side),
        level=team.bot_level or 1,
        variant=variant_name(w, team.variant),
        join=join,
        begin=begin,
    )


def _side(w: Words, side: str) -> str:
    if side == "white":
        return w.say("vote.side.white", "White")
    if side == "black":
        return w.say("vote.side.black", "Black")
    return w.say("vote.side.random", "a side drawn at random")


def joined(w: Words, team: Team, member: str) -> str:
    return w.plural(
        "vote.joined",
        "{member} joined vote game #{team}; the team has {count} member.",
        "{member} joined vote game #{team}; the team has {count} members.",
        len(team.members),
        member=member,
        team=team.id,
    )


def left(w: Words, team: Team, member: str) -> str:
    return w.plural(
        "vote.left",
        "{member} left vote game #{team}; the team has {count} member.",
        "{member} left vote game #{team}; the team has {count} members.",
        len(team.members),
        member=member,
        team=team.id,
    )


def begun(w: Words, team: Team, vote: str) -> str:
    return w.plural(
        "vote.begun",
        "Vote game #{team} has begun as game #{game}, with {count} member voting. Vote with {vote}.",
        "Vote game #{team} has begun as game #{game}, with {count} members voting. Vote with {vote}.",
        len(team.members),
        team=team.id,
        game=team.game_id,
        vote=vote,
    )


def cancelled(w: Words, team: Team) -> str:
    if team.game_id is None:
        return w.say("vote.cancelled", "Vote game #{team} is cancelled.", team=team.id)
    return w.say(
        "vote.ended", "Vote game #{team} is over: the team resigned game #{game}.", team=team.id, game=team.game_id
    )


def tally_lines(w: Words, counted: tuple[Count, ...]) -> str:
    return "\n".join(
        w.plural("vote.tally_line", "{move}: {count} vote", "{move}: {count} votes", c.votes, move=c.notation)
        for c in counted
    )


def vote_taken(w: Words, cast: VoteCast) -> str:
    """The voter's private answer: their vote, how many voted, and the tally (unless secret)."""
    members = len(cast.team.members)
    head = w.plural(
        "vote.taken",
        "Your vote for {move} counts; {voted} of {count} member has voted.",
        "Your vote for {move} counts; {voted} of {count} members have voted.",
        members,
        move=cast.notation,
        voted=cast.voted,
    )
    if cast.played is not None:
        head += " " + w.say("vote.closed_by_you", "Everyone has voted: the team played {move}.", move=played(cast))
    if cast.tally is None:
        return head + " " + w.say("vote.secret", "The votes stay secret until the move is played.")
    return head + "\n" + tally_lines(w, cast.tally)


def played(cast: VoteCast) -> str:
    assert cast.played is not None
    return cast.played.move.notation


def status_text(w: Words, status: VoteStatus, when: When) -> str:
    team = status.team
    lines = [
        w.plural(
            "vote.status.team",
            "Vote game #{team} ({name}): {count} member, plays {side} against the bot (level {level}).",
            "Vote game #{team} ({name}): {count} members, play {side} against the bot (level {level}).",
            len(team.members),
            team=team.id,
            name=team.name,
            side=_side(w, team.side),
            level=team.bot_level or 1,
        )
    ]
    game = status.game
    if game is None:
        lines.append(w.say("vote.status.forming", "It is forming: the game has not started yet."))
    elif not game.active:
        lines.append(w.say("vote.status.over", "Its game #{game} is over.", game=game.id))
    elif status.window_open:
        deadline = when(game.move_deadline) if game.move_deadline is not None else "-"
        lines.append(
            w.plural(
                "vote.status.window",
                "Game #{game}: the team is to move; {voted} of {count} member has voted; the vote closes {deadline}.",
                "Game #{game}: the team is to move; {voted} of {count} members have voted; the vote closes {deadline}.",
                len(team.members),
                game=game.id,
                voted=status.voted,
                deadline=deadline,
            )
        )
    else:
        lines.append(w.say("vote.status.waiting", "Game #{game}: the bot is to move.", game=game.id))
    if status.my_vote is not None:
        lines.append(w.say("vote.status.my_vote", "Your vote: {move}.", move=status.my_vote))
    if status.tally is not None:
        lines.append(tally_lines(w, status.tally))
    lines.append(
        w.say(
            "vote.status.record",
            "Closed windows you voted in: {windows}; windows where the team played your move: {followed}.",
            windows=status.my_windows,
            followed=status.followed,
        )
    )
    return "\n".join(lines)


__all__ = [
    "VOTE_ERRORS",
    "begun",
    "board_votes",
    "cancelled",
    "forming",
    "joined",
    "left",
    "reminder",
    "status_text",
    "tally_lines",
    "team_label",
    "thread_name",
    "vote_taken",
    "your_vote",
]
