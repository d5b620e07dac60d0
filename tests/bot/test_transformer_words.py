"""A transformer failure is answered in words, whatever value failed (issue 25: a member option given a user
who is not in the server answered "I could not understand <User id=… name='player2' …>")."""

from __future__ import annotations

from typing import Any
from unittest.mock import MagicMock

import discord
import pytest
from discord import app_commands

from bot.ui.errors import explain
from messages.i18n import ENGLISH, words

ITALIAN = words("it")


def user() -> discord.User:
    data: Any = {"id": "7", "username": "player2", "global_name": "Player Two", "discriminator": "0", "avatar": None}
    return discord.User(state=MagicMock(), data=data)


def role() -> discord.Role:
    data: Any = {"id": "8", "name": "Moderators", "permissions": "0", "position": 1, "color": 0, "hoist": False,
                 "managed": False, "mentionable": False}
    return discord.Role(guild=MagicMock(), state=MagicMock(), data=data)


def failure(value: Any, kind: discord.AppCommandOptionType) -> app_commands.TransformerError:
    return app_commands.TransformerError(value, kind, MagicMock(spec=app_commands.Transformer))


def test_a_user_who_is_not_a_member_is_named() -> None:
    error = failure(user(), discord.AppCommandOptionType.user)
    assert explain(error, ENGLISH) == "Player Two is not a member of this server."
    assert explain(error, ITALIAN) == "Player Two non è membro di questo server."


@pytest.mark.parametrize(("value", "kind", "shown"), [
    ("hello", discord.AppCommandOptionType.string, "'hello'"),
    (12, discord.AppCommandOptionType.integer, "'12'"),
    (role(), discord.AppCommandOptionType.role, "'Moderators'"),
    (discord.Object(id=42), discord.AppCommandOptionType.mentionable, "'42'"),
])
def test_any_other_value_is_shown_as_a_player_would_name_it(value: Any, kind: discord.AppCommandOptionType,
                                                             shown: str) -> None:
    text = explain(failure(value, kind), ENGLISH)
    assert text == f"I could not understand {shown}."
    assert "<" not in text and "id=" not in text
