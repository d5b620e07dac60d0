"""Shared helpers for the repositories: `?` parameters, rows as dataclasses, over either store."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, TypeVar

from data.store import Connection

T = TypeVar("T")


class Repository:
    def __init__(self, conn: Connection) -> None:
        self.conn = conn

    async def _all(self, model: type[T], sql: str, params: Iterable[Any] = ()) -> list[T]:
        rows = await self.conn.execute_fetchall(sql, params)
        return [model(**_as_dict(row)) for row in rows]

    async def _one(self, model: type[T], sql: str, params: Iterable[Any] = ()) -> T | None:
        found = await self._all(model, sql, params)
        return found[0] if found else None

    async def _scalar(self, sql: str, params: Iterable[Any] = ()) -> Any:
        rows = await self.conn.execute_fetchall(sql, params)
        return rows[0][0] if rows else None

    async def _column(self, sql: str, params: Iterable[Any] = ()) -> list[Any]:
        return [row[0] for row in await self.conn.execute_fetchall(sql, params)]

    async def _run(self, sql: str, params: Iterable[Any] = ()) -> int:
        """Execute a change; returns the number of rows it touched."""
        return await self.conn.execute(sql, params)

    async def _insert(self, sql: str, params: Iterable[Any] = ()) -> int:
        """Insert one row into a table with an `id` column; returns its id."""
        return await self.conn.insert(sql, params)


def _as_dict(row: Any) -> dict[str, Any]:
    return {key: row[key] for key in row.keys()}  # noqa: SIM118 - sqlite3.Row has no items()
