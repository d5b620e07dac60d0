"""Races through the loopback Discord: two `start` clicks at once start a tournament once; the last two
results of a Swiss round arriving at once pair the next round once. With threads on, the tournament's
news and games live in one thread of its own."""

from __future__ import annotations

import asyncio

import pytest

from tests.e2e.helpers import rows
from tests.fakediscord.fixtures import bot_launcher, fake_discord  # noqa: F401

pytestmark = pytest.mark.asyncio


async def test_two_start_clicks_at_once_start_it_once(fake_discord, bot_launcher) -> None:  # noqa: F811
    fake = fake_discord
    bot = await bot_launcher.process("bot")
    alice, bob, carol = fake.alice, fake.bob, fake.add_user("carol")
    await fake.wait_for_reply(await fake.slash(alice, "tournament create", name="Rapid"))
    for member in (alice, bob, carol):
        await fake.wait_for_reply(await fake.slash(member, "tournament join", tournament=1))
    clicks = await asyncio.gather(
        fake.slash(alice, "tournament start", tournament=1), fake.slash(alice, "tournament start", tournament=1)
    )
    replies = [await fake.wait_for_reply(click) for click in clicks]
    refused = [r for r in replies if r.ephemeral]
    assert len(refused) == 1, [r.content for r in replies]
    assert refused[0].content == "That tournament is already under way.", refused[0].content
    assert len([r for r in replies if not r.ephemeral]) == 1
    await fake.wait_until(
        lambda: len([m for m in fake.messages(fake.channel) if "Rapid**, round" in m.content]) >= 3 or None,
        what="three boards",
    )
    assert rows(bot.database_path, "SELECT COUNT(*) FROM games") == [(3,)]
    assert rows(bot.database_path, "SELECT COUNT(*) FROM tournament_boards") == [(6,)]  # 3 games, 3 free rounds
    assert len([m for m in fake.messages(fake.channel) if "Rapid**, round" in m.content]) == 3


async def test_two_last_results_at_once_pair_the_next_round_once_in_a_thread(fake_discord, bot_launcher) -> None:  # noqa: F811
    fake = fake_discord
    bot = await bot_launcher.process("bot")
    alice, bob, carol, dave = fake.alice, fake.bob, fake.add_user("carol"), fake.add_user("dave")
    members = {u.id: u for u in (alice, bob, carol, dave)}
    settings = await fake.wait_for_reply(await fake.slash(fake.owner, "server-settings", thread_per_game=True))
    assert settings.ephemeral, settings.content
    await fake.wait_for_reply(
        await fake.slash(alice, "tournament create", name="Swiss night", format="swiss", rounds=2)
    )
    for member in members.values():
        await fake.wait_for_reply(await fake.slash(member, "tournament join"))
    await fake.wait_for_reply(await fake.slash(alice, "tournament start"))
    thread = await fake.wait_until(
        lambda: next((t for t in fake.threads(fake.channel) if t.name == "Tournament: Swiss night"), None),
        what="the tournament's thread",
    )
    await fake.wait_until(
        lambda: len([m for m in fake.messages(thread) if "round 1:" in m.content and m.embeds]) >= 2 or None,
        what="round 1's boards in the thread",
    )
    first = rows(bot.database_path, "SELECT game_id, white_id, black_id FROM tournament_boards WHERE round = 1")
    assert len(first) == 2
    assert rows(bot.database_path, "SELECT DISTINCT thread_id FROM games") == [(thread.id,)]
    # both games' losers resign at the same moment: the last two results of round 1
    resigned = await asyncio.gather(
        *(fake.slash(members[black], "resign", game=game_id) for game_id, _, black in first)
    )
    for click in resigned:  # the final boards go to the thread; the channel is told where
        reply = await fake.wait_for_reply(click)
        assert reply.content == f"Done — the board is in <#{thread.id}>.", reply.content
    await fake.wait_until(
        lambda: len([m for m in fake.messages(thread) if "round 2:" in m.content and m.embeds]) >= 2 or None,
        what="round 2's boards",
    )
    await asyncio.sleep(1.0)  # a second pairing, if there were one, would have been posted by now
    assert len([m for m in fake.messages(thread) if "round 2 of 2: the pairings" in m.content]) == 1
    assert rows(bot.database_path, "SELECT COUNT(*) FROM tournament_boards WHERE round = 2") == [(2,)]
    assert rows(bot.database_path, "SELECT COUNT(*) FROM games") == [(4,)]
    second = rows(bot.database_path, "SELECT white_id, black_id FROM tournament_boards WHERE round = 2")
    winners = {white for _, white, _ in first}
    assert {frozenset(pair) for pair in second} == {
        frozenset(winners),
        frozenset(set(members) - winners),
    }  # the two winners meet, and the two losers
