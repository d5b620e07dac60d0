"""The operator's port (issue 31), on a real `python -m bot` process against the loopback Discord: after a game
the scrape shows the right counts and histograms, no label carries an id, the Grafana example queries only
metrics that exist, and /healthz, /readyz answer."""

from __future__ import annotations

import asyncio
import json
import re
import socket
from pathlib import Path
from typing import Any

import aiohttp
import pytest
from prometheus_client.parser import text_string_to_metric_families

from tests.e2e.helpers import game_id_of, game_state, slash_move, start_game, wait_dms
from tests.fakediscord.fake import FakeDiscord
from tests.fakediscord.fixtures import bot_launcher, fake_discord  # noqa: F401

pytestmark = [pytest.mark.asyncio, pytest.mark.slow]
DASHBOARD = Path(__file__).resolve().parents[2] / "docs" / "examples" / "grafana-dashboard.json"
# Every label the bot's metrics have, and the values each may take: small fixed sets, never an id.
ALLOWED_LABELS: dict[str, re.Pattern[str]] = {
    "kind": re.compile(r"slash|component|modal|autocomplete|other|hint|bot_move|analysis|puzzle"),
    "name": re.compile(r"[a-z][a-z\- ]{0,40}"),  # a command's qualified name, or a button's action
    "outcome": re.compile(r"ok|refused|error|delivered|retried|failed"),
    "state": re.compile(r"running|waiting"),
    "store": re.compile(r"sqlite|postgresql"),
    "mode": re.compile(r"read|write"),
    "event": re.compile(r"[a-z_]{1,30}"),
    "work": re.compile(r"outbox|timers|leases"),
    "shard": re.compile(r"\d{1,4}"),
    "le": re.compile(r"[0-9.]+|\+Inf"),
}


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


async def get(port: int, path: str) -> tuple[int, str]:
    async with aiohttp.ClientSession() as session, session.get(f"http://127.0.0.1:{port}{path}") as response:
        return response.status, await response.text()


def samples(text: str) -> dict[tuple[str, tuple[tuple[str, str], ...]], float]:
    found: dict[tuple[str, tuple[tuple[str, str], ...]], float] = {}
    for family in text_string_to_metric_families(text):
        for sample in family.samples:
            found[(sample.name, tuple(sorted(sample.labels.items())))] = sample.value
    return found


def value(found: dict[tuple[str, tuple[tuple[str, str], ...]], float], metric: str, /, **labels: str) -> float:
    return found.get((metric, tuple(sorted(labels.items()))), 0.0)


def ids_known_to(fake: FakeDiscord, games: list[int]) -> set[str]:
    """Every id a label could leak: users, servers, channels, messages, interactions (games are small numbers
    and are looked for where a label could hold one)."""
    ids = {str(u.id) for u in fake.members()} | {str(g) for g in fake.guild_ids()} | {str(fake.bot_user.id)}
    ids |= {str(c.id) for c in (fake.channel,)} | {str(m.id) for m in fake.messages(include_deleted=True)}
    ids |= {str(i) for i in fake.interactions}
    return ids


def dashboard_metrics(dashboard: dict[str, Any]) -> set[str]:
    exprs = [target["expr"] for panel in dashboard["panels"] for target in panel.get("targets", [])]
    assert exprs, "the dashboard queries nothing"
    names: set[str] = set()
    for expr in exprs:
        names |= set(re.findall(r"\b(dama_[a-z_]+)\b", expr))
    return names


async def test_a_scrape_after_a_game_counts_it_without_ids(fake_discord, bot_launcher) -> None:  # noqa: F811
    fake = fake_discord
    port = free_port()
    bot = await bot_launcher.process("bot", env={"METRICS_PORT": str(port)})
    alice, bob = fake.alice, fake.bob
    board = await start_game(fake, alice, bob)
    game = game_id_of(board)
    await wait_dms(fake, alice, 1)
    for user, move in ((alice, "22-18"), (bob, "11-14"), (alice, "18x11")):  # the capture is compulsory
        reply = await slash_move(fake, user, move)
        assert f"played {move}" in reply.content or reply.embeds, reply.content
    refused = await slash_move(fake, bob, "22-18")  # not bob's piece: refused with a sentence
    assert refused.ephemeral, refused.content
    hint = await fake.slash(bob, "hint")
    assert (await fake.wait_for_reply(hint, timeout=20)).content.startswith(f"Hint for game #{game}")
    await wait_dms(fake, bob, 2)
    against_bot = game_id_of(await fake.wait_for_reply(await fake.slash(alice, "play", level=1, colour="white")))
    await slash_move(fake, alice, "22-18", game=against_bot)  # the bot's reply is searched by the engine pool
    await fake.wait_until(lambda: game_state(bot.database_path, against_bot)["ply"] == 2 or None, timeout=20,
                          what="the bot's reply")

    total = "dama_interactions_total"
    # the last /move's handler ends after the bot's board is posted, and the bot's reply may still wait in the
    # outbox: scrape until both have settled (a stuck outbox fails the backlog check below)
    for _ in range(100):
        status, text = await get(port, "/metrics")
        assert status == 200
        found = samples(text)
        if (value(found, "dama_interaction_seconds_count", kind="slash", name="move") >= 5
                and value(found, "dama_outbox_backlog") == 0):
            break
        await asyncio.sleep(0.2)
    assert value(found, total, kind="slash", name="challenge", outcome="ok") == 1
    assert value(found, total, kind="component", name="accept", outcome="ok") == 1
    assert value(found, total, kind="slash", name="move", outcome="ok") == 4
    assert value(found, total, kind="slash", name="play", outcome="ok") == 1
    assert value(found, total, kind="slash", name="move", outcome="refused") == 1
    assert value(found, total, kind="slash", name="hint", outcome="ok") == 1
    assert value(found, "dama_interaction_seconds_count", kind="slash", name="move") == 5
    assert value(found, "dama_interaction_seconds_sum", kind="slash", name="move") > 0
    # a hint searches 1.5 s: it lands in the 1.5 bucket's neighbours, never below 1 s
    assert value(found, "dama_engine_search_seconds_count", kind="hint") == 1
    assert value(found, "dama_engine_search_seconds_bucket", kind="hint", le="1.0") == 0
    assert value(found, "dama_engine_search_seconds_bucket", kind="hint", le="+Inf") == 1
    assert value(found, "dama_engine_search_seconds_count", kind="bot_move") == 1
    assert value(found, "dama_engine_search_seconds_count", kind="analysis") == 0
    assert value(found, "dama_db_transaction_seconds_count", store="sqlite", mode="write") >= 4
    assert value(found, "dama_db_transaction_seconds_count", store="postgresql", mode="write") == 0
    # the start, three boards and the DMs: every announcement went out, none waits
    assert value(found, "dama_outbox_deliveries_total", outcome="delivered") >= 4 + 3
    assert value(found, "dama_outbox_deliveries_total", outcome="failed") == 0
    assert value(found, "dama_outbox_backlog") == 0
    assert value(found, "dama_gateway_connected", shard="0") == 1
    assert value(found, "dama_servers", shard="0") == len(fake.guild_ids())
    assert value(found, "dama_engine_jobs", state="running") == 0
    assert value(found, "dama_process_cpu_seconds_total") > 0
    assert value(found, "dama_shutting_down") == 0

    leaks = ids_known_to(fake, [game])
    for (name, labels), _ in found.items():
        for label, label_value in labels:
            assert label in ALLOWED_LABELS, (name, label)
            assert ALLOWED_LABELS[label].fullmatch(label_value), (name, label, label_value)
            assert label_value not in leaks, (name, label, label_value)
    assert not any(leak in text for leak in leaks), "an id appears in the scrape"

    names = {key[0] for key in found} | {family.name for family in text_string_to_metric_families(text)}
    missing = dashboard_metrics(json.loads(DASHBOARD.read_text())) - names
    assert not missing, f"the Grafana example queries metrics the bot does not have: {missing}"

    status, body = await get(port, "/healthz")
    assert status == 200, body
    assert json.loads(body) == {"healthy": True, "database": True, "shards": {"0": True}}
    status, body = await get(port, "/readyz")
    assert status == 200 and json.loads(body)["ready"] is True, body

