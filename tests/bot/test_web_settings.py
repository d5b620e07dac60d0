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


def test_trusted_proxies_and_connection_caps() -> None:
    from ipaddress import ip_address, ip_network  # noqa: PLC0415 - only this test reads addresses

    default = settings({"WEB_PORT": "8080"}).web
    assert default is not None  # loopback, as before the setting existed (nginx on the same machine)
    assert default.trusted_proxies == (ip_network("127.0.0.0/8"), ip_network("::1/128"))
    assert (default.max_connections, default.max_per_address) == (512, 32)
    for value in ("none", ""):
        web = settings({"WEB_PORT": "8080", "WEB_TRUSTED_PROXIES": value}).web
        assert web is not None and web.trusted_proxies == ()
    web = settings({"WEB_PORT": "8080", "WEB_TRUSTED_PROXIES": "10.0.0.0/8, 2001:db8::1",
                    "WEB_MAX_CONNECTIONS": "2000", "WEB_MAX_CONNECTIONS_PER_ADDRESS": "8"}).web
    assert web is not None and (web.max_connections, web.max_per_address) == (2000, 8)
    assert ip_address("10.1.2.3") in web.trusted_proxies[0] and len(web.trusted_proxies) == 2
    with pytest.raises(SettingsError, match=r"WEB_TRUSTED_PROXIES must be addresses or networks.*'nginx'"):
        settings({"WEB_PORT": "8080", "WEB_TRUSTED_PROXIES": "127.0.0.1, nginx"})
    with pytest.raises(SettingsError, match="WEB_MAX_CONNECTIONS must be a whole number"):
        settings({"WEB_PORT": "8080", "WEB_MAX_CONNECTIONS": "0"})


def test_the_client_settings_come_together_and_the_secret_is_masked() -> None:
    client_secret = "oauth-client-secret-0123456789"
    found = settings({"WEB_PORT": "8080", "DISCORD_CLIENT_ID": "1234567890", "DISCORD_CLIENT_SECRET": client_secret})
    assert found.web is not None and found.web.client_id == "1234567890"
    assert found.web.client_secret.get() == client_secret and client_secret not in repr(found)
    assert settings({"WEB_PORT": "8080"}).web.client_id == ""  # type: ignore[union-attr]
    refused = [
        ({"WEB_PORT": "8080", "DISCORD_CLIENT_ID": "1234567890"}, "must be set together"),
        ({"WEB_PORT": "8080", "DISCORD_CLIENT_SECRET": client_secret}, "must be set together"),
        ({"WEB_PORT": "8080", "DISCORD_CLIENT_ID": "app", "DISCORD_CLIENT_SECRET": "x"}, "digits only"),
        ({"DISCORD_CLIENT_ID": "1234567890", "DISCORD_CLIENT_SECRET": client_secret}, "needs WEB_PORT"),
    ]
    for values, words in refused:
        with pytest.raises(SettingsError, match=words):
            settings(values)


def test_activity_enabled_is_read_and_needs_the_client_settings() -> None:
    client = {"WEB_PORT": "8080", "DISCORD_CLIENT_ID": "123456789", "DISCORD_CLIENT_SECRET": "client-secret"}
    on = settings({**client, "ACTIVITY_ENABLED": "1"}).web
    assert on is not None and on.activity is True
    off = settings(client).web
    assert off is not None and off.activity is False
    with pytest.raises(SettingsError, match="ACTIVITY_ENABLED=1 needs DISCORD_CLIENT_ID and DISCORD_CLIENT_SECRET"):
        settings({"WEB_PORT": "8080", "ACTIVITY_ENABLED": "1"})
    with pytest.raises(SettingsError, match="ACTIVITY_ENABLED must be 1 or 0"):
        settings({**client, "ACTIVITY_ENABLED": "maybe"})
    with pytest.raises(SettingsError, match="ACTIVITY_ENABLED needs WEB_PORT"):
        settings({"ACTIVITY_ENABLED": "1"})
    assert settings({"ACTIVITY_ENABLED": "0"}).web is None  # off says nothing without the pages
