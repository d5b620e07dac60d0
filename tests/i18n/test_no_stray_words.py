"""No player-facing sentence bypasses the catalogue: a scan of the code for string literals that read like
words (two words or more, or a capitalised word) outside a `say`/`plural` call.

What the scan leaves alone is listed here, in one place, with the reason:
- docstrings, and string literals inside a `say(...)` or `plural(...)` call (they are the catalogue);
- log lines (`log.info(...)` and friends): they are for the operator, in English;
- the slash commands' own words (`app_commands.command/describe/rename/Choice`, groups): discord.py's
  Translator localizes them from the catalogue (bot/translator.py);
- the argument of `raise` (except `InputError` and `Refusal`, which players read) and of `super().__init__`:
  typed errors whose text is only for logs and tracebacks; players read messages/;
- addresses and file names; markup (the web page's tags and attributes, whose words come from the
  catalogue through placeholders); a local-mode command's usage line (what is typed: commands stay English);
- codes rather than words: dict keys, operands of comparisons, subscripts (type names in annotations),
  `__all__`, and the arguments of service/players.py `_check` (setting names that messages/play.py words);
- module constants named `*_HELP` (slash-command option descriptions passed to `describe` by name) and
  `*_SITE` (the PDN Site tag);
- FORMAT_FILES: text that follows a file format (PDN tag values) or a proper name (the bot's name);
- OPERATOR_FILES: command-line tools and start-up messages for the person running the bot;
- NOT_YET_CONVERTED: modules whose sentences are still English-only (each named with what is missing), so
  the gap is visible and shrinks; nothing may be added to it.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SCANNED = ("bot", "local", "messages", "render", "engine/hint.py", "service", "web")
WORDS = re.compile(r"[A-Za-z]{2,}(?:[ ,.;!?'’]|: )+[A-Za-z]{2,}|^[A-Z][a-z]+[.!?]?$")
# addresses, file names, and markup (a tag, an attribute's opening or closing quote)
NOT_WORDS = re.compile(r"://|^/?[-\w]*\.(ttf|png|ico|pdn|gif|json|sql)$|</?[A-Za-z!]|=\"|\"/?>")
LOGGING = {"debug", "info", "warning", "error", "exception", "critical"}
CATALOGUE = {"say", "plural"}
COMMAND_WORDS = {"command", "describe", "rename", "Choice", "Group", "choices"}
LOWER_LAYERS = ("service", "render", "data", "rules")

OPERATOR_FILES = {
    "bot/__main__.py", "bot/app.py", "bot/cli.py", "bot/settings.py", "bot/catalogue.py", "bot/logs.py",
    "bot/discord_endpoints.py", "messages/operator.py", "messages/catalogue.py", "messages/i18n.py",
    "render/cli.py", "render/theme.py", "render/replay.py", "service/maintenance.py",
    "bot/metrics.py",  # the help texts of Prometheus metrics, for the operator
}
FORMAT_FILES = {"service/queries.py", "service/results.py"}
NOT_YET_CONVERTED: set[str] = set()  # every player-facing module is in the catalogue


def _codes(node: ast.AST) -> list[ast.AST]:
    """Parts of a node that hold codes, not words."""
    if isinstance(node, ast.Dict):
        return [key for key in node.keys if key is not None]
    if isinstance(node, ast.Compare):
        return [node.left, *node.comparators]
    if isinstance(node, ast.Subscript):
        return [node.slice]
    if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "Command" and len(node.args) >= 3:
        return [node.args[2]]  # a local command's usage is what is typed (command names stay English)
    if isinstance(node, ast.Assign) and any(
        isinstance(t, ast.Name) and (t.id == "__all__" or t.id.endswith(("_HELP", "_SITE"))) for t in node.targets
    ):
        return [node.value]
    return []


PLAYER_ERRORS = {"InputError", "Refusal"}  # raised with what the player reads


def _raises_to_players(node: ast.Raise) -> bool:
    call = node.exc
    if not isinstance(call, ast.Call):
        return False
    func = call.func
    return (func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")) in PLAYER_ERRORS


def _catalogue_shaped(call: ast.Call) -> bool:
    """w.say("key", "English", ...) — not a front end's own say(text) that prints a line."""
    return len(call.args) >= 2 and all(isinstance(a, ast.Constant) and isinstance(a.value, str) for a in call.args[:2])


def _skipped_nodes(tree: ast.AST, lower_layer: bool) -> set[int]:
    skipped: set[int] = set()
    for node in ast.walk(tree):
        for part in _codes(node):
            skipped.update(id(child) for child in ast.walk(part))
        body = getattr(node, "body", None)
        first = body[0] if isinstance(body, list) and body else None
        if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) and isinstance(first.value.value, str):
            skipped.add(id(first.value))  # a docstring
        inside: ast.AST | None = None
        if isinstance(node, ast.Call):
            func = node.func
            name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
            passed = LOGGING | COMMAND_WORDS | {"__init__"} | ({"_check"} if lower_layer else set())
            if name in passed or (name in CATALOGUE and _catalogue_shaped(node)):
                inside = node
        elif isinstance(node, ast.Raise) and (lower_layer or not _raises_to_players(node)):
            inside = node
        if inside is not None:
            skipped.update(id(child) for child in ast.walk(inside))
    return skipped


def stray_words(path: Path) -> list[str]:
    relative = path.relative_to(ROOT).as_posix()
    tree = ast.parse(path.read_text(), relative)
    skipped = _skipped_nodes(tree, relative.startswith(LOWER_LAYERS))
    found = []
    for node in ast.walk(tree):
        text = node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else None
        if text is not None and id(node) not in skipped and WORDS.search(text) and not NOT_WORDS.search(text):
            found.append(f"{relative}:{node.lineno}: {node.value[:70]!r}")
    return found


def scanned_files() -> list[Path]:
    files: list[Path] = []
    for entry in SCANNED:
        path = ROOT / entry
        files.extend(sorted(path.rglob("*.py")) if path.is_dir() else [path])
    return files


def test_no_player_facing_literal_bypasses_the_catalogue() -> None:
    exempt = OPERATOR_FILES | FORMAT_FILES | NOT_YET_CONVERTED
    strays = [line for path in scanned_files() if path.relative_to(ROOT).as_posix() not in exempt
              for line in stray_words(path)]
    assert strays == []


def test_the_scan_sees_a_stray_sentence(tmp_path: Path) -> None:
    probe = ROOT / "bot" / "_probe_for_the_scan.py"
    probe.write_text('async def f(i):\n    await i.response.send_message("Your move, please.")\n'
                     '    w.say("k", "Fine here.")\n    log.info("fine too %s", 1)\n')
    try:
        assert [s.split(": ", 1)[1] for s in stray_words(probe)] == ["'Your move, please.'"]
    finally:
        probe.unlink()


def test_the_exemptions_name_real_files() -> None:
    for name in OPERATOR_FILES | FORMAT_FILES | NOT_YET_CONVERTED:
        assert (ROOT / name).exists(), name
