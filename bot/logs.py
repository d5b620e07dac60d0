"""Logging that never writes a secret, at any level: the bot token, the web secret, interaction tokens (each
can post as the bot for 15 minutes), webhook URLs and every web page link (games `/g/…`, imported records
`/i/…`) are masked in every line, whoever logs it (discord.py's gateway logger dumps whole INTERACTION_CREATE
payloads at DEBUG, its HTTP logger logs follow-up URLs). aiosqlite's DEBUG lines, which hold every SQL
statement's values (the generated web secret among them), are never written: see quiet_sql.

LOG_FORMAT=json: one JSON object a line (time, level, logger, message, and shard, server, game where known),
for log collectors; each field is masked before it is encoded, so an escaped quote cannot hide a token.
"""

from __future__ import annotations

import json
import logging
import re
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from datetime import UTC, datetime

MASK = "<redacted>"
# "token": "...", 'token': '...' in dumped payloads (interaction tokens, the IDENTIFY token)
_TOKEN_FIELD = re.compile(r"""(['"]token['"]\s*:\s*['"])[^'"]+(['"])""")
# /webhooks/<application id>/<interaction token>, /interactions/<id>/<token>/callback
_WEBHOOK = re.compile(r"(/(?:webhooks|interactions)/\d+/)[A-Za-z0-9_.\-]{20,}")
# a web page's link, /g/<game>/<token>, /i/<record>/<token> or any other kind the web server serves
# (a capability: whoever has it may look at the game)
_PAGE_LINK = re.compile(r"(/[a-z]{1,16}/\d+/)[A-Za-z0-9_\-]{16,}")
# a bot token: three dot-separated base64url parts
_BOT_TOKEN = re.compile(r"\b[A-Za-z0-9_\-]{23,28}\.[A-Za-z0-9_\-]{6,7}\.[A-Za-z0-9_\-]{27,}\b")


_learned: list[str] = []  # secrets known only once running (the web secret kept in the database)


def remember_secret(secret: str) -> None:
    """Mask this value in every line from now on, whichever handler writes it."""
    if secret and secret not in _learned:
        _learned.append(secret)


def quiet_sql() -> None:
    """aiosqlite logs each statement with its parameters at DEBUG (`('web_secret', '<secret>', …)`, players'
    names): its logger stays at INFO whatever LOG_LEVEL says."""
    logging.getLogger("aiosqlite").setLevel(logging.INFO)


def redact(text: str, secrets: tuple[str, ...] = ()) -> str:
    for secret in (*secrets, *_learned):
        if secret:
            text = text.replace(secret, MASK)
    text = _TOKEN_FIELD.sub(lambda m: f"{m.group(1)}{MASK}{m.group(2)}", text)
    text = _WEBHOOK.sub(lambda m: f"{m.group(1)}{MASK}", text)
    text = _PAGE_LINK.sub(lambda m: f"{m.group(1)}{MASK}", text)
    return _BOT_TOKEN.sub(MASK, text)


# What the line is about (shard, server, game), for the JSON lines: set where an interaction enters
# (bot/intake.py), inherited by the tasks that handle it.
CONTEXT_FIELDS = ("shard", "server", "game")
_context: ContextVar[dict[str, int]] = ContextVar("dama_log_context", default={})  # noqa: B039 - never mutated


@contextmanager
def log_context(**fields: int | None) -> Iterator[None]:
    """Lines logged inside (and in tasks started inside) carry these fields; None values are left out."""
    merged = {**_context.get(), **{k: v for k, v in fields.items() if v is not None and k in CONTEXT_FIELDS}}
    token = _context.set(merged)
    try:
        yield
    finally:
        _context.reset(token)


class JsonFormatter(logging.Formatter):
    """One JSON object a line. `secrets` is filled in by redact_handlers."""

    def __init__(self) -> None:
        super().__init__()
        self.secrets: tuple[str, ...] = ()

    def format(self, record: logging.LogRecord) -> str:
        entry: dict[str, object] = {
            "time": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname,
            "logger": record.name,
            "message": redact(record.getMessage(), self.secrets),
        }
        known = _context.get()
        for name in CONTEXT_FIELDS:
            value = getattr(record, name, None)
            if value is None:
                value = known.get(name)
            if value is not None:
                entry[name] = value
        if record.exc_info:
            entry["exception"] = redact(self.formatException(record.exc_info), self.secrets)
        if record.stack_info:
            entry["stack"] = redact(self.formatStack(record.stack_info), self.secrets)
        return json.dumps(entry, ensure_ascii=False, default=str)


class RedactingFormatter(logging.Formatter):
    """Wraps the formatter a handler already has, and masks secrets in what it produces (message,
    arguments and tracebacks alike)."""

    def __init__(self, inner: logging.Formatter | None, secrets: tuple[str, ...] = ()) -> None:
        super().__init__()
        self.inner = inner or logging.Formatter("%(asctime)s %(levelname)s %(name)s %(message)s")
        self.secrets = secrets
        if isinstance(self.inner, JsonFormatter):
            self.inner.secrets = secrets

    def format(self, record: logging.LogRecord) -> str:
        return redact(self.inner.format(record), self.secrets)


def redact_handlers(logger: logging.Logger, secrets: tuple[str, ...] = ()) -> None:
    """Put the redacting formatter on every handler of logger (the root logger, for the whole process)."""
    for handler in logger.handlers:
        if not isinstance(handler.formatter, RedactingFormatter):
            handler.setFormatter(RedactingFormatter(handler.formatter, secrets))
