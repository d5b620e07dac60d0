"""Logging that never writes a secret, at any level: the bot token, interaction tokens (each can post as
the bot for 15 minutes), webhook URLs and game page links are masked in every line, whoever logs it
(discord.py's gateway logger dumps whole INTERACTION_CREATE payloads at DEBUG, its HTTP logger logs follow-up URLs)."""

from __future__ import annotations

import logging
import re

MASK = "<redacted>"
# "token": "...", 'token': '...' in dumped payloads (interaction tokens, the IDENTIFY token)
_TOKEN_FIELD = re.compile(r"""(['"]token['"]\s*:\s*['"])[^'"]+(['"])""")
# /webhooks/<application id>/<interaction token>, /interactions/<id>/<token>/callback
_WEBHOOK = re.compile(r"(/(?:webhooks|interactions)/\d+/)[A-Za-z0-9_.\-]{20,}")
# a game page's link, /g/<game>/<token> (a capability: whoever has it may look at the game)
_GAME_LINK = re.compile(r"(/g/\d+/)[A-Za-z0-9_\-]{16,}")
# a bot token: three dot-separated base64url parts
_BOT_TOKEN = re.compile(r"\b[A-Za-z0-9_\-]{23,28}\.[A-Za-z0-9_\-]{6,7}\.[A-Za-z0-9_\-]{27,}\b")


def redact(text: str, secrets: tuple[str, ...] = ()) -> str:
    for secret in secrets:
        if secret:
            text = text.replace(secret, MASK)
    text = _TOKEN_FIELD.sub(lambda m: f"{m.group(1)}{MASK}{m.group(2)}", text)
    text = _WEBHOOK.sub(lambda m: f"{m.group(1)}{MASK}", text)
    text = _GAME_LINK.sub(lambda m: f"{m.group(1)}{MASK}", text)
    return _BOT_TOKEN.sub(MASK, text)


class RedactingFormatter(logging.Formatter):
    """Wraps the formatter a handler already has, and masks secrets in what it produces (message,
    arguments and tracebacks alike)."""

    def __init__(self, inner: logging.Formatter | None, secrets: tuple[str, ...] = ()) -> None:
        super().__init__()
        self.inner = inner or logging.Formatter("%(asctime)s %(levelname)s %(name)s %(message)s")
        self.secrets = secrets

    def format(self, record: logging.LogRecord) -> str:
        return redact(self.inner.format(record), self.secrets)


def redact_handlers(logger: logging.Logger, secrets: tuple[str, ...] = ()) -> None:
    """Put the redacting formatter on every handler of logger (the root logger, for the whole process)."""
    for handler in logger.handlers:
        if not isinstance(handler.formatter, RedactingFormatter):
            handler.setFormatter(RedactingFormatter(handler.formatter, secrets))
