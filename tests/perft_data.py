"""Published perft numbers (a verbatim copy of the project's reference table, tests/data/perft_published.tsv)."""

from __future__ import annotations

import csv
from dataclasses import dataclass
from pathlib import Path

PUBLISHED = Path(__file__).parent / "data" / "perft_published.tsv"


@dataclass(frozen=True)
class PerftRow:
    variant: str
    fen: str
    convention: str  # K keep duplicates, D drop duplicates
    depth: int
    nodes: int
    source: str

    @property
    def id(self) -> str:
        return f"{self.variant}-{self.fen[:24]}-{self.convention}-d{self.depth}"


def published_rows(variant: str, convention: str | None = None, max_nodes: int | None = None) -> list[PerftRow]:
    rows = []
    with PUBLISHED.open(encoding="utf-8") as handle:
        for record in csv.DictReader(handle, delimiter="\t"):
            row = PerftRow(
                record["variant"],
                record["fen"],
                record["convention"],
                int(record["depth"]),
                int(record["nodes"]),
                record["source"],
            )
            if row.variant != variant:
                continue
            if convention is not None and row.convention != convention:
                continue
            if max_nodes is not None and row.nodes > max_nodes:
                continue
            rows.append(row)
    return rows
