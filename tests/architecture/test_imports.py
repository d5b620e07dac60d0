"""The import graph: docs/ARCHITECTURE.md's layer table, enforced package by package, and no circles anywhere.

The table is read from the document itself, so the two cannot drift apart: a module may import its own
layer and the layers its row names, and the rows only point down. `i18n` is a layer of named modules inside
messages/ (the catalogues, formatting and the rules' refusals); every other module's layer is its top-level
package. Imports are read from the source (module level and inside functions), so a circle closed by a lazy
import inside a function is caught too; imports under TYPE_CHECKING follow the same table (checked apart)
and are left out of the circle checks, since they never run. A second test imports every module in a fresh
interpreter in random orders, which is how a circle shows itself to a user ("partially initialized module").
"""

from __future__ import annotations

import ast
import random
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("rules", "messages", "render", "engine", "data", "service", "web", "bot", "local")
DOC = ROOT / "docs" / "ARCHITECTURE.md"
# The i18n layer: the modules of messages/ that take rules' typed data only (docs/ARCHITECTURE.md names them).
I18N = {"messages", "messages.i18n", "messages.catalogue", "messages.pdn", "messages.star"}
# `local*` in the table: only the launcher may start local mode; the Discord app itself never imports it.
LAUNCHER = {"bot.app"}
# `rules/cli*`: the rules' command line, a front end on top of the library, with its sentences from i18n.
RULES_CLI = "rules/cli*"
ROW = re.compile(r"^(?P<layer>\S+?)/?\s.*?may import: (?P<allowed>.*)$")


def read_table(text: str) -> list[tuple[str, set[str]]]:
    """The layers top to bottom with what each may import, from the first code block after "Imports only
    point down this list"."""
    block = text.split("Imports only point down this list", 1)[1].split("```", 2)[1]
    rows = []
    for line in block.strip().splitlines():
        found = ROW.match(line)
        assert found, f"a row of the table does not read 'layer/  what  may import: ...': {line!r}"
        names = {name.strip().rstrip("*") for name in found["allowed"].split(",")} - {"nothing"}
        rows.append((found["layer"], names))
    return rows


TABLE = read_table(DOC.read_text())
ALLOWED = dict(TABLE)
LAYERS = [layer for layer, _ in TABLE]


def layer_of(module: str) -> str:
    if module in I18N:
        return "i18n"
    if module == "rules.__main__" or module.startswith("rules.cli"):
        return RULES_CLI
    return module.split(".")[0]


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


def imports_of(name: str, path: Path, modules: dict[str, Path], *, typing_only: bool = False) -> set[str]:
    """Project modules that `name` imports at run time (typing_only: those under TYPE_CHECKING instead)."""
    tree = ast.parse(path.read_text(), str(path))
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()

    def visit(node: ast.AST, typing: bool = False) -> None:
        if isinstance(node, ast.If) and _is_type_checking(node):
            for child in node.body:
                visit(child, True)
            for child in node.orelse:
                visit(child, typing)
            return
        if typing != typing_only:
            for child in ast.iter_child_nodes(node):
                visit(child, typing)
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
            visit(child, typing)

    visit(tree)
    direct = {m for m in found if m in modules}
    # Importing a.b.c runs a/b/__init__ first unless the importer already sits inside a.b (then that
    # package is initialising already): those packages are imported too.
    own = {".".join(name.split(".")[:i]) for i in range(1, name.count(".") + 2)}
    parents = {
        ".".join(target.split(".")[:i]) for target in direct for i in range(1, target.count(".") + 1)
    }
    return direct | {p for p in parents if p in modules and p not in own}


def graph(*, typing_only: bool = False) -> dict[str, set[str]]:
    modules = project_modules()
    return {
        name: imports_of(name, path, modules, typing_only=typing_only) - {name} for name, path in modules.items()
    }


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


def wrong_imports(edges: dict[str, set[str]]) -> list[str]:
    """Imports of a layer the importer's row does not name."""
    wrong = []
    for name, targets in edges.items():
        mine = layer_of(name)
        for target in targets:
            other = layer_of(target)
            if other == mine:
                continue
            if other not in ALLOWED[mine] or (other == "local" and name not in LAUNCHER):
                wrong.append(f"{name} ({mine}) -> {target} ({other})")
    return sorted(wrong)


def test_the_table_names_every_package_and_only_points_down() -> None:
    assert set(PACKAGES) | {"i18n", RULES_CLI} == set(LAYERS)
    for index, (layer, allowed) in enumerate(TABLE):
        assert allowed <= set(LAYERS[index + 1 :]), f"{layer} may import a layer not below it: {allowed}"
    for module in I18N:
        path = "messages/__init__.py" if module == "messages" else module.replace(".", "/") + ".py"
        assert (ROOT / path).exists() and f"`{path}`" in DOC.read_text(), path


def test_the_checker_finds_a_layer_the_table_does_not_allow() -> None:
    assert wrong_imports({"engine.hint": {"messages.analysis", "messages.i18n", "rules"}}) == [
        "engine.hint (engine) -> messages.analysis (messages)"
    ]
    assert wrong_imports({"bot.cog": {"local.session"}, "bot.app": {"local.session"}}) == [
        "bot.cog (bot) -> local.session (local)"
    ]
    assert wrong_imports({"rules.cli": {"messages"}, "rules.fen": {"messages"}}) == [
        "rules.fen (rules) -> messages (i18n)"
    ]


def test_each_package_imports_only_the_layers_its_row_names() -> None:
    assert wrong_imports(graph()) == []


def test_type_checking_imports_follow_the_same_table() -> None:
    assert wrong_imports(graph(typing_only=True)) == []


def test_no_circle_between_layers() -> None:
    """Module circles aside, no two layers import each other through any chain of modules."""
    between: dict[str, set[str]] = {}
    for name, targets in graph().items():
        between.setdefault(layer_of(name), set()).update(layer_of(t) for t in targets if layer_of(t) != layer_of(name))
    assert circles(between) == []


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
