"""The import graph: no circles anywhere, and each package imports only the layers below it.

Imports are read from the source (module level and inside functions; not those under TYPE_CHECKING), so a
circle closed by a lazy import inside a function is caught too. A second test imports every module in a fresh
interpreter in random orders, which is how a circle shows itself to a user ("partially initialized module").
"""

from __future__ import annotations

import ast
import random
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("rules", "messages", "render", "engine", "data", "service", "web", "bot", "local")

# Which top-level packages each package may import (besides itself and the standard library).
ALLOWED = {
    "rules": set(),
    "messages": {"rules", "service", "engine", "data"},
    "render": {"rules", "messages"},
    "engine": {"rules", "messages"},
    "data": {"rules"},
    "service": {"rules", "data", "engine"},
    "web": {"rules", "messages", "render", "data", "service"},
    "local": {"rules", "messages", "render", "engine", "data", "service", "web"},
    "bot": {"rules", "messages", "render", "engine", "data", "service", "local", "web"},
}
# Only the launcher may start local mode; the Discord app itself never imports it.
LAUNCHER = {"bot.app"}
# The rules command line is a front end: it takes its sentences from messages (rules/ itself has no prose).
FRONT_ENDS = {"rules.cli": {"messages"}, "rules.cli_pdn": {"messages"}}


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def project_modules() -> dict[str, Path]:
    found = {}
    for package in PACKAGES:
        for path in (ROOT / package).rglob("*.py"):
            found[module_name(path)] = path
    return found


def _is_type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def imports_of(name: str, path: Path, modules: dict[str, Path]) -> set[str]:
    """Project modules that `name` imports at run time."""
    tree = ast.parse(path.read_text(), str(path))
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()

    def visit(node: ast.AST) -> None:
        if isinstance(node, ast.If) and _is_type_checking(node):
            for child in node.orelse:
                visit(child)
            return
        if isinstance(node, ast.Import):
            for alias in node.names:
                found.add(alias.name)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*anchor, base] if base else anchor)
            for alias in node.names:
                candidate = f"{base}.{alias.name}"
                found.add(candidate if candidate in modules else base)
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(tree)
    direct = {m for m in found if m in modules}
    # Importing a.b.c runs a/b/__init__ first unless the importer already sits inside a.b (then that
    # package is initialising already): those packages are imported too.
    own = {".".join(name.split(".")[:i]) for i in range(1, name.count(".") + 2)}
    parents = {
        ".".join(target.split(".")[:i]) for target in direct for i in range(1, target.count(".") + 1)
    }
    return direct | {p for p in parents if p in modules and p not in own}


def graph() -> dict[str, set[str]]:
    modules = project_modules()
    return {name: imports_of(name, path, modules) - {name} for name, path in modules.items()}


def circles(edges: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components with more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def connect(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for target in sorted(edges.get(node, ())):
            if target not in index:
                connect(target)
                low[node] = min(low[node], low[target])
            elif target in on_stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    sys.setrecursionlimit(10_000)
    for node in sorted(edges):
        if node not in index:
            connect(node)
    return found


def test_the_checker_finds_a_planted_circle() -> None:
    assert circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert circles({"a": {"b"}, "b": set()}) == []


def test_no_import_circle_anywhere() -> None:
    assert circles(graph()) == []


def test_each_package_imports_only_the_layers_below_it() -> None:
    wrong = []
    for name, targets in graph().items():
        top = name.split(".")[0]
        for target in targets:
            other = target.split(".")[0]
            if other == top:
                continue
            if other in FRONT_ENDS.get(name, ()):
                continue
            if other not in ALLOWED[top] or (other == "local" and name not in LAUNCHER):
                wrong.append(f"{name} -> {target}")
    assert wrong == []


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_every_module_imports_in_any_order(seed: int) -> None:
    names = sorted(project_modules())
    random.Random(seed).shuffle(names)
    code = "import importlib, sys\nfor name in sys.argv[1:]:\n    importlib.import_module(name)\n"
    done = subprocess.run(
        [sys.executable, "-c", code, *[n for n in names if not n.endswith("__main__")]],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr[-2000:]
