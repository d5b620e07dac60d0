"""Short-lived private prompts (the move picker, the move box, yes/no questions) carry a nonce in their
custom_ids. A prompt opened before a restart, or expired, is no longer in memory; when it is used the bot
still answers: in words, with a fresh Move button (see DamaBot.on_interaction)."""

from __future__ import annotations

import re
import secrets

PROMPT_ID = re.compile(r"^dama-(?:pick|modal|confirm):(?P<game>\d{1,19}):(?P<nonce>[0-9a-f]{8})(?::[\w-]*)?$")


class Prompts:
    def __init__(self) -> None:
        self.live: set[str] = set()

    def open(self) -> str:
        nonce = secrets.token_hex(4)
        self.live.add(nonce)
        return nonce

    def close(self, nonce: str) -> None:
        self.live.discard(nonce)

    def stale_game(self, custom_id: str) -> int | None:
        """The game of a prompt that is no longer alive, or None (a live prompt, or not a prompt at all)."""
        match = PROMPT_ID.match(custom_id)
        if match is None or match["nonce"] in self.live:
            return None
        return int(match["game"])


def prompt_id(kind: str, game_id: int, nonce: str, part: str = "") -> str:
    return f"dama-{kind}:{game_id}:{nonce}" + (f":{part}" if part else "")
