"""Every command of local mode, by name. A new feature adds its module's COMMANDS here (one line)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from local import away, correspondence, explore, games, imports, puzzles, study, tournament, votes
from local.text import Command, Parsed
from local.vocabulary import command_word, usage_in_words, variants_list

if TYPE_CHECKING:
    from local.session import LocalSession

USAGE_WIDTH = 30


async def show_help(session: LocalSession, parsed: Parsed) -> None:
    w = session.w
    session.say(
        w.say("local.help_title", "Commands (the same as on Discord; [#N] picks a game, default: the current one):")
    )
    lines = [(usage_in_words(w, name, command.usage), command.describe(w)) for name, command in COMMANDS.items()]
    leave = (command_word(w, QUIT), w.say("local.help.quit", "leave (games stay in the database)"))
    for usage, summary in [*lines, leave]:
        if len(usage) < USAGE_WIDTH:
            session.say(f"  {usage.ljust(USAGE_WIDTH)} {summary}")
        else:  # a long usage gets its own line
            session.say(f"  {usage}")
            session.say(f"  {'':{USAGE_WIDTH}} {summary}")
    session.say(w.say("local.variants", "Variants: {variants}.", variants=variants_list(w)))


HELP = Command("help", show_help, "help", lambda w: w.say("local.help.help", "this list"))
QUIT = "quit"  # handled by the session: leave (games stay in the database)

COMMANDS: dict[str, Command] = {
    command.name: command
    for command in (
        *games.COMMANDS,
        *correspondence.COMMANDS,
        *tournament.COMMANDS,
        *away.COMMANDS,
        *imports.COMMANDS,
        *study.COMMANDS,
        *explore.COMMANDS,
        *puzzles.COMMANDS,
        *votes.COMMANDS,
        HELP,
    )
}
