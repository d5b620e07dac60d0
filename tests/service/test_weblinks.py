"""service.web: the link to a game's page. The token is an HMAC (RFC 2104) of the game number, checked here
against Python's hmac computed by hand; the generated secret outlives a restart; every wrong way in is the
same GameNotFound. Runs on SQLite and PostgreSQL."""

from __future__ import annotations

import base64
import hashlib
import hmac

import pytest

from data import Database
from service import GameNotFound, GameSettings, Service
from tests.service.conftest import FakeClock, new_game

pytestmark = pytest.mark.asyncio
SECRET = "a-secret-of-some-length"


def by_hand(secret: str, game_id: int) -> str:
    digest = hmac.new(secret.encode(), f"dama-game:{game_id}".encode(), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest).decode()[:22]


async def test_the_link_is_the_base_address_game_and_hmac(service: Service) -> None:
    game = await new_game(service)
    assert await service.web.link(game) is None  # no web server: no link
    await service.web.configure("https://dama.example.org/", SECRET)
    assert await service.web.link(game) == f"https://dama.example.org/g/{game.id}/{by_hand(SECRET, game.id)}"
    assert (await service.web.open(game.id, by_hand(SECRET, game.id))).id == game.id


async def test_every_wrong_way_in_is_not_found(service: Service) -> None:
    first, second = await new_game(service), await new_game(service)
    await service.web.configure("https://dama.example.org", SECRET)
    right = by_hand(SECRET, first.id)
    wrong = [
        (first.id, right[:-1] + ("A" if right[-1] != "A" else "B")),
        (second.id, right),
        (first.id, by_hand("another-secret-entirely", first.id)),
        (first.id, ""),
        (10**9, by_hand(SECRET, 10**9)),  # the right token for a game that does not exist
    ]
    for game_id, token in wrong:
        with pytest.raises(GameNotFound):
            await service.web.open(game_id, token)


async def test_the_generated_secret_outlives_a_restart(target: str, clock: FakeClock) -> None:
    db = await Database.open(target)
    try:
        service = Service(db, clock=clock)
        game = await new_game(service)
        await service.web.configure("http://127.0.0.1:8080")
        link = await service.web.link(game)
    finally:
        await db.close()
    db = await Database.open(target)
    try:
        again = Service(db, clock=clock)
        await again.web.configure("http://127.0.0.1:8080")
        assert await again.web.link(await again.queries.game(game.id)) == link
    finally:
        await db.close()
    assert link is not None and len(link.rsplit("/", 1)[1]) == 22


async def test_a_server_that_turns_links_off_has_neither_links_nor_pages(service: Service) -> None:
    challenge = await service.challenges.create(101, 202, settings=GameSettings(color="white"), guild_id=77)
    game = (await service.challenges.accept(challenge.id, 202)).game
    await service.web.configure("https://dama.example.org", SECRET)
    assert (await service.players.server_settings(77)).web_links is True
    settings = await service.players.update_server(77, web_links=False)
    assert settings.web_links is False
    assert await service.web.link(game) is None
    with pytest.raises(GameNotFound):
        await service.web.open(game.id, by_hand(SECRET, game.id))
    await service.players.update_server(77, web_links=True)
    assert (await service.web.open(game.id, by_hand(SECRET, game.id))).id == game.id
