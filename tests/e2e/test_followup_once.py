"""A follow-up is posted once (security review 2026-12-01, row 9): Discord makes the reply but answers 500.
Follow-ups carry no nonce, and discord.py used to post again after a 5xx (the review saw one board three
times); now the bot looks for what the failed try made before anything is posted again."""

from __future__ import annotations

import pytest

from tests.e2e.helpers import game_id_of, rows, start_game, wait_dms
from tests.fakediscord import FakeDiscord, MessagePostFault
from tests.fakediscord.fixtures import bot_launcher, fake_discord  # noqa: F401

pytestmark = pytest.mark.asyncio


def boards(fake: FakeDiscord, game: int, ply: int) -> int:
    """How many messages in #general carry the board of this ply."""
    return sum(
        1
        for message in fake.messages(fake.channel, include_ephemeral=False)
        for attachment in message.attachments
        if attachment.filename == f"game-{game}-{ply}.png"
    )


async def test_a_reply_made_despite_a_500_appears_once(fake_discord, bot_launcher) -> None:  # noqa: F811
    fake = fake_discord
    bot = await bot_launcher.process("bot", env={"OUTBOX_MAX_BACKOFF": "2"})
    alice, bob = fake.alice, fake.bob
    game = game_id_of(await start_game(fake, alice, bob))
    await wait_dms(fake, alice, 1)
    fault = MessagePostFault(status=500, after_create=True, routes=frozenset({"h_followup"}))
    fake.message_post_fault = fault

    reply = await fake.wait_for_reply(await fake.slash(alice, "move", move="22-18"), timeout=30)
    assert f"{alice.mention} played 22-18." in reply.content, reply.content
    await fake.wait_until(
        lambda: rows(bot.database_path, "SELECT COUNT(*) FROM outbox WHERE status = 'pending'") == [(0,)],
        timeout=30,
        what="the outbox to empty",
    )
    fake.message_post_fault = None
    assert fault.failed == 1  # one try: nothing posted again blindly
    assert boards(fake, game, 1) == 1
    delivered = rows(bot.database_path, "SELECT status, message_id FROM outbox WHERE kind = 'moved'")
    assert delivered == [("delivered", reply.message_id)]


async def test_an_import_report_made_despite_a_500_is_not_an_error(fake_discord, bot_launcher) -> None:  # noqa: F811
    fake = fake_discord
    bot = await bot_launcher.process("bot")
    fault = MessagePostFault(status=500, after_create=True, routes=frozenset({"h_followup"}))
    fake.message_post_fault = fault
    pdn = '[Event "one"]\n[White "Ann"]\n[Black "Bo"]\n1. 21-17 9-13 2. 25-21 5-9 1-0\n'
    sent = await fake.slash(fake.alice, "import", text=pdn)
    report = await fake.wait_for_reply(sent, timeout=30)
    assert report.content.startswith("Imported 1 of 1 game from the pasted text."), report.content
    await fake.wait_until(lambda: bot.log_path.read_text().count("had made the follow-up") == 1, timeout=10,
                          what="the bot to find the report it made")
    fake.message_post_fault = None
    assert fault.failed == 1  # one try, found afterwards: no second report, no error reply
    made = [m for m in fake.messages(fake.channel) if m.interaction_id == sent.id]
    assert [m.content[:28] for m in made] == ["Imported 1 of 1 game from th"], made
    assert rows(bot.database_path, "SELECT COUNT(*) FROM imported_games") == [(1,)]
