"""Who may see a game: the one check, applied wherever the service loads a game (context.load_row).

A game belongs to the server it is played in. Its players may see it and act on it anywhere (DMs too);
members of that server may look at it there. A game started outside a server (a DM or a group DM) belongs
to its players and that conversation: whoever is in it may look at the game from there. Anyone else is told
what a missing game gets ("There is no game #N"), so game numbers reveal nothing. The front end says who
is asking, once per request, with `acting_as` (or `ask_as` for the rest of the current task); work
without a person (timers, delivery) asks as nobody and sees everything.
"""

from __future__ import annotations

import contextvars
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Protocol

from data.models import ChallengeRow, GameRow, ImportedGameRow
from service.errors import ChallengeNotFound, GameNotFound, ImportedGameNotFound, TournamentNotFound


@dataclass(frozen=True, slots=True)
class Caller:
    user_id: int
    guild_id: int | None  # the server the request comes from; None: a direct message or local mode
    channel_id: int | None = None  # the conversation it comes from (a DM or group DM game is seen there)


_caller: contextvars.ContextVar[Caller | None] = contextvars.ContextVar("dama_caller", default=None)


def current_caller() -> Caller | None:
    return _caller.get()


def ask_as(caller: Caller | None) -> None:
    """Who is asking, for the rest of the current task (each Discord interaction runs in its own task)."""
    _caller.set(caller)


@contextmanager
def acting_as(caller: Caller | None) -> Iterator[None]:
    token = _caller.set(caller)
    try:
        yield
    finally:
        _caller.reset(token)


class Placed(Protocol):
    """Where a game is and who plays it: all the privacy rule reads (a GameRow or a GameView)."""

    @property
    def white_id(self) -> int: ...
    @property
    def black_id(self) -> int: ...
    @property
    def guild_id(self) -> int | None: ...
    @property
    def channel_id(self) -> int | None: ...


def may_see(row: Placed, caller: Caller) -> bool:
    if caller.user_id in (row.white_id, row.black_id):
        return True
    if row.guild_id is None:
        return row.channel_id is not None and row.channel_id == caller.channel_id
    return row.guild_id == caller.guild_id


def check_game(row: GameRow) -> None:
    caller = _caller.get()
    if caller is not None and not may_see(row, caller):
        raise GameNotFound(row.id)


def check_challenge(row: ChallengeRow) -> None:
    """A challenge belongs to its server the same way (a forged button from elsewhere finds nothing)."""
    caller = _caller.get()
    if caller is None or caller.user_id in (row.challenger_id, row.opponent_id):
        return
    if row.guild_id is not None and row.guild_id != caller.guild_id:
        raise ChallengeNotFound(row.id)
    if row.guild_id is None and row.opponent_id is not None:
        raise ChallengeNotFound(row.id)


def check_tournament(guild_id: int | None, tournament_id: int, entrants: set[int]) -> None:
    """A tournament belongs to its server the same way: its players see it anywhere, members of its
    server there; local-mode tournaments (no server) are seen from local mode (no server) only."""
    caller = _caller.get()
    if caller is None or caller.user_id in entrants:
        return
    if guild_id != caller.guild_id:
        raise TournamentNotFound(tournament_id)


def check_imported(row: ImportedGameRow) -> None:
    """An imported record belongs to the server it was imported in; from a DM or local mode, to its importer."""
    caller = _caller.get()
    if caller is None or caller.user_id == row.importer_id:
        return
    if row.guild_id is None or row.guild_id != caller.guild_id:
        raise ImportedGameNotFound(row.id)
