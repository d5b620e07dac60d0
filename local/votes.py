"""Local mode's vote games (docs/CLUBS.md): local:alice and local:bob form a team that plays one side against
the bot by vote, the flow of /vote-game without Discord.

    vote start [level N] [white|black] [days N] [variant] [secret] [open]   local:alice organises
    vote join [bob]        vote begin        vote 22-18 [bob]        vote status [bob]
    vote leave [bob]       vote cancel
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from local.text import ALICE_ID, BOB_ID, NAMES, TEAM_NAME, Command, InputError, Parsed, parse_options
from local.vocabulary import command_word
from messages import votes as words
from messages.i18n import Words
from service import Team

if TYPE_CHECKING:
    from local.session import LocalSession

COMMAND = "vote"
SLASH = "vote-game"  # the slash command whose subcommands local mode types
SUBCOMMANDS = ("start", "join", "begin", "status", "leave", "cancel")
FLAGS = ("secret", "open")  # start's switches besides the usual options


def _sub_word(w: Words, sub: str) -> str:
    """A subcommand as /vote-game names it in the session's language."""
    return command_word(w, SLASH, sub)


def _who(args: list[str]) -> tuple[int, list[str]]:
    if args and args[-1].lower().removeprefix("local:") in ("alice", "bob"):
        return (BOB_ID if args[-1].lower().endswith("bob") else ALICE_ID), args[:-1]
    return ALICE_ID, args


def _typed(w: Words, sub: str | None = None) -> str:
    word = command_word(w, COMMAND)
    return word if sub is None else f"{word} {_sub_word(w, sub)}"


async def _team(session: LocalSession) -> Team:
    """The vote game local mode plays: the one forming, else the newest with a game."""
    votes = session.service.votes
    forming = await votes.forming_here(None)
    if forming is not None:
        return forming
    if session.vote_team is None:
        raise InputError(
            lambda w: w.say(
                "local.vote.none", "There is no vote game yet. Start one with {command}.", command=_typed(w, "start")
            )
        )
    return await votes.team(session.vote_team)


async def vote(session: LocalSession, parsed: Parsed) -> None:
    player, args = _who(parsed.args)
    w = session.w
    subs = {_sub_word(w, sub): sub for sub in SUBCOMMANDS} | {sub: sub for sub in SUBCOMMANDS}
    sub = subs.get(args[0].lower()) if args else "status"
    if sub is None:
        await _cast(session, player, " ".join(args))
    elif sub == "start":
        await _start(session, args[1:])
    elif sub == "join":
        team = await session.service.votes.join((await _team(session)).id, player)
        session.say(words.joined(w, team, NAMES[player]))
    elif sub == "leave":
        team = await session.service.votes.leave((await _team(session)).id, player)
        session.say(words.left(w, team, NAMES[player]))
    elif sub == "begin":
        await _begin(session, player)
    elif sub == "cancel":
        team = await session.service.votes.cancel((await _team(session)).id, player)
        session.say(words.cancelled(w, team))
    else:
        team = await _team(session)
        status = await session.service.votes.status(team.game_id, player, team_id=team.id)
        session.say(words.status_text(w, status, lambda moment: moment.strftime("%Y-%m-%d %H:%M UTC")))
    if session.vote_team is not None:  # the team's game: its news is shown here, no Discord waits for it
        seat = (await session.service.votes.team(session.vote_team)).seat
        await session.service.outbox.settle_for_players((seat,))


async def _start(session: LocalSession, args: list[str]) -> None:
    flags = {a.lower() for a in args if a.lower() in FLAGS}
    options = parse_options([a for a in args if a.lower() not in FLAGS], allowed=("variant", "colour", "level", "days"))
    w = session.w
    team = await session.service.votes.start(
        ALICE_ID,
        name=TEAM_NAME,
        guild_id=None,
        channel_id=None,
        level=options.level,
        variant=options.variant,
        days_per_move=options.days,
        side=options.colour,
        secret="secret" in flags,
        joining="open" if "open" in flags else "start",
    )
    session.vote_team = team.id
    session.say(words.forming(w, team, f"{_typed(w, 'join')} [bob]", _typed(w, "begin")))


async def _begin(session: LocalSession, player: int) -> None:
    w = session.w
    team = await session.service.votes.begin((await _team(session)).id, player)
    session.vote_team = team.id
    session.say(words.begun(w, team, f"{_typed(w)} {await _example(session, team)} [bob]"))
    assert team.game_id is not None
    await session.show(await session.service.queries.game(team.game_id))


async def _example(session: LocalSession, team: Team) -> str:
    assert team.game_id is not None
    return await session.example_move(team.game_id)


async def _cast(session: LocalSession, player: int, move: str) -> None:
    team = await _team(session)
    if team.game_id is None:
        raise InputError(
            lambda w: w.say(
                "local.vote.not_begun", "The vote game has not begun; start it with {command}.",
                command=_typed(w, "begin"),
            )
        )  # fmt: skip
    cast = await session.service.votes.vote(team.game_id, player, move)
    session.say(words.vote_taken(session.w, cast))
    step = cast.played
    while step is not None:  # the team's move, then the bot's reply (each with any conditional reply)
        await session.moved(step)
        step = (step.premove_reply or step).bot_reply


COMMANDS = (
    Command(
        COMMAND,
        vote,
        "vote start|join|begin|status|leave|cancel [bob] | vote MOVE [bob]",
        lambda w: w.say(
            "local.vote.summary", "a vote game: local:alice and local:bob vote for one side against the bot"
        ),
    ),
)
