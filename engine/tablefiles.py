"""Where the endgame table files live, and reading them (mapped, shared by every process of the machine).

`python -m engine tables build VARIANT` writes `<folder>/<variant>.dtb` (engine/tables.py); the compiled core
probes it (engine/core/tables.c). The folder is DAMA_TABLES, else `$XDG_DATA_HOME/dama/tables` (by default
`~/.local/share/dama/tables`). Without a file the engine uses the tables it builds in memory (engine/native.py).
"""

from __future__ import annotations

import logging
import mmap
import os
from pathlib import Path

log = logging.getLogger(__name__)

SUFFIX = ".dtb"
Stamp = tuple[int, int, int] | None  # the file's inode, modification time and size; None: no file
_images: dict[str, tuple[Stamp, mmap.mmap | None]] = {}


def tables_folder() -> Path:
    """The folder of the table files (DAMA_TABLES, else the user's data folder)."""
    chosen = os.environ.get("DAMA_TABLES")
    if chosen:
        return Path(chosen).expanduser()
    data_home = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(data_home) / "dama" / "tables"


def table_path(variant: str, folder: Path | None = None) -> Path:
    return (folder or tables_folder()) / f"{variant}{SUFFIX}"


def table_stamp(variant: str) -> Stamp:
    """What identifies the variant's file now: a build renames a new file into place, which changes it."""
    try:
        found = table_path(variant).stat()
    except OSError:
        return None
    return found.st_ino, found.st_mtime_ns, found.st_size


def table_image(variant: str) -> mmap.mmap | None:
    """The variant's table file, mapped read-only once per process (again when a new file replaced it); None when
    there is none or it is unreadable."""
    stamp = table_stamp(variant)
    cached = _images.get(variant)
    if cached is not None and cached[0] == stamp:
        return cached[1]
    path = table_path(variant)
    image = None
    try:
        with path.open("rb") as handle:
            image = mmap.mmap(handle.fileno(), 0, access=mmap.ACCESS_READ)
    except FileNotFoundError:
        pass
    except (OSError, ValueError) as error:  # ValueError: an empty file cannot be mapped
        log.warning("endgame tables: cannot read %s (%s); using the built-in tables", path, error)
    _images[variant] = (stamp, image)
    return image


def forget_images() -> None:
    """Drop the mapped files so the next search maps them again (after a build, and in tests)."""
    _images.clear()
