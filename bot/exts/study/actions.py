"""What a study shows: the engine's word where the hint policy allows it (in the engine pool), the picture (in
a worker thread) and the text. The study itself is the service's (service/study.py); nothing is stored."""

from __future__ import annotations

import io
from dataclasses import dataclass
from typing import TYPE_CHECKING

import discord

from bot.ui.boards import BOARD_SIZE, render_png
from engine import Analysis
from messages.hints import hint_text
from messages.i18n import Words
from messages.study import engine_line, study_text
from render import RenderOptions, theme_names
from service import Study, StudyKind, board_flipped, move_number

if TYPE_CHECKING:
    from bot.client import DamaBot

TEXT_LIMIT = 2000  # Discord's message length


@dataclass(frozen=True, slots=True)
class Shown:
    """A study's message body: its text and its picture."""

    text: str
    png: bytes
    filename: str

    def file(self) -> discord.File:
        return discord.File(io.BytesIO(self.png), filename=self.filename)


async def _engine_said(
    bot: DamaBot, viewer_id: int, nonce: str, study: Study, w: Words
) -> tuple[str | None, Analysis | None]:
    """The engine's evaluation and best line, only where hints are allowed: (its words, its analysis)."""
    position = study.position
    if not study.source.hints or not position.legal_moves():
        return None, None
    async with bot.studies.thinking(viewer_id):
        analysis = bot.studies.evaluation(viewer_id, nonce, position)
        if analysis is None:
            analysis = await bot.analyser(position, study.history())  # the engine pool, never the event loop
            bot.studies.remember_evaluation(viewer_id, nonce, position, analysis)
    return engine_line(analysis.score, hint_text(position, analysis, w), w), analysis


async def show(bot: DamaBot, viewer_id: int, nonce: str, study: Study, w: Words) -> Shown:
    said, analysis = await _engine_said(bot, viewer_id, nonce, study, w)
    source = study.source
    prefs = await bot.service.players.preferences(viewer_id)
    colour = source.game.color_of(viewer_id) if source.game is not None else None
    imported = source.imported
    at_end = not study.trying and study.ply == source.plies
    game_note = source.notations[study.ply - 1] if study.ply else None
    options = RenderOptions(
        theme=prefs.board_theme if prefs.board_theme in theme_names() else "classic",
        size=BOARD_SIZE,
        flip=board_flipped(prefs.orientation, colour),
        last_move=study.last_move,
        hint=analysis.move if analysis is not None else None,
        white_name=(imported.white_name or None) if imported is not None else None,
        black_name=(imported.black_name or None) if imported is not None else None,
        move_number=move_number(study.ply + len(study.tried)),
        result=source.result if at_end else None,
        note=None if study.trying else game_note,
        tried=tuple(study.tried_notations()),
        language=w.locale,
    )
    png = await render_png(study.position, options)
    kind = "game" if source.kind is StudyKind.GAME else "imported"
    filename = f"dama-study-{kind}-{source.number}-{study.ply}-{len(study.tried)}.png"
    return Shown(study_text(study, said, w)[:TEXT_LIMIT], png, filename)
