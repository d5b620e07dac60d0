"""What a player hears while the bot itself starts or stops."""

from __future__ import annotations

from messages.i18n import Words


def restarting(words: Words) -> str:
    return words.say(
        "lifecycle.restarting",
        "I am restarting right now and cannot take this. Please try again in a minute: nothing you did before "
        "is lost.",
    )


def cut_short(words: Words) -> str:
    return words.say(
        "lifecycle.cut_short",
        "I had to restart before I could finish this. Please check in a minute whether it went through, and "
        "try again if it did not.",
    )
