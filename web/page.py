"""A game's page as HTML: pure functions from the page's data to text, run off the event loop.

Readable without script: the move list is links (`?ply=N`), the board at that ply is drawn on the server.
Every text goes through `_e` (html.escape), players' names first of all. No inline script or style: the
page's look and behaviour are the static files web/static/dama.css and dama.js (the Content-Security-Policy
forbids anything else).
"""

from __future__ import annotations

import html
from dataclasses import dataclass
from urllib.parse import urlencode

from messages import colour_name
from messages import notes as notes_words
from messages import web as words
from messages.analysis import SYMBOLS, clean_game, critical_heading, graph_note, moment_text, player_lines, verdict_word
from messages.i18n import Words
from render import RenderOptions, render_svg
from rules import Color, Game
from service import GameReview
from service.bounds import MOVES_PER_PAGE
from web.names import Names

BOARD_PX = 560
GRAPH_W, GRAPH_H, GRAPH_CLIP = 600, 140, 400  # the graph clips scores at ±4 men, like the PNG graph
AXIS_X, AXIS_Y = 34, 22  # room for the score labels on the left and the plies below


def _e(text: object) -> str:
    return html.escape(str(text), quote=True)


@dataclass(frozen=True, slots=True)
class Header:
    """What the page says above the board: a game's own words, or an imported record's."""

    title: str
    terms: str  # "rated · 3 days per move", or an imported record's event and date
    status: str  # whose move it is, or the result
    clock: str  # the deadline ("" when there is none to show)
    active: bool  # still being played: the page follows it
    version: int  # changes with every move


@dataclass(frozen=True, slots=True)
class Account:
    """Signing in, where the site offers it: a Sign in link back to this page, or who is signed in."""

    root: str  # WEB_BASE_URL
    here: str  # this page's path under it
    name: str | None = None
    csrf: str | None = None  # the session's token: set when signed in
    plays: bool = False  # signed in as a player of this game: the page offers notes, and play while it goes on
    notes: tuple[tuple[int, str], ...] = ()  # the player's own notes on this game: (ply, text), 0 the game
    activity: str | None = None  # ACTIVITY_ENABLED=1: the application's id, for the SDK in activity.js
    lines: tuple[tuple[int, str], ...] = ()  # the player's saved study lines: (ply, moves)

    @property
    def sign_in(self) -> str:
        return self.root + "/auth/login?" + urlencode({"next": self.here}, safe="/")


@dataclass(frozen=True, slots=True)
class PageData:
    header: Header
    replay: Game
    names: Names
    review: GameReview | None
    ply: int
    flip: bool
    lang: str | None  # the ?lang= the reader asked for, kept in every link
    token: str  # the link's last part: the page's own links are relative to it
    poll_seconds: float
    theme: str = "classic"
    account: Account | None = None


def query(data: PageData, ply: int | None = None, flip: bool | None = None) -> str:
    """`?ply=..&flip=1&lang=..`: the links of the page keep the reader's choices."""
    values: dict[str, str] = {}
    if ply is not None:
        values["ply"] = str(ply)
    if data.flip if flip is None else flip:
        values["flip"] = "1"
    if data.lang:
        values["lang"] = data.lang
    return "?" + urlencode(values) if values else "?"


def board_svg(data: PageData, ply: int) -> str:
    replay = data.replay
    last = replay.moves[ply - 1] if ply > 0 else None
    options = RenderOptions(
        theme=data.theme, size=BOARD_PX, flip=data.flip, last_move=last, caption=False, background=False
    )
    return render_svg(replay.positions[ply], options)


def caption(w: Words, ply: int, plies: int) -> str:
    return words.start_position(w) if ply == 0 else words.position_after(w, ply, plies)


def window(ply: int, plies: int) -> tuple[int, int]:
    """The plies (first, last) of the part of the move list that holds `ply`: MOVES_PER_PAGE at most, so a
    long record's page stays small (the start position belongs to the first part)."""
    first = (max(ply, 1) - 1) // MOVES_PER_PAGE * MOVES_PER_PAGE + 1
    return first, min(plies, first + MOVES_PER_PAGE - 1)


def move_items(data: PageData) -> list[dict[str, object]]:
    """Each ply of the part shown with its move number (shown before White's move, or a Black move that
    opens a list)."""
    verdicts = {p.ply: p.verdict for p in data.review.plies} if data.review else {}
    first_black = data.replay.positions[0].turn is Color.BLACK
    first, last = window(data.ply, len(data.replay.moves))
    items: list[dict[str, object]] = []
    for index, notation in enumerate(data.replay.notations[first - 1 : last], start=first):
        offset = index + (1 if first_black else 0)
        number = (offset + 1) // 2
        white = offset % 2 == 1
        verdict = verdicts.get(index)
        items.append(
            {
                "ply": index,
                "number": number,
                "white": white,
                "text": notation,
                "symbol": SYMBOLS[verdict] if verdict else "",
            }
        )
    return items


def _move_list(w: Words, data: PageData) -> str:
    verdicts = {p.ply: p.verdict for p in data.review.plies} if data.review else {}
    out = ['<ol id="moves" class="moves">']
    open_item = False
    for item in move_items(data):
        ply = int(str(item["ply"]))
        if item["white"] or not open_item:
            if open_item:
                out.append("</li>")
            out.append(f'<li><span class="number">{_e(item["number"])}.</span>')
            if not item["white"]:
                out.append('<span class="gap">…</span>')
            open_item = True
        current = ' aria-current="true" class="move current"' if ply == data.ply else ' class="move"'
        symbol = ""
        verdict = verdicts.get(ply)
        if verdict is not None:
            said = _e(verdict_word(w, verdict))
            symbol = f'<span class="verdict {verdict.value}" title="{said}">{_e(item["symbol"])}</span>'
        out.append(f'<a{current} data-ply="{ply}" href="{_e(query(data, ply))}">{_e(item["text"])}{symbol}</a>')
        if not item["white"]:
            out.append("</li>")
            open_item = False
    if open_item:
        out.append("</li>")
    out.append("</ol>")
    first, last = window(data.ply, len(data.replay.moves))
    if first > 1:
        before = window(first - 1, first - 1)
        label = words.earlier_moves(w, *before)
        out.insert(0, f'<p class="more"><a id="earlier" href="{_e(query(data, first - 1))}">{_e(label)}</a></p>')
    plies = len(data.replay.moves)
    if last < plies:
        label = words.later_moves(w, *window(last + 1, plies))
        out.append(f'<p class="more"><a id="later" href="{_e(query(data, last + 1))}">{_e(label)}</a></p>')
    return "".join(out)


def _controls(w: Words, data: PageData) -> str:
    plies = len(data.replay.moves)
    steps = (
        ("first", 0, "«", words.first_position(w)),
        ("prev", max(0, data.ply - 1), "◀", words.previous_move(w)),
        ("next", min(plies, data.ply + 1), "▶", words.next_move(w)),
        ("last", plies, "»", words.last_position(w)),
    )
    links = [
        f'<a id="{name}" data-step="{name}" href="{_e(query(data, ply))}" title="{_e(label)}" '
        f'aria-label="{_e(label)}">{symbol}</a>'
        for name, ply, symbol, label in steps
    ]
    links.append(f'<a id="flip" href="{_e(query(data, data.ply, not data.flip))}">{_e(words.flip(w))}</a>')
    links.append(f'<a id="pdn" href="{_e(pdn_href(data))}" download>{_e(words.download_pdn(w))}</a>')
    return f'<nav class="controls">{"".join(links)}</nav>'


def pdn_href(data: PageData) -> str:
    return f"{data.token}/pdn"


def _graph(w: Words, review: GameReview) -> str:
    """The scores (White's view) against the plies, with both axes labelled: ±4 and 0 men on the left (which
    side is better above and below), the first and last ply below."""
    scores = review.white_scores
    plies = max(1, len(scores) - 1)
    step = GRAPH_W / plies
    mid = GRAPH_H / 2

    def x(ply: int) -> float:
        return AXIS_X + ply * step

    def y(score: int) -> float:
        return mid - max(-GRAPH_CLIP, min(GRAPH_CLIP, score)) / GRAPH_CLIP * (mid - 4)

    points = " ".join(f"{x(i):.1f},{y(s):.1f}" for i, s in enumerate(scores))
    dots = "".join(
        f'<circle class="dot {p.verdict.value}" cx="{x(p.ply):.1f}" cy="{y(scores[p.ply]):.1f}" r="4"/>'
        for p in review.plies
        if p.verdict is not None and p.ply < len(scores)
    )
    men = GRAPH_CLIP // 100
    scale = "".join(
        f'<text class="axis" x="{AXIS_X - 4}" y="{y(score) + 4:.1f}" text-anchor="end">{label}</text>'
        for score, label in ((GRAPH_CLIP, f"+{men}"), (0, "0"), (-GRAPH_CLIP, f"\u2212{men}"))
    )
    below = GRAPH_H + 15
    marks = (
        f'<text class="axis" x="{AXIS_X}" y="{below}" text-anchor="start">0</text>'
        f'<text class="axis" x="{AXIS_X + GRAPH_W}" y="{below}" text-anchor="end">{plies}</text>'
        f'<text class="axis" x="{AXIS_X + GRAPH_W / 2:.1f}" y="{below}" text-anchor="middle">'
        f"{_e(words.graph_plies(w))}</text>"
    )
    width, height = AXIS_X + GRAPH_W, GRAPH_H + AXIS_Y
    return (
        f'<svg class="graph" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" role="img">'
        f'<rect class="graph-bg" x="{AXIS_X}" width="{GRAPH_W}" height="{GRAPH_H}"/>'
        f'<line class="graph-mid" x1="{AXIS_X}" y1="{mid}" x2="{width}" y2="{mid}"/>'
        f'<text class="axis side" x="{AXIS_X + 6}" y="14">{_e(words.graph_white_ahead(w))}</text>'
        f'<text class="axis side" x="{AXIS_X + 6}" y="{GRAPH_H - 6}">{_e(words.graph_black_ahead(w))}</text>'
        f"{scale}{marks}"
        f'<polyline class="graph-line" fill="none" points="{points}"/>{dots}</svg>'
    )


def _analysis(w: Words, data: PageData) -> str:
    """The graph, each player's summary, then the critical moments in move order, each a link to its board."""
    review = data.review
    if review is None:
        return ""
    players = "".join(f"<li>{_e(line)}</li>" for line in player_lines(review, data.names.of, w))
    moments = sorted(review.critical, key=lambda moment: moment.ply)
    if moments:
        links = "".join(
            f'<li><a class="moment" data-ply="{m.ply}" href="{_e(query(data, m.ply))}">{_e(moment_text(m, w))}</a></li>'
            for m in moments
        )
        critical = f'<ol id="moments" class="moments">{links}</ol>'
    else:
        critical = f"<p>{_e(clean_game(w))}</p>"
    return (
        f'<section id="analysis"><h2>{_e(words.analysis_heading(w))}</h2>{_graph(w, review)}'
        f'<p class="note">{_e(graph_note(w))}</p><ul class="summary">{players}</ul>'
        f"<h3>{_e(critical_heading(w))}</h3>{critical}</section>"
    )


def _account(w: Words, account: Account | None) -> str:
    if account is None:
        return ""
    if account.csrf is None:
        return f'<nav id="account"><a id="sign-in" href="{_e(account.sign_in)}">{_e(words.sign_in(w))}</a></nav>'
    name = account.name or words.unnamed_player(w)
    return (
        f'<nav id="account"><span id="signed-in">{_e(words.signed_in_as(w, name))}</span>'
        f'<a id="my-games" href="{_e(account.root)}/my">{_e(words.my_games(w))}</a>'
        f'<a id="next-game" href="{_e(account.root)}/my/next">{_e(words.next_game(w))}</a>'
        f'<form id="sign-out" method="post" action="{_e(account.root)}/auth/logout">'
        f'<input type="hidden" name="csrf" value="{_e(account.csrf)}">'
        f'<input type="hidden" name="next" value="{_e(account.here)}">'
        f'<button type="submit">{_e(words.sign_out(w))}</button></form></nav>'
    )


def _play(w: Words, data: PageData) -> str:
    """A player's controls; play.js shows them once the game's state says what the player may do."""
    account = data.account
    if account is None or not account.plays or not data.header.active:
        return ""
    texts = {
        "data-your-move": words.your_move(w),
        "data-waiting": words.waiting(w),
        "data-choose": words.choose_path(w),
        "data-draw-offered": words.draw_offered(w),
        "data-confirm-resign": words.confirm_resign(w),
    }
    attributes = " ".join(f'{key}="{_e(value)}"' for key, value in texts.items())
    return (
        f'<section id="play" {attributes} hidden><p id="turn" role="status"></p><div id="paths"></div>'
        f'<form id="typed"><label for="typed-move">{_e(words.type_move(w))}</label> '
        '<input id="typed-move" name="move" maxlength="200" autocomplete="off" spellcheck="false"> '
        f'<button type="submit">{_e(words.play_button(w))}</button></form>'
        '<p id="refusal" role="alert"></p>'
        f'<form id="premove-form"><label for="premove-line">{_e(words.premove_label(w))}</label> '
        '<input id="premove-line" maxlength="2000" autocomplete="off" spellcheck="false"> '
        f'<button type="submit">{_e(words.premove_add(w))}</button> '
        f'<button type="button" id="premove-clear">{_e(words.premove_clear(w))}</button></form>'
        '<p id="premoves" role="status"></p><p class="offers">'
        f'<button type="button" id="offer-draw">{_e(words.offer_draw(w))}</button> '
        f'<button type="button" id="accept-draw" hidden>{_e(words.accept_draw(w))}</button> '
        f'<button type="button" id="decline-draw" hidden>{_e(words.decline_draw(w))}</button> '
        f'<button type="button" id="resign">{_e(words.resign(w))}</button></p></section>'
    )


def _lines(w: Words, account: Account) -> str:
    """The player's saved study lines (kept from /study's board), one sentence each."""
    if not account.lines:
        return ""
    items = "".join(
        f'<li data-ply="{ply}">{_e(notes_words.saved_line_text(w, ply, moves))}</li>' for ply, moves in account.lines
    )
    return f'<h3>{_e(notes_words.saved_lines_heading(w))}</h3><ol id="saved-lines">{items}</ol>'


def _notes(w: Words, data: PageData) -> str:
    """The player's own notes (nobody else ever gets them), and a field to keep one on the position shown."""
    account = data.account
    if account is None or not account.plays:
        return ""
    items = "".join(
        f'<li data-ply="{ply}"><span class="ply">'
        f"{_e(notes_words.note_label(w, ply))}</span> "
        f'<span class="text">{_e(text)}</span></li>'
        for ply, text in account.notes
    )
    return (
        f'<section id="notes"><h2>{_e(notes_words.heading(w))}</h2>'
        f'<ol id="note-list">{items}</ol>{_lines(w, account)}'
        f'<p><a id="pdn-mine" href="{_e(pdn_href(data))}?mine=1" download>{_e(words.download_mine(w))}</a></p>'
        '<form id="note-form"><label for="note-text">'
        f"{_e(notes_words.label(w))}</label>"
        '<textarea id="note-text" maxlength="1000" rows="3"></textarea>'
        f'<button type="submit">{_e(notes_words.keep(w))}</button></form>'
        '<p id="note-refusal" role="alert"></p></section>'
    )


def _play_script(account: Account | None) -> str:
    return '<script src="../../static/play.js" defer></script>' if account and account.plays else ""  # notes too


def _activity_script(account: Account | None) -> str:
    """Inside Discord (ACTIVITY_ENABLED=1) the page signs in through the SDK; outside, activity.js does nothing."""
    if account is None or account.activity is None:
        return ""
    return (
        f'<meta name="dama-activity" content="{_e(account.activity)}" data-token="../../api/token">'
        '<script src="../../static/activity.js" defer></script>'
    )


def _csrf_meta(account: Account | None) -> str:
    if account is None or account.csrf is None:
        return ""
    return f'<meta name="csrf-token" content="{_e(account.csrf)}">'


def page(w: Words, data: PageData) -> str:
    header = data.header
    plies = len(data.replay.moves)
    live = f'<p id="live">{_e(words.live(w))}</p>' if header.active else ""
    first, last = window(data.ply, plies)
    attributes = {
        "data-ply": data.ply,
        "data-plies": plies,
        "data-first": first,  # the part of the move list on this page (dama.js loads another part)
        "data-last": last,
        "data-version": header.version,
        "data-active": int(header.active),
        "data-flip": int(data.flip),
        "data-lang": data.lang or "",
        "data-poll": data.poll_seconds,
    }
    body_attributes = " ".join(f'{key}="{_e(value)}"' for key, value in attributes.items())
    players = "".join(
        f'<p class="player {colour}"><span class="colour">{_e(colour_name(w, colour))}</span> '
        f'<span id="{colour}-name" class="name">{_e(name)}</span></p>'
        for colour, name in (("white", data.names.white), ("black", data.names.black))
    )
    return (
        "<!DOCTYPE html>"
        f'<html lang="{_e(w.locale)}"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        '<meta name="referrer" content="no-referrer"><meta name="robots" content="noindex">'
        f"<title>{_e(header.title)}</title>{_csrf_meta(data.account)}"
        '<link rel="icon" type="image/png" href="../../static/favicon.png">'
        f'<link rel="stylesheet" href="../../static/dama.css">'
        f'<script src="../../static/dama.js" defer></script>{_play_script(data.account)}'
        f"{_activity_script(data.account)}</head>"
        f"<body {body_attributes}><main>{_account(w, data.account)}"
        f"<h1>{_e(header.title)}</h1>"
        f'<section class="players">{players}</section>'
        f'<p class="terms">{_e(header.terms)}</p>'
        f'<p id="status">{_e(header.status)}</p>'
        f'<p id="clock">{_e(header.clock)}</p>{live}'
        f'<div class="play"><figure><div id="board">{board_svg(data, data.ply)}</div>'
        f'<figcaption id="caption">{_e(caption(w, data.ply, plies))}</figcaption></figure>'
        f'<div class="side">{_play(w, data)}{_controls(w, data)}'
        f"<h2>{_e(words.moves_heading(w))}</h2>{_move_list(w, data)}</div></div>"
        f"{_notes(w, data)}{_analysis(w, data)}</main></body></html>"
    )


def activity_page(w: Words, client_id: str) -> str:
    """Where Discord opens the Activity before the player is signed in: activity.js signs in and reloads."""
    text = words.sign_in(w)
    return (
        f'<!DOCTYPE html><html lang="{_e(w.locale)}"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">'
        f'<title>{_e(text)}</title><link rel="stylesheet" href="static/dama.css">'
        f'<meta name="dama-activity" content="{_e(client_id)}" data-token="api/token">'
        '<script src="static/activity.js" defer></script>'
        f'</head><body><main><p id="activity-signing-in">{_e(text)}</p></main></body></html>'
    )


def message_page(w: Words, text: str) -> str:
    """The whole page of a refusal (not found, too many requests...): one sentence, nothing about why."""
    return (
        f'<!DOCTYPE html><html lang="{_e(w.locale)}"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">'
        f"<title>{_e(text)}</title></head><body><main><p>{_e(text)}</p></main></body></html>"
    )
