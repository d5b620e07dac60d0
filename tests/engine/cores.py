"""Both search cores for parametrized tests: the pure-Python reference and the compiled one.

CORES lists "python" always and "compiled" when the extension is built (tests/engine/test_native.py fails
when it or the wide one for Canadian is not, so a missing build cannot pass silently).
"""

from __future__ import annotations

from engine import native
from engine.native import NativeSearcher
from engine.search import SearchCore, Searcher
from rules import RuleSet

CORES = ["python", "compiled"] if native.core is not None else ["python"]
COVERED = sorted(rules_id for rules_id, rules in native.VARIANTS.items() if native.uncovered_reason(rules) is None)


def searcher(
    core: str, rules: RuleSet, tt_bits: int = 14, endgame: bool = True, patterns: bool = True
) -> SearchCore:
    """patterns: the compiled core's learned term (the Python core has none)."""
    if core == "compiled":
        return NativeSearcher(rules, tt_bits, endgame, patterns=patterns)
    return Searcher(rules, tt_bits=tt_bits)


def cases(variant_of: dict[str, str]) -> list[tuple[str, str]]:
    """(case id, core) pairs: every case on the Python core, the covered variants' also on the compiled one."""
    return [
        (case, core)
        for case, variant in variant_of.items()
        for core in CORES
        if core == "python" or variant in COVERED
    ]
