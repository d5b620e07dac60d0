"""The bundled puzzles: one JSON file per variant (`{"puzzles": [...]}`, one puzzle per line), built by
`python -m engine.puzzle_bundle` from published game records and engine self-play (see SOURCES.md)."""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from typing import Any


@cache
def bundled(variant: str) -> tuple[dict[str, Any], ...]:
    """The bundled puzzles of a variant id (none for a variant without a file)."""
    path = resources.files(__name__).joinpath(f"{variant}.json")
    if not path.is_file():
        return ()
    return tuple(json.loads(path.read_text(encoding="utf-8"))["puzzles"])


def bundled_variants() -> tuple[str, ...]:
    names = (item.name for item in resources.files(__name__).iterdir())
    return tuple(sorted(name.removesuffix(".json") for name in names if name.endswith(".json")))


__all__ = ["bundled", "bundled_variants"]
