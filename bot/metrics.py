"""The operator's metrics (Prometheus), all in one place: what is counted, and where each count comes from.

The registry is Dama's own (not prometheus_client's global one), so a scrape shows exactly these series. Every
label value comes from a small fixed set (a command name the tree knows, an outcome, a search kind, a store, a
shard number): never a game, user or server id, which would make a series per player. Counting always runs;
bot/health.py serves the registry only when METRICS_PORT is set.

The packages below the bot stay Discord-free and import nothing from here: the database, the engine pool and the
outbox service call a plain observer function that `watch()` hands them.
"""

from __future__ import annotations

import re
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

import discord
from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram, ProcessCollector

import engine
from service import SYSTEM, TimerEvent, TimerKind, acting_as
from web import limits as web_limits

if TYPE_CHECKING:
    from bot.client import DamaBot

REGISTRY = CollectorRegistry(auto_describe=True)
ProcessCollector(namespace="dama", registry=REGISTRY)  # dama_process_cpu_seconds_total, memory, open fds

OUTCOMES = ("ok", "refused", "error")
INTERACTION_KINDS = {  # Discord's interaction type numbers
    discord.InteractionType.application_command.value: "slash",
    discord.InteractionType.component.value: "component",
    discord.InteractionType.modal_submit.value: "modal",
    discord.InteractionType.autocomplete.value: "autocomplete",
}
# Buttons, selects and modals are named by the action in their custom id (dama:move:42, dama-pick:42:…); a
# forged id naming anything else is counted as "other", so no one can add series by clicking.
COMPONENT_ACTIONS = frozenset(
    {"move", "type", "resign", "draw", "offer", "accept", "decline", "rematch", "pick", "modal", "confirm", "hint",
     "takeback", "analyse", "join", "leave", "study", "follow", "puzzle", "daily", "vote", "activity"}
)
NOT_GAMES = frozenset({"accept", "decline", "join", "leave", "vote"})  # ids of a challenge, tournament or team
_ACTION = re.compile(r"^dama[:-]([a-z_]{1,20})(?::|$)")
LATENCY_BUCKETS = (0.05, 0.1, 0.25, 0.5, 1.0, 2.0, 3.0, 5.0, 10.0, 30.0)

INTERACTIONS = Counter(
    "dama_interactions", "Slash commands, component clicks and modals handled, by name and outcome",
    ("kind", "name", "outcome"), registry=REGISTRY,
)
INTERACTION_SECONDS = Histogram(
    "dama_interaction_seconds", "Time from an interaction's arrival to the end of its handling",
    ("kind", "name"), buckets=LATENCY_BUCKETS, registry=REGISTRY,
)
TURNED_AWAY = Counter(
    "dama_interactions_turned_away", "Interactions answered with 'restarting' during a graceful stop",
    registry=REGISTRY,
)
OUTBOX_BACKLOG = Gauge("dama_outbox_backlog", "Announcements waiting for Discord", registry=REGISTRY)
OUTBOX_OLDEST = Gauge(
    "dama_outbox_oldest_age_seconds", "Age of the oldest announcement still waiting (0 when none)", registry=REGISTRY
)
OUTBOX_DELIVERIES = Counter(
    "dama_outbox_deliveries", "Delivery attempts by outcome (delivered, retried later, failed for good)",
    ("outcome",), registry=REGISTRY,
)
TIMERS_DUE = Gauge("dama_timers_due", "Timers whose time has come and that have not fired yet", registry=REGISTRY)
TIMERS_FIRED = Counter("dama_timers_fired", "Timers fired by this process, by event", ("event",), registry=REGISTRY)
ENGINE_JOBS = Gauge("dama_engine_jobs", "Engine searches running and waiting for a slot", ("state",), registry=REGISTRY)
ENGINE_SECONDS = Histogram(
    "dama_engine_search_seconds", "Engine search time by kind (hint, bot_move, analysis, puzzle)", ("kind",),
    buckets=(0.1, 0.25, 0.5, 1.0, 1.5, 2.0, 3.0, 5.0, 10.0, 30.0), registry=REGISTRY,
)
DB_SECONDS = Histogram(
    "dama_db_transaction_seconds", "Database transaction time, waiting for the connection included",
    ("store", "mode"), buckets=(0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 5.0), registry=REGISTRY,
)
GATEWAY_LATENCY = Gauge(
    "dama_gateway_latency_seconds", "Heartbeat round trip of each gateway shard", ("shard",), registry=REGISTRY
)
GATEWAY_CONNECTED = Gauge(
    "dama_gateway_connected", "1 when the shard's gateway connection is open", ("shard",), registry=REGISTRY
)
SERVERS = Gauge("dama_servers", "Servers on each shard of this process", ("shard",), registry=REGISTRY)
LEASES_RELEASED = Counter(
    "dama_leases_released", "Claimed work handed back at a graceful stop, by what it was", ("work",), registry=REGISTRY
)
SHUTTING_DOWN = Gauge("dama_shutting_down", "1 once a graceful stop has begun", registry=REGISTRY)
WEB_CONNECTIONS = Gauge("dama_web_connections", "Connections open on the web pages' port", registry=REGISTRY)
WEB_REFUSED = Counter(
    "dama_web_connections_refused", "Web connections closed at once, over a cap (per address or in all)",
    registry=REGISTRY,
)


def watch(bot: DamaBot) -> None:
    """Connect the observers of the Discord-free layers (database, engine pool, outbox) to the metrics."""
    bot.service.ctx.db.observer = _transaction
    bot.service.outbox.observer = _delivery
    engine.observe_searches(_search)
    web_limits.refused_observer = WEB_REFUSED.inc
    for outcome in ("delivered", "retried", "failed"):
        OUTBOX_DELIVERIES.labels(outcome)  # present from the start, at 0
    for kind in engine.KINDS:
        ENGINE_SECONDS.labels(kind)
    for event in TimerKind:
        TIMERS_FIRED.labels(event.value)
    for work in ("outbox", "timers", "leases"):
        LEASES_RELEASED.labels(work)


def _transaction(store: str, mode: str, seconds: float) -> None:
    DB_SECONDS.labels(store, mode).observe(seconds)


def _delivery(outcome: str) -> None:
    OUTBOX_DELIVERIES.labels(outcome).inc()


def _search(kind: str, seconds: float) -> None:
    ENGINE_SECONDS.labels(kind if kind in engine.KINDS else "analysis").observe(seconds)


def component_name(data: Any) -> str:
    """A button's, select's or modal's action, from its custom id; "other" for anything not ours."""
    found = _ACTION.match(str(data.get("custom_id", "")))
    action = found.group(1) if found else ""
    return action if action in COMPONENT_ACTIONS else "other"


def game_in(data: Any) -> int | None:
    """The game an interaction is about, when it says so (a button's custom id, a command's game option); for
    log lines only, never a label."""
    found = re.match(r"^dama[:-]([a-z_]{1,20}):(?:[a-z_]+:)*(\d{1,12})(?::|$)", str(data.get("custom_id", "")))
    if found and found.group(1) not in NOT_GAMES:
        return int(found.group(2))
    options = list(data.get("options") or [])
    while options:
        option = options.pop()
        if option.get("name") == "game" and str(option.get("value", "")).isdigit():
            return int(option["value"])
        options.extend(option.get("options") or [])
    return None


def record_outcome(interaction: discord.Interaction[Any], outcome: str) -> None:
    """The one error handler's verdict on an interaction ("refused" or "error"; none: it went well)."""
    if len(_outcomes) > 10_000:  # verdicts on interactions whose task was never seen: never read
        _outcomes.clear()
    _outcomes[interaction.id] = outcome


def verdict(interaction_id: int) -> str:
    """The outcome of an interaction whose handling just ended (forgotten once read)."""
    return _outcomes.pop(interaction_id, "ok")


_outcomes: dict[int, str] = {}  # interaction id -> outcome, until its task ends


def interaction_done(kind: str, name: str, outcome: str, seconds: float) -> None:
    INTERACTIONS.labels(kind, name, outcome if outcome in OUTCOMES else "error").inc()
    INTERACTION_SECONDS.labels(kind, name).observe(seconds)


def timers_fired(events: list[TimerEvent]) -> None:
    for event in events:
        TIMERS_FIRED.labels(str(event.kind.value)).inc()


async def refresh(bot: DamaBot) -> None:
    """The gauges read at scrape time: the web connections, the database's backlog, the engine pool, the gateway."""
    WEB_CONNECTIONS.set(web_limits.open_connections())  # first: it needs no database, which may be stuck
    now = datetime.now(UTC)
    with acting_as(SYSTEM):
        pending, oldest = await bot.service.work.outbox_backlog()
        due = await bot.service.work.timers_due()
    OUTBOX_BACKLOG.set(pending)
    OUTBOX_OLDEST.set(max((now - oldest).total_seconds(), 0.0) if oldest is not None else 0.0)
    TIMERS_DUE.set(due)
    running, waiting = engine.jobs()
    ENGINE_JOBS.labels("running").set(running)
    ENGINE_JOBS.labels("waiting").set(waiting)
    servers: dict[int, int] = dict.fromkeys(bot.shards, 0)
    for guild in bot.guilds:
        servers[guild.shard_id] = servers.get(guild.shard_id, 0) + 1
    for shard_id, info in bot.shards.items():
        label = str(shard_id)
        GATEWAY_CONNECTED.labels(label).set(0 if info.is_closed() else 1)
        latency = info.latency
        GATEWAY_LATENCY.labels(label).set(latency if latency == latency and latency != float("inf") else 0.0)
        SERVERS.labels(label).set(servers.get(shard_id, 0))
