"""Words for tournaments: announcements (new round, pairings, the end) and refusals, for both front ends.

Typed data in, words out; each front end passes how it names a player (a mention, a local name).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from rules import find_variant
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

STATUS = {"open": "open for entries", "running": "under way", "finished": "over", "cancelled": "cancelled"}

TOURNAMENT_ERRORS: dict[type[TournamentError], Callable[[Any, Namer], str]] = {
    TournamentNotFound: lambda e, name: (
        f"There is no tournament #{e.tournament_id} here."
        if e.tournament_id is not None
        else "There is no tournament here to do that in. Name one with the tournament option."
    ),
    TournamentClosed: lambda e, name: f"That tournament is {STATUS.get(e.status, e.status)}.",
    NotOrganiser: lambda e, name: "Only the tournament's creator or a member who can manage the server may do that.",
    AlreadyEntered: lambda e, name: "You are already in that tournament.",
    TournamentFull: lambda e, name: f"That tournament is full: it takes at most {e.most} players.",
    NotEntered: lambda e, name: "You are not in that tournament.",
    TooFewPlayers: lambda e, name: f"A tournament needs at least {e.need} players; it has {e.have}.",
    TooManyRounds: lambda e, name: (
        f"Too many rounds: with these players no one can meet more than {e.most} different opponents."
    ),
    NoSuchRound: lambda e, name: (
        f"Round {e.round_number} has not been paired yet." if e.paired else "No round has been paired yet."
    ),
}


def _points(value: float) -> str:
    return f"{value:g}"


def cross_cell(points: Sequence[float]) -> str:
    """A crosstable cell: 1, 0 or = (a draw); both games of a double round robin side by side."""
    return " ".join({1.0: "1", 0.0: "0"}.get(p, "=") for p in points)


def terms(t: TournamentView) -> str:
    if t.swiss:
        shape = f"Swiss, {t.rounds} round{'s' * (t.rounds != 1)}"
    else:
        shape = "double round robin" if t.double else "round robin"
    days = f"{t.days_per_move} day{'s' * (t.days_per_move != 1)} per move"
    return f"{shape}, {find_variant(t.variant).name}, {days}, {'rated' if t.rated else 'unrated'}"


def created(t: TournamentView, name: Namer) -> str:
    return (
        f"{name(t.creator_id)} created the tournament **{t.name}** (#{t.id}): {terms(t)}. "
        f"Join with /tournament join tournament:{t.id}; the creator starts it with /tournament start."
    )


def joined(t: TournamentView, player: int, name: Namer) -> str:
    count = len(t.players)
    return f"{name(player)} joined **{t.name}** ({count} player{'s' * (count != 1)})."


def left(t: TournamentView, player: int, name: Namer, games_resigned: int) -> str:
    if t.status == "open":
        return f"{name(player)} left **{t.name}**."
    resigned = (
        f" Their {games_resigned} unfinished game{'s' * (games_resigned != 1)} count as lost." if games_resigned else ""
    )
    return f"{name(player)} withdrew from **{t.name}**.{resigned}"


def cancelled(t: TournamentView) -> str:
    return f"**{t.name}** has been cancelled. Games already started go on as ordinary games."


def board_line(board: BoardView, name: Namer) -> str:
    if board.black_id is None:
        return f"Bye: {name(board.white_id)}"
    game = f" (game #{board.game_id})" if board.game_id else ""
    outcome = f": {board.result}" if board.result else ""
    return f"Board {board.board}: {name(board.white_id)} (White) – {name(board.black_id)} (Black){game}{outcome}"


def round_started(news: TournamentNews, name: Namer) -> str:
    t = news.tournament
    if news.round is None:
        head = f"**{t.name}** has begun: all {len(news.games)} games start now ({terms(t)})."
        return head
    lines = [f"**{t.name}**, round {news.round} of {t.total_rounds}: the pairings."]
    lines += [board_line(g.board, name) for g in news.games]
    lines += [f"Bye: {name(p)} (1 point)" for p in news.byes]
    return "\n".join(lines)


def game_headline(t: TournamentView, round_number: int, game_id: int, white: str, black: str) -> str:
    return f"**{t.name}**, round {round_number}: game #{game_id} begins: {white} (White) against {black} (Black)."


def pairings(t: TournamentView, round_number: int, boards: Sequence[BoardView], name: Namer) -> str:
    lines = [f"**{t.name}**, round {round_number} of {t.total_rounds}:"]
    lines += [board_line(b, name) for b in boards if t.swiss or b.black_id is not None]
    free = [b for b in boards if b.black_id is None]
    if not t.swiss and free:
        lines.append(f"Free this round: {name(free[0].white_id)}")
    return "\n".join(lines)


def tiebreak_name(t: TournamentView) -> str:
    return "Buchholz" if t.swiss else "Sonneborn-Berger"


def final(news: TournamentNews, name: Namer) -> str:
    t = news.tournament
    rows = news.final or ()
    if not rows:
        return f"**{t.name}** is over."
    winner = rows[0]
    text = f"**{t.name}** is over. The winner is {name(winner.player_id)} with {_points(winner.points)} points"
    if len(rows) > 1 and rows[1].points == winner.points:
        runner = rows[1]
        if runner.rank == winner.rank:
            text += f", sharing first place with {name(runner.player_id)}"
        elif runner.tiebreak != winner.tiebreak:
            text += (
                f", ahead of {name(runner.player_id)} on {tiebreak_name(t)} "
                f"({_tb(winner.tiebreak)} to {_tb(runner.tiebreak)})"
            )
        else:
            text += f", ahead of {name(runner.player_id)} on games won"
    text += "."
    if news.stopped_early:
        text += " (It ended early: no pairing of another round was possible.)"
    return text


def _tb(value: float) -> str:
    return f"{value:g}"


def standings_caption(view: StandingsView) -> str:
    t = view.tournament
    return f"**{t.name}** ({terms(t)}): {STATUS.get(t.status, t.status)}, after {view.rounds_completed} round(s)."


def standings_text(view: StandingsView, name: Namer) -> str:
    """The standings as lines (local mode, and the picture's alternative text)."""
    short = "Buchholz" if view.tournament.swiss else "SB"
    head = f"{'#':>2}  {'player':<20} {'pts':>4} {short:>8} {'games':>5}"
    lines = [head]
    for row in view.rows:
        lines.append(
            f"{row.rank:>2}  {name(row.player_id)[:20]:<20} {_points(row.points):>4} {_tb(row.tiebreak):>8} "
            f"{row.games:>5}"
        )
    return "\n".join(lines)


def standing_cells(row: Standing) -> tuple[str, str, str]:
    return _points(row.points), _tb(row.tiebreak), str(row.games)


def listing(tournaments: Sequence[TournamentView]) -> str:
    if not tournaments:
        return "No tournament here yet. Create one with /tournament create."
    return "\n".join(
        f"#{t.id} **{t.name}**: {terms(t)}, {STATUS.get(t.status, t.status)}, {len(t.players)} players"
        for t in tournaments
    )


# ---- local mode ------------------------------------------------------------------------------------

LOCAL_USAGE = (
    "tournament create NAME [round-robin|swiss] [rounds=N] [variant] [days=N] [rated], then "
    "tournament join alice|bob|bot, tournament start, standings, pairings [ROUND], withdraw alice|bob|bot, "
    "cancel, list."
)
LOCAL_WHO = "Who? Name a local player: alice, bob or bot."
LOCAL_NO_TOURNAMENT = "There is no local tournament yet. Create one with: tournament create NAME"


def local_unknown(word: str) -> str:
    return f"I don't understand {word!r} here. Usage: {LOCAL_USAGE}"


def local_picture(path: str) -> str:
    return f"Standings picture: {path}"


def local_game_started(t: TournamentView, round_number: int, game_id: int, white: str, black: str) -> str:
    return game_headline(t, round_number, game_id, white, black).replace("**", "")


def plain(text: str) -> str:
    """A sentence for the terminal: without Discord's bold marks."""
    return text.replace("**", "")
