"""Slash commands in every shipped language: discord.py's Translator, fed from the message catalogue.

Each command string gets a key from where it sits (`command.move.description`, `option.game.name`,
`choice.white`); `command_strings` lists them for the catalogue's extraction, `DamaTranslator` looks them up
when the tree is synced. Names Discord would refuse (upper case, spaces, too long) are never sent.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterator
from typing import Any

import discord
from discord import app_commands
from discord.app_commands import TranslationContextLocation as Where

from messages.i18n import LANGUAGE_NAMES, SHIPPED, SOURCE_LOCALE, resolve, words

# Discord's CHAT_INPUT name rule: ^[-_'\p{L}\p{N}\p{sc=Deva}\p{sc=Thai}]{1,32}$ (Thai and Devanagari vowel signs
# are marks, not letters, hence the two scripts), in lower case.
_SCRIPTS = ((0x0900, 0x097F), (0x0E00, 0x0E7F))
# The Discord locales each shipped catalogue answers for (es-419 reads the Spanish of Spain).
DISCORD_LOCALES = {locale.value: resolve(locale.value) for locale in discord.Locale if resolve(locale.value) in SHIPPED}


def command_key(command: app_commands.Command[Any, ..., Any] | app_commands.Group, part: str) -> str:
    return f"command.{command.qualified_name.replace(' ', '.')}.{part}"


def option_key(parameter: app_commands.Parameter, part: str) -> str:
    # An option's name reads the same in every command (`game`); its description may differ per command.
    if part == "name":
        return f"option.{parameter.name}.name"
    return command_key(parameter.command, f"option.{parameter.name}.{part}")


def choice_key(choice: app_commands.Choice[Any]) -> str:
    return f"choice.{choice.value}"


def command_strings(tree: app_commands.CommandTree[discord.Client]) -> Iterator[tuple[str, str]]:
    """(key, English) for every name, description, option and fixed choice of the tree's slash commands."""
    for command in tree.walk_commands():
        yield command_key(command, "name"), command.name
        yield command_key(command, "description"), command.description
        if isinstance(command, app_commands.Group):
            continue
        for parameter in command.parameters:
            yield option_key(parameter, "name"), parameter.display_name
            yield option_key(parameter, "description"), parameter.description
            for choice in parameter.choices:
                if choice.value not in LANGUAGE_NAMES:  # languages keep their own names
                    yield choice_key(choice), choice.name


def valid_name(text: str) -> bool:
    def allowed(char: str) -> bool:
        return (
            char in "-_'"
            or unicodedata.category(char)[0] in "LN"
            or any(low <= ord(char) <= high for low, high in _SCRIPTS)
        )

    return 1 <= len(text) <= 32 and all(allowed(c) for c in text) and text == text.lower()


class DamaTranslator(app_commands.Translator):
    async def translate(
        self, string: app_commands.locale_str, locale: discord.Locale, context: app_commands.TranslationContextTypes
    ) -> str | None:
        return translate_command_string(string.message, locale.value, context)


def translate_command_string(english: str, locale: str, context: app_commands.TranslationContextTypes) -> str | None:
    target = DISCORD_LOCALES.get(locale)
    key = _key(context)
    if target is None or target == SOURCE_LOCALE or key is None:
        return None
    translated = words(target).translation(key, english)
    if translated is None:
        return None
    is_name = context.location in (Where.command_name, Where.group_name, Where.parameter_name)
    if is_name and not valid_name(translated):
        return None
    return translated  # descriptions are kept within Discord's 100 characters by tests/i18n, never cut


def _key(context: app_commands.TranslationContextTypes) -> str | None:
    data: Any = context.data
    match context.location:
        case Where.command_name | Where.group_name:
            return command_key(data, "name")
        case Where.command_description | Where.group_description:
            return command_key(data, "description")
        case Where.parameter_name:
            return option_key(data, "name")
        case Where.parameter_description:
            return option_key(data, "description")
        case Where.choice_name:
            return None if data.value in LANGUAGE_NAMES else choice_key(data)
    return None
