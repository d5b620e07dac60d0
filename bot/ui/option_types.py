"""Option values a modified or stale client may send with the wrong type (Discord itself checks them)."""

from __future__ import annotations

from typing import Any

from discord import app_commands

# Discord's option types and the JSON values each must carry (bool is an int in Python: refused for numbers).
_OPTION_TYPES: dict[int, tuple[type, ...]] = {3: (str,), 4: (int,), 5: (bool,), 10: (int, float)}


def check_option_types(options: list[dict[str, Any]]) -> None:
    """Raise BadOption for an option whose value is not of its declared type (subcommands included)."""
    for option in options:
        nested = option.get("options")
        if isinstance(nested, list):
            check_option_types(nested)
            continue
        wanted = _OPTION_TYPES.get(int(option.get("type", 0)))
        value = option.get("value")
        if wanted is None:
            continue
        if not isinstance(value, wanted) or (isinstance(value, bool) and bool not in wanted):
            raise BadOption(str(option.get("name", "?")), value)


class BadOption(app_commands.CheckFailure):
    def __init__(self, name: str, value: object) -> None:
        super().__init__(f"option {name} has a value of the wrong type")
        self.name = name
        self.value = value
