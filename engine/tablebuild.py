"""Endgame table files built at start-up, so the engine plays at full strength without an operator step.

`ENGINE_TABLES` (bot/settings.py): `on` (the default) starts one background process, `python -m
engine.tablebuild`, at the lowest priority (nice 19), which builds the missing files of VARIANTS one at a time
and prints a line per step; the bot relays those lines to its log (TableBuilder). `off` builds nothing (the test
suite and CI), `build-only` builds in the foreground and exits. engine/tables.py writes each file as a
`.partial` and renames it into place, and every engine process notices a new file at its next search
(engine/worker.py). A lock file keeps several bot processes on one folder from building the same file twice.
"""

from __future__ import annotations

import argparse
import contextlib
import fcntl
import logging
import os
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path

from engine import native
from engine.tablefiles import SUFFIX, table_path, tables_folder
from engine.tables import TablesError, build_tables
from rules import find_variant

log = logging.getLogger("engine.tables")

# The variants whose files are built, in this order: Italian first (the bot's own variant), then International
# (without its file it has no tables at all), then the other 8x8 boards the engine work measured. About 55 s
# and 152 MB for each five-piece file, 20 s and 50 MB for International's (0.47 GB at peak).
VARIANTS = ("italian", "international", "english", "russian", "brazilian")
MODES = ("on", "off", "build-only")
LOCK = ".build.lock"


def _covered() -> list[str]:
    return [v for v in VARIANTS if native.core is not None and native.table_file_pieces(find_variant(v))]


def present(folder: Path | None = None) -> list[str]:
    """The variants of VARIANTS whose table file is in the folder."""
    return [v for v in VARIANTS if table_path(v, folder).is_file()]


def missing(folder: Path | None = None) -> list[str]:
    """The variants of VARIANTS the compiled core could use a file for and that have none yet."""
    have = set(present(folder))
    return [v for v in _covered() if v not in have]


def summary(folder: Path | None = None) -> str:
    """The start-up line: which files the engine uses and which are still to be built."""
    folder = folder or tables_folder()
    have = present(folder)
    if native.core is None:
        return f"endgame tables: none (the compiled core is not built: {native.IMPORT_ERROR})"
    loaded = ", ".join(have) if have else "no table file yet"
    return f"endgame tables in {folder}: {loaded}"


@contextlib.contextmanager
def _exclusive(folder: Path) -> Iterator[bool]:
    """Whether this process may build in folder (another holds the lock: False)."""
    folder.mkdir(parents=True, exist_ok=True)
    with (folder / LOCK).open("a") as handle:
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            yield False
            return
        try:
            yield True
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def build_missing(folder: Path | None = None, say: Callable[[str], None] = log.info) -> int:
    """Build every missing file of VARIANTS, one at a time; say() gets a sentence per step. 0 when all are
    there (or another process is building them), 1 when one could not be built."""
    folder = folder or tables_folder()
    failed = False
    try:
        with _exclusive(folder) as mine:
            if not mine:
                say(f"another process is building the table files in {folder}; this one leaves it to it")
                return 0
            for variant in missing(folder):
                say(f"building {variant}'s table file in {folder} (at the lowest priority)")
                cpu = time.process_time()
                try:
                    report = build_tables(find_variant(variant), folder=folder)
                except TablesError as error:
                    say(f"could not build {variant}'s table file: {error}")
                    failed = True
                    continue
                say(
                    f"{variant}'s table file is ready: up to {report.pieces} pieces, {report.size / 1e6:.0f} MB, "
                    f"built in {report.seconds:.0f} s ({time.process_time() - cpu:.0f} CPU-seconds); every engine "
                    "process uses it from its next search"
                )
    except OSError as error:
        say(f"cannot build table files in {folder}: {error.strerror or error}")
        return 1
    return 1 if failed else 0


class TableBuilder:
    """The background build: one child process at nice 19, its lines relayed to this process's log."""

    def __init__(self, folder: Path | None = None) -> None:
        self.folder = folder or tables_folder()
        self._process: subprocess.Popen[str] | None = None
        self._relay: threading.Thread | None = None

    def start(self) -> None:
        if not missing(self.folder):
            return
        self._process = subprocess.Popen(
            [sys.executable, "-m", "engine.tablebuild", "--folder", str(self.folder)],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
        )
        self._relay = threading.Thread(target=self._pass_on, name="table-builder", daemon=True)
        self._relay.start()

    def _pass_on(self) -> None:
        assert self._process is not None and self._process.stdout is not None
        for line in self._process.stdout:
            text = line.rstrip()
            if text:
                level = logging.WARNING if text.startswith(("could not", "cannot", "Traceback")) else logging.INFO
                log.log(level, "endgame tables: %s", text)

    def wait(self, timeout: float | None = None) -> int | None:
        """The build's exit code once it has ended (None: not started, or still running after timeout)."""
        if self._process is None:
            return None
        try:
            code = self._process.wait(timeout)
        except subprocess.TimeoutExpired:
            return None
        if self._relay is not None:
            self._relay.join(5)
        return code

    def stop(self) -> None:
        """End the build (a file half written stays a .partial, overwritten by the next build)."""
        if self._process is not None and self._process.poll() is None:
            self._process.terminate()
            with contextlib.suppress(subprocess.TimeoutExpired):
                self._process.wait(10)
            if self._process.poll() is None:
                self._process.kill()
                self._process.wait()
        if self._relay is not None:
            self._relay.join(5)
        with contextlib.suppress(OSError), _exclusive(self.folder) as mine:
            if mine:  # no build runs: what a stopped one left half written goes
                for partial in self.folder.glob(f"*{SUFFIX}.partial"):
                    partial.unlink(missing_ok=True)


def _say(text: str) -> None:
    sys.stdout.write(text + "\n")
    sys.stdout.flush()


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m engine.tablebuild",
        description="Build the missing endgame table files, one variant at a time, at the lowest priority "
        f"({', '.join(VARIANTS)}). The bot starts this by itself unless ENGINE_TABLES=off.",
    )
    parser.add_argument("--folder", type=Path, help="where the files go (default: DAMA_TABLES or the data folder)")
    args = parser.parse_args(argv)
    with contextlib.suppress(OSError):
        os.nice(19)
    try:
        return build_missing(args.folder, _say)
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main())
