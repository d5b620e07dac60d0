"""The redaction itself, on the shapes discord.py logs (payload dicts, URLs, tracebacks)."""

from __future__ import annotations

import logging
import sys

from bot.logs import MASK, RedactingFormatter, redact

BOT_TOKEN = "MTA0NDU2Nzg5MDEyMzQ1Njc4OQ.GhIjKl.abcdefghijklmnopqrstuvwxyz0123456789AB"
INTERACTION = "aW50ZXJhY3Rpb246MTIzNDU2Nzg5MDEyMzQ1Njc4OTpzZWNyZXQ"


def test_payload_dumps_urls_and_tokens_are_masked() -> None:
    payload = {"t": "INTERACTION_CREATE", "d": {"id": "1", "token": INTERACTION, "type": 2}}
    assert INTERACTION not in redact(f"WebSocket Event: {payload}")
    assert INTERACTION not in redact(f'{{"token": "{INTERACTION}"}}')
    url = f"POST https://discord.com/api/v10/webhooks/1234567890/{INTERACTION}/messages/@original"
    assert redact(url) == f"POST https://discord.com/api/v10/webhooks/1234567890/{MASK}/messages/@original"
    callback = f"/interactions/987654321/{INTERACTION}/callback"
    assert INTERACTION not in redact(callback)
    assert BOT_TOKEN not in redact(f"IDENTIFY with {BOT_TOKEN}")
    assert redact("a", ("a",)) == MASK
    plain = "moves 22-18, game 12, player 123456789012345678"
    assert redact(plain) == plain


def test_the_formatter_masks_tracebacks_too() -> None:
    formatter = RedactingFormatter(logging.Formatter("%(message)s"))
    try:
        raise RuntimeError(f"failed POST /webhooks/1/{INTERACTION}")
    except RuntimeError:
        record = logging.LogRecord("x", logging.ERROR, __file__, 1, "boom %s", (BOT_TOKEN,), sys.exc_info())
    text = formatter.format(record)
    assert "boom" in text and "RuntimeError" in text
    assert BOT_TOKEN not in text and INTERACTION not in text
