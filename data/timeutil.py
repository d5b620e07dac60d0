"""Timestamps are stored as fixed-width ISO-8601 UTC text, so comparing the text compares the times."""

from __future__ import annotations

import zoneinfo
from datetime import UTC, datetime
from functools import cache


def to_db(moment: datetime) -> str:
    if moment.tzinfo is None:
        raise ValueError("naive datetime: use an aware UTC timestamp")
    return moment.astimezone(UTC).isoformat(timespec="microseconds")


def from_db(text: str) -> datetime:
    return datetime.fromisoformat(text).astimezone(UTC)


def opt_from_db(text: str | None) -> datetime | None:
    return None if text is None else from_db(text)


@cache
def known_time_zones() -> dict[str, str]:
    """IANA time zone names by their case-folded spelling (the tzdata package provides them where the system
    does not)."""
    return {name.casefold(): name for name in zoneinfo.available_timezones()}


def local_time(moment: datetime, zone: str | None) -> datetime:
    """`moment` on the wall clock of `zone` (None: UTC)."""
    return moment.astimezone(UTC if zone is None else zoneinfo.ZoneInfo(zone))
