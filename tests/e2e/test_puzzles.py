"""Puzzles through the loopback Discord: a member solves one (rating up, streak 1) by typing the moves, fails
the next through the picker (rating down, the refuting reply shown), and a server's daily puzzle arrives once
at its hour through the outbox, with a Solve button, and still once after a restart."""

from __future__ import annotations

import asyncio
import re
from datetime import UTC, datetime
from typing import Any
from zoneinfo import ZoneInfo

import pytest

from data.puzzles import bundled
from rules import find_variant, format_move, parse_fen, parse_move
from tests.e2e.helpers import check_time_zone_option, rows
from tests.fakediscord import FakeDiscord, FakeUser, Message
from tests.fakediscord.fixtures import bot_launcher, fake_discord  # noqa: F401

pytestmark = pytest.mark.asyncio
RATING = re.compile(r"Puzzle rating (\d+) → (\d+)")


def open_puzzle(database: Any, user: FakeUser) -> dict[str, Any]:
    found = rows(
        database, "SELECT puzzle_id, variant FROM puzzle_attempts WHERE player_id = ? AND status = 'open'", (user.id,)
    )
    assert len(found) == 1, found
    puzzle_id, variant = found[0]
    return next(item for item in bundled(variant) if item["id"] == puzzle_id)


async def show(fake: FakeDiscord, user: FakeUser) -> Message:
    reply = await fake.wait_for_reply(await fake.slash(user, "puzzle", variant="italian"))
    assert reply.ephemeral, reply.content
    message = fake.message_by_id(reply.message_id)
    assert "Puzzle (Italian draughts, rated" in message.content and "to move and" in message.content
    assert message.attachments and message.attachments[0].filename.endswith(".png")
    return message


async def type_move(fake: FakeDiscord, user: FakeUser, message: Message, puzzle_id: str, move: str) -> Message:
    opened = await fake.click(user, message, f"dama:puzzle:type:{puzzle_id}")
    await fake.wait_for_reply(opened)
    submitted = await fake.submit_modal(user, opened, {"dama-puzzle-move": move})
    reply = await fake.wait_for_reply(submitted, timeout=30)
    return fake.message_by_id(reply.message_id)


async def test_solve_one_then_fail_one(fake_discord, bot_launcher) -> None:  # noqa: F811
    fake = fake_discord
    bot = await bot_launcher.process("bot")
    alice = fake.alice
    message = await show(fake, alice)
    puzzle = open_puzzle(bot.database_path, alice)
    solution = puzzle["solution"]
    refused = await type_move(fake, alice, message, puzzle["id"], "99-98")  # bad input: a sentence, no change
    assert "99" in refused.content and "Traceback" not in refused.content, refused.content
    assert rows(bot.database_path, "SELECT step, status FROM puzzle_attempts WHERE player_id = ?", (alice.id,)) == [
        (0, "open")
    ]
    for index in range(0, len(solution), 2):
        message = await type_move(fake, alice, message, puzzle["id"], solution[index])
        if index + 1 < len(solution):
            assert f"{solution[index]} is right. The reply: {solution[index + 1]}. Your move." in message.content
    assert f"{solution[-1]}: solved!" in message.content and "Streak: 1." in message.content
    before, after = map(int, RATING.search(message.content).groups())  # type: ignore[union-attr]
    assert after > before == 1500
    stats = await fake.wait_for_reply(await fake.slash(alice, "puzzle-stats"))
    assert "Solved: 1. Failed: 0. Streak: 1 (best 1)." in stats.content

    message = await show(fake, alice)
    puzzle = open_puzzle(bot.database_path, alice)
    start = parse_fen(find_variant("italian"), puzzle["fen"])
    right = parse_move(start, puzzle["solution"][0])
    wrong = next(m for m in start.legal_moves() if m.identity != right.identity)
    click = await fake.click(alice, message, f"dama:puzzle:move:{puzzle['id']}")
    picker = await fake.wait_for_reply(click)
    picker_message = fake.message_by_id(picker.message_id)
    square = start.board.name(wrong.start)
    if "which piece" in picker.content:
        custom_id, value = option(picker_message, square)
        await fake.wait_for_ack(await fake.select(alice, picker_message, custom_id, [value]))
    custom_id, value = option(fake.message_by_id(picker.message_id), format_move(start, wrong))
    chosen = await fake.select(alice, picker_message, custom_id, [value])
    answer = (await fake.wait_for_followups(chosen, 1, timeout=30))[0]
    assert f"{format_move(start, wrong)} is not the answer: " in answer.content and "refutes it" in answer.content
    refutation = answer.content.split("is not the answer: ")[1].split(" refutes it")[0]
    parse_move(start.apply(wrong), refutation)  # the reply shown is a legal move after the wrong one
    before_fail, after_fail = map(int, RATING.search(answer.content).groups())  # type: ignore[union-attr]
    assert before_fail == after and after_fail < before_fail
    assert rows(
        bot.database_path, "SELECT solved, failed, streak FROM puzzle_ratings WHERE player_id = ?", (alice.id,)
    ) == [(1, 1, 0)]


def option(message: Message, label: str) -> tuple[str, str]:
    for row in message.components:
        for comp in row.get("components", []):
            for item in comp.get("options", []):
                if item["label"] == label:
                    return comp["custom_id"], item["value"]
    raise AssertionError(f"no option {label!r} in {message.content!r}")


async def test_the_daily_puzzle_arrives_once_at_its_hour_and_survives_a_restart(fake_discord, bot_launcher) -> None:  # noqa: F811
    fake = fake_discord
    bot = await bot_launcher.process("bot")
    hour = datetime.now(UTC).hour
    saved = await fake.wait_for_reply(
        await fake.slash(fake.owner, "server-settings", daily_puzzle_channel=fake.channel, daily_puzzle_hour=hour)
    )
    assert f"Daily puzzle: in <#{fake.channel.id}> at {hour:02d}:00 UTC." in saved.content

    def daily_posts() -> list[Message]:
        return [m for m in fake.messages(fake.channel, include_ephemeral=False) if "Puzzle of the day" in m.content]

    posts = await fake.wait_until(lambda: daily_posts() or None, timeout=90, what="the daily puzzle")
    post = posts[0]
    assert post.attachments and any(c.startswith("dama:daily:") for c in post.custom_ids())
    assert "The last daily puzzle" not in post.content  # the first one: nobody to count yet
    day = datetime.now(UTC).date().isoformat()
    recorded = rows(bot.database_path, "SELECT guild_id, day FROM daily_puzzles")
    assert [r[1] for r in recorded] == [day]
    assert rows(bot.database_path, "SELECT COUNT(*) FROM outbox WHERE kind = 'daily_puzzle'") == [(1,)]

    solve = next(c for c in post.custom_ids() if c.startswith("dama:daily:"))
    opened = await fake.wait_for_reply(await fake.click(fake.alice, post, solve), timeout=30)
    assert opened.ephemeral and "Puzzle (" in fake.message_by_id(opened.message_id).content
    attempt = rows(bot.database_path, "SELECT daily_day FROM puzzle_attempts WHERE player_id = ?", (fake.alice.id,))
    assert attempt == [(day,)]

    forged = await fake.forge_click(
        fake.alice, post, f"dama:daily:{fake.channel.guild_id + 1}:{day}", channel=fake.channel
    )  # another server's daily puzzle, from this one
    assert (await fake.wait_for_reply(forged)).content == "There is no such puzzle for you."

    await bot.restart()
    await asyncio.sleep(3)  # the timer loop's first round after the start: the day is recorded, nothing to post
    reopened = await fake.wait_for_reply(await fake.click(fake.alice, post, solve), timeout=30)
    assert "Puzzle (" in fake.message_by_id(reopened.message_id).content  # the old post's button still works
    assert len(daily_posts()) == 1
    assert rows(bot.database_path, "SELECT COUNT(*) FROM outbox WHERE kind = 'daily_puzzle'") == [(1,)]


async def test_a_server_time_zone_sets_the_daily_puzzles_hour_and_daily_puzzle_false_stops_it(
    fake_discord, bot_launcher  # noqa: F811
) -> None:
    fake = fake_discord
    bot = await bot_launcher.process("bot")
    await check_time_zone_option(fake, fake.owner, "server-settings", "kathm", "Asia/Kathmandu")
    assert rows(bot.database_path, "SELECT COUNT(*) FROM servers WHERE time_zone IS NOT NULL") == [(0,)]

    local = datetime.now(ZoneInfo("Asia/Kathmandu"))  # UTC+5:45: its hour is never UTC's
    saved = await fake.wait_for_reply(
        await fake.slash(
            fake.owner, "server-settings", daily_puzzle=True, daily_puzzle_hour=local.hour, time_zone="Asia/Kathmandu"
        )
    )
    expected = f"Daily puzzle: in <#{fake.channel.id}> at {local.hour:02d}:00, time zone Asia/Kathmandu."
    assert expected in saved.content
    await fake.wait_until(
        lambda: rows(bot.database_path, "SELECT day FROM daily_puzzles") or None, timeout=90, what="the daily puzzle"
    )
    assert rows(bot.database_path, "SELECT day FROM daily_puzzles") == [(local.date().isoformat(),)]

    stopped = await fake.wait_for_reply(await fake.slash(fake.owner, "server-settings", daily_puzzle=False))
    assert "Daily puzzle" not in stopped.content
    assert rows(bot.database_path, "SELECT daily_puzzle_channel, time_zone FROM servers") == [(None, "Asia/Kathmandu")]
