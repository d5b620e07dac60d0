"""The variant registry. Italian is complete; other variants are added as data here."""

from __future__ import annotations

from rules.errors import UnknownVariantError
from rules.ruleset import (
    KingRange,
    Precedence,
    PromotionInCapture,
    RuleSet,
)

ITALIAN = RuleSet(
    id="italian",
    name="Italian draughts",
    aliases=("dama", "dama italiana", "italiana"),
    inverted=True,  # Art. 2.3: the bottom-right square is dark for each player
    start_fen="W:W21-32:B1-12",
    men_capture_kings=False,  # Art. 5.3(b)
    king_range=KingRange.SHORT,  # Art. 4.7
    precedence=Precedence.ITALIAN,  # Art. 6.6-6.9
    promotion_in_capture=PromotionInCapture.STOP,
    draw_repetitions=3,  # seed 002; RULES.md Decisions
    draw_reversible_plies=80,  # 40 moves each without a man move or capture
    pdn_gametype="22,W,8,8,N2,1",
    summary=(
        "8x8 board, dark square at each player's bottom right; squares 1-32 (1 = a8). White starts. "
        "Men move and capture one square diagonally forward and may not capture kings. Kings move and "
        "capture one square in any diagonal direction. Capturing is compulsory: take the most pieces; "
        "if equal, capture with a king; then take the most kings; then take the king(s) met earliest. "
        "A man reaching the far row becomes a king and the move ends. Threefold repetition or 40 moves "
        "each without a man move or capture draws."
    ),
)

VARIANTS: dict[str, RuleSet] = {rules.id: rules for rules in (ITALIAN,)}


def find_variant(name: str) -> RuleSet:
    """Variant by id or alias, case-insensitively; raises UnknownVariantError."""
    wanted = " ".join(str(name).strip().lower().replace("_", " ").split())
    for rules in VARIANTS.values():
        if wanted == rules.id or wanted in rules.aliases or wanted.replace(" ", "-") == rules.id:
            return rules
    raise UnknownVariantError(str(name), tuple(VARIANTS))
