"""The sentence rule of docs/ARCHITECTURE.md ("A new sentence"), as far as the source shows it:

- every `say`/`plural` call shaped like the catalogue's (a key and English, and the plural's other form) has
  them as string literals, so `make messages` collects every sentence and no key or English is built at run
  time (an f-string, a concatenation, a variable);
- a front end (bot/, local/, web/) builds no player text in an f-string that holds a word: "player {id}" or
  "#{game} vs {name}" are sentences and go through the catalogue. Codes (custom ids, catalogue keys, file
  names), markup, log lines, raised errors' texts and the operator's command-line files are not player text.

String literals that read like words outside a `say`/`plural` call are tests/i18n/test_no_stray_words.py's.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

from tests.i18n.test_no_stray_words import LOGGING, NOT_WORDS, OPERATOR_FILES

ROOT = Path(__file__).resolve().parents[2]
ALL_CODE = ("bot", "local", "web", "messages", "service", "render", "engine", "rules")
FRONT_ENDS = ("bot", "local", "web")
LITERALS = {"say": 2, "plural": 3}  # leading arguments that must be literals
WORD = re.compile(r"^[^\W\d_]{2,}[,.:;!?]?$")


def _literal(node: ast.expr) -> bool:
    return isinstance(node, ast.Constant) and isinstance(node.value, str)


def built_sentences(path: Path) -> list[str]:
    """say/plural calls whose key or English is not a literal. A say with one argument is a front end's own
    output function (local mode's session.say(text)), not the catalogue's."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)):
            continue
        wanted = LITERALS.get(node.func.attr)
        if wanted is None or len(node.args) < 2:
            continue
        if not all(_literal(arg) for arg in node.args[:wanted]):
            found.append(f"{path.relative_to(ROOT)}:{node.lineno}: {ast.unparse(node)[:80]}")
    return found


def _quiet(tree: ast.AST) -> set[int]:
    """Nodes inside log calls, raise statements and errors' super().__init__ (for the operator and
    tracebacks, not players)."""
    skipped: set[int] = set()
    for node in ast.walk(tree):
        inside = None
        if isinstance(node, ast.Call):
            func = node.func
            name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
            inside = node if name in LOGGING or name == "__init__" else None
        elif isinstance(node, ast.Raise):
            inside = node
        if inside is not None:
            skipped.update(id(child) for child in ast.walk(inside))
    return skipped


def worded_fstrings(path: Path) -> list[str]:
    """f-strings whose own text holds a word standing between spaces ("player {id}", "{a} vs {b}")."""
    tree = ast.parse(path.read_text(), str(path))
    skipped = _quiet(tree)
    found = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.JoinedStr) or id(node) in skipped:
            continue
        for part in node.values:
            text = part.value if isinstance(part, ast.Constant) and isinstance(part.value, str) else ""
            if NOT_WORDS.search(text):  # markup, an address, a header's attribute
                continue
            if any(ch.isspace() for ch in text) and any(WORD.match(token) for token in text.split()):
                found.append(f"{path.relative_to(ROOT)}:{node.lineno}: {ast.unparse(node)[:80]}")
                break
    return found


def files(packages: tuple[str, ...]) -> list[Path]:
    return sorted(path for package in packages for path in (ROOT / package).rglob("*.py"))


def test_every_sentence_has_a_literal_key_and_english() -> None:
    assert [line for path in files(ALL_CODE) for line in built_sentences(path)] == []


def test_no_front_end_builds_player_text_in_an_fstring() -> None:
    found = [
        line
        for path in files(FRONT_ENDS)
        if path.relative_to(ROOT).as_posix() not in OPERATOR_FILES
        for line in worded_fstrings(path)
    ]
    assert found == []


def test_the_checks_see_a_built_sentence(tmp_path: Path) -> None:
    probe = ROOT / "bot" / "_probe_for_the_sentence_rule.py"
    probe.write_text(
        "def f(w, name, key, i):\n"
        '    w.say(key, "Fine here.")\n'
        '    w.say("k", f"Hello {name}.")\n'
        '    w.plural("k", "one", "two " + name, 2)\n'
        '    w.say("k", "Fine {x}.", x=name)\n'
        '    session.say(f"{name}")\n'
        '    log.info(f"not for players {name}")\n'
        '    a = f"dama:puzzle:{i}"\n'
        '    b = f"#{i} vs {name}"\n'
        '    c = f"<span class=\\"gap\\">{name}</span>"\n'
    )
    try:
        assert [line.split(": ", 1)[0].rsplit(":", 1)[1] for line in built_sentences(probe)] == ["2", "3", "4"]
        assert sorted(line.split(": ", 1)[0].rsplit(":", 1)[1] for line in worded_fstrings(probe)) == ["3", "9"]
    finally:
        probe.unlink()
