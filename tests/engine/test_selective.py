"""The compiled search's selectivity switches (set_params, set_selective; engine/native.py picks them per board).

Every switch at its most selective must still return legal moves and find the hand-built shots (their
derivations are checked against the rules library in test_tactics_variants.py), and each switch must change
the search it claims to change.
"""

from __future__ import annotations

import pytest

from benchmarks.search_profile import positions
from engine import native
from engine.api import to_moves
from engine.search import Searcher
from rules import VARIANTS, Game, Position, format_move, parse_fen
from tests.engine.tactics import Gain
from tests.engine.tactics_eight import EIGHT_TACTICS
from tests.engine.tactics_large import LARGE_TACTICS

pytestmark = pytest.mark.skipif(native.core is None, reason="test_native.py fails when the core is not built")

MOST_SELECTIVE = {"params": (100, 6, 40), "selective": (1, 1, 2, 30, 2, 1, 2, 31)}
SETTINGS = {
    "legacy": {"params": native.LEGACY_PARAMS, "selective": native.LEGACY_SELECTIVE},
    "large": {"params": native.LARGE_PARAMS, "selective": native.LARGE_SELECTIVE},
    "most-selective": MOST_SELECTIVE,
    "flat-reductions": {"params": native.LARGE_PARAMS, "selective": (2, 0, 0, 40, 1, 0, 0, 0, 1)},
}
SHOTS = [t for t in LARGE_TACTICS + EIGHT_TACTICS if t.variant in ("international", "italian", "russian")]


def configured(variant: str, setting: str, probcut: int | None = None) -> native.NativeSearcher:
    searcher = native.NativeSearcher(VARIANTS[variant], tt_bits=14, endgame=False)
    searcher.core.set_params(*SETTINGS[setting]["params"])
    searcher.core.set_selective(*SETTINGS[setting]["selective"])
    if probcut is not None:
        searcher.core.set_probcut(probcut)
    return searcher


def test_the_defaults_are_the_chosen_settings() -> None:
    assert native.selectivity(VARIANTS["italian"]) == (native.LEGACY_PARAMS, native.LEGACY_SELECTIVE)
    assert native.selectivity(VARIANTS["international"]) == (native.LARGE_PARAMS, native.LARGE_SELECTIVE)
    assert native.LARGE_SELECTIVE[7] == 2  # late king moves reduced by two plies at most
    assert native.probcut_setting(VARIANTS["italian"]) == (native.PROBCUT_MARGIN, 0)
    assert native.probcut_setting(VARIANTS["international"]) == (native.PROBCUT_MARGIN, 24)
    assert native.probcut_setting(VARIANTS["frisian"]) == (0, 0)


def test_a_new_international_searcher_prunes_with_probcut_at_24_pieces_or_fewer() -> None:
    """The searcher the bot builds, node for node as one set by hand: ProbCut among 24 pieces or fewer, so a
    middlegame of more pieces is searched otherwise than with ProbCut anywhere."""
    rules = VARIANTS["international"]
    endgame = next(p for p in ENDGAMES if bin(p[0] | p[1]).count("1") <= 24)
    crowded = next(p for p in MIDDLEGAMES if bin(p[0] | p[1]).count("1") > 30)

    def nodes_at(position: tuple[int, int, int, int], *probcut: int) -> int:
        searcher = native.NativeSearcher(rules, tt_bits=14, endgame=False)
        if probcut:
            searcher.core.set_probcut(*probcut)
        searcher.search(*position, depth=10)
        return int(searcher.core.stats()[0])

    assert nodes_at(endgame) == nodes_at(endgame, 10, 24) != nodes_at(endgame, 0)
    assert nodes_at(crowded) == nodes_at(crowded, 10, 24) != nodes_at(crowded, 10, 0)


@pytest.mark.parametrize("setting", SETTINGS)
@pytest.mark.parametrize("tactic", SHOTS, ids=lambda t: t.id)
def test_the_shots_are_found(tactic, setting: str) -> None:  # type: ignore[no-untyped-def]
    rules = VARIANTS[tactic.variant]
    position = parse_fen(rules, tactic.fen)
    searcher = configured(tactic.variant, setting, probcut=10)
    result = searcher.search(position.white, position.black, position.kings, int(position.turn),
                             depth=tactic.plies + 2)
    line = to_moves(position, result.pv or [result.move])
    assert line and format_move(position, line[0]) == tactic.move
    if tactic.gain is Gain.MATERIAL:
        assert result.score >= 60


@pytest.mark.parametrize("variant", ["international", "italian"])
def test_every_move_of_a_most_selective_game_is_legal(variant: str) -> None:
    """The most selective search against the Python reference: every move it returns is legal."""
    rules = VARIANTS[variant]
    compiled = configured(variant, "most-selective", probcut=10)
    reference = Searcher(rules, tt_bits=12)
    game = Game(rules)
    plies = 0
    while game.outcome() is None and plies < 120:
        position = game.position
        player = compiled if plies % 2 == 0 else reference
        history = [player.hash_of(p.white, p.black, p.kings, int(p.turn)) for p in game.positions[-30:-1]]
        result = player.search(position.white, position.black, position.kings, int(position.turn),
                               depth=9 if player is compiled else 2, history=history)
        assert result.move is not None
        line = to_moves(position, [result.move])
        assert line and line[0] in position.legal_moves()
        game.play(line[0])
        plies += 1
    assert plies >= 20


def nodes(
    searcher: native.NativeSearcher, depth: int, group: list[tuple[int, int, int, int]] | None = None,
) -> tuple[int, int]:
    """Nodes and quiescence nodes over group, by default the middlegames reached from six ballot openings
    (benchmarks.search_profile), each searched from an empty table."""
    total = quiet = 0
    for white, black, kings, color in MIDDLEGAMES if group is None else group:
        searcher.core.clear()
        searcher.search(white, black, kings, color, depth=depth)
        n, q = searcher.core.stats()
        total, quiet = total + int(n), quiet + int(q)
    return total, quiet


MIDDLEGAMES = positions("international", 6, 20) if native.core is not None else []


@pytest.mark.parametrize(
    ("selective", "params"),
    [((2, 3, 0, 40, 0), None), ((2, 0, 0, 40, 0), (120, 4, 60)), ((2, 0, 0, 40, 1), None), ((2, 0, 0, 40, 2), None)],
    ids=["late-move-pruning", "stronger-reductions", "history-malus", "history-reductions"],
)
def test_each_switch_prunes_more_than_the_search_before(selective, params) -> None:  # type: ignore[no-untyped-def]
    # the search before issue 30: no ProbCut on 10x10
    before = configured("international", "legacy", probcut=0)
    after = configured("international", "legacy", probcut=0)
    after.core.set_selective(*selective)
    if params:
        after.core.set_params(*params)
    total_before, quiescence = nodes(before, 12)
    assert 0 < quiescence < total_before
    assert nodes(after, 12)[0] < total_before


@pytest.mark.parametrize("selective", [(1, 0, 0, 40), (2, 0, 1, 40), (2, 0, 0, 40, 0, 1)],
                         ids=["reduce-from-move-1", "hang", "countermove"])
def test_the_other_switches_change_the_search(selective) -> None:  # type: ignore[no-untyped-def]
    before = configured("international", "legacy", probcut=0)
    after = configured("international", "legacy", probcut=0)
    after.core.set_selective(*selective)
    assert nodes(after, 12)[0] != nodes(before, 12)[0]


def test_probcut_keeps_to_positions_with_no_more_pieces_than_its_limit() -> None:
    """ProbCut at a piece limit, position by position: at the position's own count every position searched is
    within the limit (ProbCut anywhere, node for node); at 4 none can come down to it in 8 plies (no ProbCut)."""
    def nodes_with(position: tuple[int, int, int, int], *probcut: int) -> int:
        searcher = configured("international", "large")
        searcher.core.set_probcut(*probcut)
        searcher.core.clear()
        searcher.search(*position, depth=8)
        return int(searcher.core.stats()[0])

    bites = 0
    for position in MIDDLEGAMES:
        pieces = bin(position[0] | position[1]).count("1")
        anywhere, off = nodes_with(position, 10), nodes_with(position, 0)
        assert nodes_with(position, 10, 0) == anywhere
        assert nodes_with(position, 10, pieces) == anywhere
        assert nodes_with(position, 10, 4) == off
        bites += anywhere != off and nodes_with(position, 10, pieces - 1) != anywhere
    assert bites >= 3  # where ProbCut changes the search, a limit below the count changes it too
    with pytest.raises(ValueError):
        configured("international", "large").core.set_probcut(10, -1)


ENDGAMES = [p for p in positions("international", 8, 110) if p[2]] if native.core is not None else []


def test_king_reductions_reach_only_king_moves_and_keep_to_their_cap() -> None:
    """set_selective's eighth switch caps a late king move's reduction (0: king moves are not reduced). Where no
    king can arise within the depth the search is the same node for node; where kings stand, each ply more of
    cap prunes more."""
    def total(group: list[tuple[int, int, int, int]], cap: int) -> int:
        searcher = configured("international", "large")
        searcher.core.set_selective(2, 0, 0, 40, 1, 0, 0, cap)  # with the history malus
        return nodes(searcher, 10, group)[0]

    assert len(ENDGAMES) >= 4
    assert total(MIDDLEGAMES, 0) == total(MIDDLEGAMES, 1) == total(MIDDLEGAMES, 2)
    assert total(ENDGAMES, 2) < total(ENDGAMES, 1) < total(ENDGAMES, 0)


def test_flat_reductions_reduce_less_than_the_table_and_more_than_none() -> None:
    """set_selective's ninth switch: one ply (two late outside the principal variation) for every quiet move
    from the second, where the table grows with depth and move number. At depth 12 it sits between no
    reductions at all (reductions from move 40, beyond any list here) and the table."""
    def total(*selective: int) -> int:
        searcher = configured("international", "large")
        searcher.core.set_selective(*selective)
        return nodes(searcher, 12)[0]

    table = total(2, 0, 0, 40, 1)
    flat = total(2, 0, 0, 40, 1, 0, 0, 0, 1)
    none = total(40, 0, 0, 40, 1)
    assert table < flat < none


def test_out_of_range_switches_are_refused() -> None:
    core = configured("international", "legacy").core
    for bad in ((0, 0, 0, 40), (2, -1, 0, 40), (2, 0, 9, 40), (2, 0, 0, 5), (2, 0, 0, 95), (2, 0, 0, 40, 3),
                (2, 0, 0, 40, 0, 2), (2, 0, 0, 40, 0, 0, 3), (2, 0, 0, 40, 0, 0, 0, -1),
                (2, 0, 0, 40, 0, 0, 0, 32), (2, 0, 0, 40, 0, 0, 0, 0, 2), (2, 0, 0, 40, 0, 0, 0, 0, -1)):
        with pytest.raises(ValueError):
            core.set_selective(*bad)


def _leaf_value(searcher: native.NativeSearcher, position: Position, extras: bool) -> int:
    """The quiescence value, by its definition, of a quiet position with no capture for either side after any
    one quiet move: the stand-pat evaluation, or with extras the best of it and each promotion's evaluation."""
    core = searcher.core
    stand = core.evaluate(position.own, position.opp, position.kings, int(position.turn))
    if not extras:
        return stand
    promotions = [m for m in position.legal_moves() if m.promotes]
    after = [position.apply(m) for m in promotions]
    return max([stand] + [-core.evaluate(p.own, p.opp, p.kings, int(p.turn)) for p in after])


@pytest.mark.parametrize("fen", ["W:W16,26:B41", "B:W10:B35,45", "W:W20,K46:B45"])
def test_quiet_quiescence_sees_a_promotion_past_the_horizon(fen: str) -> None:
    """A one-ply search: each reply position is a quiescence leaf. Captures-only quiescence stands pat there; the
    switch's first level adds the opponent's promotions, computed here from the rules library's moves."""
    rules = VARIANTS["international"]
    position = parse_fen(rules, fen, check_counts=False)
    replies = [position.apply(m) for m in position.legal_moves()]
    assert not any(r.legal_moves()[0].captures for r in replies)  # quiet leaves: the test's premise
    for quiet_qs in (0, 1):
        searcher = native.NativeSearcher(rules, tt_bits=12, patterns=False, endgame=False)
        searcher.core.set_selective(2, 0, 0, 40, 0, 0, quiet_qs)
        found = searcher.search(position.white, position.black, position.kings, int(position.turn), depth=1)
        assert found.score == max(-_leaf_value(searcher, r, quiet_qs == 1) for r in replies)
    assert any(m.promotes for r in replies for m in r.legal_moves())  # the switch had something to see


@pytest.mark.parametrize("depth", [2, 3])
def test_exchanges_in_quiescence_are_tried_only_where_men_alone_stand(depth: int) -> None:
    """The same men, and the same men with a black king on an edge square far from them (nothing can take it
    in these few plies): the exchanges add nodes to the first search and nothing to the second."""
    rules = VARIANTS["international"]
    men = "W:W31,32,33,34,36,37,38,39:B12,13,14,16,17,18,19"
    for fen, changes in ((men, True), (men + ",K5", False)):
        position = parse_fen(rules, fen, check_counts=False)
        found = []
        for quiet_qs in (0, 2):
            searcher = native.NativeSearcher(rules, tt_bits=12, patterns=False, endgame=False)
            searcher.core.set_selective(2, 0, 0, 40, 0, 0, quiet_qs)
            result = searcher.search(position.white, position.black, position.kings, 0, depth=depth)
            found.append((result.score, result.nodes))
        assert (found[1][1] > found[0][1]) if changes else (found[1] == found[0])
