"""Peak memory of the work the longest record the bounds allow can cause (service/bounds.py): its animated
replay at the three sizes /replay tries, and its analysis through the service and the engine pool. Each
runs in a fresh process; the figure is the process's peak resident memory (ru_maxrss) against what it held
once everything was imported and warm. The record is the review's worst case: two kings shuttling, English,
`1-6 32-27 6-1 27-32` again and again, every frame different from the one before.

The analysis searches 0.02 s per position instead of the default 0.6 s (the memory does not depend on it,
the wait would be six minutes); its engine worker's peak is given apart.
"""

from __future__ import annotations

import asyncio
import json
import resource
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

from service.bounds import MAX_ANALYSIS_PLIES, MAX_RECORD_PLIES, MAX_REPLAY_PLIES

SHUTTLE = ["1-6", "32-27", "6-1", "27-32"]
FEN = "W:WK1:BK32"
SIZES = (560, 400, 280)  # bot/exts/analysis/cog.py REPLAY_SIZES
SEARCH_SECONDS = 0.02
WHITE = 1001


def shuttling(plies: int) -> list[str]:
    return (SHUTTLE * (plies // len(SHUTTLE) + 1))[:plies]


def peak_mib(who: int = resource.RUSAGE_SELF) -> float:
    return resource.getrusage(who).ru_maxrss / 1024  # KiB on Linux


def replay() -> dict[str, object]:
    from render import RenderOptions, render_board, render_replay  # noqa: PLC0415 - only in the child
    from rules import find_variant, parse_fen  # noqa: PLC0415 - only in the child

    rules = find_variant("english")
    render_board(parse_fen(rules, FEN), RenderOptions(size=SIZES[0]))  # fonts, sprites, caches
    base = peak_mib()
    moves = shuttling(MAX_REPLAY_PLIES)
    out: dict[str, object] = {"base": base, "sizes": []}
    for size in SIZES:
        start = time.perf_counter()
        data = render_replay(rules, FEN, moves, RenderOptions(size=size), "gif", MAX_REPLAY_PLIES + 1)
        seconds = time.perf_counter() - start
        out["sizes"].append({"size": size, "seconds": seconds, "bytes": len(data), "peak": peak_mib()})  # type: ignore[attr-defined]
    return out


def held(plies: int = 100) -> dict[str, object]:
    """For comparison: every frame drawn and held before writing, as /replay did before (fewer plies)."""
    from PIL import Image  # noqa: PLC0415 - only in the child

    from render import RenderOptions, render_board, replay_frames  # noqa: PLC0415 - only in the child
    from render.draw import palette_of  # noqa: PLC0415 - only in the child
    from rules import find_variant, parse_fen  # noqa: PLC0415 - only in the child

    rules = find_variant("english")
    options = RenderOptions(size=SIZES[0])
    render_board(parse_fen(rules, FEN), options)
    base = peak_mib()
    frames = replay_frames(rules, FEN, shuttling(plies), options)
    palette = palette_of(parse_fen(rules, FEN), options)
    indexed = [frame.quantize(palette=palette, dither=Image.Dither.NONE) for frame in frames]
    indexed[0].save(f"{tempfile.gettempdir()}/held.gif", "GIF", save_all=True, append_images=indexed[1:], loop=0)
    return {"plies": plies, "base": base, "peak": peak_mib()}


async def _analyse() -> dict[str, object]:
    from data import Database  # noqa: PLC0415 - only in the child
    from engine import Analysis, Engine  # noqa: PLC0415 - only in the child
    from rules import Position  # noqa: PLC0415 - only in the child
    from service import Service  # noqa: PLC0415 - only in the child

    pool = Engine(workers=1)
    plies = min(MAX_RECORD_PLIES, MAX_ANALYSIS_PLIES)
    moves = shuttling(plies)
    numbered = " ".join(f"{i // 2 + 1}. {' '.join(moves[i : i + 2])}" for i in range(0, plies, 2))
    pdn = f'[White "Ann"]\n[Black "Bo"]\n[FEN "{FEN}"]\n\n{numbered} *\n'.encode()
    with tempfile.TemporaryDirectory() as folder:
        db = await Database.open(str(Path(folder) / "bench.sqlite3"))
        try:

            async def search(position: Position, history: Sequence[Position]) -> Analysis:
                return await pool.analyse(position, time=SEARCH_SECONDS, history=history)

            service = Service(db, review_search=search)
            report = await service.imports.import_pdn(pdn, importer_id=WHITE, guild_id=None, variant="english")
            number = report.entries[0].imported_id
            assert number is not None
            base = peak_mib()
            start = time.perf_counter()
            review = await service.analysis.analyse_imported(number, WHITE)
            seconds = time.perf_counter() - start
            pool.close()  # the worker exits: its peak is counted among the children
            return {
                "plies": len(review.plies),
                "base": base,
                "peak": peak_mib(),
                "worker": peak_mib(resource.RUSAGE_CHILDREN),
                "seconds": seconds,
            }
        finally:
            await db.close()


async def _analysed() -> dict[str, object]:
    from service import SYSTEM, acting_as  # noqa: PLC0415 - only in the child

    with acting_as(SYSTEM):  # an operator's measurement (service/access.py)
        return await _analyse()


def _child(kind: str) -> dict[str, object]:
    answer = subprocess.run(
        [sys.executable, "-m", "benchmarks.bench_bounds", kind], capture_output=True, text=True, check=True
    )
    result: dict[str, object] = json.loads(answer.stdout.strip().splitlines()[-1])
    return result


def main() -> None:
    shown = _child("replay")
    print(f"replay of a {MAX_REPLAY_PLIES}-ply record ({MAX_REPLAY_PLIES + 1} frames), fresh process, "
          f"warm: {shown['base']:.0f} MiB")
    for row in shown["sizes"]:  # type: ignore[attr-defined]
        print(f"  {row['size']} px: {row['seconds']:.1f} s, GIF {row['bytes'] / 1e6:.2f} MB, "
              f"peak {row['peak']:.0f} MiB (+{row['peak'] - shown['base']:.0f})")  # type: ignore[operator]
    before = _child("held")
    grown = before["peak"] - before["base"]  # type: ignore[operator]
    print(f"  the way before (every frame held), {before['plies']} plies at 560 px: +{grown:.0f} MiB, "
          f"{grown / before['plies']:.1f} MiB a ply")  # type: ignore[operator]
    analysed = _child("analysis")
    print(f"analysis of a {analysed['plies']}-ply record at {SEARCH_SECONDS} s a position: "
          f"{analysed['seconds']:.1f} s; peak {analysed['peak']:.0f} MiB "
          f"(+{analysed['peak'] - analysed['base']:.0f} over {analysed['base']:.0f}); "  # type: ignore[operator]
          f"engine worker peak {analysed['worker']:.0f} MiB")


if __name__ == "__main__":
    if sys.argv[1:] == ["replay"]:
        print(json.dumps(replay()))
    elif sys.argv[1:] == ["held"]:
        print(json.dumps(held()))
    elif sys.argv[1:] == ["analysis"]:
        print(json.dumps(asyncio.run(_analysed())))
    else:
        main()
