"""No ping from words a player wrote (security review 2026-12-01, row 12): a name in an imported record that
spells a user mention (`[White "<@id>"]`) notifies no one in the import report or /board imported:, while
the pings the bot means (a challenge's opponent) still go out. The loopback Discord applies Discord's
allowed_mentions rules to what the bot sends."""

from __future__ import annotations

import pytest

from tests.e2e.test_record_bounds import record
from tests.fakediscord import Upload
from tests.fakediscord.fixtures import bot_launcher, fake_discord  # noqa: F401

pytestmark = pytest.mark.asyncio


async def test_a_name_that_spells_a_mention_pings_no_one(fake_discord, bot_launcher) -> None:  # noqa: F811
    fake = fake_discord
    await bot_launcher.process("bot")
    alice, bob = fake.alice, fake.bob
    named = record(4, white=f"<@{bob.id}>")
    sent = await fake.slash(alice, "import", file=Upload("ping.pdn", named), variant="english")
    report = await fake.wait_for_reply(sent)
    assert f"<@{bob.id}>" in report.content and "imported as #1" in report.content, report.content
    assert report.pinged == [], report.pinged

    board = await fake.wait_for_reply(await fake.slash(alice, "board", imported=1))
    assert board.content.startswith(f"Imported game #1: <@{bob.id}> – Bo"), board.content
    assert board.pinged == [], board.pinged

    # the fake does see pings: a challenge names its opponent on purpose
    challenge = await fake.wait_for_reply(await fake.slash(alice, "challenge", opponent=bob))
    assert challenge.pinged == [bob.id], (challenge.content, challenge.pinged)
