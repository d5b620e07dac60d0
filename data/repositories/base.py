"""Shared helpers for the repositories."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterable
from typing import Any, TypeVar

import aiosqlite

T = TypeVar("T")


class Repository:
    def __init__(self, conn: aiosqlite.Connection) -> None:
        self.conn = conn

    async def _all(self, model: type[T], sql: str, params: Iterable[Any] = ()) -> list[T]:
        rows = await self.conn.execute_fetchall(sql, tuple(params))
        return [model(**_as_dict(row)) for row in rows]

    async def _one(self, model: type[T], sql: str, params: Iterable[Any] = ()) -> T | None:
        found = await self._all(model, sql, params)
        return found[0] if found else None

    async def _scalar(self, sql: str, params: Iterable[Any] = ()) -> Any:
        rows = list(await self.conn.execute_fetchall(sql, tuple(params)))
        return rows[0][0] if rows else None

    async def _run(self, sql: str, params: Iterable[Any] = ()) -> int:
        """Execute a change; returns the number of rows it touched."""
        cursor = await self.conn.execute(sql, tuple(params))
        return cursor.rowcount  # not closed: one thread hop fewer, the statement is already done

    async def _insert(self, sql: str, params: Iterable[Any] = ()) -> int:
        cursor = await self.conn.execute(sql, tuple(params))
        rowid = cursor.lastrowid
        assert rowid is not None
        return rowid


def _as_dict(row: sqlite3.Row) -> dict[str, Any]:
    return {key: row[key] for key in row.keys()}  # noqa: SIM118 - Row has no items()
