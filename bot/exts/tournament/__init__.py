"""/tournament: round robins and Swiss events in a server."""

from __future__ import annotations

from bot.exts.tournament.cog import Tournaments
from bot.exts.tournament.news import NEWS
from bot.ui.feature import Feature

FEATURE = Feature(Tournaments, news=NEWS)
