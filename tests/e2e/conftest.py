"""End-to-end journeys: the real `python -m bot` as a subprocess against the loopback Discord."""

from __future__ import annotations

from tests.fakediscord.fixtures import bot_launcher, fake_discord  # noqa: F401
