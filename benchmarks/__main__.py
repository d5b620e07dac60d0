"""`python -m benchmarks [NAME ...]`: run the benchmarks (all by default) and print their figures."""

from __future__ import annotations

import importlib
import pkgutil
import sys
from pathlib import Path


def available() -> list[str]:
    here = Path(__file__).parent
    return sorted(m.name[len("bench_") :] for m in pkgutil.iter_modules([str(here)]) if m.name.startswith("bench_"))


def run(names: list[str]) -> int:
    for name in names:
        module = importlib.import_module(f"benchmarks.bench_{name}")
        print(f"== {name}")
        module.main()
        print()
    return 0


if __name__ == "__main__":
    wanted = sys.argv[1:] or available()
    unknown = [n for n in wanted if n not in available()]
    if unknown:
        print(f"unknown benchmark(s): {', '.join(unknown)}; available: {', '.join(available())}")
        sys.exit(2)
    sys.exit(run(wanted))
