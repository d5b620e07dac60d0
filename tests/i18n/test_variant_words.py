"""A variant's summary (what /rules and local mode's rules say of it) is written once, in messages/variants.py,
and every variant the rules library plays has one, in every shipped language; the rules library keeps none."""

from __future__ import annotations

import dataclasses

from messages.i18n import ENGLISH, SHIPPED, words
from messages.variants import variant_summary
from rules import VARIANTS
from rules.ruleset import RuleSet


def test_the_rules_library_keeps_no_summary_of_its_own() -> None:
    assert "summary" not in {f.name for f in dataclasses.fields(RuleSet)}


def test_every_variant_has_one_summary_in_every_language() -> None:
    english = {variant: variant_summary(ENGLISH, variant) for variant in VARIANTS}
    assert all(text.endswith(".") for text in english.values()), english
    assert len(set(english.values())) == len(english)  # each its own, none copied from another
    for locale in SHIPPED:
        w = words(locale)
        assert all(variant_summary(w, variant).strip() for variant in VARIANTS), locale


def test_a_giveaway_summary_says_the_goal_is_reversed_then_gives_its_base_rules() -> None:
    for variant in ("italian", "english", "international", "russian"):
        text = variant_summary(ENGLISH, f"anti-{variant}")
        assert "you win when you have no legal move left" in text
        assert text.endswith(variant_summary(ENGLISH, variant))
