"""A game's page as a person sees it, in headless Chromium: the move list, stepping with the keyboard, the
board after a click on a move, a move arriving on an open page, flipping, a tampered link, and a player's
name that tries to be a script. Every board is checked against the rules library's own replay of the game,
not against the page's markup.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from selenium import webdriver
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

from rules import Position
from tests.web.browser import chromium
from tests.web.site import Site

# The browser tests need Debian's chromium and chromium-driver (.ci/run installs them): the slow tier, so a
# first `make test` on a fresh machine does not need them; `make test-all` runs them.
pytestmark = pytest.mark.slow

WAIT = 10.0


def expected(position: Position) -> dict[str, str]:
    """Square name -> "White man" / "Black king", straight from the rules library."""
    board = position.board
    return {
        board.names[square]: f"{piece.color.label} {'king' if piece.is_king else 'man'}"
        for square, piece in position.pieces().items()
    }


def shown(browser: webdriver.Chrome) -> dict[str, str]:
    """The pieces the page's board shows (the SVG's piece groups; captured ones are ghosts, not pieces)."""
    found = {}
    for piece in browser.find_elements(By.CSS_SELECTOR, "#board g.piece"):
        found[piece.get_attribute("data-square") or ""] = piece.get_attribute("data-piece") or ""
    return found


def wait_for(browser: webdriver.Chrome, condition: Callable[[], bool], what: str) -> None:
    WebDriverWait(browser, WAIT).until(lambda _: condition(), message=what)


def csp_violations(browser: webdriver.Chrome) -> list[str]:
    return [entry["message"] for entry in browser.get_log("browser") if "Content Security Policy" in entry["message"]]


def test_the_move_list_names_every_move_played_and_the_board_shows_the_last_position(
    site: Site, browser: webdriver.Chrome
) -> None:
    game = site.new_game()
    played = site.play(game, 12, seed=3)
    replay = site.replay(game)
    browser.get(site.link(game))
    moves = [link.text for link in browser.find_elements(By.CSS_SELECTOR, "#moves a.move")]
    assert moves == played
    assert shown(browser) == expected(replay.positions[-1])
    assert browser.find_element(By.CSS_SELECTOR, "#moves a.move.current").text == played[-1]
    assert csp_violations(browser) == []


def test_the_arrow_keys_step_through_the_game(site: Site, browser: webdriver.Chrome) -> None:
    game = site.new_game()
    site.play(game, 10, seed=5)
    replay = site.replay(game)
    browser.get(site.link(game))
    page = browser.find_element(By.TAG_NAME, "body")
    # a slow network: the three presses all come before the first board does, and still step three plies
    browser.set_network_conditions(latency=300, download_throughput=-1, upload_throughput=-1)
    for _ in range(3):
        page.send_keys(Keys.ARROW_LEFT)
    wait_for(browser, lambda: page.get_attribute("data-ply") == "7", "three plies back")
    browser.delete_network_conditions()
    assert shown(browser) == expected(replay.positions[7])
    assert browser.find_element(By.ID, "caption").text == "Position after ply 7 of 10"
    page.send_keys(Keys.ARROW_RIGHT)
    wait_for(browser, lambda: page.get_attribute("data-ply") == "8", "one ply forward")
    assert shown(browser) == expected(replay.positions[8])
    for _ in range(12):  # past the start: the first position stays
        page.send_keys(Keys.ARROW_LEFT)
    wait_for(browser, lambda: page.get_attribute("data-ply") == "0", "back to the start")
    assert shown(browser) == expected(replay.positions[0])
    assert browser.find_element(By.ID, "caption").text == "Starting position"
    assert "ply=0" in browser.current_url  # the address names the position shown, for a reload or a link


def test_a_click_on_a_move_shows_the_board_after_it(site: Site, browser: webdriver.Chrome) -> None:
    game = site.new_game()
    played = site.play(game, 9, seed=8)
    replay = site.replay(game)
    browser.get(site.link(game))
    third = browser.find_elements(By.CSS_SELECTOR, "#moves a.move")[2]
    assert third.text == played[2]
    third.click()
    page = browser.find_element(By.TAG_NAME, "body")
    wait_for(browser, lambda: page.get_attribute("data-ply") == "3", "the board after the third ply")
    assert shown(browser) == expected(replay.positions[3])
    assert browser.find_element(By.CSS_SELECTOR, "#moves a.move.current").text == played[2]
    last = replay.moves[2]
    board = replay.positions[3].board
    tinted = {rect.get_attribute("data-square") for rect in browser.find_elements(By.CSS_SELECTOR, "#board rect.last")}
    assert tinted == {board.names[last.start], board.names[last.end]}


def test_a_move_played_meanwhile_appears_on_the_open_page(site: Site, browser: webdriver.Chrome) -> None:
    game = site.new_game()
    site.play(game, 4, seed=11)
    browser.get(site.link(game))
    assert len(browser.find_elements(By.CSS_SELECTOR, "#moves a.move")) == 4
    played = site.play(game, 1, seed=12)
    replay = site.replay(game)
    wait_for(
        browser, lambda: len(browser.find_elements(By.CSS_SELECTOR, "#moves a.move")) == 5, "the fifth move to arrive"
    )
    wait_for(browser, lambda: shown(browser) == expected(replay.positions[5]), "the board after the new move")
    assert browser.find_elements(By.CSS_SELECTOR, "#moves a.move")[-1].text == played[0]
    assert browser.find_element(By.ID, "status").text == "Black to move"


def test_flip_turns_the_board_round(site: Site, browser: webdriver.Chrome) -> None:
    game = site.new_game()
    browser.get(site.link(game))

    def height_of(square: str) -> float:  # read in one go: the board is replaced while the test looks
        script = f"return document.querySelector('#board g.piece[data-square=\"{square}\"] circle').getAttribute('cy')"
        return float(browser.execute_script(script))

    start = expected(site.replay(game).positions[0])
    white_man = next(square for square, kind in start.items() if kind == "White man")
    middle = float(browser.execute_script("return document.querySelector('#board svg').viewBox.baseVal.height")) / 2
    assert height_of(white_man) > middle  # White plays up the board
    browser.find_element(By.ID, "flip").click()
    wait_for(browser, lambda: height_of(white_man) < middle, "the board to turn: White's men at the top")
    assert "flip=1" in browser.current_url
    assert shown(browser) == expected(site.replay(game).positions[0])


def test_a_tampered_link_shows_the_same_page_as_a_game_that_does_not_exist(
    site: Site, browser: webdriver.Chrome
) -> None:
    game = site.new_game()
    link = site.link(game)
    token = link.rsplit("/", 1)[1]
    tampered = link[: -len(token)] + ("A" if token[0] != "A" else "B") + token[1:]
    browser.get(tampered)
    assert browser.find_element(By.TAG_NAME, "p").text == "There is no game at this address."
    wrong_page = browser.page_source
    browser.get(f"{site.base}/g/{game + 500}/{token}")
    assert browser.page_source == wrong_page
    assert browser.find_elements(By.ID, "board") == []


def test_a_player_name_with_markup_is_shown_as_text(site: Site, browser: webdriver.Chrome) -> None:
    name = '<script>window.pwned = 1</script><img src=x onerror="window.pwned = 2">'
    game = site.new_game(white=name)
    site.play(game, 2)
    browser.get(site.link(game))
    assert browser.find_element(By.ID, "white-name").text == name
    assert browser.execute_script("return window.pwned === undefined")
    scripts = [s.get_attribute("src") for s in browser.find_elements(By.TAG_NAME, "script")]
    assert len(scripts) == 1 and scripts[0].endswith("/static/dama.js")
    assert browser.find_elements(By.CSS_SELECTOR, "main img") == []
    assert csp_violations(browser) == []


@pytest.fixture(scope="module")
def browser_without_script() -> webdriver.Chrome:
    driver = chromium(javascript=False)
    yield driver  # type: ignore[misc]
    driver.quit()


def test_the_page_reads_without_javascript(site: Site, browser_without_script: webdriver.Chrome) -> None:
    browser = browser_without_script
    game = site.new_game()
    played = site.play(game, 6, seed=21)
    replay = site.replay(game)
    browser.get(site.link(game))
    assert [a.text for a in browser.find_elements(By.CSS_SELECTOR, "#moves a.move")] == played
    assert shown(browser) == expected(replay.positions[6])
    browser.find_elements(By.CSS_SELECTOR, "#moves a.move")[1].click()  # a plain link: the server draws ply 2
    wait_for(browser, lambda: "ply=2" in browser.current_url, "the page of ply 2")
    assert shown(browser) == expected(replay.positions[2])
    assert browser.find_element(By.ID, "caption").text == "Position after ply 2 of 6"
