"""Who may see a game: the one check, applied wherever the service loads a game (lifecycle.load_row).

A game belongs to the server it is played in. Its players may see it and act on it anywhere (DMs too);
members of that server may look at it there. A game started outside a server (a DM or a group DM) belongs
to its players and that conversation: whoever is in it may look at the game from there. Anyone else is told
what a missing game gets ("There is no game #N"), so game numbers reveal nothing.

Closed by default: every call into the service runs in a scope, a `Caller` (a person, who sees what the rule
above allows) or `SYSTEM` (work without a person: timers, delivery, operator tools, the terminal's owner),
said once per request with `acting_as` (or `ask_as` for the rest of the current task). A call in neither is
a programming error: every public method of a service part refuses it at once with `MissingScope`
(`ScopedPart` below), so a new view that forgets to say who asks fails its first test instead of showing
everything.
"""

from __future__ import annotations

import contextvars
import enum
import functools
import inspect
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, Final, ParamSpec, Protocol, TypeVar

from data.models import ChallengeRow, GameRow, ImportedGameRow
from service.errors import ChallengeNotFound, GameNotFound, ImportedGameNotFound, TeamNotFound, TournamentNotFound


@dataclass(frozen=True, slots=True)
class Caller:
    user_id: int
    guild_id: int | None  # the server the request comes from; None: a direct message or local mode
    channel_id: int | None = None  # the conversation it comes from (a DM or group DM game is seen there)


class _System(enum.Enum):
    SYSTEM = "system"

    def __repr__(self) -> str:
        return "SYSTEM"


# The scope of work without a person (timers, the outbox, operator tools, local mode): it sees every game.
SYSTEM: Final = _System.SYSTEM

Scope = Caller | _System


class MissingScope(RuntimeError):
    """A service call with neither a Caller nor SYSTEM in scope: a bug in the front end, never a player's doing."""


_scope: contextvars.ContextVar[Scope | None] = contextvars.ContextVar("dama_scope", default=None)


def current_scope() -> Scope:
    scope = _scope.get()
    if scope is None:
        raise MissingScope("no viewer and no SYSTEM scope: say who asks with service.acting_as(...)")
    return scope


def current_caller() -> Caller | None:
    """The person asking; None in the SYSTEM scope. MissingScope when nobody said who asks."""
    scope = current_scope()
    return None if scope is SYSTEM else scope


def _checked(scope: object) -> Scope:
    if not isinstance(scope, Caller | _System):  # the type checker refuses None; so does the run time
        raise MissingScope(f"a scope is a Caller or SYSTEM, not {scope!r}")
    return scope


def ask_as(scope: Scope) -> None:
    """Who is asking, for the rest of the current task (each Discord interaction runs in its own task)."""
    _scope.set(_checked(scope))


@contextmanager
def acting_as(scope: Scope) -> Iterator[None]:
    token = _scope.set(_checked(scope))
    try:
        yield
    finally:
        _scope.reset(token)


def system_context() -> contextvars.Context:
    """A copy of the current context in the SYSTEM scope, for a background task:
    `loop.create_task(work(), context=system_context())`."""
    context = contextvars.copy_context()
    context.run(_scope.set, SYSTEM)
    return context


P = ParamSpec("P")
R = TypeVar("R")


def _require_scope(method: Callable[P, R]) -> Callable[P, R]:
    if inspect.iscoroutinefunction(method):

        @functools.wraps(method)
        async def scoped_coroutine(*args: Any, **kwargs: Any) -> Any:
            current_scope()
            return await method(*args, **kwargs)

        return scoped_coroutine  # type: ignore[return-value]
    if inspect.isasyncgenfunction(method):

        @functools.wraps(method)
        async def scoped_generator(*args: Any, **kwargs: Any) -> Any:
            current_scope()
            async for item in method(*args, **kwargs):
                yield item

        return scoped_generator

    @functools.wraps(method)
    def scoped(*args: P.args, **kwargs: P.kwargs) -> R:
        current_scope()
        return method(*args, **kwargs)

    return scoped


class ScopedPart:
    """Base of every part of the service (service.Service's attributes): each public method, as the class
    defines it, first checks that the call runs in a scope (MissingScope otherwise)."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        for name, value in list(vars(cls).items()):
            if name.startswith("_") or not inspect.isfunction(value):
                continue  # private helpers run inside a checked call; static/class methods are pure
            setattr(cls, name, _require_scope(value))


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
    caller = current_caller()
    if caller is not None and not may_see(row, caller):
        raise GameNotFound(row.id)


def check_challenge(row: ChallengeRow) -> None:
    """A challenge belongs to its server the same way (a forged button from elsewhere finds nothing)."""
    caller = current_caller()
    if caller is None or caller.user_id in (row.challenger_id, row.opponent_id):
        return
    if row.guild_id is not None and row.guild_id != caller.guild_id:
        raise ChallengeNotFound(row.id)
    if row.guild_id is None and row.opponent_id is not None:
        raise ChallengeNotFound(row.id)


def check_tournament(guild_id: int | None, tournament_id: int, entrants: set[int]) -> None:
    """A tournament belongs to its server the same way: its players see it anywhere, members of its
    server there; local-mode tournaments (no server) are seen from local mode (no server) only."""
    caller = current_caller()
    if caller is None or caller.user_id in entrants:
        return
    if guild_id != caller.guild_id:
        raise TournamentNotFound(tournament_id)


def check_imported(row: ImportedGameRow) -> None:
    """An imported record belongs to the server it was imported in; from a DM or local mode, to its importer."""
    caller = current_caller()
    if caller is None or caller.user_id == row.importer_id:
        return
    if row.guild_id is None or row.guild_id != caller.guild_id:
        raise ImportedGameNotFound(row.id)


def check_team(guild_id: int | None, team_id: int, organiser_id: int) -> None:
    """A vote team belongs to its server the same way: seen there (its members ask from there); a team outside
    any server (local mode) is its organiser's and seen from outside any server."""
    caller = current_caller()
    if caller is None or caller.user_id == organiser_id:
        return
    if guild_id != caller.guild_id:
        raise TeamNotFound(team_id)
