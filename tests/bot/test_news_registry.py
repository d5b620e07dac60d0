"""Each feature hands the bot the news it renders (Feature.news); the announcer only routes and sends."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from bot.exts import FEATURES
from bot.exts.puzzle.news import channel_news as puzzle_news
from bot.exts.tournament.news import channel_news as tournament_news
from bot.ui.feature import Feature, news_of
from service import AnnouncementKind

ROOT = Path(__file__).resolve().parents[2]


def test_the_features_render_their_channel_news() -> None:
    renders = news_of(FEATURES)
    assert renders == {
        AnnouncementKind.TOURNAMENT_ROUND: tournament_news,
        AnnouncementKind.TOURNAMENT_FINISHED: tournament_news,
        AnnouncementKind.DAILY_PUZZLE: puzzle_news,
    }


def test_two_features_may_not_render_one_kind() -> None:
    first = Feature(lambda bot: None, news={AnnouncementKind.DAILY_PUZZLE: puzzle_news})  # type: ignore[arg-type, return-value]
    second = Feature(lambda bot: None, news={AnnouncementKind.DAILY_PUZZLE: tournament_news})  # type: ignore[arg-type, return-value]
    with pytest.raises(ValueError, match="two features"):
        news_of((first, second))


def test_the_announcer_imports_no_feature_news() -> None:
    tree = ast.parse((ROOT / "bot" / "announce.py").read_text(encoding="utf-8"))
    modules = {node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom) and node.module}
    assert not {m for m in modules if m.startswith(("bot.exts.tournament", "bot.exts.puzzle"))}
