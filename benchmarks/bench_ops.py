"""What the operator's instrumentation costs (issue 31): the time bot/intake.py adds to each interaction (it
looks for the tasks discord.py started, among every task the process has), and the time to render a scrape
with every command, button and outcome present."""

from __future__ import annotations

import asyncio
import time
from types import SimpleNamespace
from typing import Any

from prometheus_client import generate_latest

from bot import metrics
from bot.intake import Intake

TASKS = (100, 1_000, 10_000)  # idle tasks in the process (background loops, waiting handlers, ...)
CALLS = 2_000


async def per_interaction(idle: int) -> float:
    """Microseconds _measured adds to one interaction, with `idle` other tasks alive."""
    stop = asyncio.Event()
    sleepers = [asyncio.create_task(stop.wait()) for _ in range(idle)]
    bot: Any = SimpleNamespace(_connection=None, tree=SimpleNamespace(get_command=lambda name: None), shard_count=1)
    intake = Intake(bot)
    intake.watch_tasks()
    handlers: list[asyncio.Task[None]] = []

    def original(data: Any) -> None:  # what discord.py does: start the handler's task
        handlers.append(asyncio.get_running_loop().create_task(asyncio.sleep(0), name="CommandTree-invoker"))

    data = {"id": "1", "type": 2, "guild_id": "1183407543582212096", "data": {"name": "move", "options": []}}
    began = time.perf_counter()
    for _ in range(CALLS):
        intake._measured(original, data)
    spent = time.perf_counter() - began
    bare = time.perf_counter()
    for _ in range(CALLS):
        original(data)
    spent -= time.perf_counter() - bare
    await asyncio.gather(*handlers)
    stop.set()
    await asyncio.gather(*sleepers)
    return spent / CALLS * 1e6


def scrape_milliseconds() -> tuple[float, int]:
    for name in ("challenge", "move", "hint", "games", "resign", "draw", "settings", "tournament join", "rules"):
        for outcome in metrics.OUTCOMES:
            metrics.interaction_done("slash", name, outcome, 0.2)
    for action in sorted(metrics.COMPONENT_ACTIONS):
        metrics.interaction_done("component", action, "ok", 0.1)
    began = time.perf_counter()
    for _ in range(100):
        body = generate_latest(metrics.REGISTRY)
    return (time.perf_counter() - began) / 100 * 1000, len(body)


def main() -> None:
    for idle in TASKS:
        print(f"intake: {asyncio.run(per_interaction(idle)):7.1f} µs added per interaction with {idle:>6} tasks alive")
    took, size = scrape_milliseconds()
    print(f"scrape: {took:.2f} ms to render {size / 1024:.1f} KiB (every command and button, three outcomes)")
