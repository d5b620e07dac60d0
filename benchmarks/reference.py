"""The engine as it was before the compiled core (issue 16), built from a pinned revision of this repository.

benchmarks.match's level 0 (`--b 0`) and benchmarks.bench_engine's "before" column play it. Its pure-Python
search and evaluation (engine/search.py and engine/evaluate.py at REVISION) are taken from the repository's
history at benchmark time into a cache folder, as the package `dama_reference`, and run against today's rules
library. Nothing of it is kept in the tree; a clone without that history (a shallow one) gets a sentence.
"""

from __future__ import annotations

import importlib
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
# The parent of fb9d696, the commit that added the compiled core (engine/core): the last pure-Python engine.
REVISION = "e2c2fcf831307d9dd2709706492fdc47a7712612"
PACKAGE = "dama_reference"
FILES = ("engine/evaluate.py", "engine/search.py")
# search.py imports its evaluation from the package it now lives in.
REWRITES = {"engine/search.py": ("from engine.evaluate import", f"from {PACKAGE}.evaluate import")}
COMPLETE = "COMPLETE"


class ReferenceUnavailable(Exception):
    """The pinned revision cannot be read; the message is a sentence for the terminal."""


def cache_root() -> Path:
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "dama" / "reference"


def _source(path: str, revision: str) -> str:
    try:
        shown = subprocess.run(
            ["git", "-C", str(ROOT), "show", f"{revision}:{path}"], capture_output=True, text=True, check=False
        )
    except FileNotFoundError:
        raise ReferenceUnavailable("the reference engine is built from this repository's history: install git") \
            from None
    if shown.returncode != 0:
        raise ReferenceUnavailable(
            f"the reference engine (the engine before the compiled core) is built from commit {revision[:12]} of "
            "this repository, which this checkout does not have (a shallow clone?): run `git fetch --unshallow` "
            "and try again"
        )
    return shown.stdout


def build(cache: Path | None = None, revision: str = REVISION) -> Path:
    """The folder holding the package `dama_reference` of revision (built once, then taken from the cache)."""
    folder = (cache or cache_root()) / revision[:12]
    if (folder / PACKAGE / COMPLETE).is_file():
        return folder
    sources = {path: _source(path, revision) for path in FILES}
    folder.parent.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=".building-", dir=folder.parent))
    package = staging / PACKAGE
    package.mkdir()
    (package / "__init__.py").write_text(f'"""engine/search.py and engine/evaluate.py at {revision}."""\n')
    for path, text in sources.items():
        old, new = REWRITES.get(path, ("", ""))
        if old:
            if old not in text:
                shutil.rmtree(staging)
                raise ReferenceUnavailable(f"{path} at {revision[:12]} does not read as expected ({old!r} missing)")
            text = text.replace(old, new)
        (package / Path(path).name).write_text(text)
    (package / COMPLETE).write_text(revision + "\n")
    try:
        os.replace(staging, folder)  # atomic; another process may have finished first
    except OSError:
        shutil.rmtree(staging, ignore_errors=True)
    return folder


def searcher_class(cache: Path | None = None) -> Any:
    """The reference engine's Searcher (Searcher(rules).search(white, black, kings, turn, seconds=…, history=…))."""
    folder = str(build(cache))
    if folder not in sys.path:
        sys.path.insert(0, folder)
    return importlib.import_module(f"{PACKAGE}.search").Searcher
