"""Words for announcements (boards, turn notices, offers, reminders) and for news that must wait for Discord.

Typed data in, words out, in the reader's language (`w`): `name` says how the front end names a player.
"""

from __future__ import annotations

from collections.abc import Callable

from messages.i18n import Words
from messages.play import ending, result_sentence
from service.results import EndReason, GameView, OfferKind, RatingChange

Namer = Callable[[int], str]


def game_begins(w: Words, game: GameView, name: Namer) -> str:
    return w.say(
        "game.begins",
        "Game #{game} begins: {white} (White) against {black} (Black).",
        game=game.id,
        white=name(game.white_id),
        black=name(game.black_id),
    )


def played(w: Words, mover: str, notation: str) -> str:
    return w.say("game.played", "{player} played {move}.", player=mover, move=notation)


def your_move_mention(w: Words, player: str) -> str:
    return " " + w.say("announce.your_move_mention", "{player}, your move.", player=player)


def how_it_ended(w: Words, reason: EndReason, loser: str) -> str:
    if reason is EndReason.RESIGNATION:
        return w.say("game.resigned", "{player} resigned.", player=loser)
    if reason is EndReason.AGREEMENT:
        return w.say("game.draw_agreed", "Draw agreed.")
    if reason is EndReason.TIMEOUT:
        return w.say("game.time_up", "Time is up.")
    if reason is EndReason.ABANDONED:
        return w.say("game.abandoned_by", "{player} left Dama and deleted their data, so the game ends.", player=loser)
    return w.say("game.over", "The game is over.")


def final_line(w: Words, headline: str, game: GameView, changes: tuple[RatingChange, ...], name: Namer) -> str:
    # The headline already says how a resignation, a timeout, an agreement or a forfeit ended it.
    if game.termination is EndReason.AGREEMENT:
        text = headline
    elif game.termination in (EndReason.RESIGNATION, EndReason.TIMEOUT, EndReason.ABANDONED):
        text = f"{headline} {result_sentence(w, game.result)}"
    else:
        text = f"{headline} {ending(game, w)}"
    rated = " ".join(f"{name(c.player_id)} {c.rating_after:.0f} ({c.delta:+.0f})." for c in changes)
    return text + (" " + w.say("game.ratings", "Ratings: {ratings}", ratings=rated) if rated else "")


def takeback_done(w: Words, undone: tuple[str, ...]) -> str:
    return w.say("offer.takeback_accepted", "Takeback accepted: {moves} taken back.", moves=w.join(list(undone)))


def offer_made(w: Words, kind: OfferKind, asker: str, opponent: str, game_id: int) -> str:
    values = {"player": asker, "opponent": opponent, "game": game_id}
    if kind is OfferKind.DRAW:
        return w.say("offer.draw", "{player} offers a draw in game #{game}. {opponent}, do you agree?", **values)
    return w.say(
        "offer.takeback",
        "{player} asks to take back their last move in game #{game}. {opponent}, do you agree?",
        **values,
    )


def offer_declined(w: Words, kind: OfferKind, who: str, game_id: int) -> str:
    if kind is OfferKind.DRAW:
        return w.say(
            "offer.draw_declined", "{player} declined the draw offer in game #{game}.", player=who, game=game_id
        )
    return w.say(
        "offer.takeback_declined", "{player} declined the takeback request in game #{game}.", player=who, game=game_id
    )


def current_board(w: Words, game_id: int, player: str) -> str:
    return w.say("announce.current_board", "The current board of game #{game}: {player} to move.", game=game_id,
                 player=player)


def your_move_dm(w: Words, game_id: int, last: str | None) -> str:
    text = w.say("dm.your_move", "Your move in game #{game}.", game=game_id)
    return f"{text} {last}" if last else text


def reminder(w: Words, game_id: int, deadline: str) -> str:
    return w.say(
        "reminder.your_move",
        "Reminder: game #{game} is waiting for your move. Deadline: {deadline}.",
        game=game_id,
        deadline=deadline,
    )


def challenge_expired(w: Words, challenger: str) -> str:
    return w.say("challenge.expired_post", "{player}'s challenge has expired.", player=challenger)


def vacation_used_up(w: Words) -> str:
    return w.say("vacation.used_up", "Your vacation allowance is used up: your clocks are running again.")


def board_elsewhere(w: Words, where: str | None) -> str:
    if where is None:
        return w.say("announce.board_in_game_channel", "Done — the board is in the game channel.")
    return w.say("announce.board_is_in", "Done — the board is in {place}.", place=where)


def stored_but_storage_busy(w: Words, game_id: int) -> str:
    """The player's change is in the database, but recording its news's delivery met a busy or full database."""
    return w.say(
        "outbox.stored_storage",
        "Done: that is stored in game #{game}. My storage is busy right now, so the board and the news follow "
        "as soon as it is free.",
        game=game_id,
    )


def stored_but_waiting(w: Words, game_id: int) -> str:
    """The player's change is in the database, but Discord did not take the news yet (it is retried)."""
    return w.say(
        "outbox.stored",
        "Done: that is stored in game #{game}. Discord is not taking my messages right now, so the board and "
        "the news follow as soon as it does.",
        game=game_id,
    )


def digest_heading(w: Words, count: int) -> str:
    return w.plural(
        "digest.heading",
        "Your daily digest: {count} game is waiting for your move.",
        "Your daily digest: {count} games are waiting for your move.",
        count,
    )


def digest_line(w: Words, game_id: int, opponent: str, deadline: str) -> str:
    return w.say(
        "digest.line", "Game #{game} against {opponent}: deadline {deadline}.", game=game_id, opponent=opponent,
        deadline=deadline,
    )
