"""Saved study lines through the loopback Discord with the real bot: a line tried on /study's board is kept
with Save line, shown again (to its player only) when /study reopens the game, never to the opponent, and
deleted by /forget-me's data deletion."""

from __future__ import annotations

import pytest

from tests.e2e.helpers import game_id_of, rows, slash_move, start_game
from tests.e2e.test_study import opened, press, study_button
from tests.fakediscord.fixtures import bot_launcher, fake_discord  # noqa: F401

pytestmark = pytest.mark.asyncio


async def test_a_saved_line_is_shown_when_study_reopens(fake_discord, bot_launcher) -> None:  # noqa: F811
    fake = fake_discord
    bot = await bot_launcher.process("bot")
    alice, bob = fake.alice, fake.bob
    game = game_id_of(await start_game(fake, alice, bob))
    await slash_move(fake, alice, "24-20")
    study = await opened(fake, await fake.slash(alice, "study", game=game))
    assert "saved lines" not in study.content
    assert study.component(study_button(study, "save"))["disabled"]  # nothing tried yet
    box = await fake.click(alice, study, study_button(study, "type"))
    modal = await fake.wait_for_reply(box)
    version = study.version
    await fake.wait_for_ack(await fake.submit_modal(alice, modal, {"move": "10-14"}))
    study = await fake.wait_for_edit(study, version=version, timeout=20)
    assert not study.component(study_button(study, "save"))["disabled"]
    kept = await fake.wait_for_reply(await fake.click(alice, study, study_button(study, "save")))
    assert kept.ephemeral and kept.content == (
        f"Line kept: after ply 1, 10-14. Only you see it; it is shown again when you study game #{game}."
    )
    assert rows(bot.database_path, "SELECT player_id, ply, moves FROM saved_lines") == [(alice.id, 1, "10-14")]

    again = await opened(fake, await fake.slash(alice, "study", game=game))
    assert again.content.startswith("Your saved lines on this game (only you see them):\nAfter ply 1: 10-14\n\n")
    theirs = await opened(fake, await fake.slash(bob, "study", game=game))
    assert "saved lines" not in theirs.content and "10-14" not in theirs.content.split("Legal moves")[0]
    await press(fake, alice, again, "first")  # the reopened study works as before
