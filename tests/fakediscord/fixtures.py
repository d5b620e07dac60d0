"""pytest fixtures for loopback end-to-end tests. Use them from a conftest.py:

    from tests.fakediscord.fixtures import bot_launcher, fake_discord  # noqa: F401
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest_asyncio

from . import guard
from .fake import FakeDiscord, FakeDiscordError
from .process import BotLauncher


@pytest_asyncio.fixture
async def fake_discord() -> AsyncIterator[FakeDiscord]:
    """A fresh fake Discord on 127.0.0.1 (random port), with the loopback guard on in this process.
    Teardown fails the test on unknown routes, fake crashes, loopback violations not cleared, and on any
    request Discord would refuse (its OpenAPI schemas and documented limits: conformance.py)."""
    fake = FakeDiscord()
    await fake.start()
    seen_violations = len(guard.violations)
    guard.enable()
    try:
        yield fake
    finally:
        guard.disable()
        await fake.close()
    fake.raise_problems()
    fake.raise_violations()
    if len(guard.violations) > seen_violations:
        raise FakeDiscordError(f"loopback guard violations: {guard.violations[seen_violations:]}")


@pytest_asyncio.fixture
async def bot_launcher(fake_discord: FakeDiscord, tmp_path: Path) -> AsyncIterator[BotLauncher]:
    """Starts bots against ``fake_discord``: ``await bot_launcher.process("bot")`` (subprocess) or
    ``await bot_launcher.run_in_process(factory)``; all are stopped at teardown."""
    launcher = BotLauncher(fake_discord, tmp_path)
    try:
        yield launcher
    finally:
        await launcher.stop_all()
