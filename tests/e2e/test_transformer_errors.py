"""An option value a command cannot take (a transformer failure) is answered in the player's words, never
with the repr of a discord object (issue 25: "I could not understand <User id=… name='player2' …>")."""

from __future__ import annotations

import pytest

from tests.e2e.helpers import rows
from tests.fakediscord.fixtures import bot_launcher, fake_discord  # noqa: F401
from tests.fakediscord.model import FakeUser

pytestmark = pytest.mark.asyncio


async def test_an_opponent_outside_the_server_is_refused_in_words(fake_discord, bot_launcher) -> None:  # noqa: F811
    fake = fake_discord
    bot = await bot_launcher.process("bot")
    challenge = await fake.wait_until(lambda: fake.command("challenge"), what="/challenge to be synced")
    # Discord resolves a user who is not a member of the server without a member entry: they could not see
    # the challenge, so /challenge refuses them in words.
    stranger = FakeUser(fake.snow.next(), "player2")
    option = [{"name": "opponent", "type": 6, "value": str(stranger.id)}]
    resolved = {"users": {str(stranger.id): stranger.payload()}}
    shown = stranger.payload()["global_name"]  # the name Discord shows for the user
    for locale, expected in (("en-US", f"{shown} is not a member of this server."),
                             ("it", f"{shown} non è membro di questo server.")):
        fake.alice.locale = locale
        inter = await fake.raw_command(fake.alice, "challenge", option, command_id=int(challenge["id"]),
                                       resolved=resolved)
        reply = await fake.wait_for_reply(inter)
        assert reply.ephemeral
        assert reply.content == expected
        assert "<User" not in reply.content and "id=" not in reply.content
    assert rows(bot.database_path, "SELECT * FROM challenges") == []


async def test_a_dm_challenge_naming_a_user_is_answered_in_words(fake_discord, bot_launcher) -> None:  # noqa: F811
    """/challenge is for servers and group DMs (Discord does not offer it in the bot's own DM); a client that
    sends it from there anyway, naming someone, is told so in the player's language."""
    fake = fake_discord
    bot = await bot_launcher.process("bot")
    challenge = await fake.wait_until(lambda: fake.command("challenge"), what="/challenge to be synced")
    option = [{"name": "opponent", "type": 6, "value": str(fake.bob.id)}]
    resolved = {"users": {str(fake.bob.id): fake.bob.payload()}}
    for locale, expected in (
        ("en-US", "Challenges are made in a server or in a group DM, where your opponent can see them."),
        ("it", "Le sfide si lanciano in un server o in un gruppo di messaggi diretti, dove il tuo avversario "
               "può vederle."),
    ):
        fake.alice.locale = locale
        inter = await fake.raw_command(fake.alice, "challenge", option, command_id=int(challenge["id"]),
                                       resolved=resolved, dm=True)
        reply = await fake.wait_for_reply(inter)
        assert reply.content == expected
        assert reply.message is not None and reply.message.channel_id == fake.dm_channel(fake.alice).id
    assert rows(bot.database_path, "SELECT * FROM challenges") == []
