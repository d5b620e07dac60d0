"""The study board's buttons (issue 26): custom_ids within Discord's limits that name a study only for its
player, and forged picker choices answered in words without changing the study."""

from __future__ import annotations

import re
from typing import Any

import pytest

from bot.client import DamaBot
from bot.exts.study.controls import (
    BUTTON_TEMPLATE,
    OPEN_TEMPLATE,
    SELECT_TEMPLATE,
    TYPED_ID,
    StudyOpen,
    board_view,
    pieces_view,
)
from messages.i18n import ENGLISH
from rules import Game, find_variant
from service import Study, StudyKind, StudySource
from tests.bot.dispatch import dispatch, interaction_payload, make_bot, message_payload
from tests.bot.support import ALICE, BOB
from tests.bot.test_commands import new_game

BIG_ID = 2**63 - 1  # the largest snowflake / SQLite integer
EPHEMERAL = 64


def big_study() -> Study:
    game = Game(find_variant("international"))  # the widest start: ten pieces can move
    source = StudySource(StudyKind.GAME, BIG_ID, game.rules, tuple(game.positions), (), (), None, None)
    return Study(source, 0)


def ids_of(view: Any) -> list[str]:
    return [item.custom_id for item in view.children]


def test_study_ids_fit_discord_and_match_their_templates() -> None:
    study = big_study()
    ids = ids_of(board_view(study, "0123abcd")) + ids_of(pieces_view(study, "0123abcd", ENGLISH))
    ids.append(StudyOpen(BIG_ID).item.custom_id or "")
    for custom_id in ids:
        assert len(custom_id) <= 100
        assert sum(bool(re.fullmatch(t, custom_id)) for t in (BUTTON_TEMPLATE, SELECT_TEMPLATE, OPEN_TEMPLATE)) == 1
    assert TYPED_ID.match(f"dama-study-typed:i{BIG_ID}:0123abcd")
    assert not re.fullmatch(BUTTON_TEMPLATE, f"dama-study:x{BIG_ID}:0123abcd:next")  # only games and imports


def disabled_of(view: Any) -> set[str]:
    return {item.item.custom_id.rsplit(":", 1)[1] for item in view.children if item.item.disabled}


def test_buttons_enabled_where_they_do_something() -> None:
    study = big_study()
    assert disabled_of(board_view(study, "0123abcd")) == {
        "first",
        "prev",
        "next",
        "last",
        "back",
        "save",
    }  # the start of a game with no moves yet, and no tried line to save
    tried = study.try_move("32-28")
    assert disabled_of(board_view(tried, "0123abcd")) == {"next"}  # a game with no moves has no next ply


def select(user_id: int, custom_id: str, value: str) -> dict[str, Any]:
    options = [{"label": "x", "value": value}]
    row = {"type": 1, "components": [{"type": 3, "custom_id": custom_id, "options": options}]}
    message = message_payload(4343, components=[row], flags=EPHEMERAL)
    return interaction_payload(
        3, user_id, {"custom_id": custom_id, "component_type": 3, "values": [value]}, message=message
    )


@pytest.mark.asyncio
async def test_forged_picker_choices_change_nothing(bot: DamaBot) -> None:
    adapter = await make_bot(bot)
    game_id = await new_game(bot.service)
    study = await bot.service.study.open_game(game_id, ALICE)
    nonce = bot.studies.open(ALICE, study)
    custom_id = f"dama-study:g{game_id}:{nonce}:pick:0"
    # square 1 holds a black man (White to move), 99 is no move's index, the last is no choice at all
    for value in ("piece:1", "move:99", "move:-1", "nonsense", "move:99999999"):
        sent = await dispatch(bot, adapter, select(ALICE, custom_id, value))
        data = sent[0]["json"]["data"]
        assert data["content"] == "That choice is not on this board; nothing changed.", value
        assert data["flags"] & EPHEMERAL
    assert bot.studies.get(ALICE, nonce) == study
    # Bob does not hold Alice's study: her nonce opens him a fresh study (access checked again); hers is untouched
    sent = await dispatch(bot, adapter, select(BOB, custom_id, "move:0"), answers=2)
    assert sent[0]["json"]["type"] == 5  # acknowledged, then a new private message
    assert sent[1]["json"]["content"].startswith("That study is no longer open")
    assert bot.studies.get(ALICE, nonce) == study
