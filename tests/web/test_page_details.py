"""The page's details a newcomer tripped over (review of 2026-12-01), in headless Chromium: the favicon, a
?ply= beyond the end, the board on the page's own colour, a compact header on a phone, and the analysis:
graph axes labelled, critical moments as links in move order under a heading of their own."""

from __future__ import annotations

import io
import re
import urllib.request
from collections.abc import Iterator, Sequence
from pathlib import Path

import pytest
from PIL import Image
from selenium import webdriver
from selenium.webdriver.common.by import By

from engine import Analysis, Engine
from rules import Position
from service import ServiceConfig
from service.analysis import GameReview
from tests.web.browser import chromium
from tests.web.site import BLACK, WHITE, Site
from tests.web.test_browser import expected, shown, wait_for

pytestmark = pytest.mark.slow

CREAM = (0xF6, 0xF1, 0xE7)  # the page's --bg (light scheme), web/static/dama.css
DISCORD_GREY = (0x2B, 0x2D, 0x31)  # the classic theme's background, for chat pictures


def not_found_logged(browser: webdriver.Chrome) -> list[str]:
    return [entry["message"] for entry in browser.get_log("browser") if "404" in entry["message"]]


def test_the_favicon_is_served_and_nothing_on_the_page_is_missing(site: Site, browser: webdriver.Chrome) -> None:
    game = site.new_game()
    browser.get_log("browser")  # drop what earlier tests left
    browser.get(site.link(game))
    icon = browser.find_element(By.CSS_SELECTOR, 'link[rel="icon"]').get_attribute("href") or ""
    for url in (icon, f"{site.base}/favicon.ico"):
        with urllib.request.urlopen(url, timeout=10) as answer:
            assert answer.status == 200 and answer.headers["Content-Type"] == "image/png", url
            assert Image.open(io.BytesIO(answer.read())).size == (64, 64)
    browser.get(f"{site.base}/g/999/x")  # a refusal's page has no link: the browser asks /favicon.ico
    browser.get(site.link(game))
    assert [entry for entry in not_found_logged(browser) if "/g/999/" not in entry] == []


def test_a_ply_beyond_the_end_shows_the_last_position(site: Site, browser: webdriver.Chrome) -> None:
    game = site.new_game()
    played = site.play(game, 6, seed=5)
    replay = site.replay(game)
    for asked in ("999", "7", "123456789012"):
        browser.get(site.link(game) + f"?ply={asked}")
        assert browser.find_element(By.TAG_NAME, "body").get_attribute("data-ply") == "6", asked
        assert shown(browser) == expected(replay.positions[-1])
        assert browser.find_element(By.CSS_SELECTOR, "#moves a.move.current").text == played[-1]
    with pytest.raises(urllib.error.HTTPError) as refused:  # not a number at all: still no page
        urllib.request.urlopen(site.link(game) + "?ply=abc", timeout=10)
    assert refused.value.code == 404


def pixel(browser: webdriver.Chrome, x: float, y: float) -> tuple[int, int, int]:
    shot = Image.open(io.BytesIO(browser.get_screenshot_as_png())).convert("RGB")
    ratio = shot.width / float(browser.execute_script("return window.innerWidth"))
    found = shot.getpixel((round(x * ratio), round(y * ratio)))
    assert isinstance(found, tuple)
    return found[0], found[1], found[2]


def test_the_board_sits_on_the_page_colour_not_a_grey_box(site: Site, browser: webdriver.Chrome) -> None:
    browser.get(site.link(site.new_game()))
    box = browser.execute_script("const r = document.querySelector('#board svg').getBoundingClientRect();"
                                 "return [r.left, r.top, r.width, r.height];")  # fmt: skip
    left, top, width, height = (float(v) for v in box)
    for x, y in ((left + 2, top + 2), (left + width - 3, top + height - 3)):  # the margin round the frame
        assert pixel(browser, x, y) == CREAM, (x, y)
    assert pixel(browser, left + width / 2, top + height / 2) != CREAM  # the board itself is drawn


@pytest.fixture
def phone() -> Iterator[webdriver.Chrome]:
    driver = chromium()
    driver.set_window_size(390, 844)
    try:
        yield driver
    finally:
        driver.quit()


def test_on_a_phone_the_header_leaves_the_board_on_the_first_screen(site: Site, phone: webdriver.Chrome) -> None:
    game = site.new_game(white="Alessandra Bianchi-Ferraro", black="Bartholomew Okonkwo-Smith")
    site.play(game, 4, seed=2)
    phone.get(site.link(game))
    inner = float(phone.execute_script("return window.innerHeight"))
    top = float(phone.execute_script("return document.querySelector('#board').getBoundingClientRect().top"))
    bottom = float(phone.execute_script("return document.querySelector('#board').getBoundingClientRect().bottom"))
    heights = phone.execute_script(
        "return Array.from(document.querySelectorAll('main > *')).map(e => [e.tagName, e.id, e.className,"
        " Math.round(e.getBoundingClientRect().height)])"
    )
    assert top < 0.2 * inner, (top, inner, heights)  # the header: a fifth of the screen at most
    assert bottom <= inner, (bottom, inner)  # the whole board without scrolling


# Italian, random but legal play from a fixed seed until several bad moves: the engine's critical moments
# come ordered by size (service/analysis.py), the page lists them by move.
@pytest.fixture
def analysed(tmp_path: Path) -> Iterator[Site]:
    """Analyses searched to a fixed depth, not for a time: the same critical moments on a busy machine."""
    pool = Engine(workers=1)

    async def search(position: Position, history: Sequence[Position]) -> Analysis:
        return await pool.analyse(position, depth=6, history=history)

    site = Site(tmp_path, {"config": ServiceConfig(analysis_seconds=0.3), "review_search": search})
    try:
        yield site
    finally:
        site.close()
        pool.close()


def analysed_game(site: Site) -> tuple[int, GameReview]:
    game = site.new_game()
    site.play(game, 18, seed=1)
    if site.run(site.service.queries.game(game)).active:
        site.run(site.service.games.resign(game, BLACK))
    review = site.run(site.service.analysis.analyse(game, WHITE))
    return game, review


def test_critical_moments_are_links_in_move_order_under_a_heading(
    analysed: Site,
    browser: webdriver.Chrome,
) -> None:
    site = analysed
    game, review = analysed_game(site)
    plies = sorted(moment.ply for moment in review.critical)
    assert len(plies) >= 2 and [m.ply for m in review.critical] != plies  # the test can tell the orders apart
    browser.get(site.link(game))
    section = browser.find_element(By.ID, "analysis")
    assert "Critical moments" not in " ".join(li.text for li in section.find_elements(By.CSS_SELECTOR, "ul li"))
    assert section.find_element(By.TAG_NAME, "h3").text == "Critical moments"
    links = section.find_elements(By.CSS_SELECTOR, "#moments li a.moment")
    assert [int(link.get_attribute("data-ply") or -1) for link in links] == plies
    for link, ply in zip(links, plies, strict=True):
        assert re.search(rf"[?&]ply={ply}(&|$)", link.get_attribute("href") or "")
        number, dots = (ply + 1) // 2, "." if ply % 2 else "..."
        assert link.text.startswith(f"{number}{dots} "), link.text
    links[-1].click()
    page = browser.find_element(By.TAG_NAME, "body")
    wait_for(browser, lambda: page.get_attribute("data-ply") == str(plies[-1]), "the board of the last moment")
    assert shown(browser) == expected(site.replay(game).positions[plies[-1]])


def test_the_graph_names_its_axes(analysed: Site, browser: webdriver.Chrome) -> None:
    site = analysed
    game, review = analysed_game(site)
    browser.get(site.link(game) + "?lang=it")
    labels = [text.text for text in browser.find_elements(By.CSS_SELECTOR, "#analysis svg.graph text.axis")]
    plies = len(review.white_scores) - 1
    assert {"+4", "0", "\u22124", str(plies)} <= set(labels), labels
    assert {"semimossa", "meglio il Bianco", "meglio il Nero"} <= set(labels), labels
