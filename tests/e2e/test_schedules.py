"""On your own schedule (docs/ANYWHERE.md): a daily digest DM at its hour listing exactly the waiting games, once,
across restarts; a follower receiving a followed game's move (and a follower with closed DMs dropped); a
time-bank clock deciding a loss on time after a vacation."""

from __future__ import annotations

import sqlite3
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from tests.e2e.helpers import check_time_zone_option, field, game_id_of, rows, slash_move, start_game, wait_dms
from tests.fakediscord.fixtures import bot_launcher, fake_discord  # noqa: F401

pytestmark = pytest.mark.asyncio


def execute(database: Path, sql: str, params: tuple[object, ...]) -> None:
    """A change made while the bot is stopped (as if the hours had gone by)."""
    with sqlite3.connect(database) as conn:
        conn.execute(sql, params)


async def test_a_digest_at_its_hour_lists_exactly_the_waiting_games_once(fake_discord, bot_launcher) -> None:  # noqa: F811
    fake = fake_discord
    bot = await bot_launcher.process("bot")
    alice, bob = fake.alice, fake.bob
    hour = (datetime.now(UTC).hour + 1) % 24
    saved = await fake.wait_for_reply(await fake.slash(alice, "settings", notifications="digest", digest_hour=hour))
    assert saved.ephemeral and f"one direct message a day, at {hour:02d}:00 UTC" in saved.content, saved.content
    mine = [game_id_of(await start_game(fake, alice, bob)) for _ in range(2)]  # Alice (White) to move in both
    theirs = game_id_of(await start_game(fake, bob, alice))  # Bob to move: not waiting on Alice
    await wait_dms(fake, bob, 1)  # Bob is told of his move as usual; Alice is not: her digest lists hers
    assert fake.dm_messages(alice) == []
    await bot.stop()

    # As if the digest hour had come: it is now, and yesterday's digest went out.
    now = datetime.now(UTC)
    yesterday = (now - timedelta(days=1)).date().isoformat()
    execute(bot.database_path, "UPDATE players SET digest_hour = ?, last_digest_day = ? WHERE id = ?",
            (now.hour, yesterday, alice.id))
    await bot.start()
    digest = (await wait_dms(fake, alice, 1))[0]
    assert digest.content.startswith("Your daily digest: 2 games are waiting for your move."), digest.content
    for game in mine:
        assert f"Game #{game} against {bob.mention}: deadline <t:" in digest.content
    assert f"#{theirs} " not in digest.content
    await bot.stop()
    await bot.start()
    await slash_move(fake, bob, "24-20", game=theirs)  # the bot is up and ticking; no second digest today
    await wait_dms(fake, bob, 1)
    assert [m.content[:17] for m in fake.dm_messages(alice)] == ["Your daily digest"]
    assert rows(bot.database_path, "SELECT last_digest_day FROM players WHERE id = ?", (alice.id,)) == [
        (now.date().isoformat(),)
    ]


async def test_a_follower_gets_a_followed_games_move(fake_discord, bot_launcher) -> None:  # noqa: F811
    fake = fake_discord
    bot = await bot_launcher.process("bot")
    alice, bob = fake.alice, fake.bob
    carol, dora = fake.add_user("carol"), fake.add_user("dora")
    dora.dms_closed = True
    board = await start_game(fake, alice, bob)
    game = game_id_of(board)
    for follower in (carol, dora):
        click = await fake.click(follower, board, f"dama:follow:{game}")
        answer = await fake.wait_for_reply(click)
        assert answer.ephemeral and answer.content.startswith(f"You now follow game #{game}"), answer.content
    listing = await fake.wait_for_reply(await fake.slash(carol, "follow list"))
    assert listing.content == f"Games you follow: #{game}."

    await slash_move(fake, alice, "24-20")
    news = (await wait_dms(fake, carol, 1))[0]
    assert news.content == (
        f"News of what you follow:\nGame #{game} ({alice.mention} against {bob.mention}): 24-20."
    ), news.content
    # Dora's DMs are closed: she is dropped, and her news is not tried again.
    def dropped() -> bool:
        follows = rows(bot.database_path, "SELECT COUNT(*) FROM follows WHERE follower_id = ?", (dora.id,))
        pending = rows(bot.database_path, "SELECT COUNT(*) FROM outbox WHERE kind = 'follow' AND status = 'pending'")
        return follows == [(0,)] and pending == [(0,)]

    # the follower is dropped and the refused notice marked failed (two steps of one delivery attempt)
    await fake.wait_until(lambda: dropped() or None, what="the follower with closed DMs to be dropped")
    refused = rows(bot.database_path, "SELECT attempts FROM outbox WHERE kind = 'follow' AND status = 'failed'")
    assert refused == [(1,)], refused  # tried once, never again
    await slash_move(fake, bob, "12-16")  # within the hour: nothing more for Carol yet
    assert len(fake.dm_messages(carol)) == 1
    stopped = await fake.wait_for_reply(await fake.slash(carol, "unfollow", game=game))
    assert stopped.content == "You no longer follow that."


async def test_a_time_bank_decides_a_loss_on_time_after_a_vacation(fake_discord, bot_launcher) -> None:  # noqa: F811
    fake = fake_discord
    bot = await bot_launcher.process("bot")
    alice, bob = fake.alice, fake.bob
    offer = await fake.wait_for_reply(await fake.slash(alice, "challenge", opponent=bob, colour="white", clock="2d+1d"))
    assert "a time bank of 2 d, +1 d after each move" in offer.content, offer.content
    click = await fake.click(bob, offer, next(c for c in offer.custom_ids() if c.startswith("dama:accept:")))
    board = (await fake.wait_for_followups(click, 1))[0]
    game = game_id_of(board)
    moved = await slash_move(fake, alice, "24-20")
    # Alice spent seconds of her 2 days and earned 1; Bob's 2 days run (shown in whole hours, rounded down)
    banks = field(moved, "Time left")
    assert banks == f"{alice.mention}: 2 d 23 h · {bob.mention}: 1 d 23 h", banks
    started = await fake.wait_for_reply(await fake.slash(bob, "vacation", action="start"))
    assert started.ephemeral
    assert rows(bot.database_path, "SELECT move_deadline FROM games WHERE id = ?", (game,)) == [(None,)]
    await bot.stop()

    # Bob's vacation paused his bank with five seconds left on it (as if he had let it run down first).
    execute(bot.database_path, "UPDATE games SET paused_seconds = 5 WHERE id = ?", (game,))
    await bot.start()
    await fake.wait_for_reply(await fake.slash(bob, "vacation", action="end"))
    ended_at = datetime.now(UTC)
    lost = await fake.wait_for_message(fake.channel, predicate=lambda m: "Time is up." in m.content,
                                       after=board, timeout=25)
    assert lost.content == "Time is up. White wins.", lost.content
    (result, termination, finished_at), = rows(
        bot.database_path, "SELECT result, termination, finished_at FROM games WHERE id = ?", (game,)
    )
    assert (result, termination) == ("1-0", "timeout")
    assert datetime.fromisoformat(finished_at) >= ended_at + timedelta(seconds=4)  # his 5 s ran after the vacation


async def test_settings_time_zone_is_offered_as_typed_and_names_the_digests_zone(fake_discord, bot_launcher) -> None:  # noqa: F811
    fake = fake_discord
    bot = await bot_launcher.process("bot")
    await check_time_zone_option(fake, fake.alice, "settings", "new_y", "America/New_York")
    assert rows(bot.database_path, "SELECT COUNT(*) FROM players WHERE time_zone IS NOT NULL") == [(0,)]
    saved = await fake.wait_for_reply(
        await fake.slash(fake.alice, "settings", digest_hour=7, time_zone="America/New_York")
    )
    assert "at 07:00 in the time zone America/New_York" in saved.content
    assert rows(bot.database_path, "SELECT time_zone, digest_hour FROM players WHERE id = ?", (fake.alice.id,)) == [
        ("America/New_York", 7)
    ]
