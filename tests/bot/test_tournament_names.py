"""Tournament posts name the bot in the server's language and everyone else by a mention."""

from __future__ import annotations

from bot.exts.tournament.news import mentions
from messages.i18n import words
from service import BOT_ID


def test_the_bot_is_named_in_the_server_language() -> None:
    assert mentions(words("it"))(BOT_ID) == "Dama bot (livello 1)"
    assert mentions(words("en"))(BOT_ID) == "Dama bot (level 1)"
    assert mentions(words("it"))(1234) == "<@1234>"
