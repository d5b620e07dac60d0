"""A notice Discord will not take never holds up the public boards of its game (issue 25): order is kept
per destination. A DM Discord refuses for good (Unknown User, closed DMs) is marked failed and logged once;
one it keeps failing waits alone while the game's next board goes out at once."""

from __future__ import annotations

import asyncio

import pytest

from tests.e2e.helpers import game_id_of, rows, slash_move, start_game, wait_dms
from tests.fakediscord import MessagePostFault
from tests.fakediscord.fixtures import bot_launcher, fake_discord  # noqa: F401

pytestmark = pytest.mark.asyncio
FAST_RETRIES = {"OUTBOX_MAX_BACKOFF": "2"}


@pytest.mark.parametrize(("gone", "code", "reason"), [
    ("deleted", 10013, "no_user"),  # 404 Unknown User on opening the DM
    ("dms_closed", 50007, "dms_closed"),  # 403 Cannot send messages to this user
])
async def test_a_dm_discord_refuses_for_good_is_failed_once(fake_discord, bot_launcher, gone: str, code: int,  # noqa: F811
                                                             reason: str) -> None:
    fake = fake_discord
    carol = fake.add_user("carol")
    bot = await bot_launcher.process("bot", env=FAST_RETRIES)
    game = game_id_of(await start_game(fake, fake.alice, carol))
    await wait_dms(fake, fake.alice, 1)
    setattr(carol, gone, True)
    reply = await slash_move(fake, fake.alice, "22-18")
    assert reply.embeds and game_id_of(reply) == game  # the board is the reply, as always
    query = "SELECT status, last_error FROM outbox WHERE kind = 'your_move' AND stream = ?"
    await fake.wait_until(lambda: rows(bot.database_path, query, (f"player:{carol.id}",)) == [
        ("failed", f"{reason} {carol.id}")], timeout=15, what="the DM to be given up")
    await asyncio.sleep(5)  # longer than two backoffs: nothing tries it again
    assert [r.error_code for r in fake.requests if r.error_code == code] == [code]
    assert bot.output().count("given up") == 1


async def test_a_failing_dm_does_not_delay_the_next_board(fake_discord, bot_launcher) -> None:  # noqa: F811
    fake = fake_discord
    alice, bob = fake.alice, fake.bob
    bot = await bot_launcher.process("bot", env=FAST_RETRIES)
    game = game_id_of(await start_game(fake, alice, bob))
    await wait_dms(fake, alice, 1)
    # Channel posts fail (DMs are channel posts); the replies to commands (interaction callbacks) still work.
    fake.message_post_fault = MessagePostFault(status=503, routes=frozenset({"h_send"}))
    first = await slash_move(fake, alice, "22-18")
    assert first.embeds and game_id_of(first) == game
    dm = "SELECT attempts FROM outbox WHERE kind = 'your_move' AND status = 'pending'"  # Bob's: Alice's went
    await fake.wait_until(lambda: [a for (a,) in rows(bot.database_path, dm) if a >= 1],
                          timeout=15, what="the DM to Bob to be tried")
    second = await slash_move(fake, bob, "11-14")  # Bob's DM still waits for Discord
    assert second.embeds and game_id_of(second) == game, second.content  # not "stored, the board follows"
    assert rows(bot.database_path, "SELECT ply FROM games WHERE id = ?", (game,)) == [(2,)]
    assert rows(bot.database_path, dm) != []  # the DM is still waiting
    fake.message_post_fault = None
    await wait_dms(fake, bob, 1)  # and it arrives once Discord takes it
