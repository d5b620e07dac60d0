"""A tournament's news goes through the outbox (issues 12 and 20): a Swiss event starts while Discord
refuses every message post, and the bot is killed before Discord comes back. Nothing was posted, nothing
is lost: after the restart the round's pairings and every game's first board arrive exactly once, with
the turn notifications, because they were written with the round itself."""

from __future__ import annotations

import asyncio

import pytest

from tests.e2e.helpers import rows
from tests.fakediscord import MessagePostFault
from tests.fakediscord.fixtures import bot_launcher, fake_discord  # noqa: F401

pytestmark = pytest.mark.asyncio
FAST_RETRIES = {"OUTBOX_MAX_BACKOFF": "2", "OUTBOX_LEASE": "6"}


@pytest.mark.slow  # waits out Discord's refusals and the outbox's backoff
async def test_a_round_started_while_discord_refuses_posts_arrives_once(fake_discord, bot_launcher) -> None:  # noqa: F811
    fake = fake_discord
    bot = await bot_launcher.process("bot", env=FAST_RETRIES)
    members = [fake.alice, fake.bob, fake.add_user("carol"), fake.add_user("dave")]
    await fake.wait_for_reply(await fake.slash(fake.alice, "tournament create", name="Storm cup", format="swiss",
                                               rounds=3))
    for member in members:
        await fake.wait_for_reply(await fake.slash(member, "tournament join"))

    fault = MessagePostFault(status=503)
    fake.message_post_fault = fault
    started = await fake.wait_for_reply(await fake.slash(fake.alice, "tournament start"), timeout=30)
    assert "**Storm cup** has begun." in started.content, started.content  # the reply, edited in place
    games = rows(bot.database_path, "SELECT game_id, white_id FROM tournament_boards WHERE round = 1 ORDER BY board")
    assert len(games) == 2 and all(game is not None for game, _ in games)
    await fake.wait_until(lambda: fault.failed >= 3 or None, timeout=30, what="the worker's retries to fail")

    def pairings() -> list[str]:
        heading = "**Storm cup**, round 1 of 3: the pairings"
        return [m.content for m in fake.messages(fake.channel) if heading in m.content]

    def boards(game: int) -> list[object]:
        return [m for m in fake.messages(fake.channel) if f"round 1: game #{game} begins" in m.content and m.embeds]

    assert pairings() == [] and all(boards(game) == [] for game, _ in games)
    await bot.kill()  # a crash in the middle of the outage
    fake.message_post_fault = None
    await bot.start()

    await fake.wait_until(lambda: (pairings() and all(boards(game) for game, _ in games)) or None, timeout=60,
                          what="the pairings and both boards after the outage")
    await fake.wait_until(lambda: rows(bot.database_path, "SELECT COUNT(*) FROM outbox WHERE status = 'pending'")
                          == [(0,)], timeout=30, what="every row to be marked")
    await asyncio.sleep(1.0)  # a second copy, if there were one, would be out by now
    assert len(pairings()) == 1
    text = pairings()[0]
    for game, _ in games:
        assert f"(game #{game})" in text, text
        assert len(boards(game)) == 1
    for game, white in games:  # White is told, once, by DM (the default)
        told = [m for m in fake.dm_messages(next(u for u in members if u.id == white))
                if f"Your move in game #{game}." in m.content]
        assert len(told) == 1, [m.content for m in told]
    posted = rows(bot.database_path, "SELECT kind, status, COUNT(*) FROM outbox GROUP BY kind, status ORDER BY kind")
    assert posted == [("game_started", "delivered", 2), ("tournament_round", "delivered", 1),
                      ("your_move", "delivered", 2)], posted


async def test_an_italian_servers_tournament_news_is_in_italian(fake_discord, bot_launcher) -> None:  # noqa: F811
    fake = fake_discord
    fake.guild_locale = "it"  # the server's Discord language: public posts use it
    bot = await bot_launcher.process("bot")
    carol = fake.add_user("carol")
    await fake.wait_for_reply(await fake.slash(fake.alice, "tournament create", name="Coppa", format="swiss",
                                               rounds=1))
    for member in (fake.alice, fake.bob, carol):
        await fake.wait_for_reply(await fake.slash(member, "tournament join"))
    await fake.wait_for_reply(await fake.slash(fake.alice, "tournament start"))
    pairings = await fake.wait_for_message(
        fake.channel, predicate=lambda m: "**Coppa**, turno 1 di 1: gli abbinamenti." in m.content, timeout=20
    )
    [(game, white, black)] = rows(
        bot.database_path, "SELECT game_id, white_id, black_id FROM tournament_boards WHERE black_id IS NOT NULL"
    )
    [(rested,)] = rows(bot.database_path, "SELECT white_id FROM tournament_boards WHERE black_id IS NULL")
    assert f"(partita #{game})" in pairings.content and f"Turno di riposo: <@{rested}>" in pairings.content
    await fake.wait_for_message(fake.channel, timeout=20, predicate=lambda m: m.embeds
                                and f"**Coppa**, turno 1: inizia la partita #{game}" in m.content)
    loser = next(u for u in (fake.alice, fake.bob, carol) if u.id == black)
    await fake.wait_for_reply(await fake.slash(loser, "resign", game=game))
    final = await fake.wait_for_message(fake.channel, predicate=lambda m: "**Coppa** è finito." in m.content,
                                        timeout=30)
    # White won and the bye is worth a point too: the tie-break picks one of them
    assert any(f"Vince <@{p}> con 1 punto," in final.content for p in (white, rested)), final.content
    assert len(final.attachments) == 1 and final.attachments[0].filename == "standings-1.png"
