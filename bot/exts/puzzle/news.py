"""The daily puzzle's post (delivered from the outbox by bot/announce.py): the board from the solver's side,
its task, how many members solved the last one, and a Solve button that opens it privately."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot.exts.puzzle.actions import puzzle_png
from bot.exts.puzzle.controls import daily_controls
from bot.ui import speech
from bot.ui.boards import BoardMessage
from bot.ui.feature import ChannelNews
from messages.puzzles import daily_post
from service import Announcement, AnnouncementKind
from service.puzzles import view_at

if TYPE_CHECKING:
    from bot.client import DamaBot


async def daily_message(bot: DamaBot, news: Announcement) -> BoardMessage:
    assert news.guild_id is not None and news.day is not None
    puzzle = await bot.service.daily_puzzles.puzzle_of(news.guild_id, news.day)
    view = view_at(puzzle, 0)
    w = await speech.public(bot, news.guild_id)
    png = await puzzle_png(view, w.locale)
    controls = daily_controls(news.guild_id, news.day, w)
    return BoardMessage(None, png, f"daily-{news.day}.png", controls, daily_post(view, news.count, w))


async def channel_news(bot: DamaBot, news: Announcement) -> ChannelNews:
    """The day's puzzle, for the channel the server chose, with its Solve button."""
    assert news.guild_id is not None
    settings = await bot.service.players.server_settings(news.guild_id)
    message = await daily_message(bot, news)
    return ChannelNews(settings.daily_puzzle_channel, "daily_puzzle_no_channel", news.guild_id, message)


NEWS = {AnnouncementKind.DAILY_PUZZLE: channel_news}
