"""Tournament news on Discord: a round's pairings and its games (each announced like any other game), the
final standings with the winner, and the standings picture. Posted in the tournament's thread when the
server plays games in threads, else in the channel where it was created."""

from __future__ import annotations

import asyncio
import io
import logging
from collections.abc import Callable
from typing import TYPE_CHECKING

import discord

from bot.ui import speech
from bot.ui.boards import player_label
from messages import tournaments as words
from messages.i18n import Words
from messages.play import bot_name
from messages.rematch import opened
from render.standings import StandingsTable, standings_png
from service import BOT_ID, GameView, bot_label
from service.tournaments import NewGame, StandingsView, TournamentNews, TournamentView

if TYPE_CHECKING:
    from bot.announce import Announcer, Home

log = logging.getLogger(__name__)


def mention(player_id: int) -> str:
    return bot_label(1) if player_id == BOT_ID else f"<@{player_id}>"


async def tournament_home(announcer: Announcer, t: TournamentView) -> Home | None:
    channel_id = t.thread_id or t.channel_id
    if channel_id is None:
        return None
    bot = announcer.bot
    channel = bot.get_channel(channel_id)
    if channel is None:
        try:
            channel = await bot.fetch_channel(channel_id)
        except discord.HTTPException:
            log.warning("tournament %s: its channel %s is gone or hidden", t.id, channel_id)
            return None
    return channel if isinstance(channel, discord.abc.Messageable) else None


async def post_news(announcer: Announcer, news: TournamentNews) -> None:
    """Announce a new round (the pairings, then every game's board) or the end (the winner and the picture),
    in the server's language."""
    home = await tournament_home(announcer, news.tournament)
    if home is None:
        return
    w = await speech.public(announcer.bot, news.tournament.guild_id)
    allowed = discord.AllowedMentions(users=True)
    if news.final is not None:
        view = await announcer.bot.service.tournaments.standings(news.tournament.id)
        picture = await standings_file(announcer, view, w)
        await home.send(words.final(news, mention, w), file=picture, allowed_mentions=allowed)
        return
    await home.send(words.round_started(news, mention, w), allowed_mentions=allowed)
    t = news.tournament
    for item in news.games:
        game = item.game
        if t.thread_id is not None:
            await announcer.remember(game, t.channel_id, t.thread_id, None)
            game = await announcer.bot.service.queries.game(game.id)
        await announcer.board(game, None, _headline(t, item, game), home)


def _headline(t: TournamentView, item: NewGame, game: GameView) -> Callable[[Words], str]:
    def headline(w: Words) -> str:
        def label(player_id: int) -> str:
            return player_label(game, player_id, w)

        text = words.game_headline(t, item.board.round, game.id, label(game.white_id), label(game.black_id), w)
        return text + (opened(item.bot_opening, w) if item.bot_opening is not None else "")

    return headline


async def standings_file(announcer: Announcer, view: StandingsView, w: Words) -> discord.File:
    service = announcer.bot.service
    known = await service.tournaments.names(view.tournament.players)

    def name(player_id: int) -> str:
        if player_id == BOT_ID:
            return bot_name(w, 1)
        return known.get(player_id) or str(player_id)

    order = [row.player_id for row in view.rows]
    table = StandingsTable(
        title=words.picture_title(view, w),
        header=words.standings_header(view, w),
        rows=tuple((str(r.rank), name(r.player_id)[:24], *words.standing_cells(r)) for r in view.rows),
        crosstable=tuple(
            tuple("-" if other == row.player_id else words.cross_cell(row.against.get(other, ())) for other in order)
            for row in view.rows
        ),
    )
    data = await asyncio.to_thread(standings_png, table)
    return discord.File(io.BytesIO(data), filename=f"standings-{view.tournament.id}.png")
