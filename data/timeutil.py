"""Timestamps are stored as fixed-width ISO-8601 UTC text, so comparing the text compares the times."""

from __future__ import annotations

from datetime import UTC, datetime


def to_db(moment: datetime) -> str:
    if moment.tzinfo is None:
        raise ValueError("naive datetime: use an aware UTC timestamp")
    return moment.astimezone(UTC).isoformat(timespec="microseconds")


def from_db(text: str) -> datetime:
    return datetime.fromisoformat(text).astimezone(UTC)


def opt_from_db(text: str | None) -> datetime | None:
    return None if text is None else from_db(text)
