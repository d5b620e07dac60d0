"""Access is closed by default (service/access.py): every public method of every part of the service refuses a
call that says neither who asks (a Caller) nor that the system asks (SYSTEM); a Caller sees only what the
privacy rule allows; SYSTEM sees every game."""

from __future__ import annotations

import asyncio
import contextvars
import inspect
from collections.abc import Callable
from typing import Any

import pytest

from service import SYSTEM, Caller, GameNotFound, GameSettings, MissingScope, Service, acting_as, ask_as
from service.access import ScopedPart
from tests.service.conftest import ALICE, BOB, CAROL

pytestmark = pytest.mark.asyncio
GUILD = 7001


def _public_methods(service: Service) -> list[tuple[str, Callable[..., Any], int]]:
    """Every public method of every part the Service holds, found by introspection (a new part or a new
    method is walked without this test changing), with how many arguments it needs."""
    found = []
    for part_name, part in vars(service).items():
        if not isinstance(part, ScopedPart):
            continue
        for name, function in inspect.getmembers(type(part), inspect.isfunction):
            if name.startswith("_"):
                continue
            required = [
                p
                for p in list(inspect.signature(function).parameters.values())[1:]
                if p.default is inspect.Parameter.empty
                and p.kind in (inspect.Parameter.POSITIONAL_ONLY, inspect.Parameter.POSITIONAL_OR_KEYWORD)
            ]
            found.append((f"{part_name}.{name}", getattr(part, name), len(required)))
    return found


async def _unscoped(method: Callable[..., Any], arity: int) -> None:
    """Call the method with placeholder arguments in an empty context: no scope at all. The scope check comes
    before the arguments are looked at, so the placeholders never matter to a method that refuses."""
    empty = contextvars.Context()
    args = [None] * arity
    if inspect.iscoroutinefunction(method):
        await asyncio.get_running_loop().create_task(method(*args), context=empty)
    elif inspect.isasyncgenfunction(method):
        await asyncio.get_running_loop().create_task(anext(method(*args)), context=empty)
    else:
        empty.run(method, *args)


async def test_every_public_service_method_refuses_a_call_without_a_scope(service: Service) -> None:
    methods = _public_methods(service)
    names = {name for name, _, _ in methods}
    # the walk finds the parts and methods it should (it cannot pass by finding nothing)
    assert {"games.play", "queries.game", "queries.my_games", "tournaments.get", "outbox.claim_due"} <= names
    # every part the Service holds is walked: a new part that is no ScopedPart fails here, not silently
    parts = set(vars(service)) - {"ctx"}
    assert {name.split(".")[0] for name in names} == parts
    accepted = []
    for name, method, arity in methods:
        try:
            await _unscoped(method, arity)
        except MissingScope:
            continue
        except Exception as error:
            accepted.append(f"{name} (ran, then {type(error).__name__})")
        else:
            accepted.append(name)
    assert accepted == []


async def test_no_scope_is_refused_at_once_not_shown_everything(service: Service) -> None:
    challenge = await service.challenges.create(ALICE, BOB, settings=GameSettings(color="white"), guild_id=GUILD)
    game = (await service.challenges.accept(challenge.id, BOB)).game
    empty = contextvars.Context()
    with pytest.raises(MissingScope):
        await asyncio.get_running_loop().create_task(service.queries.game(game.id), context=empty)
    with pytest.raises(MissingScope):
        ask_as(None)  # type: ignore[arg-type]
    with pytest.raises(MissingScope), acting_as(None):  # type: ignore[arg-type]
        pass


async def test_a_caller_sees_what_the_rule_allows_and_the_system_everything(service: Service) -> None:
    challenge = await service.challenges.create(ALICE, BOB, settings=GameSettings(color="white"), guild_id=GUILD)
    game = (await service.challenges.accept(challenge.id, BOB)).game
    with acting_as(Caller(CAROL, GUILD + 1)), pytest.raises(GameNotFound):
        await service.queries.game(game.id)
    with acting_as(Caller(CAROL, GUILD)):
        assert (await service.queries.game(game.id)).id == game.id
    with acting_as(Caller(CAROL, GUILD + 1)), acting_as(SYSTEM):
        assert (await service.queries.game(game.id)).id == game.id
