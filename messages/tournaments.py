"""Words for tournaments: announcements (new round, pairings, the end), standings and refusals, for both
front ends, in the reader's language (`w`).

Typed data in, words out; each front end passes how it names a player (a mention, a local name).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from messages.clock import clock_terms_text
from messages.i18n import Words
from messages.variants import variant_name
from service.errors import (
    AlreadyEntered,
    NoSuchRound,
    NotEntered,
    NotOrganiser,
    TooFewPlayers,
    TooManyRounds,
    TournamentClosed,
    TournamentError,
    TournamentFull,
    TournamentNotFound,
)
from service.tournaments import BoardView, Standing, StandingsView, TournamentNews, TournamentView

Namer = Callable[[int], str]


def status(w: Words, code: str) -> str:
    phrases = {
        "open": lambda: w.say("tournament.status.open", "open for entries"),
        "running": lambda: w.say("tournament.status.running", "under way"),
        "finished": lambda: w.say("tournament.status.finished", "over"),
        "cancelled": lambda: w.say("tournament.status.cancelled", "cancelled"),
        "withdrawn": lambda: w.say("tournament.status.withdrawn", "one you have withdrawn from"),
    }
    return phrases[code]() if code in phrases else code


def _not_found(e: TournamentNotFound, w: Words) -> str:
    if e.tournament_id is None:
        return w.say(
            "tournament.error.which",
            "There is no tournament here to do that in. Name one with the {option} option.",
            option=w.option("tournament"),
        )
    return w.say("tournament.error.not_found", "There is no tournament #{number} here.", number=e.tournament_id)


def _closed(w: Words, code: str) -> str:
    """Why a tournament refuses: one whole sentence per state."""
    sentences = {
        "open": lambda: w.say("tournament.error.still_open", "That tournament has not started yet."),
        "running": lambda: w.say("tournament.error.running", "That tournament is already under way."),
        "finished": lambda: w.say("tournament.error.finished", "That tournament is over."),
        "cancelled": lambda: w.say("tournament.error.cancelled", "That tournament was cancelled."),
        "withdrawn": lambda: w.say("tournament.error.withdrawn", "You have withdrawn from that tournament."),
    }
    found = sentences.get(code)
    return found() if found is not None else w.say("tournament.error.closed", "That tournament is closed.")


TOURNAMENT_ERRORS: dict[type[TournamentError], Callable[[Any, Namer, Words], str]] = {
    TournamentNotFound: lambda e, name, w: _not_found(e, w),
    TournamentClosed: lambda e, name, w: _closed(w, e.status),
    NotOrganiser: lambda e, name, w: w.say(
        "tournament.error.not_organiser",
        "Only the tournament's creator or a member who can manage the server may do that.",
    ),
    AlreadyEntered: lambda e, name, w: w.say("tournament.error.already_entered", "You are already in that tournament."),
    TournamentFull: lambda e, name, w: w.say(
        "tournament.error.full", "That tournament is full: it takes at most {count} players.", count=e.most
    ),
    NotEntered: lambda e, name, w: w.say("tournament.error.not_entered", "You are not in that tournament."),
    TooFewPlayers: lambda e, name, w: w.say(
        "tournament.error.too_few",
        "A tournament needs at least {need} players; it has {have}.",
        need=e.need,
        have=e.have,
    ),
    TooManyRounds: lambda e, name, w: w.say(
        "tournament.error.too_many_rounds",
        "Too many rounds: with these players no one can meet more than {count} different opponents.",
        count=e.most,
    ),
    NoSuchRound: lambda e, name, w: (
        w.say("tournament.error.no_such_round", "Round {round} has not been paired yet.", round=e.round_number)
        if e.paired
        else w.say("tournament.error.no_round_yet", "No round has been paired yet.")
    ),
}


def points(value: float) -> str:
    return f"{value:g}"


def cross_cell(scores: Sequence[float]) -> str:
    """A crosstable cell: 1, 0 or = (a draw); both games of a double round robin side by side."""
    return " ".join({1.0: "1", 0.0: "0"}.get(p, "=") for p in scores)


def terms(t: TournamentView, w: Words) -> str:
    if t.swiss:
        shape = w.plural("tournament.terms.swiss", "Swiss, {count} round", "Swiss, {count} rounds", t.rounds)
    elif t.double:
        shape = w.say("tournament.terms.double", "double round robin")
    else:
        shape = w.say("tournament.terms.single", "round robin")
    days = w.plural("tournament.terms.days", "{count} day per move", "{count} days per move", t.days_per_move)
    if t.clock is not None:
        days = clock_terms_text(w, t.clock)
    rated = w.say("tournament.terms.rated", "rated") if t.rated else w.say("tournament.terms.unrated", "unrated")
    return f"{shape}, {variant_name(w, t.variant)}, {days}, {rated}"


def created(t: TournamentView, name: Namer, w: Words) -> str:
    return w.say(
        "tournament.created",
        "{creator} created the tournament **{name}** (#{number}): {terms}. Join with {join}; the creator starts "
        "it with {start}.",
        join=w.command("tournament join", tournament=t.id),
        start=w.command("tournament start"),
        creator=name(t.creator_id),
        name=t.name,
        number=t.id,
        terms=terms(t, w),
    )


def created_locally(t: TournamentView, name: Namer, w: Words) -> str:
    return w.say(
        "tournament.created_local",
        "{creator} created the tournament {name} (#{number}): {terms}.",
        creator=name(t.creator_id),
        name=t.name,
        number=t.id,
        terms=terms(t, w),
    )


def joined(t: TournamentView, player: int, name: Namer, w: Words) -> str:
    return w.plural(
        "tournament.joined",
        "{player} joined **{name}** ({count} player).",
        "{player} joined **{name}** ({count} players).",
        len(t.players),
        player=name(player),
        name=t.name,
    )


def left(t: TournamentView, player: int, name: Namer, games_resigned: int, w: Words) -> str:
    if t.status == "open":
        return w.say("tournament.left", "{player} left **{name}**.", player=name(player), name=t.name)
    text = w.say("tournament.withdrew", "{player} withdrew from **{name}**.", player=name(player), name=t.name)
    if games_resigned:
        text += " " + w.plural(
            "tournament.withdrew_games",
            "Their {count} unfinished game counts as lost.",
            "Their {count} unfinished games count as lost.",
            games_resigned,
        )
    return text


def cancelled(t: TournamentView, w: Words) -> str:
    return w.say(
        "tournament.cancelled",
        "**{name}** has been cancelled. Games already started go on as ordinary games.",
        name=t.name,
    )


def board_line(board: BoardView, name: Namer, w: Words) -> str:
    if board.black_id is None:
        return w.say("tournament.bye", "Bye: {player} (1 point)", player=name(board.white_id))
    text = w.say(
        "tournament.board",
        "Board {board}: {white} (White) – {black} (Black)",
        board=board.board,
        white=name(board.white_id),
        black=name(board.black_id),
    )
    if board.game_id:
        text += " " + w.say("tournament.board_game", "(game #{game})", game=board.game_id)
    if board.result:
        text += f": {board.result}"
    return text


def thread_name(t: TournamentView, w: Words) -> str:
    return w.say("tournament.thread", "Tournament: {name}", name=t.name)


def began(t: TournamentView, w: Words) -> str:
    return w.say("tournament.began", "**{name}** has begun.", name=t.name)


def round_started(news: TournamentNews, name: Namer, w: Words) -> str:
    t = news.tournament
    if news.round is None:
        return w.plural(
            "tournament.all_games",
            "**{name}** has begun: its {count} game starts now ({terms}).",
            "**{name}** has begun: all {count} games start now ({terms}).",
            len(news.games),
            name=t.name,
            terms=terms(t, w),
        )
    lines = [
        w.say(
            "tournament.round_pairings",
            "**{name}**, round {round} of {rounds}: the pairings.",
            name=t.name,
            round=news.round,
            rounds=t.total_rounds,
        )
    ]
    lines += [board_line(g.board, name, w) for g in news.games]
    lines += [w.say("tournament.bye", "Bye: {player} (1 point)", player=name(p)) for p in news.byes]
    return "\n".join(lines)


def game_headline(t: TournamentView, round_number: int, game_id: int, white: str, black: str, w: Words) -> str:
    return w.say(
        "tournament.game_begins",
        "**{name}**, round {round}: game #{game} begins: {white} (White) against {black} (Black).",
        name=t.name,
        round=round_number,
        game=game_id,
        white=white,
        black=black,
    )


def pairings(t: TournamentView, round_number: int, boards: Sequence[BoardView], name: Namer, w: Words) -> str:
    lines = [
        w.say(
            "tournament.round_heading",
            "**{name}**, round {round} of {rounds}:",
            name=t.name,
            round=round_number,
            rounds=t.total_rounds,
        )
    ]
    lines += [board_line(b, name, w) for b in boards if t.swiss or b.black_id is not None]
    free = [b for b in boards if b.black_id is None]
    if not t.swiss and free:
        lines.append(w.say("tournament.free_round", "Free this round: {player}", player=name(free[0].white_id)))
    return "\n".join(lines)


def tiebreak_name(t: TournamentView, w: Words) -> str:
    return w.say("tournament.buchholz", "Buchholz") if t.swiss else w.say("tournament.sb", "Sonneborn-Berger")


def final(news: TournamentNews, name: Namer, w: Words) -> str:
    t = news.tournament
    rows = news.final or ()
    if not rows:
        return w.say("tournament.over", "**{name}** is over.", name=t.name)
    winner = rows[0]
    if float(winner.points).is_integer():
        text = w.plural(
            "tournament.winner",
            "**{name}** is over. The winner is {player} with {count} point",
            "**{name}** is over. The winner is {player} with {count} points",
            int(winner.points),
            name=t.name,
            player=name(winner.player_id),
        )
    else:  # a half point: plural rules are for whole numbers, so fractions have a sentence of their own
        text = w.say(
            "tournament.winner_fraction",
            "**{name}** is over. The winner is {player} with {points} points",
            name=t.name,
            player=name(winner.player_id),
            points=points(winner.points),
        )
    if len(rows) > 1 and rows[1].points == winner.points:
        runner = rows[1]
        if runner.rank == winner.rank:
            text += w.say("tournament.shared", ", sharing first place with {player}", player=name(runner.player_id))
        elif runner.tiebreak != winner.tiebreak:
            text += w.say(
                "tournament.ahead_on_tiebreak",
                ", ahead of {player} on {tiebreak} ({mine} to {theirs})",
                player=name(runner.player_id),
                tiebreak=tiebreak_name(t, w),
                mine=points(winner.tiebreak),
                theirs=points(runner.tiebreak),
            )
        else:
            text += w.say("tournament.ahead_on_wins", ", ahead of {player} on games won", player=name(runner.player_id))
    text += "."
    if news.stopped_early:
        text += " " + w.say("tournament.stopped_early", "(It ended early: no pairing of another round was possible.)")
    return text


def standings_caption(view: StandingsView, w: Words) -> str:
    t = view.tournament
    return w.plural(
        "tournament.standings_caption",
        "**{name}** ({terms}): {status}, after {count} round.",
        "**{name}** ({terms}): {status}, after {count} rounds.",
        view.rounds_completed,
        name=t.name,
        terms=terms(t, w),
        status=status(w, t.status),
    )


def standings_header(view: StandingsView, w: Words) -> tuple[str, str, str, str, str]:
    """The picture's column titles: rank, player, points, the tie-break, games."""
    short = w.say("tournament.column.buchholz", "Buchholz") if view.tournament.swiss else "SB"
    return (
        "#",
        w.say("tournament.column.player", "Player"),
        w.say("tournament.column.points", "Points"),
        short,
        w.say("tournament.column.games", "Games"),
    )


def standings_text(view: StandingsView, name: Namer, w: Words) -> str:
    """The standings as lines (local mode)."""
    _, player, score, tiebreak, games = standings_header(view, w)
    lines = [f"{'#':>2}  {player:<20} {score:>6} {tiebreak:>8} {games:>5}"]
    for row in view.rows:
        lines.append(
            f"{row.rank:>2}  {name(row.player_id)[:20]:<20} {points(row.points):>6} {points(row.tiebreak):>8} "
            f"{row.games:>5}"
        )
    return "\n".join(lines)


def standing_cells(row: Standing) -> tuple[str, str, str]:
    return points(row.points), points(row.tiebreak), str(row.games)


def picture_title(view: StandingsView, w: Words) -> str:
    return f"{view.tournament.name}: {terms(view.tournament, w)}"


def listing(tournaments: Sequence[TournamentView], w: Words, create: str | None = None) -> str:
    """create: how to create one here (local mode's words; Discord's slash command by default)."""
    if not tournaments:
        return w.say(
            "tournament.none",
            "No tournament here yet. Create one with {command}.",
            command=create or w.command("tournament create"),
        )
    return "\n".join(
        w.plural(
            "tournament.listing",
            "#{number} **{name}**: {terms}, {status}, {count} player",
            "#{number} **{name}**: {terms}, {status}, {count} players",
            len(t.players),
            number=t.id,
            name=t.name,
            terms=terms(t, w),
            status=status(w, t.status),
        )
        for t in tournaments
    )


# ---- local mode ------------------------------------------------------------------------------------


def local_usage(w: Words) -> str:
    return w.say(
        "local.tournament.usage",
        "tournament create NAME [round-robin|swiss] [rounds=N] [variant] [days=N] [rated], then "
        "tournament join alice|bob|bot, tournament start, standings, pairings [ROUND], withdraw alice|bob|bot, "
        "cancel, list.",
    )


def local_who(w: Words) -> str:
    return w.say("local.tournament.who", "Who? Name a local player: alice, bob or bot.")


def local_none(w: Words, command: str) -> str:
    """command: the session's words for `tournament create`."""
    return w.say(
        "local.tournament.none",
        "There is no local tournament yet. Create one with: {command} NAME",
        command=command,
    )


def local_unknown(word: str, w: Words, usage: str) -> str:
    """usage: local_usage() as the session types its words."""
    return w.say("local.tournament.unknown", "I don't understand {word!r} here. Usage: {usage}", word=word, usage=usage)


def local_picture(path: str, w: Words) -> str:
    return w.say("local.tournament.picture", "Standings picture: {path}", path=path)


def plain(text: str) -> str:
    """A sentence for the terminal: without Discord's bold marks."""
    return text.replace("**", "")
