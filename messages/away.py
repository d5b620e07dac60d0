"""Words for /vacation and /forget-me (and local mode's vacation and forget-me)."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime

from messages.i18n import Words
from service.results import DeletionReport, Vacation

When = Callable[[datetime], str]  # how the front end writes a moment (a Discord timestamp, a date)
DAY = 86_400.0


def days_left(w: Words, seconds: float) -> str:
    days = round(seconds / DAY, 1)
    whole = int(days) if days == int(days) else days
    # A label and a number: no plural to agree with a count that may be 2.5.
    return w.say("vacation.days_left", "Vacation days left this year: {days}.", days=whole)


def vacation_status(w: Words, vacation: Vacation, when: When, start_command: str) -> str:
    """start_command: how the player starts a vacation here (w.command("vacation", action="start") on Discord)."""
    if vacation.on_vacation and vacation.started_at is not None and vacation.ends_at is not None:
        on = w.say(
            "vacation.on",
            "You are on vacation since {start}: your clocks are paused until you end it, at the latest {end}.",
            start=when(vacation.started_at),
            end=when(vacation.ends_at),
        )
        return f"{on} {days_left(w, vacation.seconds_left)}"
    off = w.say(
        "vacation.off",
        "You are not on vacation. Start one with {command}; it pauses your clocks.",
        command=start_command,
    )
    return f"{off} {days_left(w, vacation.seconds_left)}"


def vacation_started(w: Words, vacation: Vacation, when: When, end_command: str) -> str:
    assert vacation.ends_at is not None
    return w.say(
        "vacation.started",
        "Enjoy your vacation: your clocks are paused until you end it ({command}), at the latest {end}.",
        end=when(vacation.ends_at),
        command=end_command,
    )


def vacation_ended(w: Words, vacation: Vacation) -> str:
    back = w.say("vacation.ended", "Welcome back: your clocks run again.")
    return f"{back} {days_left(w, vacation.seconds_left)}"


def forget_question(w: Words) -> str:
    return w.say(
        "forget.question",
        "Delete your data? Your games in progress end now (each counts as a loss for you and is not rated), "
        "your open challenges are withdrawn, your ratings and settings are deleted, and your finished games "
        "stay only under an anonymous name. This cannot be undone.",
    )


def forget_how_to_confirm(w: Words, command: str) -> str:
    return w.say("forget.confirm_local", "Type {command} to delete it.", command=command)


def forget_done(w: Words, report: DeletionReport) -> str:
    return w.say(
        "forget.done",
        "Done: your data is deleted. Games ended: {games}. Challenges withdrawn: {challenges}.",
        games=len(report.games_ended),
        challenges=len(report.challenges_cancelled),
    )


def forget_cancelled(w: Words) -> str:
    return w.say("forget.cancelled", "Nothing was deleted.")


def stale_question(w: Words) -> str:
    return w.say(
        "prompt.stale_question", "That question has expired or is from before I restarted: run the command again."
    )
