"""Words for puzzles: the task, a right or wrong move, the end of a puzzle, puzzle statistics, refusals."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from messages.i18n import ENGLISH, Words
from messages.variants import variant_name
from rules import Color
from service.errors import GameError
from service.puzzles import (
    NoPuzzleLeft,
    PuzzleNotFound,
    PuzzleOutcome,
    PuzzleOver,
    PuzzleResult,
    PuzzleStats,
    PuzzleView,
)


def task(view: PuzzleView, w: Words = ENGLISH) -> str:
    """What the solver must do, from the position the puzzle stands at."""
    draw = "saving-draw" in view.puzzle.themes
    variant = variant_name(w, view.puzzle.variant)
    rating = view.puzzle.rating
    if view.solver is Color.WHITE:
        if draw:
            return w.say(
                "puzzle.task.white_draw",
                "Puzzle ({variant}, rated {rating}): White to move and save the game. Only one move does.",
                variant=variant,
                rating=rating,
            )
        return w.say(
            "puzzle.task.white_win",
            "Puzzle ({variant}, rated {rating}): White to move and win. Only one move does.",
            variant=variant,
            rating=rating,
        )
    if draw:
        return w.say(
            "puzzle.task.black_draw",
            "Puzzle ({variant}, rated {rating}): Black to move and save the game. Only one move does.",
            variant=variant,
            rating=rating,
        )
    return w.say(
        "puzzle.task.black_win",
        "Puzzle ({variant}, rated {rating}): Black to move and win. Only one move does.",
        variant=variant,
        rating=rating,
    )


def source(view: PuzzleView, w: Words = ENGLISH) -> str:
    """Where the position comes from: a game of this server (by number), a published game, or self-play."""
    found = view.puzzle.source
    if "self_play" in found:
        return w.say("puzzle.source.self_play", "From a game the engine played against itself.")
    if "imported" in found:
        return w.say("puzzle.source.imported", "From imported game #{number} on this server.", number=found["imported"])
    if "file" not in found:
        return w.say("puzzle.source.server_game", "From game #{game} on this server.", game=found.get("game", "?"))
    white, black = str(found.get("white", "?")), str(found.get("black", "?"))
    event = str(found.get("event", "")).strip()
    if event:
        return w.say(
            "puzzle.source.record_event",
            "From a published game: {white} – {black}, {event}.",
            white=white,
            black=black,
            event=event,
        )
    return w.say("puzzle.source.record", "From a published game: {white} – {black}.", white=white, black=black)


def result_text(result: PuzzleResult, w: Words = ENGLISH) -> str:
    before, after = round(result.rating_before), round(result.rating_after)
    if result.outcome is PuzzleOutcome.CORRECT:
        return w.say(
            "puzzle.correct", "{move} is right. The reply: {reply}. Your move.", move=result.played, reply=result.reply
        )
    if result.outcome is PuzzleOutcome.SOLVED:
        return w.say(
            "puzzle.solved",
            "{move}: solved! Puzzle rating {before} → {after}. Streak: {streak}.",
            move=result.played,
            before=before,
            after=after,
            streak=result.streak,
        )
    solution = " ".join(result.view.puzzle.solution[2 * result.view.step :])
    if result.reply is None:
        return w.say(
            "puzzle.failed_no_reply",
            "{move} is not the answer. The solution: {solution}. Puzzle rating {before} → {after}.",
            move=result.played,
            solution=solution,
            before=before,
            after=after,
        )
    return w.say(
        "puzzle.failed",
        "{move} is not the answer: {reply} refutes it. The solution: {solution}. Puzzle rating {before} → {after}.",
        move=result.played,
        reply=result.reply,
        solution=solution,
        before=before,
        after=after,
    )


def stats_text(stats: PuzzleStats, w: Words = ENGLISH) -> str:
    return w.say(
        "puzzle.stats",
        "Puzzle rating {rating} (± {rd}). Solved: {solved}. Failed: {failed}. Streak: {streak} (best {best}).",
        rating=round(stats.rating),
        rd=round(stats.rd),
        solved=stats.solved,
        failed=stats.failed,
        streak=stats.streak,
        best=stats.best_streak,
    )


def _none_left(e: NoPuzzleLeft, w: Words) -> str:
    if e.none_at_all:
        return w.say("puzzle.none_yet", "There are no {variant} puzzles yet.", variant=variant_name(w, e.variant))
    return w.say(
        "puzzle.none_left", "You have seen every {variant} puzzle there is.", variant=variant_name(w, e.variant)
    )


PUZZLE_ERRORS: dict[type[GameError], Callable[[Any, Any, Words], str]] = {
    PuzzleNotFound: lambda e, name, w: w.say("puzzle.not_found", "There is no such puzzle for you."),
    NoPuzzleLeft: lambda e, name, w: _none_left(e, w),
    PuzzleOver: lambda e, name, w: w.say(
        "puzzle.over", "This puzzle is over (or that move was already played). Ask for a new one with {command}.",
        command=w.command("puzzle"),
    ),
}  # fmt: skip


def daily_puzzle_text(w: Words, channel_id: int, hour: int, zone: str | None = None) -> str:
    if zone is not None:
        return w.say(
            "settings.daily_puzzle_zone",
            "Daily puzzle: in {channel} at {hour}:00, time zone {zone}.",
            channel=f"<#{channel_id}>",
            hour=f"{hour:02d}",
            zone=zone,
        )
    return w.say(
        "settings.daily_puzzle",
        "Daily puzzle: in {channel} at {hour}:00 UTC.",
        channel=f"<#{channel_id}>",
        hour=f"{hour:02d}",
    )


def daily_post(view: PuzzleView, solvers: int | None, w: Words = ENGLISH) -> str:
    """The daily puzzle's post: its task, and how many members solved the previous one."""
    text = w.say("puzzle.daily", "Puzzle of the day! Press Solve to try it; only you will see your moves.")
    text += "\n" + task(view, w)
    if solvers is not None:
        text += "\n" + w.plural(
            "puzzle.daily_solvers",
            "The last daily puzzle was solved by {count} member.",
            "The last daily puzzle was solved by {count} members.",
            solvers,
        )
    return text


def solve_label(w: Words = ENGLISH) -> str:
    return w.say("button.solve", "Solve")


def local_usage(w: Words, puzzle: str, stats: str) -> str:
    """puzzle, stats: the words local mode's players of this language type."""
    return w.say(
        "puzzle.local_usage",
        "Type {puzzle} [variant] for a puzzle, {puzzle} MOVE to play in it (e.g. {puzzle} 22-18), {puzzle} "
        "{stats} for yours.",
        puzzle=puzzle,
        stats=stats,
    )


__all__ = [
    "PUZZLE_ERRORS",
    "daily_post",
    "daily_puzzle_text",
    "local_usage",
    "result_text",
    "solve_label",
    "source",
    "stats_text",
    "task",
]
