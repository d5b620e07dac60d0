"""Words for a game's page on the web (web/) and the link to it, in the reader's language."""

from __future__ import annotations

from messages.i18n import Words


def open_on_web(w: Words) -> str:
    """The link button under every board."""
    return w.say("web.button", "Open on the web")


def open_board(w: Words) -> str:
    """The button under every board where the page runs as a Discord Activity (ACTIVITY_ENABLED=1)."""
    return w.say("web.open_board", "Open board")


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


def earlier_moves(w: Words, first: int, last: int) -> str:
    """The link to the part of a long move list before the part shown (plies first to last)."""
    return w.say("web.earlier_moves", "Earlier moves (plies {first} to {last})", first=first, last=last)


def later_moves(w: Words, first: int, last: int) -> str:
    """The link to the part after it."""
    return w.say("web.later_moves", "Later moves (plies {first} to {last})", first=first, last=last)


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


def graph_plies(w: Words) -> str:
    """The evaluation graph's horizontal axis."""
    return w.say("web.graph_plies", "ply")


def graph_white_ahead(w: Words) -> str:
    """Above the graph's middle line: scores that favour White."""
    return w.say("web.graph_white_ahead", "White better")


def graph_black_ahead(w: Words) -> str:
    return w.say("web.graph_black_ahead", "Black better")


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


# -- signing in with Discord (issue 60) ------------------------------------------------------------------


def sign_in(w: Words) -> str:
    return w.say("web.sign_in", "Sign in with Discord")


def signed_in_as(w: Words, name: str) -> str:
    return w.say("web.signed_in_as", "Signed in as {name}", name=name)


def sign_out(w: Words) -> str:
    return w.say("web.sign_out", "Sign out")


def sign_in_cancelled(w: Words) -> str:
    return w.say("web.sign_in_cancelled", "You did not sign in: Discord was asked not to share who you are.")


def sign_in_expired(w: Words) -> str:
    return w.say(
        "web.sign_in_expired",
        "This sign-in has expired or was started in another browser. Please sign in again from the game's page.",
    )


def sign_in_failed(w: Words) -> str:
    return w.say("web.sign_in_failed", "Discord did not confirm who you are. Please try again in a moment.")


def cross_site(w: Words) -> str:
    return w.say("web.cross_site", "This request did not come from this site's own page, so nothing was changed.")


def not_signed_in(w: Words) -> str:
    return w.say("web.not_signed_in", "You are not signed in, or your session has ended. Please sign in again.")


def too_many_actions(w: Words) -> str:
    return w.say("web.too_many_actions", "Too many actions at once: wait a minute, then try again.")


# -- playing on the page (issue 60.2) --------------------------------------------------------------------


def your_move(w: Words) -> str:
    return w.say("web.your_move", "Your move: click a piece, then the square it goes to, or type the move.")


def waiting(w: Words) -> str:
    return w.say("web.waiting", "Waiting for your opponent's move.")


def choose_path(w: Words) -> str:
    return w.say("web.choose_path", "Several captures end on that square: choose one.")


def draw_offered(w: Words) -> str:
    return w.say("web.draw_offered", "Your opponent offers a draw.")


def confirm_resign(w: Words) -> str:
    return w.say("web.confirm_resign", "Resign this game? You lose it, and this cannot be undone.")


def type_move(w: Words) -> str:
    return w.say("web.type_move", "Type a move")


def play_button(w: Words) -> str:
    return w.say("web.play", "Play")


def offer_draw(w: Words) -> str:
    return w.say("web.offer_draw", "Offer a draw")


def accept_draw(w: Words) -> str:
    return w.say("web.accept_draw", "Accept the draw")


def decline_draw(w: Words) -> str:
    return w.say("web.decline_draw", "Decline the draw")


def resign(w: Words) -> str:
    return w.say("web.resign", "Resign")


# -- a player's games (issue 60.2) -----------------------------------------------------------------------


def my_games(w: Words) -> str:
    return w.say("web.my_games", "My games")


def next_game(w: Words) -> str:
    return w.say("web.next_game", "Next game awaiting my move")


def no_games(w: Words) -> str:
    return w.say("web.no_games", "You have no game in progress with a page on the web.")


def my_game_entry(w: Words, game: int, variant: str, opponent: str) -> str:
    return w.say(
        "web.my_game", "Game #{game} · {variant} against {opponent}", game=game, variant=variant, opponent=opponent
    )


def my_turn(w: Words, mine: bool) -> str:
    if mine:
        return w.say("web.my_turn", "Your move")
    return w.say("web.their_turn", "Your opponent's move")


def premove_label(w: Words) -> str:
    return w.say("web.premove_label", "Conditional moves: your opponent's move, then your reply")


def premove_add(w: Words) -> str:
    return w.say("web.premove_add", "Add the line")


def premove_clear(w: Words) -> str:
    return w.say("web.premove_clear", "Clear my conditional moves")


def download_mine(w: Words) -> str:
    return w.say("web.download_mine", "Download the PDN with my notes")
