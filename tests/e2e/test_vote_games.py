"""Vote games over the loopback Discord (issue 59): a team of members plays White against the bot by vote.

The expected moves follow from the rules of the count (docs/CLUBS.md) applied by hand to the votes cast; the
position's legal moves come from the rules library, not from the bot. Every request the bot makes (the
team's thread, its buttons, the picker) is checked against Discord's OpenAPI schemas by the fixture."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from data import Database
from data.models import TEAM_SEAT_BASE
from data.timeutil import to_db
from rules import find_variant, format_move, parse_fen
from tests.e2e.helpers import _option, check_board_image, field, game_id_of, rows, select_as_a_player
from tests.fakediscord.fixtures import bot_launcher, fake_discord  # noqa: F401
from tests.fakediscord.model import FakeRole

pytestmark = pytest.mark.asyncio


def legal(database, game: int) -> list[str]:  # type: ignore[no-untyped-def]
    fen = rows(database, "SELECT current_fen FROM games WHERE id = ?", (game,))[0][0]
    position = parse_fen(find_variant("italian"), fen)
    return [format_move(position, move) for move in position.legal_moves()]


def ply_of(database, game: int) -> int:  # type: ignore[no-untyped-def]
    return int(rows(database, "SELECT ply FROM games WHERE id = ?", (game,))[0][0])


async def vote(fake, user, move: str, **game: int):  # type: ignore[no-untyped-def]
    return await fake.wait_for_reply(await fake.slash(user, "vote-game vote", move=move, **game))


async def test_three_voters_majority_tie_changed_vote_and_role(fake_discord, bot_launcher) -> None:  # noqa: F811
    fake = fake_discord
    club = fake._add_role(FakeRole(fake.snow.next(), "Club", 0, 1))
    alice, bob = fake.alice, fake.bob
    alice.role_ids.append(club.id)
    bob.role_ids.append(club.id)
    carol = fake.add_user("carol", roles=[club])
    dave = fake.add_user("dave")  # not in the club
    bot = await bot_launcher.process("bot")

    start = await fake.wait_for_reply(await fake.slash(alice, "vote-game start", side="white", role=club))
    assert not start.ephemeral, start.content
    assert start.content.startswith("Vote game #1 is forming: a team plays White"), start.content
    assert start.custom_ids() == ["dama:vote:join:1", "dama:vote:begin:1"]
    thread_id = await fake.wait_until(  # the team's discussion thread, opened under the post
        lambda: rows(bot.database_path, "SELECT thread_id FROM vote_teams WHERE id = 1")[0][0], what="the thread"
    )
    assert thread_id in fake.channels

    refused = await fake.wait_for_reply(await fake.click(dave, start, "dama:vote:join:1"))
    assert refused.ephemeral and refused.content == "Only members holding the team's role may join this team."
    early = await fake.wait_for_reply(await fake.click(alice, start, "dama:vote:begin:1"))
    assert early.ephemeral and early.content.startswith("Nobody has joined the team yet"), early.content
    for member in (alice, bob, carol):
        joined = await fake.wait_for_reply(await fake.click(member, start, "dama:vote:join:1"))
        assert not joined.ephemeral and f"{member.mention} joined vote game #1" in joined.content, joined.content
    assert rows(bot.database_path, "SELECT COUNT(*) FROM vote_members WHERE team_id = 1") == [(3,)]

    await fake.slash(alice, "vote-game begin")
    first = await fake.wait_for_message(fake.channel, predicate=lambda m: "begins" in m.content, after=start.message_id)
    game = game_id_of(first)
    assert first.content.startswith("Game #1 begins: Team #1 (White) against Dama bot (level 1) (Black).")
    assert "Team #1 is to move" in first.content, first.content
    assert field(first, "White") == "Team #1"
    assert (field(first, "Team #1") or "").startswith("0 of 3 members have voted; the vote closes")
    assert first.custom_ids()[0] == f"dama:vote:pick:{game}"
    check_board_image(first)

    # Window 1: 21-18 twice, 22-19 once; the move is played as the last member votes.
    taken = await vote(fake, alice, "21-18")
    assert taken.ephemeral and taken.content.startswith("Your vote for 21-18 counts; 1 of 3 members have voted.")
    assert "21-18: 1 vote" in taken.content  # seen after voting
    outsider = await vote(fake, dave, "22-19", game=game)
    assert outsider.ephemeral and outsider.content.startswith("You are not on the team to move in game #1")
    illegal = await vote(fake, bob, "21-16")
    assert illegal.ephemeral and "21-16" in illegal.content
    await vote(fake, bob, "22-19")
    assert rows(bot.database_path, "SELECT ply FROM games WHERE id = ?", (game,)) == [(0,)]
    # carol votes with the picker under the board: a piece, then its move
    click = await fake.click(carol, first, f"dama:vote:pick:{game}")
    picker = await fake.wait_for_reply(click)
    assert picker.ephemeral and "which piece do you vote to move" in picker.content, picker.content
    custom_id, value = _option(fake.message_by_id(picker.message_id), "dama-pick:", "21")
    await fake.wait_for_reply(await select_as_a_player(fake, carol, picker.message_id, custom_id, value))
    custom_id, value = _option(fake.message_by_id(picker.message_id), "dama-pick:", "21-18")
    await select_as_a_player(fake, carol, picker.message_id, custom_id, value)
    played = await fake.wait_for_message(fake.channel, predicate=lambda m: m.content.startswith("Team #1 played"),
                                         after=first, timeout=20)
    assert played.content.startswith("Team #1 played 21-18."), played.content
    seat = TEAM_SEAT_BASE + 1
    await fake.wait_until(lambda: rows(bot.database_path, "SELECT ply FROM games WHERE id = ?", (game,)) == [(2,)]
                          or None, what="the bot's reply")
    assert rows(bot.database_path, "SELECT ply, path, player_id FROM moves WHERE game_id = ? AND ply = 1",
                (game,)) == [(1, "21-18", seat)]

    # Until the team has three moves to choose from (the bot's reply may force a capture), everyone votes the same.
    windows, ply = 1, 2
    while len(moves := legal(bot.database_path, game)) < 3:
        for member in (alice, bob, carol):
            await vote(fake, member, moves[0])
        windows, ply = windows + 1, ply + 2
        await fake.wait_until(lambda at=ply: ply_of(bot.database_path, game) >= at or None, what="the bot's reply")
    # Then: alice votes A then changes to B (one vote, counted from its change); bob C, carol A: 1-1-1, and B
    # reached one vote first.
    a, b, c = moves[:3]
    await vote(fake, alice, a)
    changed = await vote(fake, alice, b)
    assert changed.content.startswith(f"Your vote for {b} counts; 1 of 3 members have voted."), changed.content
    await vote(fake, bob, c)
    last = await vote(fake, carol, a)
    assert f"Everyone has voted: the team played {b}." in last.content, last.content
    assert rows(bot.database_path, "SELECT notation FROM moves WHERE game_id = ? AND ply = ?", (game, ply + 1)) == [
        (b,)
    ]

    status = await fake.wait_for_reply(await fake.slash(alice, "vote-game status"))
    assert status.ephemeral
    closed = windows + 1
    assert f"Closed windows you voted in: {closed}; windows where the team played your move: {closed}." in (
        status.content
    ), status.content
    assert rows(bot.database_path, "SELECT rated FROM games WHERE id = ?", (game,)) == [(0,)]
    assert not fake.violations


async def test_a_window_with_no_vote_loses_on_time_after_the_reminder(fake_discord, bot_launcher) -> None:  # noqa: F811
    fake = fake_discord
    bot = await bot_launcher.process("bot")
    alice = fake.alice
    await fake.wait_for_reply(await fake.slash(alice, "vote-game start", side="white"))
    await fake.wait_for_reply(await fake.slash(alice, "vote-game join"))
    await fake.slash(alice, "vote-game begin")
    first = await fake.wait_for_message(fake.channel, predicate=lambda m: "begins" in m.content)
    game = game_id_of(first)
    await bot.stop()

    left = 6.0
    now = datetime.now(UTC)
    deadline = to_db(now + timedelta(seconds=left))
    db = await Database.open(bot.database_path)
    try:
        async with db.write() as repos:
            await repos.games.set_clock(game, deadline, None)
            await repos.timers.cancel_for_game(game)
            await repos.timers.add("reminder", to_db(now - timedelta(seconds=1)), to_db(now), game_id=game)
            await repos.timers.add("timeout", deadline, to_db(now), game_id=game)
    finally:
        await db.close()
    await bot.start()

    reminder = await fake.wait_for_message(fake.channel, predicate=lambda m: "a third of the time" in m.content,
                                           after=first, timeout=15)
    assert reminder.content.startswith(f"Team #1: a third of the time is left to vote in game #{game}")
    lost = await fake.wait_for_message(fake.channel, predicate=lambda m: "Time is up." in m.content,
                                       after=first, timeout=left + 15)
    assert field(lost, "Result") == "0-1 · Black wins: White ran out of time."
    assert reminder.id < lost.id
    assert rows(bot.database_path, "SELECT result, termination FROM games WHERE id = ?", (game,)) == [
        ("0-1", "timeout")
    ]
