"""An imported record's page (/i/<number>/<token>): the record's moves and final board as the rules
replay them, its players' names as text, its own token namespace (a game's token for the same number opens
nothing), the same not-found answer as everywhere, and its PDN."""

from __future__ import annotations

import json
import re

from rules import Game, find_variant
from rules.pdn import read_games
from tests.web.site import WHITE, Site
from tests.web.test_http import fetch, tampered

MOVES = ["22-18", "11-15", "23-20", "9-13", "18x9", "10-14"]
RECORD = (
    '[Event "Club <b>final</b>"]\n[Date "1998.05.03"]\n[White "Rossi <script>x</script>"]\n[Black "Bianchi"]\n'
    '[Result "1-0"]\n\n1. 22-18 11-15 2. 23-20 9-13 3. 18x9 10-14 1-0\n'
)


def imported(site: Site) -> tuple[int, str]:
    async def bring_in() -> tuple[int, str]:
        report = await site.service.imports.import_pdn(
            RECORD.encode(), importer_id=WHITE, guild_id=None, variant="italian"
        )
        (entry,) = report.entries
        assert entry.imported_id is not None
        link = await site.service.web.imported_link(await site.service.imports.get(entry.imported_id))
        assert link is not None
        return entry.imported_id, link

    return site.run(bring_in())


def test_an_imported_record_has_a_page_of_its_own(site: Site) -> None:
    number, link = imported(site)
    assert link == f"{site.base}/i/{number}/{link.rsplit('/', 1)[1]}"
    status, _, body = fetch(link)
    page = body.decode()
    assert status == 200
    assert "Imported game #1: Rossi &lt;script&gt;x&lt;/script&gt; – Bianchi, Club &lt;b&gt;final&lt;/b&gt;." in page
    assert "<script>x" not in page and "<b>final" not in page
    assert "1-0 · White wins" in page and "1998.05.03" in page
    assert 'data-active="0"' in page  # a record is not followed
    game = Game(find_variant("italian"))
    for move in MOVES:
        game.play(move)
    for ply, position in enumerate(game.positions):
        svg = json.loads(fetch(f"{link}/ply/{ply}")[2])["svg"]
        drawn = set(re.findall(r'<g class="piece" data-square="(\d+)"', svg))
        assert drawn == {position.board.names[square] for square in position.pieces()}, ply
    (record,) = read_games(fetch(link + "/pdn")[2].decode())
    assert record.moves == MOVES


def test_a_games_token_does_not_open_the_imported_record_of_that_number(site: Site) -> None:
    number, link = imported(site)
    game = site.new_game()
    assert game == number  # the same number in both kinds
    game_token = site.link(game).rsplit("/", 1)[1]
    nothing = fetch(f"{site.base}/g/9999/x")
    for url in (f"{site.base}/i/{number}/{game_token}", tampered(link), f"{site.base}/i/{number + 1}/x"):
        status, _, body = fetch(url)
        assert status == 404 and body == nothing[2], url
    imported_token = link.rsplit("/", 1)[1]
    assert fetch(f"{site.base}/g/{game}/{imported_token}")[0] == 404
