"""A finished game that /analyse looked at: its page shows the evaluation graph, the verdicts in the move
list and each player's summary. The analysis is the real engine's (short searches), as in
tests/service/test_analysis.py, whose position this is."""

from __future__ import annotations

import re
import urllib.request
from collections.abc import Iterator, Sequence
from pathlib import Path

import pytest

from engine import Analysis, Engine
from rules import Position
from service import ServiceConfig
from tests.web.site import BLACK, WHITE, Site

# Italian. After 22-18 11-15 23-20, Black's 9-13 lets 18x9 take a man for nothing: a blunder, and the only
# bad move (tests/service/test_analysis.py checks the engine says so).
MOVES = ["22-18", "11-15", "23-20", "9-13", "18x9"]


@pytest.fixture
def analysed(tmp_path: Path) -> Iterator[Site]:
    pool = Engine(workers=1)

    async def search(position: Position, history: Sequence[Position]) -> Analysis:
        return await pool.analyse(position, time=0.3, history=history)

    site = Site(tmp_path, {"config": ServiceConfig(analysis_seconds=0.3), "review_search": search})
    try:
        yield site
    finally:
        site.close()
        pool.close()


def test_the_page_of_an_analysed_game_shows_the_graph_and_the_verdicts(analysed: Site) -> None:
    site = analysed
    game = site.new_game()
    for ply, move in enumerate(MOVES):
        site.run(site.service.games.play(game, (WHITE, BLACK)[ply % 2], move))
    site.run(site.service.games.resign(game, BLACK))
    link = site.link(game)
    with urllib.request.urlopen(link, timeout=10) as answer:
        before = answer.read().decode()
    assert 'id="analysis"' not in before  # nothing stored yet, and the page never asks the engine itself

    review = site.run(site.service.analysis.analyse(game, WHITE))
    with urllib.request.urlopen(link, timeout=10) as answer:
        page = answer.read().decode()
    assert "<h2>Engine analysis</h2>" in page
    marked = re.findall(r'data-ply="(\d+)"[^>]*>([^<]+)<span class="verdict (\w+)" title="(\w+)">([^<]+)</span>', page)
    assert marked == [("4", "9-13", "blunder", "blunder", "??")]
    assert len(re.findall(r'<circle class="dot blunder"', page)) == 1
    points = re.search(r'<polyline class="graph-line" fill="none" points="([^"]+)"', page)
    assert points is not None and len(points.group(1).split()) == len(review.white_scores) == len(MOVES) + 1
    assert "Bob" in page and re.search(r"accuracy \d+ %", page)
    assert "9-13??" in page  # the critical moment, with the engine's better move

