"""A game as a Discord message: the board picture (rendered off the event loop), an embed with the
players, variant, move number, last move and deadline, and the persistent buttons."""

from __future__ import annotations

import asyncio
import io
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

import discord

from bot.ui.activity import ActivityButton
from data.models import TEAM_SEAT_BASE, is_team_seat
from messages import colour_name
from messages.clock import clock_terms_text, game_banks, time_left_heading
from messages.i18n import ENGLISH, Words
from messages.openings import opening_heading
from messages.play import anonymous_name, bot_name, ending
from messages.variants import variant_name
from messages.votes import board_votes, team_label
from messages.web import open_on_web
from render import RenderOptions, render_board, theme_names
from rules import Move, Position
from service import (
    BOT_ID,
    GameError,
    GameView,
    MoveRecord,
    Service,
    board_flipped,
    move_number,
)

BOARD_SIZE = 560  # Discord shows chat images at ~400-550 px
COLOUR = discord.Colour(0x8B5A2B)


@dataclass
class BoardMessage:
    """Everything to send; `file()` makes a fresh discord.File (a File can be sent only once)."""

    embed: discord.Embed | None
    png: bytes | None  # None: a message without a picture
    filename: str
    view: discord.ui.View | None
    content: str | None = None
    mentions: list[int] = field(default_factory=list)
    web_link: discord.ui.Item[Any] | None = None  # "Open on the web" (or the Activity's Open board)

    def file(self) -> discord.File:
        assert self.png is not None
        return discord.File(io.BytesIO(self.png), filename=self.filename)

    def kwargs(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "allowed_mentions": discord.AllowedMentions(
                everyone=False, roles=False, users=[discord.Object(id=i) for i in self.mentions]
            ),
        }
        if self.embed is not None:
            out["embed"] = self.embed
        if self.png is not None:
            out["file"] = self.file()
        if self.content:
            out["content"] = self.content
        view = with_link(self.view, self.web_link)
        if view is not None:
            out["view"] = view
        return out


def with_link(
    view: discord.ui.View | None, link: discord.ui.Item[Any] | None
) -> discord.ui.View | None:
    """The sender's buttons plus the link button (once, however often the message is sent)."""
    if link is None:
        return view
    view = view if view is not None else discord.ui.View(timeout=None)
    if link not in view.children:
        view.add_item(link)
    return view


async def web_button(service: Service, game: GameView, w: Words) -> discord.ui.Item[Any] | None:
    """The link to the game's page on the web, unless there is none (no WEB_PORT, or the server said no);
    where the application runs the page as an Activity (ACTIVITY_ENABLED=1), Open board, which launches it."""
    url = await service.web.link(game)
    if url is None:
        return None
    if service.web.activity:
        return ActivityButton(game.id, w)
    return discord.ui.Button(style=discord.ButtonStyle.link, label=open_on_web(w), url=url)


def player_label(game: GameView, player_id: int, w: Words = ENGLISH) -> str:
    if player_id == BOT_ID:
        return bot_name(w, game.bot_level)
    if player_id < 0:  # deleted their data: anonymised ids are negative (data/repositories/players.py)
        return anonymous_name(w)
    if is_team_seat(player_id):  # a vote team (service/votes.py)
        return team_label(w, player_id - TEAM_SEAT_BASE)
    return f"<@{player_id}>"


def game_embed(
    game: GameView, last: MoveRecord | None, filename: str, *, ply: int | None = None, w: Words = ENGLISH
) -> discord.Embed:
    """The game's card; with `ply`, the card of an earlier position (post-game analysis)."""
    title = w.say("board.title", "Game #{game} · {variant}", game=game.id, variant=variant_name(w, game.variant))
    embed = discord.Embed(title=title, colour=COLOUR)
    embed.add_field(name=colour_name(w, "white"), value=player_label(game, game.white_id, w))
    embed.add_field(name=colour_name(w, "black"), value=player_label(game, game.black_id, w))
    shown = game.ply if ply is None else ply
    embed.add_field(name=w.say("board.move_number", "Move"), value=str(move_number(shown)))
    if shown != game.ply:
        embed.add_field(
            name=w.say("board.position", "Position"),
            value=w.say("board.after_ply", "after ply {ply} of {plies}", ply=shown, plies=game.ply),
        )
    embed.add_field(name=w.say("board.last_move", "Last move"), value=_last_text(last, w))
    if game.active:
        to_move = game.to_move_id
        assert to_move is not None
        embed.add_field(
            name=w.say("board.to_move", "To move"),
            value=f"{colour_name(w, game.turn.label)}: {player_label(game, to_move, w)}",
        )
        embed.add_field(name=w.say("board.deadline", "Deadline"), value=deadline_text(game, w))
        if game.clock is not None:
            embed.add_field(name=time_left_heading(w), value=banks_field(game, w), inline=False)
    else:
        embed.add_field(name=w.say("board.result", "Result"), value=f"{game.result} · {ending(game, w)}")
    rated = w.say("terms.rated", "rated") if game.rated else w.say("terms.unrated", "unrated")
    days = w.plural("terms.days_per_move", "{count} day per move", "{count} days per move", game.days_per_move)
    if game.clock is not None:
        days = clock_terms_text(w, game.clock)
    embed.set_footer(text=f"{rated} · {days}")
    embed.set_image(url=f"attachment://{filename}")
    return embed


def banks_field(game: GameView, w: Words, now: datetime | None = None) -> str:
    white, black = player_label(game, game.white_id, w), player_label(game, game.black_id, w)
    return game_banks(w, game, white, black, now or datetime.now(UTC))


def _last_text(last: MoveRecord | None, w: Words) -> str:
    if last is None:
        return "—"
    if not last.captures:
        return last.notation
    return w.say(
        "board.last_move_takes", "{move} (takes {taken})", move=last.notation, taken=w.join(list(last.captures))
    )


def deadline_text(game: GameView, w: Words = ENGLISH) -> str:
    if game.move_deadline is not None:
        stamp = int(game.move_deadline.timestamp())
        return f"<t:{stamp}:f> (<t:{stamp}:R>)"
    if game.to_move_id == BOT_ID:
        return w.say("board.bot_thinking", "the bot is thinking")
    if game.clock_paused:
        return w.say("board.paused", "paused (vacation)")
    return w.say("board.no_deadline", "none")


async def render_png(position: Position, options: RenderOptions) -> bytes:
    """Pillow is CPU-bound: render in a worker thread."""
    return await asyncio.to_thread(render_board, position, options)


async def _last_move(
    service: Service, game: GameView, ply: int | None, moved: MoveRecord | None
) -> tuple[MoveRecord | None, Move | None]:
    """The move to show as the last one. A board posted late may show a move since taken back: then the
    announcement's own record names it, without the arrow."""
    try:
        record, move = await service.queries.last_move(game, ply)
    except GameError:
        return moved, None
    if moved is not None and (record is None or record.path != moved.path or record.ply != moved.ply):
        return moved, None
    return record, move


def _caption_name(game: GameView, player_id: int, w: Words) -> str | None:
    """The picture's caption names the sides of a vote game (a team, the bot); other captions keep the colours
    (a member's name is theirs to show, in the embed's mention)."""
    if not (is_team_seat(game.white_id) or is_team_seat(game.black_id)):
        return None
    return player_label(game, player_id, w) if player_id == BOT_ID or is_team_seat(player_id) else None


async def board_message(
    service: Service,
    game: GameView,
    *,
    viewer_id: int | None = None,
    hint: Move | None = None,
    ply: int | None = None,
    w: Words = ENGLISH,
    moved: MoveRecord | None = None,
) -> BoardMessage:
    """The board as the viewer (default: the player to move) likes it: theme and orientation.

    ply: show the position after that many plies instead of the current one. Buttons are the sender's
    business (see BoardMessage.view).
    """
    viewer = viewer_id if viewer_id is not None else game.to_move_id
    if viewer is None or viewer == BOT_ID:
        viewer = game.white_id if game.white_id != BOT_ID else game.black_id
    prefs = await service.players.preferences(viewer)
    record, move = await _last_move(service, game, ply, moved)
    shown = game.ply if ply is None else ply
    position = game.position
    if shown != game.ply:
        position = (await service.queries.position_at(game.id, shown)).position
    options = RenderOptions(
        theme=prefs.board_theme if prefs.board_theme in theme_names() else "classic",
        size=BOARD_SIZE,
        flip=board_flipped(prefs.orientation, game.color_of(viewer)),
        last_move=move,
        hint=hint,
        move_number=move_number(shown),
        result=game.result if shown == game.ply else None,
        note=record.notation if record else None,
        language=w.locale,
        white_name=_caption_name(game, game.white_id, w),
        black_name=_caption_name(game, game.black_id, w),
    )
    png = await render_png(position, options)
    filename = f"game-{game.id}-{shown}.png"
    embed = game_embed(game, record, filename, ply=shown, w=w)
    opening = await service.queries.opening(game.id, shown)
    if opening is not None:  # named once the game has left the published line
        embed.add_field(name=opening_heading(w, opening), value=opening)
    to_move = game.to_move_id
    if game.active and to_move is not None and is_team_seat(to_move) and shown == game.ply:
        status = await service.votes.status(game.id, BOT_ID, team_id=to_move - TEAM_SEAT_BASE)
        votes = board_votes(w, status.voted, len(status.team.members), deadline_text(game, w))
        embed.add_field(name=team_label(w, status.team.id), value=votes, inline=False)
    message = BoardMessage(embed, png, filename, None)
    message.web_link = await web_button(service, game, w)
    return message
