"""Every third-party package the product imports is declared in pyproject.toml's dependencies, not merely
brought along by another one (aiohttp and yarl arrive with discord.py, yet Dama imports them itself)."""

from __future__ import annotations

import ast
import re
import sys
import tomllib
from importlib.metadata import packages_distributions
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PRODUCT = ("rules", "messages", "render", "data", "engine", "service", "bot", "local", "web")


def _normal(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def _imported() -> dict[str, str]:
    """Top-level module imported -> a file importing it, over the product's packages."""
    found: dict[str, str] = {}
    for package in PRODUCT:
        for path in (ROOT / package).rglob("*.py"):
            for node in ast.walk(ast.parse(path.read_text(), str(path))):
                names = []
                if isinstance(node, ast.Import):
                    names = [alias.name for alias in node.names]
                elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                    names = [node.module]
                for name in names:
                    found.setdefault(name.partition(".")[0], str(path.relative_to(ROOT)))
    return found


def test_every_imported_package_is_declared() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    declared = {_normal(re.split(r"[<>=!~\[; ]", spec, maxsplit=1)[0]) for spec in project["dependencies"]}
    owners = packages_distributions()
    undeclared = []
    for module, where in sorted(_imported().items()):
        if module in sys.stdlib_module_names or module in PRODUCT or module.startswith("_") or module == "dama":
            continue
        distributions = {_normal(d) for d in owners.get(module, [])}
        if not distributions & declared:
            undeclared.append((module, sorted(distributions), where))
    assert undeclared == []
