"""Words for a game's page on the web (web/) and the link to it, in the reader's language."""

from __future__ import annotations

from messages.i18n import Words


def open_on_web(w: Words) -> str:
    """The link button under every board."""
    return w.say("web.button", "Open on the web")


def page_title(w: Words, game: int, variant: str) -> str:
    return w.say("web.title", "Game #{game} · {variant}", game=game, variant=variant)


def moves_heading(w: Words) -> str:
    return w.say("web.moves", "Moves")


def start_position(w: Words) -> str:
    return w.say("web.start", "Starting position")


def position_after(w: Words, ply: int, plies: int) -> str:
    return w.say("web.position", "Position after ply {ply} of {plies}", ply=ply, plies=plies)


def first_position(w: Words) -> str:
    return w.say("web.first", "First position")


def previous_move(w: Words) -> str:
    return w.say("web.previous", "Previous move")


def next_move(w: Words) -> str:
    return w.say("web.next", "Next move")


def last_position(w: Words) -> str:
    return w.say("web.last", "Last position")


def flip(w: Words) -> str:
    return w.say("web.flip", "Flip the board")


def download_pdn(w: Words) -> str:
    return w.say("web.download", "Download PDN")


def to_move(w: Words, white: bool) -> str:
    if white:
        return w.say("web.white_to_move", "White to move")
    return w.say("web.black_to_move", "Black to move")


def deadline(w: Words, when: str) -> str:
    """when: a UTC date and time such as 2026-11-27 18:00 UTC."""
    return w.say("web.deadline", "Deadline for the next move: {when}", when=when)


def no_deadline(w: Words, reason: str) -> str:
    """reason: "bot" (the bot is to move), "paused" (vacation) or anything else (no deadline at all)."""
    if reason == "bot":
        return w.say("web.bot_thinking", "The bot is thinking about its move.")
    if reason == "paused":
        return w.say("web.paused", "The clock is paused: a player is on vacation.")
    return w.say("web.no_deadline", "This game has no deadline.")


def live(w: Words) -> str:
    return w.say("web.live", "This page follows the game: new moves appear without reloading.")


def unnamed_player(w: Words) -> str:
    """A player whose name the bot never learnt."""
    return w.say("web.unnamed", "Unnamed player")


def analysis_heading(w: Words) -> str:
    return w.say("web.analysis", "Engine analysis")


def not_found(w: Words) -> str:
    return w.say("web.not_found", "There is no game at this address.")


def too_many_requests(w: Words) -> str:
    return w.say("web.too_many", "Too many requests from your address: wait a minute, then reload the page.")


def bad_request(w: Words) -> str:
    return w.say("web.bad_request", "This request could not be read.")


def busy(w: Words) -> str:
    return w.say("web.busy", "The server is busy: wait a minute, then reload the page.")


def read_only(w: Words) -> str:
    return w.say("web.read_only", "This page can only be read.")


def server_error(w: Words) -> str:
    return w.say("web.error", "Something went wrong on our side. Please try again later.")


def web_links_setting(w: Words, on: bool) -> str:
    """The /server-settings line about the links (a sentence of its own after the others)."""
    if on:
        return w.say("settings.web_links_on", "Boards link to the game's page on the web.")
    return w.say("settings.web_links_off", "Boards do not link to the web, and the games' pages are closed.")


def local_link(w: Words, game: int, link: str) -> str:
    return w.say("local.web_link", "Game #{game} on the web: {link}", game=game, link=link)


def local_imported_link(w: Words, number: int, link: str) -> str:
    return w.say("local.imported_web_link", "Imported game #{number} on the web: {link}", number=number, link=link)
