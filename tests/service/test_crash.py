"""Crash safety: a process making moves is killed with SIGKILL at random moments, again and again."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from data import Database
from service import check_database

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.slow
@pytest.mark.asyncio
async def test_sigkill_never_corrupts_the_database(target: str) -> None:
    path = target
    rng = random.Random(2024)
    deadline = time.monotonic() + 45  # PostgreSQL workers start slower (a pool of connections)
    kills = 0
    moves_seen = 0
    while kills < 25 and time.monotonic() < deadline:
        worker = subprocess.Popen(
            [sys.executable, "-m", "tests.service.workers", path, str(kills)],
            cwd=ROOT,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        assert worker.stdout is not None
        assert worker.stdout.readline().strip() == "started", worker.stderr.read() if worker.stderr else ""
        time.sleep(rng.uniform(0.01, 0.3))
        os.kill(worker.pid, signal.SIGKILL)
        worker.wait()
        assert worker.returncode == -signal.SIGKILL
        kills += 1
        db = await Database.open(path)
        try:
            assert await check_database(db) == []  # integrity_check ok, every game replays
            async with db.read() as repos:
                total = next(iter(await repos.conn.execute_fetchall("SELECT COUNT(*) FROM moves")))[0]
        finally:
            await db.close()
        moves_seen = max(moves_seen, total)
    assert kills >= 10
    assert moves_seen > 50  # the worker really was busy when it was killed
