"""The engine finds the hand-built tactics of every variant (tests/engine/tactics*.py).

Each case is checked first against the rules library and a plain minimax that shares no code with the
engine, so a wrong derivation fails as a wrong derivation, not as a weak engine.
"""

from __future__ import annotations

import pytest

from engine.api import to_moves
from engine.search import WIN_BOUND
from rules import VARIANTS, format_move, parse_fen
from tests.engine.cores import cases, searcher
from tests.engine.tactics import Gain, Tactic, replies_to, winning_first_moves
from tests.engine.tactics_eight import EIGHT_TACTICS
from tests.engine.tactics_large import LARGE_TACTICS
from tests.engine.tactics_short import SHORT_TACTICS

TACTICS: list[Tactic] = LARGE_TACTICS + EIGHT_TACTICS + SHORT_TACTICS
ENGINE_DEPTH_MARGIN = 2  # the engine gets a couple of plies beyond the forced line, as in play


def test_every_variant_has_a_shot_and_a_finish() -> None:
    """Every registered variant has at least two tactics, one of them a material shot or a forced win."""
    by_variant: dict[str, list[Tactic]] = {}
    for tactic in TACTICS:
        by_variant.setdefault(tactic.variant, []).append(tactic)
    missing = sorted(v for v in VARIANTS if len(by_variant.get(v, [])) < 2)
    assert not missing, f"variants with fewer than two tactics: {missing}"
    no_shot = sorted(v for v, ts in by_variant.items() if not any(t.gain is not Gain.CROWN for t in ts))
    assert not no_shot, f"variants without a material shot or forced win: {no_shot}"
    ids = [t.id for t in TACTICS]
    assert len(ids) == len(set(ids))


@pytest.mark.parametrize("tactic", TACTICS, ids=lambda t: t.id)
def test_the_derivation_holds(tactic: Tactic) -> None:
    position = parse_fen(VARIANTS[tactic.variant], tactic.fen)
    assert replies_to(position, tactic.move) == sorted(tactic.replies)
    assert winning_first_moves(position, tactic) == [tactic.move]


BY_ID = {t.id: t for t in TACTICS}


@pytest.mark.parametrize(("tactic_id", "core"), cases({t.id: t.variant for t in TACTICS}))
def test_the_engine_finds_it(tactic_id: str, core: str) -> None:
    """On both cores (the compiled one for the variants it covers), scoring material with the hand-set
    evaluation: without endgame tables, which know that some of these shots end in drawn endings (brazilian-shot
    leaves a king and a man against a man that reaches its crowning row: a draw with flying kings, see
    tests/engine/test_endgame.py), and without the learned term, whose positional scores can outweigh a piece
    won into such an ending at these shallow depths (brazilian-shot again)."""
    tactic = BY_ID[tactic_id]
    rules = VARIANTS[tactic.variant]
    position = parse_fen(rules, tactic.fen)
    result = searcher(core, rules, endgame=False, patterns=False).search(
        position.white,
        position.black,
        position.kings,
        int(position.turn),
        depth=tactic.plies + ENGINE_DEPTH_MARGIN,
    )
    assert result.move is not None
    line = to_moves(position, result.pv or [result.move])
    assert line, "the engine's move is not legal"
    assert format_move(position, line[0]) == tactic.move
    if tactic.gain is Gain.MATERIAL:
        assert result.score >= 60, "the engine does not see the piece it wins"
    if tactic.gain is Gain.WIN:
        assert result.score > WIN_BOUND, "the engine does not see the forced win"
