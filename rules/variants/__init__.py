"""The variant registry: one RuleSet per variant, by id (docs/RULES.md).

Modules: standard (variants with published perft), minor (hand-checked variants), oddities (BrainKing
site variants), draws (endgame clauses), hooks (generator subclasses), frisian (king-move limit).
Giveaway versions `anti-<base>` are derived here from their base rule sets.
"""

from __future__ import annotations

import dataclasses

from rules.errors import UnknownVariantError
from rules.ruleset import RuleSet
from rules.variants.minor import MINOR
from rules.variants.oddities import ODDITIES
from rules.variants.standard import (
    ENGLISH,
    INTERNATIONAL,
    ITALIAN,
    PUBLISHED,
    RUSSIAN,
)


def giveaway(base: RuleSet) -> RuleSet:
    """The suicide version: same moves, but a player with no legal move wins (rules/game.py)."""
    return dataclasses.replace(
        base,
        id=f"anti-{base.id}",
        name=f"Giveaway {base.name}",
        aliases=tuple(f"{prefix} {name}" for name in (base.id, *base.aliases) for prefix in ("anti", "giveaway")),
        giveaway=True,
        draw_rule=None,  # the material clauses assume the stronger side wants to win
        draw_rule_text="",
        pdn_gametype=None,
    )


GIVEAWAY = tuple(giveaway(base) for base in (ITALIAN, ENGLISH, INTERNATIONAL, RUSSIAN))

VARIANTS: dict[str, RuleSet] = {rules.id: rules for rules in (*PUBLISHED, *MINOR, *ODDITIES, *GIVEAWAY)}


def find_variant(name: str) -> RuleSet:
    """Variant by id or alias, case-insensitively; raises UnknownVariantError."""
    wanted = " ".join(str(name).strip().lower().replace("_", " ").split())
    for rules in VARIANTS.values():
        if wanted == rules.id or wanted in rules.aliases or wanted.replace(" ", "-") == rules.id:
            return rules
    raise UnknownVariantError(str(name), tuple(VARIANTS))


__all__ = ["ITALIAN", "VARIANTS", "find_variant", "giveaway"]
