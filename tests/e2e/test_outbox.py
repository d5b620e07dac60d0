"""Nothing a player should see is lost (issue 12): when Discord refuses message posts, a stored move is
acknowledged as stored, and its board and notifications arrive once Discord is back: each exactly once,
in order. A post whose answer was lost (Discord made the message, the bot never heard) is not repeated."""

from __future__ import annotations

import pytest

from messages.i18n import ENGLISH
from messages.news import stored_but_waiting
from tests.e2e.helpers import game_id_of, rows, start_game, wait_dms
from tests.fakediscord import FakeDiscord, FakeUser, Message, MessagePostFault
from tests.fakediscord.fixtures import bot_launcher, fake_discord  # noqa: F401

pytestmark = pytest.mark.asyncio
FAST_RETRIES = {"OUTBOX_MAX_BACKOFF": "2"}


def boards(fake: FakeDiscord, game: int) -> list[str]:
    """The board pictures of a game posted in #general, oldest first (their file names carry the ply)."""
    return [a.filename for m in fake.messages(fake.channel, include_ephemeral=False) for a in m.attachments
            if a.filename.startswith(f"game-{game}-")]


def dms(fake: FakeDiscord, user: FakeUser) -> list[Message]:
    return fake.dm_messages(user)


@pytest.mark.slow  # waits out Discord's refusals and the outbox's backoff
async def test_boards_refused_by_discord_arrive_once_and_in_order(fake_discord, bot_launcher) -> None:  # noqa: F811
    fake = fake_discord
    bot = await bot_launcher.process("bot", env=FAST_RETRIES)
    alice, bob = fake.alice, fake.bob
    game = game_id_of(await start_game(fake, alice, bob))
    await wait_dms(fake, alice, 1)  # the start: alice is to move
    fault = MessagePostFault(status=503)
    fake.message_post_fault = fault

    for user, move, ply in ((alice, "22-18", 1), (bob, "11-14", 2)):
        reply = await fake.wait_for_reply(await fake.slash(user, "move", move=move), timeout=30)
        assert reply.content == stored_but_waiting(ENGLISH, game), reply.content
        assert rows(bot.database_path, "SELECT ply FROM games WHERE id = ?", (game,)) == [(ply,)]
    assert boards(fake, game) == [f"game-{game}-0.png"]  # nothing new got through
    assert fault.failed >= 1

    fake.message_post_fault = None
    await fake.wait_until(lambda: len(boards(fake, game)) == 3 and len(dms(fake, alice)) == 2
                          and len(dms(fake, bob)) == 1, timeout=30, what="the boards and DMs after the outage")
    assert boards(fake, game) == [f"game-{game}-0.png", f"game-{game}-1.png", f"game-{game}-2.png"]
    assert f"{alice.mention} played 22-18." in dms(fake, bob)[0].content
    assert f"{bob.mention} played 11-14." in dms(fake, alice)[1].content
    await fake.wait_until(lambda: rows(bot.database_path, "SELECT COUNT(*) FROM outbox WHERE status = 'pending'")
                          == [(0,)], timeout=10, what="the last row to be marked")
    posted = rows(bot.database_path, "SELECT kind, status, message_id IS NOT NULL FROM outbox ORDER BY id")
    assert posted == [("game_started", "delivered", 1), ("your_move", "delivered", 1),
                      ("moved", "delivered", 1), ("your_move", "delivered", 1),
                      ("moved", "delivered", 1), ("your_move", "delivered", 1)]


async def test_a_post_whose_answer_was_lost_is_not_repeated(fake_discord, bot_launcher) -> None:  # noqa: F811
    fake = fake_discord
    bot = await bot_launcher.process("bot", env=FAST_RETRIES)
    alice, bob = fake.alice, fake.bob
    game = game_id_of(await start_game(fake, alice, bob))
    await wait_dms(fake, alice, 1)
    # Discord creates each DM (a channel post) but the bot never hears back, for a few tries
    fault = MessagePostFault(status=503, after_create=True, routes=frozenset({"h_send"}))
    fake.message_post_fault = fault
    reply = await fake.wait_for_reply(await fake.slash(alice, "move", move="22-18"))
    assert f"{alice.mention} played 22-18." in reply.content  # the board went out as the reply
    # the retry finds the DM the first try left (the fault still holds: only the answers are lost)
    await fake.wait_until(lambda: rows(bot.database_path, "SELECT COUNT(*) FROM outbox WHERE status = 'pending'")
                          == [(0,)], timeout=30, what="the outbox to empty")
    assert fault.failed >= 1
    fake.message_post_fault = None
    told = dms(fake, bob)
    assert len(told) == 1 and f"Your move in game #{game}." in told[0].content, [m.content for m in told]
    assert rows(bot.database_path, "SELECT attempts >= 2, message_id FROM outbox WHERE kind = 'your_move' "
                "ORDER BY id DESC LIMIT 1") == [(1, told[0].id)]
