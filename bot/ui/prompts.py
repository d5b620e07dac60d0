"""Short-lived private prompts (the move picker, the move box, yes/no questions) carry a nonce in their
custom_ids. A prompt opened before a restart, or expired, is no longer in memory; when it is used the bot
still answers: in words, with a fresh Move button (see DamaBot.on_interaction)."""

from __future__ import annotations

import re
import secrets

PROMPT_ID = re.compile(r"^dama-(?:pick|modal|confirm):(?P<game>\d{1,19}):(?P<nonce>[0-9a-f]{8})(?::[\w-]*)?$")


RECENTLY_ANSWERED = 4096  # answered prompts remembered, so their own click is not taken for a stale one


class Prompts:
    def __init__(self) -> None:
        self.live: set[str] = set()
        self._answered: dict[str, None] = {}  # insertion-ordered: the oldest is forgotten first

    def open(self) -> str:
        nonce = secrets.token_hex(4)
        self.live.add(nonce)
        return nonce

    def close(self, nonce: str) -> None:
        self.live.discard(nonce)

    def answered(self, nonce: str) -> None:
        """The prompt did its job. discord.py tells on_interaction about the same click in another task, which
        may look after the prompt has closed: that click is not stale."""
        self.close(nonce)
        self._answered[nonce] = None
        while len(self._answered) > RECENTLY_ANSWERED:
            del self._answered[next(iter(self._answered))]

    def stale_game(self, custom_id: str) -> int | None:
        """The game of a prompt that is no longer alive, or None (a live prompt, or not a prompt at all)."""
        match = PROMPT_ID.match(custom_id)
        if match is None or match["nonce"] in self.live or match["nonce"] in self._answered:
            return None
        return int(match["game"])


def prompt_id(kind: str, game_id: int, nonce: str, part: str = "") -> str:
    return f"dama-{kind}:{game_id}:{nonce}" + (f":{part}" if part else "")
