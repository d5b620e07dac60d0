"""Journey 6: bad input everywhere gets a clear private refusal, changes nothing, and logs no traceback
(the launcher fails the test on any traceback in the bot's log)."""

from __future__ import annotations

import pytest

from tests.e2e.helpers import field, game_id_of, rows, slash_move, start_game, wait_dms
from tests.fakediscord.fixtures import bot_launcher, fake_discord  # noqa: F401
from tests.fakediscord.validation import InteractionRefused

pytestmark = pytest.mark.asyncio

SORRY = "something went wrong"


async def test_bad_input_everywhere(fake_discord, bot_launcher) -> None:  # noqa: F811
    fake = fake_discord
    carol = fake.add_user("carol")
    bot = await bot_launcher.process("bot")
    alice, bob = fake.alice, fake.bob
    board = await start_game(fake, alice, bob)
    game = game_id_of(board)
    await slash_move(fake, alice, "22-18")
    await wait_dms(fake, bob, 1)
    before = rows(bot.database_path, "SELECT * FROM games")
    moves_before = rows(bot.database_path, "SELECT * FROM moves")

    async def refused(user, command: str, expected: str, **options) -> None:  # type: ignore[no-untyped-def]
        reply = await fake.wait_for_reply(await fake.slash(user, command, **options))
        assert reply.ephemeral, (command, options, reply.content)
        assert expected in reply.content, (command, options, reply.content)
        assert SORRY not in reply.content and "Traceback" not in reply.content

    await refused(bob, "move", "There is no game #999.", move="11-14", game=999)
    await refused(bob, "board", "There is no game #-3.", game=-3)
    await refused(bob, "pdn", "There is no game #424242.", game=424242)
    await refused(alice, "move", f"It is not your turn: the game is waiting for {bob.mention}.", move="11-14",
                  game=game)
    await refused(carol, "move", "You are not playing in that game.", move="11-14", game=game)
    await refused(carol, "move", "You have no active games.", move="11-14")
    await refused(carol, "resign", "You have no active games.")
    await refused(carol, "resign", "You are not playing in that game.", game=game)
    await refused(bob, "move", "I could not read that move", move="hello")
    await refused(bob, "move", "I could not read that move", move="💥; DROP TABLE games; --")
    await refused(bob, "move", "99 is not a square on this board.", move="99-1")
    await refused(bob, "move", "I could not read that move", move="11-15x")
    await refused(bob, "move", "18 is already occupied.", move="11-18")  # White's man went 22-18
    await refused(bob, "move", "The piece on 18 belongs to your opponent.", move="18-14")
    await refused(bob, "move", "There is no piece on 13.", move="13-17")
    await refused(bob, "rules", "", variant="italian")  # a good one in between: still ephemeral

    # buttons of someone else's game, and a challenge meant for somebody else
    click = await fake.click(carol, board, f"dama:move:{game}")
    reply = await fake.wait_for_reply(click)
    assert reply.ephemeral and reply.content == "You are not playing in that game."
    click = await fake.click(alice, board, f"dama:move:{game}")
    reply = await fake.wait_for_reply(click)
    assert reply.ephemeral and reply.content == f"It is not your turn: the game is waiting for {bob.mention}."
    offer = await fake.wait_for_reply(await fake.slash(alice, "challenge", opponent=bob))
    accept = next(c for c in offer.custom_ids() if c.startswith("dama:accept:"))
    reply = await fake.wait_for_reply(await fake.click(carol, offer, accept))
    assert reply.ephemeral and reply.content == "That challenge is not for you."

    # out-of-range and unknown options never leave the Discord client
    for command, options in (("play", {"level": 9}), ("play", {"level": 0}), ("challenge", {"days_per_move": 15}),
                             ("rules", {"variant": "klingon"}), ("move", {}), ("move", {"move": ""}),
                             ("move", {"move": "x" * 101}), ("board", {"colour": "white"})):
        with pytest.raises(InteractionRefused):
            await fake.slash(bob, command, **options)

    assert rows(bot.database_path, "SELECT * FROM games") == before
    assert rows(bot.database_path, "SELECT * FROM moves") == moves_before
    assert rows(bot.database_path, "SELECT status FROM challenges ORDER BY id") == [("accepted",), ("open",)]
    # the game is still there and playable
    good = await slash_move(fake, bob, "11-14")
    assert field(good, "Last move") == "11-14"
    await wait_dms(fake, alice, 2)
