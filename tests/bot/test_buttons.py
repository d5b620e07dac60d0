"""Button, select and modal callbacks with spec'd mocks: the persistent game and challenge buttons, the
two-step move picker (within Discord's 25-option limit), the type-a-move modal and confirmations."""

from __future__ import annotations

from typing import Any

import discord
import pytest

from bot.client import DamaBot
from bot.exts.challenges.controls import ChallengeButton
from bot.exts.play.controls import GameButton, OfferButton
from bot.exts.play.picker import PER_SELECT, ConfirmView, MoveModal, MovePicker
from bot.ui.prompts import Prompts
from rules import find_variant, parse_fen
from service import GameSettings, GameView
from tests.bot.support import ALICE, BOB, CAROL, GUILD, Recorder, interaction
from tests.bot.test_commands import new_game

pytestmark = pytest.mark.asyncio


def selects(view: discord.ui.View | None) -> list[discord.ui.Select[Any]]:
    assert view is not None
    return [item for item in view.children if isinstance(item, discord.ui.Select)]


def labels(view: discord.ui.View | None) -> list[str]:
    return [option.label for select in selects(view) for option in select.options]


async def choose(select: discord.ui.Select[Any], label: str, inter: Any) -> None:
    value = next(o.value for o in select.options if o.label == label)
    select._values = [value]
    try:  # as discord.py's view dispatch does: callback, and the view's on_error if it raises
        await select.callback(inter)
    except Exception as error:
        assert select.view is not None
        await select.view.on_error(inter, error, select)


async def submit(modal: discord.ui.Modal, inter: Any) -> None:
    """As discord.py's ViewStore does: on_submit, and on_error if it raises."""
    try:
        await modal.on_submit(inter)
    except Exception as error:
        await modal.on_error(inter, error)


# ---- challenge buttons ---------------------------------------------------------------------------


async def test_only_the_challenged_player_can_accept(bot: DamaBot, log: Recorder) -> None:
    challenge = await bot.service.challenges.create(
        ALICE,
        BOB,
        settings=GameSettings(color="white"),
        guild_id=GUILD,
    )
    await ChallengeButton("accept", challenge.id).callback(interaction(bot, CAROL, log))
    assert log.last().ephemeral and log.last().content == "That challenge is not for you."
    # from another server the challenge does not exist at all
    await ChallengeButton("accept", challenge.id).callback(interaction(bot, CAROL, log, guild_id=GUILD + 1))
    assert log.last().ephemeral and log.last().content == "That challenge no longer exists."
    await ChallengeButton("accept", challenge.id).callback(interaction(bot, ALICE, log))
    assert log.last().ephemeral and log.last().content == "You cannot play against yourself."
    await ChallengeButton("accept", challenge.id).callback(interaction(bot, BOB, log))
    edit = next(s for s in log.sent if s.via == "edit")
    assert edit.content == "<@102> accepted <@101>'s challenge: game #1." and edit.kwargs["view"] is None
    assert log.boards()[-1].content == "Game #1 begins: <@101> (White) against <@102> (Black)."


async def test_anyone_but_the_author_takes_an_open_challenge(bot: DamaBot, log: Recorder) -> None:
    challenge = await bot.service.challenges.create(ALICE, None, settings=GameSettings(color="black"))
    await ChallengeButton("decline", challenge.id).callback(interaction(bot, CAROL, log))
    assert log.last().ephemeral and "only its author can withdraw it" in (log.last().content or "")
    await ChallengeButton("accept", challenge.id).callback(interaction(bot, CAROL, log))
    game = (await bot.service.queries.my_games(CAROL))[0].game
    assert (game.white_id, game.black_id) == (CAROL, ALICE)


async def test_decline_and_withdraw(bot: DamaBot, log: Recorder) -> None:
    first = await bot.service.challenges.create(ALICE, BOB)
    await ChallengeButton("decline", first.id).callback(interaction(bot, BOB, log))
    assert log.last().via == "edit" and log.last().content == "<@102> declined <@101>'s challenge."
    second = await bot.service.challenges.create(ALICE, BOB)
    await ChallengeButton("decline", second.id).callback(interaction(bot, ALICE, log))
    assert log.last().content == "<@101> withdrew the challenge."
    await ChallengeButton("accept", second.id).callback(interaction(bot, BOB, log))
    assert log.last().ephemeral and log.last().content == "That has already been cancelled."


async def test_expired_challenge(bot: DamaBot, log: Recorder, clock: Any) -> None:
    challenge = await bot.service.challenges.create(ALICE, BOB)
    clock.advance(hours=24, seconds=1)
    await ChallengeButton("accept", challenge.id).callback(interaction(bot, BOB, log))
    assert log.last().ephemeral and log.last().content == "That challenge has expired."


# ---- the Move button and its picker ----------------------------------------------------------------


async def test_move_button_picks_a_piece_then_a_move(bot: DamaBot, log: Recorder) -> None:
    game_id = await new_game(bot.service)
    inter = interaction(bot, ALICE, log)
    await GameButton("move", game_id).callback(inter)
    picker = log.last()
    assert picker.via == "response" and picker.ephemeral
    # Italian start: only the four front men (21-24) can move.
    assert labels(picker.view) == ["21", "22", "23", "24"]
    await choose(selects(picker.view)[0], "22", interaction(bot, ALICE, log))
    page = log.last()
    assert page.via == "edit" and page.content == f"Game #{game_id}: moves of the piece on 22:"
    assert sorted(labels(page.view)) == ["22-18", "22-19"]  # Italian: 22 steps to 18 or 19
    click = interaction(bot, ALICE, log)
    await choose(selects(page.view)[0], "22-18", click)
    assert log.boards()[-1].content is not None and log.boards()[-1].content.startswith("<@101> played 22-18.")
    assert log.last().via == "edit_original" and log.last().content == f"You played 22-18 in game #{game_id}."


async def test_a_quick_choice_from_the_previous_page_means_what_was_shown(bot: DamaBot, log: Recorder) -> None:
    """discord.py knows a page's new selects only after Discord has answered; a click in between still
    reaches the same select (the custom_id stays), and its value says which page it came from."""
    game_id = await new_game(bot.service)
    await GameButton("move", game_id).callback(interaction(bot, ALICE, log))
    view = log.last().view
    first = selects(view)[0]
    custom_id = first.custom_id
    stale = next(o.value for o in first.options if o.label == "21")
    await choose(first, "22", interaction(bot, ALICE, log))
    assert selects(view)[0] is first and first.custom_id == custom_id  # the move page reuses it
    first._values = [stale]  # chosen on the piece page still on the player's screen
    await first.callback(interaction(bot, ALICE, log))
    assert log.last().content == f"Game #{game_id}: moves of the piece on 21:"
    assert sorted(labels(view)) == ["21-17", "21-18"]


async def test_move_button_refusals(bot: DamaBot, log: Recorder) -> None:
    game_id = await new_game(bot.service)
    await GameButton("move", game_id).callback(interaction(bot, BOB, log))
    assert log.last().ephemeral and log.last().content == "It is not your turn: the game is waiting for <@101>."
    await GameButton("type", game_id).callback(interaction(bot, CAROL, log))
    assert log.last().ephemeral and log.last().content == "You are not playing in that game."
    await GameButton("move", 99).callback(interaction(bot, ALICE, log))
    assert log.last().content == "There is no game #99."


async def test_stale_picker_is_refused(bot: DamaBot, log: Recorder) -> None:
    game_id = await new_game(bot.service)
    game = await bot.service.queries.game(game_id)
    picker = MovePicker(game, ALICE, bot.prompts)
    picker.move_page(game.position.board.parse_square("22"))
    await bot.service.games.play(game_id, ALICE, "21-17")  # played meanwhile (another device)
    await choose(selects(picker)[0], "22-18", interaction(bot, ALICE, log))
    assert log.last().ephemeral
    assert log.last().content == "The game changed while you were choosing; look at the new board and try again."


async def test_many_options_are_split_into_selects_of_25() -> None:
    # International draughts, a lone White king on 28 (flying): 17 moves along its diagonals.
    rules = find_variant("international")
    position = parse_fen(rules, "W:WK28:B1")

    game = GameView.__new__(GameView)
    object.__setattr__(game, "id", 1)
    object.__setattr__(game, "version", 1)
    object.__setattr__(game, "parsed", position)
    picker = MovePicker(game, ALICE, Prompts())
    picker.move_page(position.board.parse_square("28"))
    assert len(labels(picker)) == 17 and len(selects(picker)) == 1
    options = [discord.SelectOption(label=str(n)) for n in range(60)]
    assert picker._fill(options, "move")
    assert [len(s.options) for s in selects(picker)] == [PER_SELECT, PER_SELECT, 10]
    assert not picker._fill([discord.SelectOption(label=str(n)) for n in range(101)], "move")


# ---- Type a move, Resign, Offer draw -----------------------------------------------------------------


async def test_type_button_opens_a_modal_that_plays(bot: DamaBot, log: Recorder) -> None:
    game_id = await new_game(bot.service)
    await GameButton("type", game_id).callback(interaction(bot, ALICE, log))
    modal = log.last().modal
    assert isinstance(modal, MoveModal)
    modal.move._value = " 28-24 "
    await submit(modal, interaction(bot, ALICE, log))
    assert log.last().ephemeral and (log.last().content or "").startswith("24 is already occupied.")
    modal.move._value = "22-18"
    await submit(modal, interaction(bot, ALICE, log))
    assert (await bot.service.queries.game(game_id)).ply == 1


async def test_resign_button_asks_first(bot: DamaBot, log: Recorder) -> None:
    game_id = await new_game(bot.service)
    await GameButton("resign", game_id).callback(interaction(bot, BOB, log))
    question = log.last()
    assert question.ephemeral and question.content == f"Resign game #{game_id}? This cannot be undone."
    view = question.view
    assert isinstance(view, ConfirmView)
    await view.cancel(interaction(bot, BOB, log))
    assert log.last().content == "Cancelled." and (await bot.service.queries.game(game_id)).active
    await view.yes(interaction(bot, BOB, log))
    assert (await bot.service.queries.game(game_id)).result == "1-0"
    assert log.boards()[-1].content == "<@102> resigned. White wins."


async def test_draw_button_and_offer_buttons(bot: DamaBot, log: Recorder) -> None:
    game_id = await new_game(bot.service)
    await GameButton("draw", game_id).callback(interaction(bot, ALICE, log))
    view = log.last().view
    assert isinstance(view, ConfirmView)
    await view.yes(interaction(bot, ALICE, log))
    assert log.last().custom_ids == [f"dama:offer:draw:yes:{game_id}", f"dama:offer:draw:no:{game_id}"]
    await OfferButton("draw", "yes", game_id).callback(interaction(bot, ALICE, log))
    assert log.last().ephemeral and log.last().content == "You cannot answer your own offer."
    await OfferButton("draw", "no", game_id).callback(interaction(bot, BOB, log))
    assert log.last().content == f"<@102> declined the draw offer in game #{game_id}."
    assert any(s.via == "edit" and s.kwargs.get("view", 1) is None for s in log.sent)
    await OfferButton("draw", "yes", game_id).callback(interaction(bot, BOB, log))
    assert log.last().ephemeral and log.last().content == "There is no draw offer to answer."


async def test_takeback_approved_by_the_opponent(bot: DamaBot, log: Recorder) -> None:
    game_id = await new_game(bot.service)
    await bot.service.games.play(game_id, ALICE, "22-18")
    await bot.service.games.request_takeback(game_id, ALICE)
    await OfferButton("takeback", "yes", game_id).callback(interaction(bot, BOB, log))
    assert log.boards()[-1].content is not None
    assert log.boards()[-1].content.startswith("Takeback accepted: 22-18 taken back.")
    assert (await bot.service.queries.game(game_id)).ply == 0
