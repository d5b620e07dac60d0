"""Agreement, not trust: the compiled core against the pure-Python reference (rules/movegen.py, engine/).

Move sets on random positions (random placements and random game positions), published perft rows, the
static evaluation, and the legality of every move the compiled search returns in whole games.
The default run samples; the slow run does the issue's 100,000 positions per covered variant.
"""

from __future__ import annotations

import logging
import random

import pytest

from engine import native
from engine.api import to_moves
from engine.search import Searcher
from rules import VARIANTS, Color, Game, RuleSet, parse_fen, start_position
from rules.movegen import generator_for
from rules.ruleset import KingRange
from tests.engine.cores import COVERED
from tests.perft_data import published_rows

FAST_SAMPLE = 3_000
SLOW_SAMPLE = 100_000
FAST_PERFT_NODES = 2_000_000
K_FLYING_NODES = 2_000_000
SLOW_PERFT_NODES = 120_000_000  # deeper published rows (up to 7e13 leaves) would take hours each


def test_the_compiled_core_is_built_and_covers_the_main_variants() -> None:
    """make test must exercise both cores: a missing build fails here instead of skipping silently."""
    assert native.core is not None, f"engine._core is not built: {native.IMPORT_ERROR}"
    assert native.core_wide is not None, f"engine._core_wide is not built: {native.WIDE_IMPORT_ERROR}"
    main = {
        "italian", "international", "english", "russian", "brazilian", "pool", "spanish", "portuguese", "czech",
        "frisian",
    }
    assert main | {"canadian"} <= set(COVERED)
    assert native.extension_for(VARIANTS["canadian"])[0] == "engine._core_wide"
    assert {native.extension_for(VARIANTS[variant])[0] for variant in main} == {"engine._core"}


def random_placement(rules: RuleSet, rng: random.Random) -> tuple[int, int, int, int]:
    """Any number of men and kings anywhere (men never on their own crowning row), either side to move."""
    gen = generator_for(rules)
    squares = list(gen.board.coords)
    rng.shuffle(squares)
    white = black = kings = 0
    for square in squares[: rng.randint(2, 2 * len(squares) // 3)]:
        color = rng.randrange(2)
        king = rng.random() < rng.choice((0.0, 0.15, 0.4))
        if not king and gen.forbidden_men(Color(color)) >> square & 1:
            king = True
        if color:
            black |= 1 << square
        else:
            white |= 1 << square
        if king:
            kings |= 1 << square
    return white, black, kings, rng.randrange(2)


def game_positions(rules: RuleSet, rng: random.Random, plies: int = 120) -> list[tuple[int, int, int, int]]:
    position = start_position(rules)
    out = []
    for _ in range(plies):
        out.append((position.white, position.black, position.kings, int(position.turn)))
        moves = position.legal_moves()
        if not moves:
            break
        position = position.apply(rng.choice(moves))
    return out


def disagreements(variant: str, count: int, seed: int) -> list[str]:
    rules = VARIANTS[variant]
    gen = generator_for(rules)
    core = native.build_core(rules, tt_bits=8)
    rng = random.Random(seed)
    bad: list[str] = []
    checked = 0
    while checked < count:
        batch = game_positions(rules, rng) if rng.random() < 0.3 else [random_placement(rules, rng) for _ in range(50)]
        for white, black, kings, color in batch:
            reference = sorted(gen.fast_moves(white, black, kings, Color(color)))
            compiled = sorted(native.native_moves(core, white, black, kings, color))
            if reference != compiled:
                bad.append(f"{variant} W={white:#x} B={black:#x} K={kings:#x} turn={color}")
            checked += 1
    return bad


@pytest.mark.parametrize("variant", COVERED)
def test_move_sets_agree_on_random_positions(variant: str) -> None:
    assert disagreements(variant, FAST_SAMPLE, seed=16) == []


@pytest.mark.slow
@pytest.mark.parametrize("variant", COVERED)
def test_move_sets_agree_on_a_hundred_thousand_positions(variant: str) -> None:
    assert disagreements(variant, SLOW_SAMPLE, seed=1616) == []


def perft_cases(max_nodes: int | None, above: int = 0) -> list[tuple[str, str, str, int, int]]:
    """Published rows of the covered variants. K rows of flying-king variants only up to K_FLYING_NODES:
    past the first flying-king captures K is not one well-defined number (docs/RULES.md, and
    tests/rules/test_variants_perft.py, which draws the same line for the Python generator)."""
    out = []
    for variant in COVERED:
        flying = VARIANTS[variant].king_range is not KingRange.SHORT
        for convention in ("K", "D"):
            for row in published_rows(variant, convention, max_nodes=max_nodes):
                if convention == "K" and flying and row.nodes > K_FLYING_NODES:
                    continue
                if row.nodes > above:
                    out.append((variant, row.fen, convention, row.depth, row.nodes))
    return out


def compiled_perft(variant: str, fen: str, convention: str, depth: int) -> int:
    rules = VARIANTS[variant]
    position = parse_fen(rules, fen)
    core = native.build_core(rules, tt_bits=8, keep_duplicates=convention == "K")
    args = (position.white, position.black, position.kings, int(position.turn), depth)
    return int(core.perft(*args, position.king_streaks))


def test_published_perft_rows_exist_for_the_covered_variants() -> None:
    with_rows = {case[0] for case in perft_cases(None)}
    assert {"italian", "international", "english", "russian", "brazilian", "pool", "spanish", "czech",
            "frisian", "canadian"} <= with_rows


@pytest.mark.parametrize(("variant", "fen", "convention", "depth", "nodes"), perft_cases(FAST_PERFT_NODES))
def test_compiled_perft_matches_the_published_rows(variant: str, fen: str, convention: str, depth: int,
                                                   nodes: int) -> None:
    assert compiled_perft(variant, fen, convention, depth) == nodes


@pytest.mark.slow
@pytest.mark.parametrize(
    ("variant", "fen", "convention", "depth", "nodes"), perft_cases(SLOW_PERFT_NODES, FAST_PERFT_NODES)
)
def test_compiled_perft_matches_the_deep_published_rows(variant: str, fen: str, convention: str, depth: int,
                                                        nodes: int) -> None:
    assert compiled_perft(variant, fen, convention, depth) == nodes


@pytest.mark.parametrize("variant", COVERED)
def test_the_compiled_evaluation_is_the_python_evaluation(variant: str) -> None:
    from engine.evaluate import evaluator_for  # noqa: PLC0415 - beside its only use

    rules = VARIANTS[variant]
    evaluator = evaluator_for(rules)
    core = native.build_core(rules, tt_bits=8)
    rng = random.Random(7)
    scores = set()
    for _ in range(2_000):
        white, black, kings, color = random_placement(rules, rng)
        own, opp = (white, black) if color == 0 else (black, white)
        expected = evaluator.evaluate(own, opp, kings, color)
        assert core.evaluate(own, opp, kings, color) == expected
        scores.add(expected)
    # the sample is varied enough to catch a wrong table (giveaway scores count material only)
    assert len(scores) > (10 if rules.giveaway else 50)


@pytest.mark.parametrize("variant", ["italian", "international", "russian"])
def test_the_compiled_evaluation_follows_other_weights(variant: str) -> None:
    """A match's tuned side (benchmarks.match --a-weights) evaluates alike on both cores, not as the default."""
    from engine.evaluate import Evaluator, evaluator_for, weights_for  # noqa: PLC0415 - beside their only use

    rules = VARIANTS[variant]
    weights = weights_for(rules, {"king": 260, "advance_end": 19, "centre": 11, "edge": -9, "back_rank": 3,
                                  "mobility": 7, "runaway": 140, "king_control": 9, "lone_king": 77,
                                  "draw_scale": 1, "balance": 3})
    evaluator, default = Evaluator(rules, weights), evaluator_for(rules)
    core = native.build_core(rules, tt_bits=8, weights=weights)
    rng = random.Random(11)
    differs = 0
    for _ in range(1_000):
        white, black, kings, color = random_placement(rules, rng)
        own, opp = (white, black) if color == 0 else (black, white)
        expected = evaluator.evaluate(own, opp, kings, color)
        assert core.evaluate(own, opp, kings, color) == expected
        differs += expected != default.evaluate(own, opp, kings, color)
    assert differs > 900


@pytest.mark.parametrize(
    ("fen", "divisor"),
    [
        ("W:W31,K1,K2:BK50", 8),  # three pieces ahead, the side behind has a king
        ("W:W31,32,33,K1:B18,19,K50", 2),  # a man ahead, kings level
        ("W:W31,32,33,34,K1:B18,19,K50", 1),  # two men ahead
        ("W:W31,32,33,34:B18,19", 1),  # no king behind
        ("B:WK50:B18,K1,K2", 8),  # Black ahead
    ],
)
def test_the_draw_scale_shrinks_leads_that_kings_make_hard_to_win(fen: str, divisor: int) -> None:
    """weights' draw_scale on both cores: the unscaled score divided (towards zero) by the rule's divisor."""
    from engine.evaluate import Evaluator, weights_for  # noqa: PLC0415 - beside their only use

    rules = VARIANTS["international"]
    position = parse_fen(rules, fen, check_counts=False)
    scaled = weights_for(rules, {"draw_scale": 1})
    plain_core = native.build_core(rules, tt_bits=8)
    scaled_core = native.build_core(rules, tt_bits=8, weights=scaled)
    args = (position.own, position.opp, position.kings, int(position.turn))
    unscaled = plain_core.evaluate(*args)
    assert unscaled > 0  # the side to move leads in each case
    expected = int(unscaled / divisor)
    assert scaled_core.evaluate(*args) == expected == Evaluator(rules, scaled).evaluate(*args)


@pytest.mark.parametrize("variant", COVERED)
def test_every_move_of_a_compiled_game_is_legal(variant: str) -> None:
    """Compiled against Python at a shallow depth: every move the compiled search returns is legal."""
    rules = VARIANTS[variant]
    compiled = native.NativeSearcher(rules, tt_bits=14)
    reference = Searcher(rules, tt_bits=12)
    game = Game(rules)
    plies = 0
    while game.outcome() is None and plies < 160:
        position = game.position
        player = compiled if int(position.turn) == 0 else reference
        history = [player.hash_of(p.white, p.black, p.kings, int(p.turn), p.king_streaks)
                   for p in game.positions[-30:-1]]
        depth = 5 if player is compiled else 2
        result = player.search(position.white, position.black, position.kings, int(position.turn), depth=depth,
                               history=history, streaks=position.king_streaks)
        assert result.move is not None
        line = to_moves(position, [result.move])
        assert line, f"illegal move {result.move} from the {'compiled' if player is compiled else 'Python'} core"
        assert line[0] in position.legal_moves()
        game.play(line[0])
        plies += 1
    assert plies >= 20


def test_without_the_compiled_core_the_python_core_runs_and_says_so(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    monkeypatch.delenv("DAMA_ENGINE_CORE", raising=False)
    monkeypatch.setattr(native, "core", None)
    monkeypatch.setattr(native, "core_wide", None)
    monkeypatch.setattr(native, "IMPORT_ERROR", "no module named engine._core")
    monkeypatch.setattr(native, "_logged", set())
    with caplog.at_level(logging.INFO, logger="engine.native"):
        searcher = native.make_searcher(VARIANTS["italian"])
        canadian = native.make_searcher(VARIANTS["canadian"])
        native.log_cores()
    assert isinstance(searcher, Searcher)
    assert isinstance(canadian, Searcher)
    assert "pure Python for italian (the compiled core engine._core is not built" in caplog.text
    assert "pure Python for canadian (the compiled core engine._core_wide is not built" in caplog.text
    assert "pure Python for every variant" in caplog.text


def test_without_the_wide_build_canadian_falls_back_alone(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    monkeypatch.delenv("DAMA_ENGINE_CORE", raising=False)
    monkeypatch.setattr(native, "core_wide", None)
    monkeypatch.setattr(native, "WIDE_IMPORT_ERROR", "no module named engine._core_wide")
    monkeypatch.setattr(native, "_logged", set())
    with caplog.at_level(logging.INFO, logger="engine.native"):
        canadian = native.make_searcher(VARIANTS["canadian"])
        italian = native.make_searcher(VARIANTS["italian"])
        native.log_cores()
    assert isinstance(canadian, Searcher)
    assert isinstance(italian, native.NativeSearcher)
    assert not native.covered(VARIANTS["canadian"])
    assert "pure Python for canadian (the compiled core engine._core_wide is not built" in caplog.text
    assert "compiled C (engine._core) for italian" in caplog.text
    summary = next(line for line in caplog.text.splitlines() if "compiled C for" in line)
    assert "italian" in summary and "canadian" not in summary.split(";")[0]
    assert "engine._core_wide is not built (no module named engine._core_wide)" in summary


def test_the_compiled_core_runs_where_it_covers_the_variant(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    monkeypatch.delenv("DAMA_ENGINE_CORE", raising=False)
    monkeypatch.setattr(native, "_logged", set())
    with caplog.at_level(logging.INFO, logger="engine.native"):
        italian = native.make_searcher(VARIANTS["italian"])
        canadian = native.make_searcher(VARIANTS["canadian"])
        turkish = native.make_searcher(VARIANTS["turkish"])
    assert isinstance(italian, native.NativeSearcher)
    assert isinstance(canadian, native.NativeSearcher)
    assert isinstance(turkish, Searcher)
    assert "compiled C (engine._core) for italian" in caplog.text
    assert "compiled C (engine._core_wide) for canadian" in caplog.text
    assert "pure Python for turkish (the compiled core does not cover turkish" in caplog.text
    monkeypatch.setenv("DAMA_ENGINE_CORE", "python")
    assert isinstance(native.make_searcher(VARIANTS["italian"]), Searcher)


@pytest.mark.parametrize(
    ("fen", "white_skew", "black_skew"),
    [
        # International squares 46-50 are the bottom row, files 0, 2, 4, 6, 8 (46 on the left corner's file 0)
        ("W:W46,47:B5", -9 - 5, 9),  # 46 on file 0 (-9), 47 on file 2 (-5); 5 on file 9 (+9)
        ("W:W46,50:B1,5", -9 + 7, -7 + 9),  # 50 on file 8 (+7); 1 on file 1 (-7): both nearly balanced
        ("W:W36,26,16:B15,25", -9 * 3, 9 + 9),  # White's left edge, Black's right edge
    ],
)
def test_the_balance_term_charges_a_side_for_its_men_crowding_one_wing(fen: str, white_skew: int,
                                                                        black_skew: int) -> None:
    """weights' balance on both cores: balance x (|Black's skew| - |White's skew|), skews counted from the
    files of the rule text's numbered board (10x10: file f counts 2f - 9)."""
    from engine.evaluate import Evaluator, weights_for  # noqa: PLC0415 - beside their only use

    rules = VARIANTS["international"]
    position = parse_fen(rules, fen, check_counts=False)
    args = (position.own, position.opp, position.kings, int(position.turn))
    plain = native.build_core(rules, tt_bits=8).evaluate(*args)
    weighted = weights_for(rules, {"balance": 4})
    expected = plain + 4 * (abs(black_skew) - abs(white_skew))
    assert native.build_core(rules, tt_bits=8, weights=weighted).evaluate(*args) == expected
    assert Evaluator(rules, weighted).evaluate(*args) == expected


def test_installing_an_evaluation_holds_no_reference_to_its_tables() -> None:
    """set_eval reads each side's table and lets it go: a searcher built per match player leaks nothing."""
    import sys  # noqa: PLC0415 - beside its only use

    rules = VARIANTS["international"]
    core = native.build_core(rules, tt_bits=8)
    nsq = 50
    sides = [[[0] * nsq, [0] * nsq] for _ in range(5)]  # men, advance, kings, runaway bonus, cones
    before = [sys.getrefcount(table) for side in sides for table in side]
    for _ in range(20):
        core.set_eval([320, 0, 3, 65, 0, 0, 0, 0, 0], sides[0], sides[1], sides[2], [0, 0], sides[4], sides[3],
                      [0] * nsq)
    assert [sys.getrefcount(table) for side in sides for table in side] == before
    with pytest.raises(ValueError, match="too long"):  # a malformed table is still refused
        core.set_eval([0] * 9, [[0] * (nsq + 100), [0] * nsq], *sides[1:3], [0, 0], sides[4], sides[3], [0] * nsq)
