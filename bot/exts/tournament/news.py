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

from bot.ui.boards import player_label
from messages import tournaments as words
from messages.i18n import Words
from render.standings import StandingsTable, standings_png
from service import BOT_ID, bot_label
from service.tournaments import StandingsView, TournamentNews, TournamentView

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
    """Announce a new round (the pairings, then every game's board) or the end (the winner and the picture)."""
    home = await tournament_home(announcer, news.tournament)
    if home is None:
        return
    allowed = discord.AllowedMentions(users=True)
    if news.final is not None:
        view = await announcer.bot.service.tournaments.standings(news.tournament.id)
        picture = await standings_file(announcer, view)
        await home.send(words.final(news, mention), file=picture, allowed_mentions=allowed)
        return
    await home.send(words.round_started(news, mention), allowed_mentions=allowed)
    t = news.tournament
    for item in news.games:
        game = item.game
        if t.thread_id is not None:
            await announcer.remember(game, t.channel_id, t.thread_id, None)
            game = await announcer.bot.service.queries.game(game.id)
        headline = words.game_headline(
            t, item.board.round, game.id, player_label(game, game.white_id), player_label(game, game.black_id)
        )
        if item.bot_opening is not None:
            headline += f" {bot_label(game.bot_level)} opened with {item.bot_opening}."
        # Tournament sentences are not in the catalogue yet: their headline stays English in any language.
        await announcer.board(game, None, _fixed(headline), home)


async def standings_file(announcer: Announcer, view: StandingsView) -> discord.File:
    service = announcer.bot.service
    known = await service.tournaments.names(view.tournament.players)

    def name(player_id: int) -> str:
        if player_id == BOT_ID:
            return bot_label(1)
        return known.get(player_id) or f"player {player_id}"

    order = [row.player_id for row in view.rows]
    table = StandingsTable(
        title=f"{view.tournament.name}: {words.terms(view.tournament)}",
        header=("#", "Player", "Points", "Buchholz" if view.tournament.swiss else "SB", "Games"),
        rows=tuple((str(r.rank), name(r.player_id)[:24], *words.standing_cells(r)) for r in view.rows),
        crosstable=tuple(
            tuple("-" if other == row.player_id else words.cross_cell(row.against.get(other, ())) for other in order)
            for row in view.rows
        ),
    )
    data = await asyncio.to_thread(standings_png, table)
    return discord.File(io.BytesIO(data), filename=f"standings-{view.tournament.id}.png")


def _fixed(text: str) -> Callable[[Words], str]:
    return lambda _words: text
