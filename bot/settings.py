"""Settings from the environment, or a .env file beside the working directory (the environment wins).

Malformed values stop start-up with a SettingsError naming the setting. The token is a Secret: its
repr and str are masked, so it cannot reach a log line by accident.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL")


class SettingsError(ValueError):
    """A missing or malformed setting; the message says which and what is expected."""


class Secret:
    __slots__ = ("_value",)

    def __init__(self, value: str) -> None:
        self._value = value

    def get(self) -> str:
        return self._value

    def __bool__(self) -> bool:
        return bool(self._value)

    def __repr__(self) -> str:
        return "Secret('********')" if self._value else "Secret('')"

    __str__ = __repr__


@dataclass(frozen=True, slots=True)
class Settings:
    discord_token: Secret
    database_path: Path
    dev_guild_id: int | None
    log_level: str
    discord_api_base: str | None
    discord_gateway_url: str | None
    guild_ready_timeout: float | None = None
    local_pictures: bool = True  # local mode writes board PNGs

    @property
    def log_level_number(self) -> int:
        return int(logging.getLevelName(self.log_level))


def read_env_file(path: Path) -> dict[str, str]:
    """KEY=VALUE lines; blank lines and # comments are skipped; surrounding quotes are removed."""
    values: dict[str, str] = {}
    if not path.is_file():
        return values
    for number, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith("export "):
            line = line[len("export ") :]
        key, sep, value = line.partition("=")
        if not sep or not key.strip():
            raise SettingsError(f"{path}:{number}: expected KEY=VALUE")
        value = value.strip()
        if len(value) >= 2 and value[0] == value[-1] and value[0] in "'\"":
            value = value[1:-1]
        values[key.strip()] = value
    return values


def load_settings(environ: Mapping[str, str] | None = None, env_file: Path | None = Path(".env")) -> Settings:
    merged = dict(read_env_file(env_file)) if env_file is not None else {}
    merged.update(os.environ if environ is None else environ)

    def text(name: str, default: str = "") -> str:
        return merged.get(name, default).strip()

    guild = text("DEV_GUILD_ID")
    if guild and not guild.isdigit():
        raise SettingsError(f"DEV_GUILD_ID must be a server id (digits only), not {guild!r}")
    level = text("LOG_LEVEL", "INFO").upper() or "INFO"
    if level not in LOG_LEVELS:
        raise SettingsError(f"LOG_LEVEL must be one of {', '.join(LOG_LEVELS)}, not {level!r}")
    api, gateway = text("DISCORD_API_BASE"), text("DISCORD_GATEWAY_URL")
    if bool(api) != bool(gateway):
        raise SettingsError("DISCORD_API_BASE and DISCORD_GATEWAY_URL must be set together (or both left empty)")
    if api and not api.startswith(("http://", "https://")):
        raise SettingsError(f"DISCORD_API_BASE must be an http(s) URL, not {api!r}")
    if gateway and not gateway.startswith(("ws://", "wss://")):
        raise SettingsError(f"DISCORD_GATEWAY_URL must be a ws(s) URL, not {gateway!r}")
    ready = text("DISCORD_GUILD_READY_TIMEOUT")
    try:
        ready_timeout = float(ready) if ready else None
    except ValueError:
        raise SettingsError(f"DISCORD_GUILD_READY_TIMEOUT must be seconds, not {ready!r}") from None
    pictures = text("LOCAL_PICTURES", "on").lower() or "on"
    if pictures not in ("on", "off"):
        raise SettingsError(f"LOCAL_PICTURES must be on or off, not {pictures!r}")
    token = text("DISCORD_TOKEN")
    if token and (any(c.isspace() for c in token) or len(token) < 20):
        raise SettingsError("DISCORD_TOKEN does not look like a bot token (copy it from the Bot tab)")
    return Settings(
        discord_token=Secret(token),
        database_path=Path(text("DATABASE_PATH", "dama.sqlite3") or "dama.sqlite3"),
        dev_guild_id=int(guild) if guild else None,
        log_level=level,
        discord_api_base=api or None,
        discord_gateway_url=gateway or None,
        guild_ready_timeout=ready_timeout,
        local_pictures=pictures == "on",
    )
