"""Run a bot module as ``__main__`` behind the loopback guard: ``python -m tests.fakediscord.launch bot``
behaves like ``python -m bot`` but no socket can leave 127.0.0.1 when DAMA_LOOPBACK_ONLY=1."""

from __future__ import annotations

import os
import runpy
import sys

from tests.fakediscord import guard

if __name__ == "__main__":
    if os.environ.get("DAMA_LOOPBACK_ONLY") == "1":
        guard.enable()
    if len(sys.argv) < 2:
        raise SystemExit("usage: python -m tests.fakediscord.launch MODULE [ARGS...]")
    module = sys.argv[1]
    sys.argv = [module, *sys.argv[2:]]
    runpy.run_module(module, run_name="__main__", alter_sys=True)
