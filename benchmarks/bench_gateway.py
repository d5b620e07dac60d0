"""Memory of one bot process holding many servers' gateway state, with the intents Dama uses (guilds and DM
messages: no member lists, no presences, no message content). The real `python -m bot` connects to the
loopback Discord, which sends READY and a GUILD_CREATE per server (one text channel, an @everyone role,
the bot's own member); its resident memory (VmRSS) is read once it reports the servers ready.
"""

from __future__ import annotations

import asyncio
import os
import re
import tempfile
from pathlib import Path

from tests.fakediscord.fake import FakeDiscord
from tests.fakediscord.process import BotLauncher

SIZES = (1, int(os.environ.get("BENCH_SERVERS", "10000")))
READY = re.compile(r"connected as .* to (\d+) servers")


def rss_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise RuntimeError("no VmRSS")


async def measure(servers: int) -> tuple[int, float]:
    """(resident KiB once ready, seconds from start to ready) with `servers` servers (the test guild too)."""
    fake = FakeDiscord(conformance=False)  # the bot's latency, not the test suite's schema checks
    for number in range(servers - 1):
        fake.add_guild(f"server {number}")
    await fake.start()
    with tempfile.TemporaryDirectory() as tmp:
        launcher = BotLauncher(fake, Path(tmp))
        try:
            loop = asyncio.get_running_loop()
            began = loop.time()
            bot = await launcher.process("bot", env={"DISCORD_GUILD_READY_TIMEOUT": "2"}, ready_timeout=600)

            def ready() -> int | None:
                found = READY.search(bot.output())
                return int(found.group(1)) if found else None

            count = await fake.wait_until(ready, timeout=600, what="the bot to report its servers")
            took = loop.time() - began
            assert count == servers, (count, servers)
            await asyncio.sleep(1.0)  # let the last allocations settle
            assert bot.pid is not None
            return rss_kib(bot.pid), took
        finally:
            await launcher.stop_all()
            await fake.close()


def main() -> None:
    results = {size: asyncio.run(measure(size)) for size in SIZES}
    for size, (kib, took) in results.items():
        print(f"{size:>6} server(s): resident {kib / 1024:.1f} MiB, ready after {took:.1f} s")
    small, large = SIZES[0], SIZES[-1]
    per_server = (results[large][0] - results[small][0]) / (large - small)
    print(f"gateway state: {per_server:.1f} KiB per server")


if __name__ == "__main__":
    main()
