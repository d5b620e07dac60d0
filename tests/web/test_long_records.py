"""A long record's page (security review 2026-12-01, rows 2 and 10): the move list is shown a part at a time
(MOVES_PER_PAGE plies, links to the parts before and after), the record is replayed once and kept like a
game's, and `?ply=` takes ASCII digits only (a superscript two was a 500)."""

from __future__ import annotations

import re
import sqlite3
from pathlib import Path

import pytest
from selenium import webdriver
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from service.bounds import MOVES_PER_PAGE
from tests.web.site import WHITE, Site
from tests.web.test_browser import wait_for
from tests.web.test_http import fetch

SHUTTLE = ["1-6", "32-27", "6-1", "27-32"]
LONG = 5_000  # plies: a record stored before the import's bound (the review's was 100,000)


def shuttling(plies: int) -> str:
    return " ".join((SHUTTLE * (plies // 4 + 1))[:plies])


def record_link(site: Site, folder: Path, plies: int) -> tuple[int, str]:
    """A two-king English record, made `plies` long in the database as an earlier import could."""

    async def bring_in() -> tuple[int, str]:
        pdn = b'[White "Ann"]\n[Black "Bo"]\n[FEN "W:WK1:BK32"]\n\n1. 1-6 32-27 2. 6-1 27-32 *\n'
        report = await site.service.imports.import_pdn(pdn, importer_id=WHITE, guild_id=None, variant="english")
        (entry,) = report.entries
        assert entry.imported_id is not None
        return entry.imported_id, ""

    number, _ = site.run(bring_in())
    set_moves(folder, number, plies)

    async def link() -> str:
        found = await site.service.web.imported_link(await site.service.imports.get(number))
        assert found is not None
        return found

    return number, site.run(link())


def set_moves(folder: Path, number: int, plies: int) -> None:
    conn = sqlite3.connect(folder / "web.sqlite3", timeout=10)
    try:
        with conn:
            conn.execute("UPDATE imported_games SET moves = ? WHERE id = ?", (shuttling(plies), number))
    finally:
        conn.close()


def plies_linked(page: str) -> list[int]:
    return [int(n) for n in re.findall(r'<a[^>]* class="move[^"]*"[^>]* data-ply="(\d+)"', page)]


def test_a_long_records_move_list_comes_a_part_at_a_time(site: Site, tmp_path: Path) -> None:
    number, link = record_link(site, tmp_path, LONG)
    status, _, body = fetch(link)
    page = body.decode()
    assert status == 200 and f'data-plies="{LONG}"' in page
    assert len(body) < 100_000, len(body)  # the review's 100,000-ply page was 8 MB
    assert plies_linked(page) == list(range(LONG - MOVES_PER_PAGE + 1, LONG + 1))  # the part with the last ply
    first = LONG - MOVES_PER_PAGE + 1
    earlier = f"Earlier moves (plies {first - MOVES_PER_PAGE} to {first - 1})"
    assert f'<a id="earlier" href="?ply={first - 1}">{earlier}</a>' in page
    assert 'id="later"' not in page

    middle = fetch(f"{link}?ply=401")[2].decode()
    assert plies_linked(middle) == list(range(401, 601))
    assert '<a id="earlier" href="?ply=400">Earlier moves (plies 201 to 400)</a>' in middle
    assert '<a id="later" href="?ply=601">Later moves (plies 601 to 800)</a>' in middle
    start = fetch(f"{link}?ply=0")[2].decode()
    assert plies_linked(start) == list(range(1, MOVES_PER_PAGE + 1)) and 'id="earlier"' not in start

    state = fetch(f"{link}/state?ply=401")[2].decode()
    assert '"first": 401, "last": 600' in state and state.count('"ply":') == MOVES_PER_PAGE

    # replayed once and kept: a record never changes, so the page does not replay it again
    set_moves(tmp_path, number, 8)
    assert f'data-plies="{LONG}"' in fetch(link)[2].decode()


def test_ply_takes_ascii_digits_only(site: Site, tmp_path: Path) -> None:
    _, link = record_link(site, tmp_path, 8)
    assert fetch(f"{link}?ply=2")[0] == 200
    nothing = fetch(f"{link}?ply=99x")
    assert nothing[0] == 404
    for asked in ("%C2%B2", "%D9%A3", "%EF%BC%93", "+2", "-1", "2.0"):  # ², Arabic-Indic 3, fullwidth 3
        status, _, body = fetch(f"{link}?ply={asked}")
        assert (status, body) == (404, nothing[2]), asked
    for path in ("%D9%A3", "%C2%B2"):
        assert fetch(f"{link}/ply/{path}")[0] == 404, path


@pytest.mark.slow  # headless Chromium
def test_stepping_past_the_part_shown_loads_the_next_part(
    site: Site, tmp_path: Path, browser: webdriver.Chrome
) -> None:
    _, link = record_link(site, tmp_path, 3 * MOVES_PER_PAGE)
    browser.get(f"{link}?ply={MOVES_PER_PAGE}")
    page = browser.find_element(By.TAG_NAME, "body")
    assert page.get_attribute("data-first") == "1" and page.get_attribute("data-last") == str(MOVES_PER_PAGE)
    page.send_keys(Keys.ARROW_RIGHT)
    wait_for(browser, lambda: body_ply(browser) == str(MOVES_PER_PAGE + 1), "the next part")
    listed = [int(a.get_attribute("data-ply") or 0) for a in browser.find_elements(By.CSS_SELECTOR, "#moves a.move")]
    assert listed == list(range(MOVES_PER_PAGE + 1, 2 * MOVES_PER_PAGE + 1))
    current = browser.find_element(By.CSS_SELECTOR, "#moves a.move.current")
    assert current.get_attribute("data-ply") == str(MOVES_PER_PAGE + 1)
    browser.find_element(By.TAG_NAME, "body").send_keys(Keys.ARROW_LEFT)
    wait_for(browser, lambda: body_ply(browser) == str(MOVES_PER_PAGE), "back to the first part")
    assert f"ply={MOVES_PER_PAGE}" in browser.current_url
    assert browser.find_element(By.TAG_NAME, "body").get_attribute("data-last") == str(MOVES_PER_PAGE)


def body_ply(browser: webdriver.Chrome) -> str | None:
    return browser.find_element(By.TAG_NAME, "body").get_attribute("data-ply")
