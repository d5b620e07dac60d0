"""Tournament news on Discord, as the outbox delivers it (bot/announce.py): a round's pairings and the
final standings with the winner and the picture, in the server's language. Each game's first board is
an ordinary game's board with the tournament's headline. Posted in the tournament's thread when the
server plays games in threads, else in the channel where it was created."""

from __future__ import annotations

import asyncio
import io
from collections.abc import Callable
from typing import TYPE_CHECKING

import discord

from bot.ui import speech
from bot.ui.boards import BoardMessage
from bot.ui.feature import ChannelNews
from messages import tournaments as words
from messages.i18n import Words
from messages.play import bot_name
from render.standings import StandingsTable, standings_png
from service import BOT_ID, Announcement, AnnouncementKind
from service.tournaments import StandingsView, TournamentView

if TYPE_CHECKING:
    from bot.client import DamaBot


def mentions(w: Words) -> Callable[[int], str]:
    """Players as Discord mentions; the bot by its name in the server's language."""

    def mention(player_id: int) -> str:
        return bot_name(w, 1) if player_id == BOT_ID else f"<@{player_id}>"

    return mention


async def tournament_post(bot: DamaBot, news: Announcement) -> tuple[TournamentView, BoardMessage]:
    """The words of a round's pairings or of the end (with the standings picture, drawn off the event
    loop), read back from the database: pairings and final standings never change once written."""
    assert news.tournament_id is not None
    service = bot.service.tournaments
    if news.kind is AnnouncementKind.TOURNAMENT_FINISHED:
        final = await service.final_news(news.tournament_id)
        t = final.tournament
        w = await speech.public(bot, t.guild_id)
        view = await service.standings(t.id, checked=False)
        png = await standings_picture(bot, view, w)
        text = words.final(final, mentions(w), w)
        return t, BoardMessage(None, png, f"standings-{t.id}.png", None, text, _mentionable(t))
    paired = await service.round_news(news.tournament_id, news.round)
    t = paired.tournament
    w = await speech.public(bot, t.guild_id)
    return t, BoardMessage(None, None, "", None, words.round_started(paired, mentions(w), w), _mentionable(t))


async def channel_news(bot: DamaBot, news: Announcement) -> ChannelNews:
    """A round's pairings or the final standings, for the tournament's thread or channel."""
    t, message = await tournament_post(bot, news)
    return ChannelNews(t.thread_id or t.channel_id, "tournament_no_channel", t.id, message)


NEWS = {AnnouncementKind.TOURNAMENT_ROUND: channel_news, AnnouncementKind.TOURNAMENT_FINISHED: channel_news}


def _mentionable(t: TournamentView) -> list[int]:
    return [p for p in t.players if p != BOT_ID]


async def standings_picture(bot: DamaBot, view: StandingsView, w: Words) -> bytes:
    known = await bot.service.tournaments.names(view.tournament.players)

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
    return await asyncio.to_thread(standings_png, table)


async def standings_file(bot: DamaBot, view: StandingsView, w: Words) -> discord.File:
    data = await standings_picture(bot, view, w)
    return discord.File(io.BytesIO(data), filename=f"standings-{view.tournament.id}.png")
