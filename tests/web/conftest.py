"""Fixtures: a web server over a real SQLite database (tests/web/site.py) and headless Chromium."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from selenium import webdriver

from service import SYSTEM, acting_as
from tests.web.browser import chromium
from tests.web.loopback import LoopbackDiscord
from tests.web.site import Site


@pytest.fixture(autouse=True)
def system_scope() -> Iterator[None]:
    """The service refuses calls that do not say who asks (service/access.py): the test's own calls ask as the
    system; the bot's interactions still say who asks, as in production."""
    with acting_as(SYSTEM):
        yield


@pytest.fixture
def site(tmp_path: Path) -> Iterator[Site]:
    running = Site(tmp_path, poll_seconds=0.3)
    try:
        yield running
    finally:
        running.close()


@pytest.fixture(scope="module")
def browser() -> Iterator[webdriver.Chrome]:
    driver = chromium()
    try:
        yield driver
    finally:
        driver.quit()


@pytest.fixture
def discord() -> Iterator[LoopbackDiscord]:
    """A loopback Discord serving OAuth2 (authorize, token, users/@me) for the signed-in pages' tests."""
    running = LoopbackDiscord()
    try:
        yield running
    finally:
        running.close()


@pytest.fixture
def signing(discord: LoopbackDiscord, tmp_path: Path) -> Iterator[Site]:
    """A site whose pages offer Sign in with that loopback Discord."""
    site = discord.site(tmp_path)
    try:
        yield site
    finally:
        site.close()
