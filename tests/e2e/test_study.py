"""The study board (issue 26) through the loopback Discord, with the real engine: /study and the Study button
under a board; stepping, trying a move with the picker and the box (an illegal one refused with the legal
moves), Back; the engine's word only where the hint policy allows it; another server's game refused like a
missing one; a forged button answered in words; a study forgotten by a restart answered with a fresh one.

The expected moves come from the Italian rules (rules.Game), not from the bot's own output."""

from __future__ import annotations

import re
from typing import Any

import pytest

from rules import Game, find_variant, format_move
from tests.e2e.helpers import check_board_image, game_id_of, rows, slash_move, start_game
from tests.fakediscord.fake import FakeDiscord
from tests.fakediscord.fixtures import bot_launcher, fake_discord  # noqa: F401
from tests.fakediscord.model import FakeUser, Message, Reply, SentInteraction, Upload, walk_components

pytestmark = pytest.mark.asyncio

ITALIAN = find_variant("italian")
ENGINE = "Engine: "
HUGE = 2**70  # beyond any id
STUDY_ID = re.compile(r"^dama-study:(?P<ref>[gi]\d+):(?P<nonce>[0-9a-f]{8}):(?P<action>\w+)")


def study_button(message: Message | Reply, action: str) -> str:
    for custom_id in message.custom_ids():
        found = STUDY_ID.match(custom_id)
        if found and found["action"] == action:
            return custom_id
    raise AssertionError(f"no study button {action!r} among {message.custom_ids()}")


def option(message: Message, label: str) -> tuple[str, str]:
    labels = []
    for comp in walk_components(message.components):
        if str(comp.get("custom_id", "")).startswith("dama-study:") and comp.get("options"):
            for item in comp["options"]:
                labels.append(item["label"])
                if item["label"] == label:
                    return comp["custom_id"], item["value"]
    raise AssertionError(f"no option {label!r} among {labels}")


async def press(fake: FakeDiscord, user: FakeUser, study: Message, action: str, timeout: float = 20) -> Message:
    """Press a study button; the study message itself is edited (the engine may think first)."""
    version = study.version
    click = await fake.click(user, study, study_button(study, action))
    await fake.wait_for_ack(click)
    return await fake.wait_for_edit(study, version=version, timeout=timeout)


async def choose(fake: FakeDiscord, user: FakeUser, study: Message, label: str, timeout: float = 20) -> Message:
    version = study.version
    custom_id, value = option(study, label)
    chosen = await fake.select(user, study.id, custom_id, [value])
    await fake.wait_for_ack(chosen)
    return await fake.wait_for_edit(study, version=version, timeout=timeout)


async def opened(fake: FakeDiscord, inter: SentInteraction) -> Message:
    reply = await fake.wait_for_reply(inter, timeout=30)
    assert reply.ephemeral, reply.content
    study = fake.message_by_id(reply.message_id)
    await fake.wait_until(lambda: study if study.attachments else None, timeout=30, what="the study's picture")
    return study


def public_posts(fake: FakeDiscord, *users: FakeUser) -> int:
    return len(fake.messages(include_ephemeral=False)) + sum(len(fake.dm_messages(u)) for u in users)


def legal_after(moves: list[str]) -> list[str]:
    position = Game.from_moves(ITALIAN, moves).position
    return [format_move(position, m) for m in position.legal_moves()]


async def test_study_a_game_step_try_back_and_restart(fake_discord, bot_launcher) -> None:  # noqa: F811
    fake = fake_discord
    bot = await bot_launcher.process("bot")
    alice, bob = fake.alice, fake.bob
    board = await start_game(fake, alice, bob)  # unrated: the server's default policy allows hints to its players
    game = game_id_of(board)
    await slash_move(fake, alice, "24-20")
    await slash_move(fake, bob, "12-16")
    stored = rows(bot.database_path, "SELECT ply, path FROM moves WHERE game_id = ? ORDER BY ply", (game,))

    study = await opened(fake, await fake.slash(alice, "study", game=game))
    assert study.content.startswith(f"Study of game #{game}\nThe game after ply 2 of 2: 12-16."), study.content
    assert f"Legal moves: {', '.join(legal_after(['24-20', '12-16']))}" in study.content
    assert ENGINE in study.content
    check_board_image(study)
    before = public_posts(fake, alice, bob)

    study = await press(fake, alice, study, "first")
    assert "The game's start position (ply 0 of 2)." in study.content, study.content
    study = await press(fake, alice, study, "next")
    assert "The game after ply 1 of 2: 24-20." in study.content, study.content

    # Try a move with the Move button's picker: Black's piece on 10, then 10-14
    version = study.version
    await fake.wait_for_ack(await fake.click(alice, study, study_button(study, "try")))
    study = await fake.wait_for_edit(study, version=version)
    study = await choose(fake, alice, study, "10")
    study = await choose(fake, alice, study, "10-14")
    assert "A tried line, not the game (not stored, no one is told): after ply 1, 10-14." in study.content
    assert f"Legal moves: {', '.join(legal_after(['24-20', '10-14']))}" in study.content
    assert ENGINE in study.content
    check_board_image(study)

    # ... and with the box: an illegal move is refused with the legal ones, and changes nothing
    box = await fake.click(alice, study, study_button(study, "type"))
    modal = await fake.wait_for_reply(box)
    assert modal.modal is not None
    version = study.version
    refused = await fake.wait_for_reply(await fake.submit_modal(alice, modal, {"move": "20-11"}))
    assert refused.ephemeral and refused.message_id != study.id, refused.content
    for legal in legal_after(["24-20", "10-14"]):
        assert legal in refused.content, (legal, refused.content)
    assert study.version == version
    box = await fake.click(alice, study, study_button(study, "type"))
    modal = await fake.wait_for_reply(box)
    await fake.wait_for_ack(await fake.submit_modal(alice, modal, {"move": "22-18"}))
    study = await fake.wait_for_edit(study, version=version, timeout=20)
    assert "after ply 1, 10-14 22-18." in study.content, study.content

    study = await press(fake, alice, study, "back")
    assert "after ply 1, 10-14." in study.content and "22-18." not in study.content, study.content
    study = await press(fake, alice, study, "back")
    assert "The game after ply 1 of 2: 24-20." in study.content, study.content
    assert study.component(study_button(study, "back"))["disabled"]
    # after 24-20 Black is to move; the piece on 20 is White's: the study names both sides, never "your opponent"
    assert "\nBlack to move.\n" in study.content, study.content
    box = await fake.click(alice, study, study_button(study, "type"))
    modal = await fake.wait_for_reply(box)
    refused = await fake.wait_for_reply(await fake.submit_modal(alice, modal, {"move": "20-16"}))
    assert refused.content.startswith("It is Black's turn in this study; the piece on 20 is White's. Legal: "), (
        refused.content
    )
    settled = study.version  # from here on, every forged or stale click leaves this message alone
    # a forged Back (the button is disabled) is answered in words
    nothing = await fake.wait_for_reply(
        await fake.forge_click(alice, study, study_button(study, "back"), channel=fake.channel)
    )
    assert nothing.ephemeral and nothing.content == "There is no tried move to take back."

    # nothing was stored and no one was told
    assert rows(bot.database_path, "SELECT ply, path FROM moves WHERE game_id = ? ORDER BY ply", (game,)) == stored
    assert public_posts(fake, alice, bob) == before

    # a button of this study naming another game is refused in words
    nonce = STUDY_ID.match(study_button(study, "next"))["nonce"]  # type: ignore[index]
    forged = await fake.wait_for_reply(
        await fake.forge_click(alice, study, f"dama-study:g{game + 1}:{nonce}:next", channel=fake.channel)
    )
    assert forged.content == "That button does not belong to this study; nothing changed.", forged.content

    unknown = await fake.wait_for_reply(await fake.forge_click(alice, study, f"dama-study:g{game}:{nonce}:explode",
                                                               channel=fake.channel))
    assert unknown.content == "That button does not belong to this study; nothing changed.", unknown.content
    huge = await fake.wait_for_reply(await fake.forge_click(alice, study, f"dama:study:{HUGE}", channel=fake.channel))
    assert huge.ephemeral and huge.content == f"There is no game #{HUGE}.", huge.content

    # a restart forgets every study: a click gets a sentence and a fresh study, never silence
    box = await fake.click(alice, study, study_button(study, "type"))
    modal = await fake.wait_for_reply(box)  # a box left open over the restart
    await bot.restart()
    click = await fake.click(alice, study, study_button(study, "next"))
    fresh = await opened(fake, click)
    assert fresh.content.startswith("That study is no longer open"), fresh.content
    assert f"Study of game #{game}\nThe game after ply 2 of 2: 12-16." in fresh.content
    check_board_image(fresh)
    typed = await opened(fake, await fake.submit_modal(alice, modal, {"move": "22-18"}))
    assert typed.content.startswith("That study is no longer open"), typed.content
    assert study.version == settled


async def test_study_button_and_the_hint_policy(fake_discord, bot_launcher) -> None:  # noqa: F811
    fake = fake_discord
    carol = fake.add_user("carol")  # a member of the game's server, not a player
    mallory = fake.add_user("mallory")  # a member of another server the bot is also in
    elsewhere = fake.add_channel("other-server-games", guild_id=fake.snow.next())
    await bot_launcher.process("bot")
    alice, bob = fake.alice, fake.bob
    board = await start_game(fake, alice, bob, rated=True)
    game = game_id_of(board)
    assert f"dama:study:{game}" in board.custom_ids()

    # a rated game between people: the policy ("unrated") gives no engine, only the legal moves
    study = await opened(fake, await fake.click(alice, board, f"dama:study:{game}"))
    assert study.content.startswith(f"Study of game #{game}\nThe game's start position (ply 0 of 0)."), study.content
    assert f"Legal moves: {', '.join(legal_after([]))}" in study.content
    assert ENGINE not in study.content
    assert "Hints are not allowed in rated games here" in study.content
    study = await choose_first_move(fake, alice, study)
    assert "A tried line, not the game" in study.content and ENGINE not in study.content

    # an onlooker of the game's server may study it, without the engine
    looked = await opened(fake, await fake.slash(carol, "study", game=game))
    assert ENGINE not in looked.content and "Hints are only for the players" in looked.content

    # from another server the game is missing, by command, by button and by another player's study button
    missing = f"There is no game #{game}."
    for inter in (
        await fake.slash(mallory, "study", channel=elsewhere, game=game),
        await fake.forge_click(mallory, board, f"dama:study:{game}", channel=elsewhere),
        await fake.forge_click(mallory, study, study_button(study, "next"), channel=elsewhere),
    ):
        reply = await fake.wait_for_reply(inter, timeout=20)
        assert reply.ephemeral and reply.content == missing and not reply.files, reply.content


async def choose_first_move(fake: FakeDiscord, user: FakeUser, study: Message) -> Message:
    version = study.version
    await fake.wait_for_ack(await fake.click(user, study, study_button(study, "try")))
    study = await fake.wait_for_edit(study, version=version)
    first = legal_after([])[0]
    piece = first.split("-")[0]
    if any(
        c.get("options") and any(o["label"] == piece for o in c["options"]) for c in walk_components(study.components)
    ):
        study = await choose(fake, user, study, piece)
    return await choose(fake, user, study, first)


CLUB_GAME = b'[Event "Club night"]\n[White "Ann"]\n[Black "Bo"]\n1. 22-18 11-15 2. 23-20 9-13 3. 18x9 1-0\n'


async def test_study_an_imported_record(fake_discord, bot_launcher) -> None:  # noqa: F811
    fake = fake_discord
    await bot_launcher.process("bot")
    alice = fake.alice
    report = await fake.wait_for_reply(await fake.slash(alice, "import", file=Upload("club.pdn", CLUB_GAME)))
    assert "imported as #1" in report.content, report.content
    study = await opened(fake, await fake.slash(alice, "study", imported=1, ply=3))
    assert study.content.startswith("Study of imported game #1\nThe game after ply 3 of 5: 23-20."), study.content
    assert ENGINE in study.content  # an imported record is not a game being played
    study = await press(fake, alice, study, "last")
    assert "The game after ply 5 of 5: 18x9." in study.content, study.content
    posted = await fake.wait_for_reply(await fake.slash(alice, "board", imported=1))
    assert not posted.ephemeral and posted.custom_ids() == ["dama:study:i1"], posted.custom_ids()
    clicked = await opened(fake, await fake.click(alice, posted, "dama:study:i1"))
    assert clicked.content.startswith("Study of imported game #1\nThe game after ply 5 of 5: 18x9."), clicked.content
    out: Any = await fake.wait_for_reply(await fake.slash(alice, "study", imported=1, ply=6))
    assert out.content == "Ply 6 is not in this game: choose 0 to 5.", out.content
