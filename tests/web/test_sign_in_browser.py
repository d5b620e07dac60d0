"""Signing in and out in headless Chromium, through the loopback Discord's consent page: the page's Sign in
link, Discord's Authorize button, back on the game's page signed in, then Sign out."""

from __future__ import annotations

import pytest
from selenium import webdriver
from selenium.webdriver.common.by import By

from tests.web.loopback import LoopbackDiscord
from tests.web.site import Site
from tests.web.test_browser import csp_violations, wait_for

pytestmark = pytest.mark.slow


def test_a_player_signs_in_with_discord_and_out_again(
    signing: Site, discord: LoopbackDiscord, browser: webdriver.Chrome
) -> None:
    browser.delete_all_cookies()
    discord.fake.oauth_browser_user = discord.fake.bob
    game = signing.new_game()
    page = signing.link(game)
    browser.get(page)
    browser.find_element(By.ID, "sign-in").click()
    wait_for(browser, lambda: browser.current_url.startswith(discord.fake.base_url), "Discord's consent page")
    assert "Signed in as bob" in browser.find_element(By.ID, "who").text
    browser.find_element(By.ID, "authorize").click()
    wait_for(browser, lambda: browser.current_url == page, "back on the game's page")
    assert browser.find_element(By.ID, "signed-in").text == "Signed in as Bob"
    assert browser.find_element(By.CSS_SELECTOR, 'meta[name="csrf-token"]').get_attribute("content")
    assert browser.find_elements(By.ID, "sign-in") == []
    assert discord.fake.oauth_refusals == []
    assert signing.run(signing.service.sessions.sessions_of(discord.fake.bob.id)) == 1
    browser.find_element(By.CSS_SELECTOR, "#sign-out button").click()
    wait_for(browser, lambda: bool(browser.find_elements(By.ID, "sign-in")), "signed out, back on the page")
    assert browser.current_url == page
    assert signing.run(signing.service.sessions.sessions_of(discord.fake.bob.id)) == 0
    assert csp_violations(browser) == []
