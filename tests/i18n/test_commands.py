"""Every localized slash command as Discord would check it: names in lower case matching Discord's pattern
(letters of any script, Thai and Devanagari signs included) and at most 32 characters, descriptions at most
100, option names unique within a command in each locale, choice names at most 100 characters."""

from __future__ import annotations

from typing import Any

import pytest

from bot.catalogue import command_bot
from bot.translator import valid_name
from messages.i18n import SHIPPED
from tests.fakediscord.validation import check_command_schema

LOCALES = {*SHIPPED, "es-419"}


async def _payloads() -> list[dict[str, Any]]:
    bot = await command_bot()
    translator = bot.tree.translator
    assert translator is not None
    return [await c.get_translated_payload(bot.tree, translator) for c in bot.tree.get_commands()]


def _options(item: dict[str, Any]) -> list[dict[str, Any]]:
    return item.get("options") or []


def _check_item(item: dict[str, Any], where: str) -> None:
    names = item.get("name_localizations") or {}
    descriptions = item.get("description_localizations") or {}
    assert set(names) >= LOCALES, (where, sorted(LOCALES - set(names)))
    assert set(descriptions) >= LOCALES, (where, sorted(LOCALES - set(descriptions)))
    for locale, name in names.items():
        assert valid_name(name) and len(name) <= 32, (where, locale, name)
    for locale, text in descriptions.items():
        assert 1 <= len(text) <= 100, (where, locale, text)
    options = _options(item)
    for locale in LOCALES:
        localized = [(o.get("name_localizations") or {}).get(locale, o["name"]) for o in options]
        assert len(localized) == len(set(localized)), (where, locale, localized)
    for option in options:
        _check_item(option, f"{where} {option['name']}")
        for choice in option.get("choices") or []:
            for locale, text in (choice.get("name_localizations") or {}).items():
                assert 1 <= len(text) <= 100, (where, option["name"], locale, text)


@pytest.mark.asyncio
async def test_every_command_is_localized_within_discords_rules() -> None:
    payloads = await _payloads()
    check_command_schema(payloads)  # the loopback Discord's own validator, localizations included
    for command in payloads:
        _check_item(command, command["name"])


@pytest.mark.asyncio
async def test_fixed_choices_are_localized_and_languages_keep_their_own_names() -> None:
    payloads = {c["name"]: c for c in await _payloads()}
    colour = next(o for o in payloads["play"]["options"] if o["name"] == "colour")
    white = next(c for c in colour["choices"] if c["value"] == "white")
    assert white["name_localizations"]["it"] == "bianco" and white["name_localizations"]["ru"] == "белые"
    language = next(o for o in payloads["settings"]["options"] if o["name"] == "language")
    italiano = next(c for c in language["choices"] if c["value"] == "it")
    assert italiano["name"] == "Italiano (it)" and not italiano.get("name_localizations")


def test_discord_name_rule() -> None:
    assert valid_name("mossa") and valid_name("настройки-сервера") and valid_name("ตั้งค่าเซิร์ฟเวอร์")
    assert not valid_name("Mossa") and not valid_name("due parole") and not valid_name("x" * 33)
