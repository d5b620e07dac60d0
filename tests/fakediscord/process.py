"""Run a bot against a FakeDiscord: as a real subprocess (``python -m MODULE``) or in this process."""

from __future__ import annotations

import asyncio
import contextlib
import os
import re
import signal
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from bot.discord_endpoints import point_discord_at
from bot.settings import shard_list

from .fake import FakeDiscord, FakeDiscordError

REPO_ROOT = Path(__file__).resolve().parents[2]
TRACEBACK = "Traceback (most recent call last)"
# Variables from the developer's shell that must not leak into a test bot.
SCRUBBED = ("DISCORD_TOKEN", "DISCORD_API_BASE", "DISCORD_GATEWAY_URL", "DEV_GUILD_ID", "DATABASE_PATH", "DATABASE_URL",
            "SHARD_COUNT", "SHARD_IDS", "WORK_LEASE_SECONDS")


class BotProcess:
    """``python -m tests.fakediscord.launch MODULE`` (= ``python -m MODULE`` behind the loopback guard),
    with the fake's env, its own database file, output captured to ``log_path``."""

    def __init__(self, fake: FakeDiscord, module: str, *, database_path: Path, log_path: Path,
                 env: dict[str, str] | None = None, cwd: Path = REPO_ROOT) -> None:
        self.fake, self.module = fake, module
        self.database_path, self.log_path = database_path, log_path
        self.extra_env = dict(env or {})
        self.cwd = cwd
        self.proc: asyncio.subprocess.Process | None = None
        self.allow_tracebacks = False  # set when a test provokes errors the bot logs on purpose
        self.starts = 0
        self._expected_exit = False
        fake.liveness_checks.append(self._dead_reason)
        fake.log_tails.append(self.tail)

    @property
    def pid(self) -> int | None:
        return self.proc.pid if self.proc else None

    def env(self) -> dict[str, str]:
        env = {k: v for k, v in os.environ.items() if k not in SCRUBBED}
        env.update(self.fake.bot_env(str(self.database_path)))
        env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(self.cwd), env.get("PYTHONPATH")]))
        env.update(self.extra_env)
        return env

    async def start(self, *, ready_timeout: float = 30.0) -> BotProcess:
        """Start and wait until the bot identified on the gateway (READY + GUILD_CREATE sent)."""
        seen = len(self.fake.sessions)
        await self.spawn()
        await self.fake.wait_ready(after=seen, timeout=ready_timeout)
        return self

    async def spawn(self) -> None:
        """Start the process without waiting for it to connect."""
        if self.proc is not None and self.proc.returncode is None:
            raise RuntimeError("bot process already running")
        self.starts += 1
        with self.log_path.open("ab") as log:
            log.write(f"\n===== start #{self.starts}: python -m {self.module} =====\n".encode())
            log.flush()
            self.proc = await asyncio.create_subprocess_exec(
                sys.executable, "-m", "tests.fakediscord.launch", self.module, cwd=self.cwd, env=self.env(),
                stdin=asyncio.subprocess.DEVNULL, stdout=log, stderr=asyncio.subprocess.STDOUT)
        self._expected_exit = False

    async def wait_exit(self, *, timeout: float = 30.0) -> int:
        """Wait for the process to end by itself; returns its exit code."""
        assert self.proc is not None
        self._expected_exit = True
        return await asyncio.wait_for(self.proc.wait(), timeout)

    async def stop(self, *, timeout: float = 10.0) -> int | None:
        """SIGTERM (no graceful shutdown is assumed: like a crash or a container stop), then SIGKILL."""
        proc = self.proc
        if proc is None or proc.returncode is not None:
            return proc.returncode if proc else None
        self._expected_exit = True
        with contextlib.suppress(ProcessLookupError):
            proc.send_signal(signal.SIGTERM)
        try:
            await asyncio.wait_for(proc.wait(), timeout)
        except TimeoutError:
            proc.kill()
            await proc.wait()
        # let the fake see the websocket close before the next start (in a cluster: this process's shards)
        shards = self.extra_env.get("SHARD_IDS")
        mine = set(shard_list(shards)) if shards else None
        await self.fake.wait_until(lambda: all(s.closed for s in self.fake.sessions
                                               if mine is None or s.shard[0] in mine) or None,
                                   timeout=timeout, what="the old gateway session to close",
                                   fail_on_problems=False)
        return proc.returncode

    async def kill(self, *, timeout: float = 10.0) -> int | None:
        """SIGKILL: no shutdown at all, as in a power cut or an OOM kill."""
        proc = self.proc
        if proc is None or proc.returncode is not None:
            return proc.returncode if proc else None
        self._expected_exit = True
        proc.kill()
        await proc.wait()
        await self.fake.wait_until(lambda: all(s.closed for s in self.fake.sessions) or None,
                                   timeout=timeout, what="the killed bot's gateway session to close",
                                   fail_on_problems=False)
        return proc.returncode

    async def restart(self, *, ready_timeout: float = 30.0) -> BotProcess:
        await self.stop()
        return await self.start(ready_timeout=ready_timeout)

    def output(self) -> str:
        try:
            return self.log_path.read_text(errors="replace")
        except FileNotFoundError:
            return ""

    def tail(self, lines: int = 40) -> str:
        return "\n".join(self.output().splitlines()[-lines:])

    def tracebacks(self) -> list[str]:
        return [block for block in re.split(r"(?=Traceback \(most recent call last\))", self.output())
                if block.startswith(TRACEBACK)]

    def _dead_reason(self) -> str | None:
        if self.proc is not None and self.proc.returncode is not None and not self._expected_exit:
            return f"bot process exited with code {self.proc.returncode}"
        return None


class InProcessBot:
    """A discord.Client built by ``factory()`` and run in this event loop. The factory should pass
    ``connector=tests.fakediscord.guard.loopback_connector()`` and a small ``guild_ready_timeout``."""

    def __init__(self, fake: FakeDiscord, factory: Callable[[], Any]) -> None:
        self.fake, self.factory = fake, factory
        self.client: Any = None
        self._task: asyncio.Task[None] | None = None
        self._restore: Callable[[], None] | None = None
        fake.liveness_checks.append(self._dead_reason)

    async def start(self, *, ready_timeout: float = 10.0) -> InProcessBot:
        seen = len(self.fake.sessions)
        self._restore = point_discord_at(self.fake.api_base, self.fake.gateway_url)
        self.client = self.factory()
        await self.client.login(self.fake.token)
        self._task = asyncio.create_task(self.client.connect(reconnect=True))
        await self.fake.wait_ready(after=seen, timeout=ready_timeout)
        return self

    async def stop(self) -> None:
        if self.client is not None:
            await self.client.close()
        if self._task is not None:
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
        if self._restore is not None:
            self._restore()
            self._restore = None

    def _dead_reason(self) -> str | None:
        task = self._task
        if task is not None and task.done() and not task.cancelled() and task.exception() is not None:
            return f"in-process bot crashed: {task.exception()!r}"
        return None


class BotLauncher:
    """What the ``bot_launcher`` fixture yields: starts bots for one test and cleans them up."""

    def __init__(self, fake: FakeDiscord, workdir: Path) -> None:
        self.fake, self.workdir = fake, workdir
        self.processes: list[BotProcess] = []
        self.in_process: list[InProcessBot] = []

    async def process(self, module: str = "bot", *, env: dict[str, str] | None = None,
                      database_path: Path | None = None, start: bool = True,
                      ready_timeout: float = 30.0) -> BotProcess:
        n = len(self.processes) + 1
        bot = BotProcess(self.fake, module, database_path=database_path or self.workdir / f"bot{n}.sqlite3",
                         log_path=self.workdir / f"bot{n}.log", env=env)
        self.processes.append(bot)
        if start:
            await bot.start(ready_timeout=ready_timeout)
        return bot

    async def run_in_process(self, factory: Callable[[], Any], *, ready_timeout: float = 10.0) -> InProcessBot:
        bot = InProcessBot(self.fake, factory)
        self.in_process.append(bot)
        return await bot.start(ready_timeout=ready_timeout)

    async def stop_all(self) -> None:
        """Stop every bot; then fail if a subprocess logged a traceback it was not allowed to."""
        for inproc in self.in_process:
            await inproc.stop()
        for proc in self.processes:
            await proc.stop()
        for proc in self.processes:
            if proc.tracebacks() and not proc.allow_tracebacks:
                raise FakeDiscordError(f"bot {proc.module} logged a traceback:\n{proc.tracebacks()[0][-3000:]}")
