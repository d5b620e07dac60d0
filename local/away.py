"""Local mode's vacation and forget-me, for local:alice (you) or local:bob."""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING

from local.text import ALICE_ID, BOB_ID, Command, InputError, Parsed, readable
from local.vocabulary import ANSWERS, command_word
from messages import away as words

if TYPE_CHECKING:
    from local.session import LocalSession


FORGET_ME, YES = "forget-me", "yes"  # what the player types to confirm


def when(moment: datetime) -> str:
    return moment.strftime("%Y-%m-%d %H:%M UTC")


def _who(args: list[str]) -> tuple[int, list[str]]:
    if args and args[-1].lower().removeprefix("local:") in ("alice", "bob"):
        return (BOB_ID if args[-1].lower().endswith("bob") else ALICE_ID), args[:-1]
    return ALICE_ID, args


async def vacation(session: LocalSession, parsed: Parsed) -> None:
    player, args = _who(parsed.args)
    w = session.w
    action = args[0].lower() if args else "status"
    clock = session.service.clock
    if action == "start":
        ending = f"{command_word(w, 'vacation')} {w.choice('end')}"
        session.say(words.vacation_started(w, await clock.start_vacation(player), when, ending))
    elif action == "end":
        session.say(words.vacation_ended(session.w, await clock.end_vacation(player)))
    elif action == "status":
        starting = f"{command_word(w, 'vacation')} {w.choice('start')}"
        session.say(words.vacation_status(w, await clock.vacation(player), when, starting))
    else:
        raise InputError(
            session.w.say(
                "local.vacation.usage",
                "{vacation} takes {start}, {end} or {status}, not {text}.",
                vacation=command_word(w, "vacation"),
                start=w.choice("start"),
                end=w.choice("end"),
                status=w.choice("status"),
                text=repr(readable(args[0])),
            )
        )


async def forget_me(session: LocalSession, parsed: Parsed) -> None:
    player, args = _who(parsed.args)
    if [a.lower() for a in args] != [YES]:
        session.say(words.forget_question(session.w))
        yes = ANSWERS[YES](session.w)
        typed = [command_word(session.w, FORGET_ME), yes, *(["bob"] if player == BOB_ID else [])]
        session.say(words.forget_how_to_confirm(session.w, " ".join(typed)))
        return
    report = await session.service.players.delete_data(player)
    session.say(words.forget_done(session.w, report))
    if session.current in report.games_ended:
        session.current = None


COMMANDS = (
    Command(
        "vacation",
        vacation,
        "vacation [start|end|status] [bob]",
        lambda w: w.say("local.vacation.summary", "pause your clocks, or see your days left"),
    ),
    Command(
        FORGET_ME,
        forget_me,
        "forget-me [yes] [bob]",
        lambda w: w.say("local.forget.summary", "delete your data (asks first): ends your games"),
    ),
)
