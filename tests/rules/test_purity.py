"""rules/ imports only the standard library (its CLI front end also uses the messages package)."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
FRONT_ENDS = {"cli.py", "cli_pdn.py", "__main__.py"}


def _imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module.split(".")[0])
    return names


def test_rules_library_imports_only_stdlib() -> None:
    allowed = set(sys.stdlib_module_names) | {"rules", "__future__"}
    for path in sorted((ROOT / "rules").rglob("*.py")):
        extra = {"messages"} if path.name in FRONT_ENDS else set()
        bad = _imports(path) - allowed - extra
        assert not bad, f"{path.relative_to(ROOT)} imports {bad}"


def test_messages_imports_no_front_end_and_no_third_party_but_babel() -> None:
    """Words for typed data: from the rules (errors), the engine (hints) and the service (game states, refusals);
    never a front end. Babel reads the message catalogues (messages/i18n.py)."""
    allowed = set(sys.stdlib_module_names) | {"rules", "__future__", "messages", "service", "engine", "data", "babel"}
    for path in sorted((ROOT / "messages").rglob("*.py")):
        assert not _imports(path) - allowed, path


def test_importing_messages_loads_no_service_or_third_party_module() -> None:
    """The rules CLI imports messages: that must not drag in the service, its database driver or discord."""
    code = (
        "import sys, messages; "
        "bad = [m for m in ('discord', 'PIL', 'aiosqlite', 'service', 'data') if m in sys.modules]; "
        "print(bad)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True)
    assert out.stdout.strip() == "[]"


def test_importing_rules_loads_no_third_party_module() -> None:
    code = (
        "import sys, rules, rules.pdn; "
        "bad = [m for m in ('discord', 'PIL', 'aiosqlite', 'numpy', 'messages') if m in sys.modules]; "
        "print(bad)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True)
    assert out.stdout.strip() == "[]"
