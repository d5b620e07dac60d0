"""The words above the board: for a game played here (players' terms, whose move, the deadline, the result)
and for an imported record (its event, date and result)."""

from __future__ import annotations

from messages import outcome
from messages import web as words
from messages.i18n import Words
from messages.imports import imported_title
from messages.play import ending
from messages.variants import variant_name
from rules import Color
from service import BOT_ID, GameView
from service.imports import ImportedGame
from web.page import Header


def status_line(w: Words, game: GameView) -> str:
    if not game.active:
        return f"{game.result or '*'} · {ending(game, w)}"
    return words.to_move(w, game.position.turn is Color.WHITE)


def clock_line(w: Words, game: GameView) -> str:
    if not game.active:
        return ""
    if game.move_deadline is not None:
        return words.deadline(w, game.move_deadline.strftime("%Y-%m-%d %H:%M UTC"))
    if game.to_move_id == BOT_ID:
        return words.no_deadline(w, "bot")
    return words.no_deadline(w, "paused" if game.clock_paused else "none")


def game_header(w: Words, game: GameView) -> Header:
    rated = w.say("terms.rated", "rated") if game.rated else w.say("terms.unrated", "unrated")
    days = w.plural("terms.days_per_move", "{count} day per move", "{count} days per move", game.days_per_move)
    return Header(
        title=words.page_title(w, game.id, variant_name(w, game.variant)),
        terms=f"{rated} · {days}",
        status=status_line(w, game),
        clock=clock_line(w, game),
        active=game.active,
        version=game.version,
    )


def imported_header(w: Words, imported: ImportedGame) -> Header:
    row = imported.row
    terms = " · ".join(part for part in (variant_name(w, row.variant), row.game_date) if part and "?" not in part)
    result = f"{row.result} · {outcome(w, row.result)}" if row.result != "*" else ""
    return Header(
        title=imported_title(row.id, row.white_name, row.black_name, row.event, w),
        terms=terms,
        status=result,
        clock="",
        active=False,  # a record does not move on
        version=0,
    )
