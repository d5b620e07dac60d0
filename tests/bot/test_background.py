"""The background loops (timers, outbox) stop at once, even when poked just before the stop."""

from __future__ import annotations

import asyncio

import pytest

from bot.background import BackgroundLoop

pytestmark = pytest.mark.asyncio


class Sleeper(BackgroundLoop):
    def __init__(self) -> None:
        super().__init__()
        self.rounds = 0

    async def _run(self) -> None:
        while True:
            self.rounds += 1
            await self.nap(4)


async def test_a_poke_right_before_stop_does_not_keep_the_loop_asleep() -> None:
    # asyncio.wait_for on Python 3.11 lost the cancel when the wake-up came in the same turn, and the
    # loop slept its whole delay through the bot's shutdown (every stopped bot waited out the kill timeout)
    loop = Sleeper()
    loop.start()
    await asyncio.sleep(0.05)
    loop.poke()
    clock = asyncio.get_running_loop()
    began = clock.time()
    async with asyncio.timeout(6):  # the old loop never stopped: it napped again after the lost cancel
        await loop.stop()
    assert clock.time() - began < 2, "stop() waited for the loop's nap to run out"
    assert loop._task is None


async def test_a_poke_wakes_the_loop_before_its_delay() -> None:
    loop = Sleeper()
    loop.start()
    await asyncio.sleep(0.05)
    assert loop.rounds == 1
    loop.poke()
    await asyncio.sleep(0.05)
    assert loop.rounds == 2
    await loop.stop()
