"""The redaction itself, on the shapes discord.py logs (payload dicts, URLs, tracebacks)."""

from __future__ import annotations

import logging
import sys

from bot.logs import MASK, RedactingFormatter, redact, remember_secret

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


def test_every_kind_of_page_link_and_a_learned_secret_are_masked() -> None:
    token = "9I4Y3699Ea8aenAM8I6hs1"  # review row 4's imported record link
    for link in (f"/i/1/{token}", f"https://dama.example.org/g/12/{token}/ply/3", f"'url': 'http://h/i/7/{token}'"):
        assert token not in redact(link) and MASK in redact(link)
    learned = "a-secret-only-known-once-running-0123456789"
    assert learned in redact(f"stored {learned}")
    remember_secret(learned)
    assert redact(f"stored ('web_secret', '{learned}')") == f"stored ('web_secret', '{MASK}')"
    formatter = RedactingFormatter(logging.Formatter("%(message)s"))
    record = logging.LogRecord("x", logging.DEBUG, __file__, 1, "values %s", ((learned,),), None)
    assert learned not in formatter.format(record)
