"""Playing on a game's page in headless Chromium, signed in through the loopback Discord: a move made by
clicking a piece and its square, a capture with two paths to one square chosen from the page's choice, a
refused move explained in the reader's language, a draw offer accepted with the page's button, and a
resignation asked first. Every board and record is checked against the rules library and the service's
stored game, not against the page's own markup."""

from __future__ import annotations

import pytest
from selenium import webdriver
from selenium.webdriver.common.alert import Alert
from selenium.webdriver.common.by import By

from messages import describe
from messages.i18n import words
from rules import RulesError, format_move
from tests.fakediscord.model import FakeUser
from tests.web.loopback import LoopbackDiscord
from tests.web.site import Site
from tests.web.test_browser import csp_violations, expected, shown, wait_for

pytestmark = pytest.mark.slow
TWO_PATHS = "W:W19,22,24,28,32:B1,6,7,8,14,15,25"  # Italian, White to move: 19x10x3 and 19x12x3 both end on 3


def signed_in(browser: webdriver.Chrome, discord: LoopbackDiscord, page: str, user: FakeUser) -> None:
    """The page, signed in as `user` through Discord's consent page, with the player's controls shown."""
    browser.delete_all_cookies()
    discord.fake.oauth_browser_user = user
    browser.get(page)
    browser.find_element(By.ID, "sign-in").click()
    wait_for(browser, lambda: bool(browser.find_elements(By.ID, "authorize")), "Discord's consent page")
    browser.find_element(By.ID, "authorize").click()
    wait_for(browser, lambda: browser.current_url.split("?")[0] == page.split("?")[0], "back on the page")
    section = browser.find_element(By.ID, "play")
    wait_for(browser, lambda: section.is_displayed(), "the player's controls")


def click_square(browser: webdriver.Chrome, square: str) -> None:
    pieces = browser.find_elements(By.CSS_SELECTOR, f'#board g.piece[data-square="{square}"]')
    empty = f'#board rect.square[data-square="{square}"]'
    (pieces[0] if pieces else browser.find_element(By.CSS_SELECTOR, empty)).click()


def plies_shown(browser: webdriver.Chrome) -> int:
    return int(browser.find_element(By.TAG_NAME, "body").get_attribute("data-plies") or 0)


def test_a_move_made_by_clicking_a_piece_then_its_square(
    signing: Site, discord: LoopbackDiscord, browser: webdriver.Chrome
) -> None:
    game = signing.new_game(ids=(discord.fake.alice.id, discord.fake.bob.id))
    page = signing.link(game)
    signed_in(browser, discord, page, discord.fake.alice)
    position = signing.replay(game).position
    move = position.legal_moves()[-1]
    names = position.board.names
    click_square(browser, names[move.start])
    assert browser.find_elements(By.CSS_SELECTOR, f'#board rect.square.target[data-square="{names[move.end]}"]')
    click_square(browser, names[move.end])
    wait_for(browser, lambda: plies_shown(browser) == 1, "the move on the page")
    replay = signing.replay(game)
    assert replay.notations == [format_move(position, move)]
    wait_for(browser, lambda: shown(browser) == expected(replay.position), "the board after the move")
    assert "Waiting for your opponent" in browser.find_element(By.ID, "turn").text
    assert csp_violations(browser) == []


def test_a_capture_with_two_paths_to_one_square_is_chosen_on_the_page(
    signing: Site, discord: LoopbackDiscord, browser: webdriver.Chrome
) -> None:
    game = signing.new_game(ids=(discord.fake.alice.id, discord.fake.bob.id), fen=TWO_PATHS)
    page = signing.link(game)
    signed_in(browser, discord, page, discord.fake.alice)
    position = signing.replay(game).position
    paths = sorted(format_move(position, m) for m in position.legal_moves())
    click_square(browser, "19")
    click_square(browser, "3")
    wait_for(browser, lambda: len(browser.find_elements(By.CSS_SELECTOR, "#paths button.path")) == 2, "a choice")
    offered = sorted(button.text for button in browser.find_elements(By.CSS_SELECTOR, "#paths button.path"))
    assert offered == ["19x10x3", "19x12x3"] and set(offered) <= set(paths)
    assert plies_shown(browser) == 0  # nothing played before the choice
    browser.find_element(By.XPATH, "//div[@id='paths']/button[text()='19x12x3']").click()
    wait_for(browser, lambda: plies_shown(browser) == 1, "the chosen capture on the page")
    replay = signing.replay(game)
    assert replay.notations == ["19x12x3"]
    wait_for(browser, lambda: shown(browser) == expected(replay.position), "the board after the capture")


def test_a_refused_move_is_explained_in_the_readers_language(
    signing: Site, discord: LoopbackDiscord, browser: webdriver.Chrome
) -> None:
    game = signing.new_game(ids=(discord.fake.alice.id, discord.fake.bob.id))
    page = signing.link(game) + "?lang=it"
    signed_in(browser, discord, page, discord.fake.alice)
    browser.get(page)  # the sign-in comes back to the page's path; the reader asks for Italian again
    wait_for(browser, lambda: browser.find_element(By.ID, "play").is_displayed(), "the player's controls")
    replay = signing.replay(game)
    with pytest.raises(RulesError) as refused:
        replay.play("22-13")
    field = browser.find_element(By.ID, "typed-move")
    field.send_keys("22-13")
    browser.find_element(By.CSS_SELECTOR, "#typed button").click()
    sentence = describe(refused.value, replay.position, words("it"))
    wait_for(browser, lambda: browser.find_element(By.ID, "refusal").text == sentence, "the refusal in Italian")
    assert signing.replay(game).notations == [] and plies_shown(browser) == 0


def test_a_draw_offer_is_accepted_on_the_web_by_the_opponent(
    signing: Site, discord: LoopbackDiscord, browser: webdriver.Chrome
) -> None:
    alice, bob = discord.fake.alice.id, discord.fake.bob.id
    game = signing.new_game(ids=(alice, bob))
    signing.run(signing.service.games.offer_draw(game, alice))  # Alice offers in Discord
    page = signing.link(game)
    signed_in(browser, discord, page, discord.fake.bob)
    accept = browser.find_element(By.ID, "accept-draw")
    wait_for(browser, lambda: accept.is_displayed(), "the Accept button")
    assert "offers a draw" in browser.find_element(By.ID, "turn").text
    accept.click()
    wait_for(browser, lambda: not signing.run(signing.service.queries.game(game)).active, "the game drawn")
    assert signing.run(signing.service.queries.game(game)).result == "1/2-1/2"
    wait_for(browser, lambda: not browser.find_element(By.ID, "play").is_displayed(), "the controls gone")


def test_resigning_asks_first(signing: Site, discord: LoopbackDiscord, browser: webdriver.Chrome) -> None:
    game = signing.new_game(ids=(discord.fake.alice.id, discord.fake.bob.id))
    signed_in(browser, discord, signing.link(game), discord.fake.alice)
    browser.find_element(By.ID, "resign").click()
    Alert(browser).dismiss()  # "no": nothing happens
    assert signing.run(signing.service.queries.game(game)).active
    browser.find_element(By.ID, "resign").click()
    Alert(browser).accept()
    wait_for(browser, lambda: not signing.run(signing.service.queries.game(game)).active, "the game resigned")
    assert signing.run(signing.service.queries.game(game)).result == "0-1"


def test_a_note_kept_on_the_page_is_shown_to_its_writer_only(
    signing: Site, discord: LoopbackDiscord, browser: webdriver.Chrome
) -> None:
    alice, bob = discord.fake.alice.id, discord.fake.bob.id
    game = signing.new_game(ids=(alice, bob))
    page = signing.link(game)
    signed_in(browser, discord, page, discord.fake.alice)
    browser.find_element(By.ID, "note-text").send_keys("<b>Plan</b>: trade on 18")
    browser.find_element(By.CSS_SELECTOR, "#note-form button").click()
    wait_for(browser, lambda: bool(browser.find_elements(By.CSS_SELECTOR, "#note-list li")), "the note listed")
    item = browser.find_element(By.CSS_SELECTOR, "#note-list li")
    assert item.text == "On the game <b>Plan</b>: trade on 18"  # shown as text, never as markup
    assert signing.run(signing.service.notes.of(game, alice))[0].text == "<b>Plan</b>: trade on 18"
    browser.get(page)  # kept: there again on the next visit
    assert browser.find_element(By.CSS_SELECTOR, "#note-list li .text").text == "<b>Plan</b>: trade on 18"
    signed_in(browser, discord, page, discord.fake.bob)  # the opponent, signed in: nothing of Alice's
    assert browser.find_elements(By.CSS_SELECTOR, "#note-list li") == []
    assert "trade on 18" not in browser.page_source
