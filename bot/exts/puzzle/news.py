"""The daily puzzle's post (delivered from the outbox by bot/announce.py): the board from the solver's side,
its task, how many members solved the last one, and a Solve button that opens it privately."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot.exts.puzzle.actions import puzzle_png
from bot.exts.puzzle.controls import daily_controls
from bot.ui import speech
from bot.ui.boards import BoardMessage
from messages.puzzles import daily_post
from service import Announcement
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
