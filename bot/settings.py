"""Settings from the environment, or a .env file beside the working directory (the environment wins).

Malformed values stop start-up with a SettingsError naming the setting. The token is a Secret: its
repr and str are masked, so it cannot reach a log line by accident.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path

from data.store import is_postgres, masked
from web.guard import LOOPBACK, Network, networks
from web.limits import MAX_CONNECTIONS, MAX_PER_ADDRESS

LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL")
LOG_FORMATS = ("text", "json")


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
    # postgresql://…: PostgreSQL instead of the SQLite file (a Secret: the URL may hold a password)
    database_url: Secret = field(default_factory=lambda: Secret(""))
    shard_count: int | None = None  # None: Discord's recommended count, every shard in this process
    shard_ids: tuple[int, ...] | None = None  # the shards this process runs (cluster mode; needs shard_count)
    work_lease_seconds: float = 60.0  # how long a process holds claimed work before another may take it over

    @property
    def database(self) -> str:
        """What Database.open takes: the PostgreSQL URL when one is set, else the SQLite file."""
        return self.database_url.get() or str(self.database_path)
    outbox_max_backoff: float | None = None  # seconds between delivery retries at most (default 300)
    outbox_lease: float | None = None  # seconds a delivery claim lasts (default 120)
    web: WebSettings | None = None  # the games' web pages (WEB_PORT set), else None
    metrics_port: int | None = None  # METRICS_PORT: /metrics, /healthz and /readyz (None: not served)
    metrics_host: str = "127.0.0.1"
    shutdown_grace: float = 20.0  # seconds a graceful stop waits for interactions in progress
    log_format: str = "text"  # or "json": one JSON object a line
    engine_tables: str = "on"  # ENGINE_TABLES: build missing endgame table files at start (engine/tablebuild.py)
    tables_folder: Path | None = None  # DAMA_TABLES: where the table files are (None: the user's data folder)

    @property
    def log_level_number(self) -> int:
        return int(logging.getLevelName(self.log_level))


@dataclass(frozen=True, slots=True)
class WebSettings:
    """WEB_HOST, WEB_PORT, WEB_BASE_URL, WEB_SECRET, WEB_REQUESTS_PER_MINUTE, WEB_TRUSTED_PROXIES,
    WEB_MAX_CONNECTIONS and WEB_MAX_CONNECTIONS_PER_ADDRESS (docs/WEB.md)."""

    host: str
    port: int
    base_url: str  # the address players see; default http://WEB_HOST:WEB_PORT
    secret: Secret  # empty: the one kept in the database
    requests_per_minute: float = 120.0  # per client address (WEB_REQUESTS_PER_MINUTE)
    trusted_proxies: tuple[Network, ...] = networks(LOOPBACK)  # whose X-Forwarded-For counts
    max_connections: int = MAX_CONNECTIONS
    max_per_address: int = MAX_PER_ADDRESS
    client_id: str = ""  # DISCORD_CLIENT_ID: with the secret, players sign in with Discord on the page
    client_secret: Secret = field(default_factory=lambda: Secret(""))  # DISCORD_CLIENT_SECRET
    activity: bool = False  # ACTIVITY_ENABLED=1: the page runs inside Discord as an Activity (docs/ACTIVITY.md)


def web_settings(text: Callable[..., str]) -> WebSettings | None:
    port_text = text("WEB_PORT")
    if not port_text:
        for name in ("WEB_BASE_URL", "WEB_SECRET", "DISCORD_CLIENT_ID", "DISCORD_CLIENT_SECRET", "ACTIVITY_ENABLED"):
            if text(name) and text(name).strip().lower() not in ("0", "false", "no"):
                raise SettingsError(f"{name} needs WEB_PORT (the port the web pages are served on)")
        return None
    client_id, client_secret = oauth_client(text)
    if not port_text.isdigit() or not 1 <= int(port_text) <= 65535:
        raise SettingsError(f"WEB_PORT must be a port number from 1 to 65535, not {port_text!r}")
    host = text("WEB_HOST", "127.0.0.1") or "127.0.0.1"
    base = text("WEB_BASE_URL") or f"http://{host}:{port_text}"
    if not base.startswith(("http://", "https://")) or any(c.isspace() for c in base):
        raise SettingsError(f"WEB_BASE_URL must be an http(s) address such as https://dama.example.org, not {base!r}")
    secret = text("WEB_SECRET")
    if secret and len(secret) < 16:
        raise SettingsError("WEB_SECRET must be at least 16 characters (or left empty: one is kept in the database)")
    rate = text("WEB_REQUESTS_PER_MINUTE", "120") or "120"
    if not rate.isdigit() or not 1 <= int(rate) <= 1_000_000:
        raise SettingsError(f"WEB_REQUESTS_PER_MINUTE must be a whole number from 1 to 1000000, not {rate!r}")
    proxies = text("WEB_TRUSTED_PROXIES", "loopback") or "none"
    try:
        trusted = networks(proxies)
    except ValueError as error:
        raise SettingsError(
            f"WEB_TRUSTED_PROXIES must be addresses or networks such as 127.0.0.1, 10.0.0.0/8 (or loopback, or "
            f"none), not {str(error)!r}"
        ) from None
    total = whole(text, "WEB_MAX_CONNECTIONS", MAX_CONNECTIONS)
    each = whole(text, "WEB_MAX_CONNECTIONS_PER_ADDRESS", MAX_PER_ADDRESS)
    activity = activity_enabled(text, client_id)
    return WebSettings(
        host,
        int(port_text),
        base.rstrip("/"),
        Secret(secret),
        float(rate),
        trusted,
        total,
        each,
        client_id,
        Secret(client_secret),
        activity,
    )


def activity_enabled(text: Callable[..., str], client_id: str) -> bool:
    """ACTIVITY_ENABLED: 1 or 0 (default); the Activity signs players in, so it needs the client settings."""
    value = (text("ACTIVITY_ENABLED", "0") or "0").strip().lower()
    if value not in ("0", "1", "true", "false", "yes", "no"):
        raise SettingsError(f"ACTIVITY_ENABLED must be 1 or 0, not {value!r}")
    enabled = value in ("1", "true", "yes")
    if enabled and not client_id:
        raise SettingsError("ACTIVITY_ENABLED=1 needs DISCORD_CLIENT_ID and DISCORD_CLIENT_SECRET (docs/ACTIVITY.md)")
    return enabled


def oauth_client(text: Callable[..., str]) -> tuple[str, str]:
    """DISCORD_CLIENT_ID and DISCORD_CLIENT_SECRET: both, or neither (the page stays read-only)."""
    client_id, client_secret = text("DISCORD_CLIENT_ID"), text("DISCORD_CLIENT_SECRET")
    if bool(client_id) != bool(client_secret):
        raise SettingsError("DISCORD_CLIENT_ID and DISCORD_CLIENT_SECRET must be set together (or both left empty)")
    if client_id and not client_id.isdigit():
        raise SettingsError("DISCORD_CLIENT_ID must be the application's id (digits only, the OAuth2 tab)")
    return client_id, client_secret


def whole(text: Callable[..., str], name: str, default: int) -> int:
    value = text(name, str(default)) or str(default)
    if not value.isdigit() or not 1 <= int(value) <= 1_000_000:
        raise SettingsError(f"{name} must be a whole number from 1 to 1000000, not {value!r}")
    return int(value)


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


def database_url(url: str) -> Secret:
    if url and not is_postgres(url):
        raise SettingsError(f"DATABASE_URL must start with postgresql:// (or be empty for SQLite), not {masked(url)!r}")
    return Secret(url)


def work_lease(text: str) -> float:
    try:
        seconds = float(text)
    except ValueError:
        seconds = -1.0
    if not 1.0 <= seconds <= 3600.0:
        raise SettingsError(f"WORK_LEASE_SECONDS must be seconds between 1 and 3600, not {text!r}")
    return seconds


def shard_list(text: str) -> tuple[int, ...]:
    """`0-3`, `4,5` or `0-1,6`: the shard numbers, each once, in order."""
    found: set[int] = set()
    for part in text.split(","):
        first, dash, last = part.strip().partition("-")
        if not first.strip().isdigit() or (dash and not last.strip().isdigit()):
            raise SettingsError(f"SHARD_IDS must be numbers and ranges such as 0-3 or 4,5, not {text!r}")
        low, high = int(first), int(last) if dash else int(first)
        if high < low:
            raise SettingsError(f"SHARD_IDS: the range {part.strip()} runs backwards")
        found.update(range(low, high + 1))
    return tuple(sorted(found))


def shards(count_text: str, ids_text: str) -> tuple[int | None, tuple[int, ...] | None]:
    if not count_text:
        if ids_text:
            raise SettingsError("SHARD_IDS needs SHARD_COUNT (how many shards the whole bot has)")
        return None, None
    if not count_text.isdigit() or int(count_text) < 1:
        raise SettingsError(f"SHARD_COUNT must be a whole number of shards (1 or more), not {count_text!r}")
    count = int(count_text)
    ids = shard_list(ids_text) if ids_text else tuple(range(count))
    if ids[-1] >= count:
        raise SettingsError(f"SHARD_IDS: shard {ids[-1]} does not exist with SHARD_COUNT={count} (0 to {count - 1})")
    return count, ids


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
    outbox = {name: seconds(text, name) for name in ("OUTBOX_MAX_BACKOFF", "OUTBOX_LEASE")}
    pictures = text("LOCAL_PICTURES", "on").lower() or "on"
    if pictures not in ("on", "off"):
        raise SettingsError(f"LOCAL_PICTURES must be on or off, not {pictures!r}")
    token = text("DISCORD_TOKEN")
    if token and (any(c.isspace() for c in token) or len(token) < 20):
        raise SettingsError("DISCORD_TOKEN does not look like a bot token (copy it from the Bot tab)")
    shard_count, shard_ids = shards(text("SHARD_COUNT"), text("SHARD_IDS"))
    return Settings(
        metrics_port=metrics_port(text("METRICS_PORT")),
        metrics_host=text("METRICS_HOST", "127.0.0.1") or "127.0.0.1",
        shutdown_grace=shutdown_grace(text("SHUTDOWN_GRACE", "20") or "20"),
        log_format=log_format(text("LOG_FORMAT", "text")),
        work_lease_seconds=work_lease(text("WORK_LEASE_SECONDS", "60") or "60"),
        database_url=database_url(text("DATABASE_URL")),
        shard_count=shard_count,
        shard_ids=shard_ids,
        discord_token=Secret(token),
        database_path=Path(text("DATABASE_PATH", "dama.sqlite3") or "dama.sqlite3"),
        dev_guild_id=int(guild) if guild else None,
        log_level=level,
        discord_api_base=api or None,
        discord_gateway_url=gateway or None,
        guild_ready_timeout=ready_timeout,
        local_pictures=pictures == "on",
        outbox_max_backoff=outbox["OUTBOX_MAX_BACKOFF"],
        outbox_lease=outbox["OUTBOX_LEASE"],
        web=web_settings(text),
        engine_tables=engine_tables(text("ENGINE_TABLES", "on")),
        tables_folder=Path(text("DAMA_TABLES")).expanduser() if text("DAMA_TABLES") else None,
    )


def seconds(text: Callable[[str], str], name: str) -> float | None:
    value = text(name)
    try:
        number = float(value) if value else None
    except ValueError:
        number = -1.0
    if number is not None and not 1 <= number <= 86_400:
        raise SettingsError(f"{name} must be seconds between 1 and 86400, not {value!r}")
    return number


def metrics_port(text: str) -> int | None:
    if not text:
        return None
    if not text.isdigit() or not 1 <= int(text) <= 65535:
        raise SettingsError(f"METRICS_PORT must be a TCP port (1 to 65535), or empty for no metrics, not {text!r}")
    return int(text)


def shutdown_grace(text: str) -> float:
    try:
        grace = float(text)
    except ValueError:
        grace = -1.0
    if not 0.0 <= grace <= 600.0:
        raise SettingsError(f"SHUTDOWN_GRACE must be seconds between 0 and 600, not {text!r}")
    return grace


def log_format(text: str) -> str:
    chosen = text.lower() or "text"
    if chosen not in LOG_FORMATS:
        raise SettingsError(f"LOG_FORMAT must be text or json, not {text!r}")
    return chosen


def engine_tables(text: str) -> str:
    chosen = text.lower() or "on"
    if chosen not in ("on", "off", "build-only"):
        raise SettingsError(f"ENGINE_TABLES must be on, off or build-only, not {text!r}")
    return chosen
