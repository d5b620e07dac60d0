"""Local mode's tournaments: the same /tournament commands, with local:alice, local:bob and the bot as
players (local:alice creates and runs them). Games are ordinary local games; when one ends, the session
asks the tournament to move on (local/session.py), as the Discord announcer does."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import TYPE_CHECKING

from local.text import ALICE_ID, BOB_ID, NAMES, Command, InputError, Parsed, parse_options, readable, write_file
from local.vocabulary import command_word, usage_in_words
from messages import tournaments as words
from messages.openings import tournament_ballots
from messages.play import bot_name
from render.standings import StandingsTable, standings_png
from service import BOT_ID, GameSettings, TournamentNotFound
from service.tournaments import StandingsView, TournamentFormat, TournamentNews, TournamentView

if TYPE_CHECKING:
    from local.session import LocalSession

PLAYERS = {"alice": ALICE_ID, "bob": BOB_ID, "bot": BOT_ID}


def namer(session: LocalSession) -> Callable[[int], str]:
    def name(player_id: int) -> str:
        return bot_name(session.w, 1) if player_id == BOT_ID else NAMES.get(player_id, str(player_id))

    return name


async def tournament(session: LocalSession, parsed: Parsed) -> None:
    if not parsed.args:
        raise InputError(_usage(session))
    action, rest = parsed.args[0].lower(), parsed.args[1:]
    handler = ACTIONS.get(action)
    if handler is None:
        raise InputError(words.local_unknown(readable(action), session.w, _usage(session)))
    await handler(session, rest)


async def _create(session: LocalSession, args: list[str]) -> None:
    if not args:
        raise InputError(_usage(session))
    name, rest = args[0], args[1:]
    kind, rounds, others = TournamentFormat.ROUND_ROBIN.value, None, []
    for word in rest:
        key, _, value = word.lower().partition("=")
        if key in tuple(TournamentFormat):
            kind = key
        elif key == "rounds" and value.isdigit() and len(value) < 4:
            rounds = int(value)
        else:
            others.append(word)
    options = parse_options(others, allowed=("days", "rated", "ballot"))
    event = await session.service.tournaments.create(
        ALICE_ID,
        name,
        settings=GameSettings(
            variant=options.variant,
            days_per_move=options.days,
            rated=options.rated,
            ballot=options.ballot,
        ),
        format=kind,
        rounds=rounds,
    )
    session.say(words.plain(words.created_locally(event, namer(session), session.w)))
    if event.ballots:
        session.say(tournament_ballots(session.w))


async def _current(session: LocalSession, *statuses: str) -> TournamentView:
    found = list(await session.service.tournaments.in_server(None, include_finished=True))
    chosen = [t for t in found if t.status in statuses] or found
    if not chosen:
        raise InputError(words.local_none(session.w, _create_spelled(session)))
    return chosen[-1]


def _usage(session: LocalSession) -> str:
    """The usage, its command words as this language types them."""
    return usage_in_words(session.w, "tournament", words.local_usage(session.w))


def _create_spelled(session: LocalSession) -> str:
    return f"{command_word(session.w, 'tournament')} {command_word(session.w, 'tournament', 'create')}"


def _who(session: LocalSession, args: list[str]) -> int:
    if len(args) != 1 or args[0].lower().removeprefix("local:") not in PLAYERS:
        raise InputError(words.local_who(session.w))
    return PLAYERS[args[0].lower().removeprefix("local:")]


async def _join(session: LocalSession, args: list[str]) -> None:
    player = _who(session, args)
    target = await _current(session, "open")
    event = await session.service.tournaments.join(target.id, player)
    session.say(words.plain(words.joined(event, player, namer(session), session.w)))


async def _withdraw(session: LocalSession, args: list[str]) -> None:
    player = _who(session, args)
    target = await _current(session, "open", "running")
    event, finished = await session.service.tournaments.withdraw(target.id, player)
    session.say(words.plain(words.left(event, player, namer(session), len(finished), session.w)))
    for ended in finished:
        await session.finished(ended)


async def _start(session: LocalSession, args: list[str]) -> None:
    target = await _current(session, "open")
    news = await session.service.tournaments.start(target.id, ALICE_ID)
    await show_news(session, news)


async def _standings(session: LocalSession, args: list[str]) -> None:
    target = await _current(session, "running", "finished")
    view = await session.service.tournaments.standings(target.id)
    session.say(words.plain(words.standings_caption(view, session.w)))
    session.say(words.standings_text(view, namer(session), session.w))
    await _picture(session, view)


async def _pairings(session: LocalSession, args: list[str]) -> None:
    if len(args) > 1 or (args and not (args[0].isdigit() and len(args[0]) < 4)):
        raise InputError(words.local_unknown(readable(" ".join(args)), session.w, _usage(session)))
    target = await _current(session, "running", "finished")
    number, boards = await session.service.tournaments.pairings(target.id, int(args[0]) if args else None)
    session.say(words.plain(words.pairings(target, number, boards, namer(session), session.w)))


async def _cancel(session: LocalSession, args: list[str]) -> None:
    target = await _current(session, "open", "running")
    event = await session.service.tournaments.cancel(target.id, ALICE_ID)
    session.say(words.plain(words.cancelled(event, session.w)))


async def _list(session: LocalSession, args: list[str]) -> None:
    found = await session.service.tournaments.in_server(None, include_finished=True)
    session.say(words.plain(words.listing(found, session.w, _create_spelled(session))))


async def show_news(session: LocalSession, news: TournamentNews) -> None:
    """A new round (its pairings and boards) or the end (the winner, the standings)."""
    if news.final is not None:
        session.say(words.plain(words.final(news, namer(session), session.w)))
        view = await session.service.tournaments.standings(news.tournament.id)
        session.say(words.standings_text(view, namer(session), session.w))
        await _picture(session, view)
        return
    session.say(words.plain(words.round_started(news, namer(session), session.w)))
    for item in news.games:
        game = item.game
        name = namer(session)
        headline = words.game_headline(
            news.tournament, item.board.round, game.id, name(game.white_id), name(game.black_id), session.w
        )
        session.say(words.plain(headline))
        await session.show(game)
    waiting = [g.game for g in news.games if g.game.to_move_id in NAMES]
    if waiting:
        session.current = waiting[0].id


async def after_game(session: LocalSession, game_id: int) -> None:
    try:
        news = await session.service.tournaments.after_game(game_id)
    except TournamentNotFound:
        return
    if news is not None:
        await show_news(session, news)


async def _picture(session: LocalSession, view: StandingsView) -> None:
    if not session.pictures:
        return
    order = [row.player_id for row in view.rows]
    name = namer(session)
    table = StandingsTable(
        title=words.picture_title(view, session.w),
        header=words.standings_header(view, session.w),
        rows=tuple((str(r.rank), name(r.player_id), *words.standing_cells(r)) for r in view.rows),
        crosstable=tuple(
            tuple("-" if other == row.player_id else words.cross_cell(row.against.get(other, ())) for other in order)
            for row in view.rows
        ),
    )
    png = await asyncio.to_thread(standings_png, table)
    path = session.boards_dir / f"tournament-{view.tournament.id}.png"
    await asyncio.to_thread(write_file, path, png)
    session.say(words.local_picture(str(path), session.w))


ACTIONS = {
    "create": _create,
    "join": _join,
    "withdraw": _withdraw,
    "start": _start,
    "standings": _standings,
    "pairings": _pairings,
    "cancel": _cancel,
    "list": _list,
}

COMMANDS = (
    Command(
        "tournament",
        tournament,
        "tournament create|join|start|standings|pairings|withdraw|cancel|list",
        lambda w: w.say(
            "local.help.tournament",
            "a round robin or Swiss event with local:bob and the bot ({command} alone: how)",
            command=command_word(w, "tournament"),
        ),
    ),
)
