"""The conformance check can fail: a deliberately broken request of each kind is reported with its route,
field and value (Discord's OpenAPI schemas and the limits its documentation adds), a valid one is not,
and a violation fails the test through the fake_discord fixture."""

from __future__ import annotations

import json
from typing import Any

import aiohttp
import pytest

from tests.e2e.helpers import slash_move, start_game
from tests.fakediscord import FakeDiscord, FakeDiscordError
from tests.fakediscord.conformance import Violation, check_body, route_of
from tests.fakediscord.fixtures import bot_launcher, fake_discord  # noqa: F401
from tests.fakediscord.process import BotLauncher
from tests.fakediscord.validation import COMMAND_TOTAL, FormError, check_command_schema, command_size


async def send(fake: FakeDiscord, method: str, path: str, body: Any, files: int = 0) -> int:
    """One request as discord.py makes it: JSON, or multipart with payload_json and files[n]."""
    headers = {"Authorization": f"Bot {fake.token}"}
    async with aiohttp.ClientSession() as session:
        if files:
            form = aiohttp.FormData()
            form.add_field("payload_json", json.dumps(body), content_type="application/json")
            for n in range(files):
                form.add_field(f"files[{n}]", b"\x89PNG", filename=f"b{n}.png", content_type="image/png")
            request = session.request(method, fake.api_base + path, data=form, headers=headers)
        else:
            request = session.request(method, fake.api_base + path, json=body, headers=headers)
        async with request as response:
            return response.status


def one(fake: FakeDiscord) -> Violation:
    found = fake.take_violations()
    assert len(found) >= 1, "the broken request was not reported"
    return found[0]


def button(custom_id: str) -> dict[str, Any]:
    return {"type": 2, "style": 1, "label": "Go", "custom_id": custom_id}


@pytest.mark.asyncio
async def test_a_valid_message_is_no_violation(fake_discord: FakeDiscord) -> None:  # noqa: F811
    fake = fake_discord
    body = {"content": "x" * 2000, "embeds": [{"title": "Game #1", "description": "y" * 4096}],
            "components": [{"type": 1, "components": [button(f"b{i}") for i in range(5)]}] * 1,
            "attachments": [{"id": 0, "filename": "b0.png"}], "allowed_mentions": {"parse": []}, "nonce": "dama-1",
            "enforce_nonce": True}
    assert await send(fake, "POST", f"/channels/{fake.channel.id}/messages", body, files=1) == 200
    assert fake.violations == []


@pytest.mark.parametrize(("body", "files", "field", "shown"), [
    ({"content": "x" * 2001}, 0, "$.content", "x" * 20),
    ({"embeds": [{"description": "d" * 4000}, {"description": "e" * 2001}]}, 0, "$.embeds", "6001"),
    ({"content": "rows", "components": [{"type": 1, "components": [button(f"r{i}")]} for i in range(6)]}, 0,
     "$.components", "6"),
    ({"content": "id", "components": [{"type": 1, "components": [button("c" * 101)]}]}, 0,
     "$.components[0].components[0].custom_id", "c" * 20),
    ({"content": "pic", "attachments": [{"id": 1, "filename": "b1.png"}]}, 1, "$.attachments[0].id", "1"),
    ({"content": "who", "allowed_mentions": {"parse": ["nobody"]}}, 0, "$.allowed_mentions.parse[0]", "nobody"),
])
@pytest.mark.asyncio
async def test_a_broken_message_is_reported(fake_discord: FakeDiscord, body: dict[str, Any], files: int,  # noqa: F811
                                            field: str, shown: str) -> None:
    fake = fake_discord
    await send(fake, "POST", f"/channels/{fake.channel.id}/messages", body, files=files)
    found = one(fake)
    assert found.route == "POST /channels/{channel_id}/messages"
    assert found.field == field and shown in str(found)


def command(**more: Any) -> dict[str, Any]:
    return {"name": "board", "description": "Show a game", "type": 1, **more}


def option(name: str, **more: Any) -> dict[str, Any]:
    return {"type": 3, "name": name, "description": "Which one", **more}


@pytest.mark.parametrize(("commands", "field", "shown"), [
    ([command(name="Board Game")], "$[0].name", "Board Game"),
    ([command(description="")], "$[0].description", "''"),
    ([command(options=[option("game", description="d" * 101)])], "$[0].options[0].description", "d" * 20),
    ([command(options=[option("game", choices=[{"name": f"c{i}", "value": f"c{i}"} for i in range(26)])])],
     "$[0].options[0].choices", "maxItems 25"),
    ([command(name_localizations={"fr": "Règles du jeu"})], "$[0].name_localizations.fr", "Règles du jeu"),
])
@pytest.mark.asyncio
async def test_a_broken_command_is_reported(fake_discord: FakeDiscord, commands: list[dict[str, Any]],  # noqa: F811
                                            field: str, shown: str) -> None:
    fake = fake_discord
    assert await send(fake, "PUT", f"/applications/{fake.app_id}/commands", commands) == 400
    found = one(fake)
    assert found.route == "PUT /applications/{application_id}/commands"
    assert found.field.startswith(field) and shown in str(found)


def test_a_command_counts_its_longest_localizations_towards_8000() -> None:
    """Discord: name, description and value of the command, its options and choices; of each field only
    the longest text among the default and its localizations counts."""
    choices = [{"name": f"choice {i}", "value": f"v{i}", "name_localizations": {"it": "s" * 100}} for i in range(25)]
    heavy = command(options=[option(f"o{n}", choices=choices) for n in range(4)])
    assert command_size(heavy) > COMMAND_TOTAL
    with pytest.raises(FormError) as refused:
        check_command_schema([heavy])
    assert refused.value.field == "$[0]" and "8000" in str(refused.value)
    plain = command(options=[option(f"o{n}", choices=[{k: v for k, v in c.items() if k != "name_localizations"}
                                                      for c in choices]) for n in range(4)])
    assert command_size(plain) < COMMAND_TOTAL
    check_command_schema([plain])


def test_callbacks_are_checked_against_their_own_kind() -> None:
    path = "/api/v10/interactions/1/itoken.secret/callback"
    too_many = {"type": 8, "data": {"choices": [{"name": f"n{i}", "value": str(i)} for i in range(26)]}}
    found = check_body("POST", path, too_many)
    assert found and found[0].field == "$.data.choices"
    assert "itoken.secret" not in str(found[0])  # the route is its template: no token in a report
    broken_modal = {"type": 9, "data": {"custom_id": "m", "title": "t" * 46, "components": []}}
    assert check_body("POST", path, broken_modal)
    assert check_body("POST", path, {"type": 4, "data": {"content": "fine", "flags": 64}}) == []
    assert route_of("POST", "/api/v10/users/@me/channels") == "POST /users/@me/channels"
    assert route_of("GET", "/api/v10/no/such/route") is None


@pytest.mark.asyncio
async def test_a_violation_fails_the_test(fake_discord: FakeDiscord) -> None:  # noqa: F811
    fake = fake_discord
    await send(fake, "POST", f"/channels/{fake.channel.id}/messages", {"content": "z" * 2001})
    with pytest.raises(FakeDiscordError) as failed:
        fake.raise_violations()  # what the fixture's teardown does
    report = str(failed.value)
    assert "POST /channels/{channel_id}/messages" in report and "$.content" in report and "zzzz" in report
    with pytest.raises(FakeDiscordError):  # and a test waiting on the fake stops at once
        await fake.wait_until(lambda: False, timeout=5, what="anything")
    fake.take_violations()


@pytest.mark.asyncio
async def test_the_bots_own_traffic_is_checked(fake_discord: FakeDiscord, bot_launcher: BotLauncher) -> None:  # noqa: F811
    """The real bot's requests go through the check: its command sync, a board with its picture (multipart),
    the DM to the player to move, and they conform."""
    fake = fake_discord
    await bot_launcher.process("bot")
    await start_game(fake, fake.alice, fake.bob)
    await slash_move(fake, fake.alice, "22-18")
    await fake.wait_until(lambda: fake.dm_messages(fake.bob), what="the DM to Bob")
    assert "PUT /applications/{application_id}/commands" in fake.checked
    assert "POST /interactions/{interaction_id}/{interaction_token}/callback" in fake.checked
    assert "POST /channels/{channel_id}/messages" in fake.checked  # the DM
    assert "POST /users/@me/channels" in fake.checked
    assert fake.violations == []
