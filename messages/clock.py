"""Words for time-bank clocks: the terms of a game and the time each side has left (service/timecontrol.py)."""

from __future__ import annotations

from datetime import datetime

from messages.i18n import Words
from service.results import GameView
from service.timecontrol import DAY, Kind, parse_clock


def clock_terms_text(w: Words, clock: str) -> str:
    """A game's clock terms, e.g. "a time bank of 10 d, +1 d after each move, at most 20 d"."""
    terms = parse_clock(clock)
    if terms.kind is Kind.PERIODS:
        return w.plural(
            "clock.terms_periods",
            "{count} move in {days} d, time not used is kept",
            "{count} moves in {days} d, time not used is kept",
            terms.moves,
            days=terms.base_days,
        )
    if terms.kind is Kind.FISCHER and terms.cap_days is not None:
        return w.say(
            "clock.terms_bank_capped",
            "a time bank of {base} d, +{increment} d after each move, at most {cap} d",
            base=terms.base_days,
            increment=terms.increment_days,
            cap=terms.cap_days,
        )
    if terms.kind is Kind.FISCHER:
        return w.say(
            "clock.terms_bank",
            "a time bank of {base} d, +{increment} d after each move",
            base=terms.base_days,
            increment=terms.increment_days,
        )
    return w.plural("terms.days_per_move", "{count} day per move", "{count} days per move", terms.base_days)


def time_left_text(w: Words, seconds: float) -> str:
    """A bank as days and hours, e.g. "9 d 4 h"."""
    whole = max(int(seconds), 0)
    days, rest = divmod(whole, int(DAY))
    return w.say("clock.time_left", "{days} d {hours} h", days=days, hours=rest // 3600)


def banks_text(w: Words, white: str, white_left: str, black: str, black_left: str) -> str:
    return w.say(
        "clock.banks",
        "{white}: {white_left} · {black}: {black_left}",
        white=white,
        white_left=white_left,
        black=black,
        black_left=black_left,
    )


def game_banks(w: Words, game: GameView, white: str, black: str, now: datetime) -> str:
    """Both sides' time left: the side to move's runs down to its deadline; the other's waits in its bank."""

    def left(player_id: int, bank: float | None) -> str:
        if player_id == game.to_move_id and game.move_deadline is not None:
            return time_left_text(w, (game.move_deadline - now).total_seconds())
        return time_left_text(w, bank or 0.0)

    return banks_text(w, white, left(game.white_id, game.white_bank), black, left(game.black_id, game.black_bank))


def time_left_line(w: Words, banks: str) -> str:
    return w.say("clock.time_left_line", "Time left: {banks}.", banks=banks)


def time_left_heading(w: Words) -> str:
    return w.say("clock.time_left_heading", "Time left")
