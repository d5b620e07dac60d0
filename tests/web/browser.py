"""Headless Chromium through Selenium and Debian's chromium-driver. Without them the browser tests fail
(never skip) with a sentence that says how to install them."""

from __future__ import annotations

import shutil

import pytest
from selenium import webdriver
from selenium.common.exceptions import WebDriverException
from selenium.webdriver.chrome.service import Service as DriverService

INSTALL = (
    "The web page's tests need headless Chromium: install it with "
    "`apt-get update && apt-get install -y chromium chromium-driver` (Debian), then run the tests again."
)


def chromium(*, javascript: bool = True) -> webdriver.Chrome:
    binary = shutil.which("chromium") or shutil.which("chromium-browser")
    driver = shutil.which("chromedriver")
    if binary is None or driver is None:
        pytest.fail(INSTALL, pytrace=False)
    options = webdriver.ChromeOptions()
    options.binary_location = binary
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--lang=en-US"):
        options.add_argument(flag)
    options.add_argument("--window-size=1200,1000")
    if not javascript:
        options.add_experimental_option("prefs", {"profile.managed_default_content_settings.javascript": 2})
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})  # console errors, CSP reports among them
    try:
        return webdriver.Chrome(service=DriverService(executable_path=driver), options=options)
    except WebDriverException as error:
        pytest.fail(f"{INSTALL} (Chromium did not start: {error.msg})", pytrace=False)
