"""Journey: four members run a round robin. They create, join and start it; all six games start at once
and are announced; results come in (moves, resignations, a draw, a loss on time after a restart); the
final announcement and the standings picture name the winner, decided by Sonneborn-Berger on a tie."""

from __future__ import annotations

import pytest

from tests.e2e.helpers import png_size, rows, slash_move
from tests.e2e.test_deadline import shorten_clock
from tests.fakediscord.fixtures import bot_launcher, fake_discord  # noqa: F401

pytestmark = pytest.mark.asyncio


async def test_round_robin_of_four_members(fake_discord, bot_launcher) -> None:  # noqa: F811
    fake = fake_discord
    bot = await bot_launcher.process("bot")
    alice, bob = fake.alice, fake.bob
    carol, dave = fake.add_user("carol"), fake.add_user("dave")
    members = {alice.id: alice, bob.id: bob, carol.id: carol, dave.id: dave}

    created = await fake.wait_for_reply(
        await fake.slash(alice, "tournament create", name="Club cup", format="round-robin", rated=True)
    )
    assert not created.ephemeral and "created the tournament **Club cup** (#1)" in created.content, created.content
    for member in (alice, bob, carol, dave):  # the only open tournament: no need to name it
        joined = await fake.wait_for_reply(await fake.slash(member, "tournament join"))
        assert not joined.ephemeral and f"{member.mention} joined **Club cup**" in joined.content, joined.content
    again = await fake.wait_for_reply(await fake.slash(bob, "tournament join", tournament=1))
    assert again.ephemeral and again.content == "You are already in that tournament."
    refused = await fake.wait_for_reply(await fake.slash(bob, "tournament start", tournament=1))
    assert refused.ephemeral and "Only the tournament's creator" in refused.content

    started = await fake.slash(alice, "tournament start", tournament=1)
    await fake.wait_for_reply(started)

    def tournament_boards() -> list[object] | None:
        found = [m for m in fake.messages(fake.channel) if "Club cup**, round" in m.content and m.embeds]
        return found if len(found) >= 6 else None

    boards = await fake.wait_until(tournament_boards, what="six tournament boards")
    assert len(boards) == 6
    games = rows(bot.database_path, "SELECT game_id, white_id, black_id FROM tournament_boards ORDER BY game_id")
    assert len(games) == 6 and all(g[0] is not None for g in games)
    assert {frozenset(g[1:]) for g in games} == {frozenset((a, b)) for a in members for b in members if a < b}
    assert rows(bot.database_path, "SELECT COUNT(*) FROM games WHERE rated = 1 AND guild_id IS NOT NULL") == [(6,)]

    # an ordinary game of the server: any member may look at its board
    shown = await fake.wait_for_reply(await fake.slash(carol, "board", game=games[0][0]))
    assert not shown.ephemeral and shown.embeds and f"Game #{games[0][0]}" in shown.embeds[0]["title"]

    a, b, c, d = alice.id, bob.id, carol.id, dave.id
    winners = {
        frozenset((a, b)): a,
        frozenset((a, c)): a,
        frozenset((a, d)): d,
        frozenset((b, c)): b,
        frozenset((b, d)): b,
        frozenset((c, d)): None,
    }
    timed_out = None
    for game_id, white, black in games:
        pair = frozenset((white, black))
        winner = winners[pair]
        if pair == frozenset((b, d)):
            timed_out = (game_id, white, black)
            continue
        # every game sees a move first (White's), then ends by resignation or agreement
        first = "22-18" if white != d else "21-17"
        moved = await slash_move(fake, members[white], first, game=game_id)
        assert not moved.ephemeral, moved.content
        if winner is None:
            await fake.wait_for_reply(await fake.slash(members[black], "draw", game=game_id))
            await fake.wait_for_reply(await fake.slash(members[white], "draw", game=game_id))
        else:
            loser = white if winner == black else black
            await fake.wait_for_reply(await fake.slash(members[loser], "resign", game=game_id))
    assert timed_out is not None
    game_id, white, black = timed_out  # dave loses on time: make dave the player to move
    if white == b:
        await slash_move(fake, bob, "22-18", game=game_id)
    await fake.wait_until(
        lambda: rows(bot.database_path, "SELECT COUNT(*) FROM games WHERE status = 'finished'")[0][0] == 5 or None,
        what="five finished games",
    )
    assert rows(bot.database_path, "SELECT status FROM tournaments") == [("running",)]
    await bot.stop()
    await shorten_clock(bot.database_path, game_id, 1.0)
    await bot.start()

    final = await fake.wait_for_message(
        fake.channel, predicate=lambda m: "**Club cup** is over." in m.content, timeout=30
    )
    assert (
        f"The winner is {alice.mention} with 2 points, ahead of {bob.mention} on Sonneborn-Berger (2.5 to 2)"
        in final.content
    ), final.content
    assert len(final.attachments) == 1 and final.attachments[0].filename.endswith(".png")
    png_size(final.attachments[0].data)
    assert rows(bot.database_path, "SELECT termination FROM games WHERE id = ?", (game_id,)) == [("timeout",)]
    assert rows(bot.database_path, "SELECT status FROM tournaments") == [("finished",)]
    # announced once
    assert len([m for m in fake.messages(fake.channel) if "**Club cup** is over." in m.content]) == 1

    replay = await fake.wait_for_reply(await fake.slash(dave, "replay", game=games[0][0]))
    assert len(replay.files) == 1 and replay.files[0].filename.endswith(".gif"), replay.content
    table = await fake.wait_for_reply(await fake.slash(carol, "tournament standings", tournament=1))
    assert "Club cup" in table.content and len(table.files) == 1
    width, height = png_size(table.files[0].data)
    assert width >= 320 and height > 100
