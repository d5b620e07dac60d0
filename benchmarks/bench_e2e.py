"""End-to-end latency through the loopback Discord: the real `python -m bot` as a subprocess, two members
playing by /move. Measured from the moment the interaction is dispatched on the gateway to the bot's
first visible reply (the deferred reply's followup carrying the board picture).
Target: p99 < 150 ms on the development machine.
"""

from __future__ import annotations

import asyncio
import random
import statistics
import tempfile
from pathlib import Path

from rules import Game, find_variant, format_move
from tests.fakediscord.fake import FakeDiscord
from tests.fakediscord.process import BotLauncher

MOVES = 200
WARMUP = 6  # the first moves pay for imports, font loading and layer caches
TARGET_P99_MS = 150.0


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(fraction * (len(ordered) - 1))))
    return ordered[index]


async def measure(moves: int = MOVES, seed: int = 8) -> dict[str, list[float]]:

    rnd = random.Random(seed)
    rules = find_variant("italian")
    reply_ms: list[float] = []
    ack_ms: list[float] = []
    fake = FakeDiscord(conformance=False)  # the bot's latency, not the test suite's schema checks
    await fake.start()
    with tempfile.TemporaryDirectory() as tmp:
        launcher = BotLauncher(fake, Path(tmp))
        try:
            await launcher.process("bot")
            players = (fake.alice, fake.bob)
            told = played = 0
            while played < moves + WARMUP:
                inter = await fake.slash(fake.alice, "challenge", opponent=fake.bob, colour="white")
                offer = await fake.wait_for_reply(inter)
                accept = next(c for c in offer.custom_ids() if c.startswith("dama:accept:"))
                await fake.wait_for_followups(await fake.click(fake.bob, offer, accept), 1)
                told += 1  # the challenger (White) is told it is their move
                game = Game(rules)
                while game.outcome() is None and played < moves + WARMUP:
                    move = rnd.choice(game.legal_moves())
                    text = format_move(game.position, move)
                    sent = await fake.slash(players[game.ply % 2], "move", move=text)
                    reply = await fake.wait_for_reply(sent)
                    assert reply.files and reply.files[0].data[:4] == b"\x89PNG", reply.content
                    game.push(move)
                    played += 1
                    if played > WARMUP:
                        reply_ms.append(reply.latency * 1000)
                        ack_ms.append((sent.ack_latency or 0.0) * 1000)
                    if game.outcome() is None:  # the player to move is told by DM (the default)
                        told += 1
                if game.outcome() is None:
                    await fake.wait_for_reply(await fake.slash(fake.alice, "resign"))
            # let the last DMs go out before stopping the bot
            await fake.wait_until(
                lambda: len(fake.dm_messages(fake.alice)) + len(fake.dm_messages(fake.bob)) >= told or None,
                timeout=30, what="the last DMs",
            )
        finally:
            await launcher.stop_all()
            await fake.close()
    return {"reply": reply_ms, "ack": ack_ms}


def main() -> None:
    figures = asyncio.run(measure())
    for name, values in figures.items():
        what = "interaction -> reply with board PNG" if name == "reply" else "interaction -> defer (ack)"
        print(
            f"/move {what}: n={len(values)} p50 {statistics.median(values):.1f} ms, "
            f"p90 {percentile(values, 0.90):.1f} ms, p99 {percentile(values, 0.99):.1f} ms, "
            f"max {max(values):.1f} ms"
        )
    p99 = percentile(figures["reply"], 0.99)
    verdict = "meets" if p99 < TARGET_P99_MS else "MISSES"
    print(f"target p99 < {TARGET_P99_MS:.0f} ms: {verdict} ({p99:.1f} ms)")


if __name__ == "__main__":
    main()
