"""Journey 5: /move autocompletes the caller's legal moves, and nothing for a game that is not theirs."""

from __future__ import annotations

import pytest

from tests.e2e.helpers import game_id_of, slash_move, start_game, wait_dms
from tests.fakediscord.fixtures import bot_launcher, fake_discord  # noqa: F401

pytestmark = pytest.mark.asyncio

# Italian start: White's men on 21-24 each step to the two squares diagonally ahead (17-20), except 24
# on the edge: 21-17 21-18 22-18 22-19 23-19 23-20 24-20.
START_MOVES = {"21-17", "21-18", "22-18", "22-19", "23-19", "23-20", "24-20"}


async def test_move_autocomplete(fake_discord, bot_launcher) -> None:  # noqa: F811
    fake = fake_discord
    carol = fake.add_user("carol")
    await bot_launcher.process("bot")
    alice, bob = fake.alice, fake.bob
    board = await start_game(fake, alice, bob)
    game = game_id_of(board)

    choices = await fake.autocomplete(alice, "move", focused="move")
    assert {c["value"] for c in choices} == START_MOVES
    assert {c["name"] for c in choices} == START_MOVES  # quiet moves: no "takes"
    narrowed = await fake.autocomplete(alice, "move", focused="move", options={"move": "22"})
    assert {c["value"] for c in narrowed} == {"22-18", "22-19"}
    by_game = await fake.autocomplete(alice, "move", focused="move", options={"move": "", "game": game})
    assert {c["value"] for c in by_game} == START_MOVES

    # not bob's turn, and carol is not playing: no suggestions, even naming the game
    assert await fake.autocomplete(bob, "move", focused="move") == []
    assert await fake.autocomplete(carol, "move", focused="move") == []
    assert await fake.autocomplete(carol, "move", focused="move", options={"move": "", "game": game}) == []

    # after 22-18 11-14 White must take: the one capture, labelled with what it takes
    await slash_move(fake, alice, "22-18")
    await slash_move(fake, bob, "11-14")
    capture = await fake.autocomplete(alice, "move", focused="move")
    assert capture == [{"name": "18x11 — takes 14", "value": "18x11"}]
    assert await fake.autocomplete(bob, "move", focused="move", options={"move": "", "game": game}) == []
    await wait_dms(fake, alice, 2)  # let the bot finish telling alice before the test stops it
