"""The schema itself, read from either store: which tables exist, their keys and references, and whole-table
reads and writes for `db copy`. Table and column names here come from the database's own catalogue."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from data.repositories.base import Repository

# Bookkeeping tables each store keeps for itself: never copied.
_OWN_TABLES = ("dama_schema", "sqlite_sequence", "sqlite_stat1")


@dataclass(frozen=True, slots=True)
class TableInfo:
    name: str
    columns: tuple[str, ...]
    primary_key: tuple[str, ...]
    references: tuple[str, ...]  # the tables its foreign keys point to


def _quoted(name: str) -> str:
    return '"' + name.replace('"', '""') + '"'


class SchemaRepository(Repository):
    async def tables(self) -> list[TableInfo]:
        """Every table of the schema, parents before the tables that reference them."""
        found = await (self._postgres_tables() if self.conn.dialect == "postgresql" else self._sqlite_tables())
        by_name = {table.name: table for table in found}
        ordered: list[TableInfo] = []
        placed: set[str] = set()

        def place(table: TableInfo, path: tuple[str, ...] = ()) -> None:
            if table.name in placed or table.name in path:
                return
            for parent in table.references:
                if parent in by_name:
                    place(by_name[parent], (*path, table.name))
            placed.add(table.name)
            ordered.append(table)

        for table in sorted(found, key=lambda t: t.name):
            place(table)
        return ordered

    async def _sqlite_tables(self) -> list[TableInfo]:
        names = await self._column("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
        found: list[TableInfo] = []
        for name in names:
            if name in _OWN_TABLES:
                continue
            columns = await self.conn.execute_fetchall(f"PRAGMA table_info({_quoted(name)})")
            keys = sorted((int(c[5]), str(c[1])) for c in columns if c[5])
            parents = await self.conn.execute_fetchall(f"PRAGMA foreign_key_list({_quoted(name)})")
            found.append(
                TableInfo(
                    str(name),
                    tuple(str(c[1]) for c in columns),
                    tuple(key for _, key in keys),
                    tuple(sorted({str(p[2]) for p in parents})),
                )
            )
        return found

    async def _postgres_tables(self) -> list[TableInfo]:
        names = await self._column(
            "SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() "
            "AND table_type = 'BASE TABLE' ORDER BY table_name"
        )
        found: list[TableInfo] = []
        for name in names:
            if name in _OWN_TABLES:
                continue
            columns = await self._column(
                "SELECT column_name FROM information_schema.columns WHERE table_schema = current_schema() "
                "AND table_name = ? ORDER BY ordinal_position",
                (name,),
            )
            keys = await self._column(
                "SELECT a.attname FROM pg_index i JOIN pg_attribute a ON a.attrelid = i.indrelid "
                "AND a.attnum = ANY(i.indkey) WHERE i.indrelid = CAST(? AS regclass) AND i.indisprimary "
                "ORDER BY array_position(i.indkey, a.attnum)",
                (_quoted(name),),
            )
            parents = await self._column(
                "SELECT DISTINCT confrelid::regclass::text FROM pg_constraint "
                "WHERE conrelid = CAST(? AS regclass) AND contype = 'f'",
                (_quoted(name),),
            )
            found.append(
                TableInfo(
                    str(name),
                    tuple(map(str, columns)),
                    tuple(map(str, keys)),
                    tuple(sorted(str(p).strip('"') for p in parents)),
                )
            )
        return found

    async def count(self, table: TableInfo) -> int:
        return int(await self._scalar(f"SELECT COUNT(*) FROM {_quoted(table.name)}"))

    async def rows(self, table: TableInfo, limit: int, offset: int) -> list[tuple[Any, ...]]:
        """A slice of the table's rows in primary-key order (all columns, in table order)."""
        order = ", ".join(map(_quoted, table.primary_key or table.columns))
        columns = ", ".join(map(_quoted, table.columns))
        found = await self.conn.execute_fetchall(
            f"SELECT {columns} FROM {_quoted(table.name)} ORDER BY {order} LIMIT ? OFFSET ?", (limit, offset)
        )
        return [tuple(row) for row in found]

    async def insert_rows(self, table: TableInfo, rows: Sequence[Sequence[Any]]) -> None:
        if not rows:
            return
        marks = ", ".join("?" * len(table.columns))
        columns = ", ".join(map(_quoted, table.columns))
        await self.conn.execute_many(f"INSERT INTO {_quoted(table.name)} ({columns}) VALUES ({marks})", rows)

    async def delete_all(self, table: TableInfo) -> None:
        await self._run(f"DELETE FROM {_quoted(table.name)}")

    async def continue_ids_after_copy(self, table: TableInfo) -> None:
        """New rows must get ids after the copied ones: PostgreSQL's identity sequences do not follow rows
        inserted with their ids (SQLite's AUTOINCREMENT does)."""
        if self.conn.dialect != "postgresql" or "id" not in table.columns:
            return
        sequence = await self._scalar("SELECT pg_get_serial_sequence(?, 'id')", (_quoted(table.name),))
        if sequence is not None:
            await self._scalar(
                f"SELECT setval(CAST(? AS regclass), (SELECT COALESCE(MAX(id), 0) + 1 FROM {_quoted(table.name)}), "
                "false)",
                (sequence,),
            )
