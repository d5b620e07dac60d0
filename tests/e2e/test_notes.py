"""/note against the loopback Discord with the real bot: a player keeps a private note on a game and on a
move (an ephemeral answer, in the writer's language), a ply the game does not have is refused in words, an
empty text deletes, and the opponent's notes and the writer's never mix: each row belongs to its writer."""

from __future__ import annotations

import pytest

from tests.e2e.helpers import game_id_of, rows, slash_move, start_game
from tests.fakediscord.fixtures import bot_launcher, fake_discord  # noqa: F401

pytestmark = pytest.mark.asyncio


async def test_note_keeps_a_private_note_for_its_writer_only(fake_discord, bot_launcher) -> None:  # noqa: F811
    fake = fake_discord
    bot = await bot_launcher.process("bot")
    alice, bob = fake.alice, fake.bob
    game = game_id_of(await start_game(fake, alice, bob))
    await slash_move(fake, alice, "22-18")
    said = await fake.wait_for_reply(await fake.slash(alice, "note", game=game, ply=1, text="A quiet start."))
    assert said.ephemeral and said.content == f"Your note on move 1 of game #{game} is kept; only you can read it."
    bob.locale = "it"
    said = await fake.wait_for_reply(await fake.slash(bob, "note", game=game, ply=0, text="Gioco lungo."))
    assert said.ephemeral and said.content == f"La tua nota sulla partita #{game} è salvata; solo tu puoi leggerla."
    refused = await fake.wait_for_reply(await fake.slash(alice, "note", game=game, ply=7, text="later"))
    assert refused.ephemeral and "7" in refused.content and "Traceback" not in refused.content
    stored = rows(bot.database_path, "SELECT player_id, ply, text FROM notes WHERE game_id = ? ORDER BY ply", (game,))
    assert stored == [(bob.id, 0, "Gioco lungo."), (alice.id, 1, "A quiet start.")]
    deleted = await fake.wait_for_reply(await fake.slash(alice, "note", game=game, ply=1))
    assert deleted.content == f"You keep no note on move 1 of game #{game} now."
    assert rows(bot.database_path, "SELECT player_id FROM notes WHERE game_id = ?", (game,)) == [(bob.id,)]
    pdn = await fake.wait_for_reply(await fake.slash(alice, "pdn", game=game))
    assert pdn.files and "22-18" in pdn.files[0].data.decode()
    assert "Gioco" not in pdn.files[0].data.decode() and "quiet" not in pdn.files[0].data.decode()
