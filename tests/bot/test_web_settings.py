"""WEB_HOST, WEB_PORT, WEB_BASE_URL and WEB_SECRET: read from the environment, refused in words when wrong,
and nothing web-related when WEB_PORT is unset."""

from __future__ import annotations

import pytest

from bot.logs import redact
from bot.settings import Settings, SettingsError, load_settings


def settings(values: dict[str, str]) -> Settings:
    return load_settings(values, env_file=None)


def test_without_web_port_there_are_no_pages() -> None:
    assert settings({}).web is None


def test_web_port_alone_serves_on_loopback_with_a_matching_address() -> None:
    web = settings({"WEB_PORT": "8080"}).web
    assert web is not None
    assert (web.host, web.port, web.base_url, web.secret.get()) == ("127.0.0.1", 8080, "http://127.0.0.1:8080", "")


def test_every_web_setting_is_read_and_the_secret_is_masked() -> None:
    secret = "s3cret-s3cret-s3cret"
    web = settings(
        {"WEB_PORT": "9000", "WEB_HOST": "0.0.0.0", "WEB_BASE_URL": "https://dama.example.org/", "WEB_SECRET": secret}
    ).web
    assert web is not None
    assert (web.host, web.port, web.base_url) == ("0.0.0.0", 9000, "https://dama.example.org")
    assert web.secret.get() == secret and secret not in repr(web)


@pytest.mark.parametrize(
    ("values", "words"),
    [
        ({"WEB_PORT": "eighty"}, "WEB_PORT must be a port number from 1 to 65535"),
        ({"WEB_PORT": "70000"}, "WEB_PORT must be a port number from 1 to 65535"),
        ({"WEB_PORT": "8080", "WEB_BASE_URL": "dama.example.org"}, "WEB_BASE_URL must be an http(s) address"),
        ({"WEB_PORT": "8080", "WEB_SECRET": "short"}, "WEB_SECRET must be at least 16 characters"),
        ({"WEB_BASE_URL": "https://dama.example.org"}, "WEB_BASE_URL needs WEB_PORT"),
        ({"WEB_PORT": "8080", "WEB_REQUESTS_PER_MINUTE": "lots"}, "WEB_REQUESTS_PER_MINUTE must be a whole number"),
    ],
)
def test_bad_web_settings_are_refused_in_words(values: dict[str, str], words: str) -> None:
    with pytest.raises(SettingsError, match=words.replace("(", r"\(").replace(")", r"\)")):
        settings(values)


def test_game_links_are_masked_in_every_log_line() -> None:
    line = "posted board with url https://dama.example.org/g/42/DL-_jMUkClWm6U00xK1NXj to channel"
    masked = redact(line)
    assert "DL-_jMUkClWm6U00xK1NXj" not in masked and "/g/42/" in masked
