"""`python -m bot.catalogue extract|check`: keep the message catalogues in step with the code.

extract  collects every sentence (say/plural calls in the code and the slash commands' words) into
         messages/locales/dama.pot and updates each messages/locales/<locale>.po: new sentences empty, changed
         English kept but marked fuzzy, sentences no longer used dropped.
check    exits 1 listing every missing, fuzzy or malformed translation, and any .po out of step with the code.
init L   starts a catalogue for a new locale L (Babel supplies its CLDR plural rule).
"""

from __future__ import annotations

import asyncio
import sys
from typing import Any, cast

import discord
from babel.messages.catalog import Catalog
from discord.ext import commands

from bot.client import DamaBot, DamaTree
from bot.exts import FEATURES
from bot.translator import DamaTranslator, command_strings
from messages.catalogue import (
    TEMPLATE,
    Entry,
    check_all,
    merge,
    po_text,
    read_locale,
    same_messages,
    scan_tree,
    template,
    update_locale,
)
from messages.i18n import LOCALE_DIR, SHIPPED


async def command_bot() -> commands.Bot:
    """A bare client with every command and the translator, never connected: listing the commands needs no
    service, no database and no timers."""
    bot = commands.Bot(command_prefix="!", intents=discord.Intents.none(), help_command=None, tree_cls=DamaTree)
    await bot.tree.set_translator(DamaTranslator())
    for feature in FEATURES:
        await bot.add_cog(feature.cog(cast(DamaBot, bot)))
    return bot


async def _command_entries() -> list[Entry]:
    bot = await command_bot()
    tree: Any = bot.tree
    return [
        Entry(
            key,
            english,
            comment="slash command: names are lower case, no spaces, at most 32 characters"
            if key.endswith(".name")
            else "slash command: at most 100 characters",
        )
        for key, english in command_strings(tree)
    ]


def source_catalogue() -> Catalog:
    """The template as the code stands now."""
    return template(merge([*scan_tree(), *asyncio.run(_command_entries())]))


def extract(locales: tuple[str, ...] = SHIPPED) -> None:
    source = source_catalogue()
    TEMPLATE.write_text(po_text(source))
    for locale in locales:
        (LOCALE_DIR / f"{locale}.po").write_text(po_text(update_locale(locale, source), locations=False))


def stale_locales(source: Catalog) -> list[str]:
    """Locales whose file is not what `extract` would write (someone forgot to run it)."""
    return [locale for locale in SHIPPED if not same_messages(update_locale(locale, source), read_locale(locale))]


def _say(text: str) -> None:
    sys.stdout.write(text + "\n")


def main(argv: list[str]) -> int:
    command = argv[0] if argv else "check"
    if command == "extract":
        extract()
        _say(f"wrote {TEMPLATE.name} and {len(SHIPPED)} locales in {LOCALE_DIR}")
        return 0
    if command == "init" and len(argv) == 2:
        extract((argv[1],))
        _say(f"started {argv[1]}.po; add {argv[1]!r} to SHIPPED in messages/i18n.py")
        return 0
    if command == "check":
        source = source_catalogue()
        problems = [str(p) for p in check_all(source)]
        problems += [f"{locale}: out of step with the code: run make messages" for locale in stale_locales(source)]
        _say("\n".join(problems) or "every locale is complete")
        return 1 if problems else 0
    _say(__doc__ or "")
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
