"""The learned evaluation (engine/patterns.py, the compiled core's pattern term, benchmarks.train).

The compiled term is checked against a second implementation in Python that reads the shipped file entry by
entry; the symmetry against the rules library's coordinates; a file that does not fit is refused in words
and the hand-set evaluation stays.
"""

from __future__ import annotations

import logging
import random
import struct
from pathlib import Path

import numpy as np
import pytest

from benchmarks import train
from engine import native, patterns
from engine.evaluate import weights_for
from rules import VARIANTS
from rules.fen import parse_fen
from rules.movegen import generator_for
from tests.engine.test_native import game_positions, random_placement

SHIPPED = sorted(p.stem for p in patterns.FOLDER.glob("*.pat"))


# Every variant the compiled core plays whose file won its match against the hand-set evaluation (docs/ENGINE-LOG.md).
MEASURED = ["italian", "international", "english", "russian", "brazilian", "pool", "spanish", "portuguese"]


def test_files_ship_for_the_measured_variants() -> None:
    assert set(MEASURED) <= set(SHIPPED)


@pytest.mark.parametrize("variant", MEASURED + ["czech", "canadian", "frisian"])
def test_windows_are_half_overlapping_four_by_four_blocks_covering_the_board(variant: str) -> None:
    board = generator_for(VARIANTS[variant]).board
    found = patterns.windows(board)
    assert found is not None
    size = patterns.board_size(board)
    assert len(found) == ((size - 2) // 2) ** 2
    covered: set[int] = set()
    for window in found:
        squares = patterns.window_squares(window)
        places = [board.coords[bit] for bit in squares]
        rows = {r for r, _ in places}
        cols = {c for _, c in places}
        assert len(set(squares)) == 8 and len(rows) == 4 and max(rows) - min(rows) == 3
        assert max(cols) - min(cols) <= 3 and min(rows) % 2 == 0
        covered.update(squares)
    assert covered == set(board.coords)


@pytest.mark.parametrize("variant", ["italian", "international"])
def test_the_odd_blocks_sit_on_the_even_blocks_corners_and_turn_onto_each_other(variant: str) -> None:
    board = generator_for(VARIANTS[variant]).board
    even = patterns.windows(board)
    both = patterns.windows(board, "even+odd")
    assert even is not None and both is not None and both[: len(even)] == even
    size = patterns.board_size(board)
    odd = both[len(even):]
    assert len(odd) == ((size - 3) // 2) ** 2  # one per inner corner where four even blocks meet
    turn = patterns.rotation(board)
    shapes = {frozenset(patterns.window_squares(w)) for w in odd}
    for window in odd:
        places = [board.coords[bit] for bit in patterns.window_squares(window)]
        rows = sorted({r for r, _ in places})
        cols = {c for _, c in places}
        assert len(rows) == 4 and rows[0] % 2 == 1 and max(cols) - min(cols) <= 3 and min(cols) % 2 == 1
        assert frozenset(turn[bit] for bit in patterns.window_squares(window)) in shapes
    assert patterns.windows(board, "diagonal") is None


def test_a_file_in_the_odd_layout_loads_and_the_compiled_term_reads_it(tmp_path: Path,
                                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    rules = VARIANTS["international"]
    board = generator_for(rules).board
    both = patterns.windows(board, "even+odd")
    assert both is not None
    rng = random.Random(11)
    tables = struct.pack(f"<{len(both) * patterns.PHASES * patterns.SIZE}h",
                         *(rng.randrange(-300, 300) for _ in range(len(both) * patterns.PHASES * patterns.SIZE)))
    patterns.write(tmp_path / "international.pat", "international", both, 40, tables, {"layout": "even+odd"})
    patterns.write(tmp_path / "brazilian.pat", "brazilian", both, 24, tables, {"layout": "even"})  # wrong board
    monkeypatch.setattr(patterns, "FOLDER", tmp_path)
    monkeypatch.setattr(patterns, "_loaded", {})
    monkeypatch.setattr(patterns, "_logged", set())
    loaded = patterns.tables_for(rules)
    assert loaded is not None and loaded.windows == both
    assert patterns.tables_for(VARIANTS["brazilian"]) is None
    plain = native.build_core(rules, tt_bits=8)
    learned = native.build_core(rules, tt_bits=8)
    assert patterns.install(learned, loaded)
    odd_seen = 0
    placements = [random_placement(rules, rng) for _ in range(400)]
    # kings-only endings scale the whole score, and these random tables give an empty board a value
    for white, black, kings, color in [p for p in placements if (p[0] | p[1]) & ~p[2]][:300]:
        own, opp = (white, black) if color == 0 else (black, white)
        expected = loaded.score(white & ~kings, black & ~kings, (white | black).bit_count())
        got = learned.evaluate(own, opp, kings, color) - plain.evaluate(own, opp, kings, color)
        assert got == (expected if color == 0 else -expected)
        odd_seen += any(patterns.index_of(w, white & ~kings, black & ~kings) for w in both[16:])
    assert odd_seen > 250


@pytest.mark.parametrize("variant", ["italian", "international"])
def test_the_flanks_are_the_corner_strips_and_turn_onto_each_other(variant: str) -> None:
    board = generator_for(VARIANTS[variant]).board
    found = patterns.flanks(board, "even+flank")
    assert found is not None and len(found) == 4
    assert patterns.flanks(board, "even") == [] and patterns.windows(board, "even+flank") == patterns.windows(board)
    size = patterns.board_size(board)
    turn = patterns.rotation(board)
    shapes = {frozenset(f) for f in found}
    for flank in found:
        places = [board.coords[bit] for bit in flank]
        rows = {r for r, _ in places}
        cols = {c for _, c in places}
        assert list(flank) == sorted(set(flank)) and len(flank) == 9
        assert rows in ({0, 1, 2, 3, 4, 5}, set(range(size - 6, size)))
        assert cols <= {0, 1, 2} or cols <= {size - 3, size - 2, size - 1}
        assert frozenset(turn[bit] for bit in flank) in shapes
    if variant == "international":  # the squares of the standard numbering, White at the bottom
        names = {frozenset(int(board.name(bit)) for bit in f) for f in found}
        assert frozenset({1, 6, 7, 11, 16, 17, 21, 26, 27}) in names
        assert frozenset({4, 5, 10, 14, 15, 20, 24, 25, 30}) in names
        assert frozenset({24, 25, 30, 34, 35, 40, 44, 45, 50}) in names


@pytest.mark.parametrize("variant", ["italian", "international"])
def test_a_file_with_flanks_loads_and_the_compiled_term_reads_it(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                                  variant: str) -> None:
    rules = VARIANTS[variant]
    board = generator_for(rules).board
    even, flanks = patterns.windows(board, "even+flank"), patterns.flanks(board, "even+flank")
    assert even is not None and flanks
    rng = random.Random(12)
    count = patterns.table_bytes(len(even), len(flanks)) // 2
    tables = struct.pack(f"<{count}h", *(rng.randrange(-300, 300) for _ in range(count)))
    full = 40 if variant == "international" else 24
    patterns.write(tmp_path / f"{variant}.pat", variant, even, full, tables, {"layout": "even+flank"}, flanks)
    monkeypatch.setattr(patterns, "FOLDER", tmp_path)
    monkeypatch.setattr(patterns, "_loaded", {})
    monkeypatch.setattr(patterns, "_logged", set())
    loaded = patterns.tables_for(rules)
    assert loaded is not None and list(loaded.flanks) == flanks
    plain = native.build_core(rules, tt_bits=8)
    learned = native.build_core(rules, tt_bits=8)
    assert patterns.install(learned, loaded)
    portable = native.build_core(rules, tt_bits=8)  # never the BMI2 gather, wherever the machine has it
    assert portable.set_patterns([list(w) for w in even], tables, [list(f) for f in flanks], True, True) == (False, 0)
    assert learned.set_patterns([list(w) for w in even], tables, [list(f) for f in flanks])[1] == 0  # not antisymmetric
    flank_seen = 0
    positions = [random_placement(rules, rng) for _ in range(300)] + game_positions(rules, rng, plies=80)
    for white, black, kings, color in [p for p in positions if (p[0] | p[1]) & ~p[2]]:
        own, opp = (white, black) if color == 0 else (black, white)
        expected = loaded.score(white & ~kings, black & ~kings, (white | black).bit_count())
        got = learned.evaluate(own, opp, kings, color) - plain.evaluate(own, opp, kings, color)
        assert got == (expected if color == 0 else -expected)
        assert portable.evaluate(own, opp, kings, color) == learned.evaluate(own, opp, kings, color)
        flank_seen += any(patterns.index_of(f, white & ~kings, black & ~kings) for f in flanks)
    assert flank_seen > 200
    # tables made antisymmetric as the trainer makes them: the turned units read their mirrors' tables, and the
    # term is still the file read entry by entry
    features = train.Features(rules, "even+flank")
    free = [np.array([[rng.randrange(-150, 150) for _ in range(size)] for _ in range(2)]) for size in features.sizes]
    stored = [free[u] - free[m][:, features.sigma[m]] for u, m in enumerate(features.mirror)]
    anti = b"".join(t.astype("<i2").tobytes() for t in stored)
    patterns.write(tmp_path / f"{variant}.pat", variant, even, full, anti, {"layout": "even+flank"}, flanks)
    monkeypatch.setattr(patterns, "_loaded", {})
    loaded = patterns.tables_for(rules)
    assert loaded is not None
    sharing = native.build_core(rules, tt_bits=8)
    assert sharing.set_patterns([list(w) for w in even], anti, [list(f) for f in flanks])[1] == len(even) // 2 + 2
    shared_portable = native.build_core(rules, tt_bits=8)
    assert shared_portable.set_patterns([list(w) for w in even], anti, [list(f) for f in flanks], True) == (
        False, len(even) // 2 + 2)
    for white, black, kings, color in [p for p in positions if (p[0] | p[1]) & ~p[2]]:
        own, opp = (white, black) if color == 0 else (black, white)
        expected = loaded.score(white & ~kings, black & ~kings, (white | black).bit_count())
        for core in (sharing, shared_portable):
            got = core.evaluate(own, opp, kings, color) - plain.evaluate(own, opp, kings, color)
            assert got == (expected if color == 0 else -expected)
    # a file whose flanks are not the layout's is refused; so are flanks the core cannot read
    patterns.write(tmp_path / f"{variant}.pat", variant, even, full, tables, {"layout": "even+flank"},
                   [flanks[1], flanks[0], *flanks[2:]])
    monkeypatch.setattr(patterns, "_loaded", {})
    assert patterns.tables_for(rules) is None
    with pytest.raises(ValueError):
        learned.set_patterns([list(w) for w in even], tables, [list(reversed(f)) for f in flanks])
    with pytest.raises(ValueError):
        learned.set_patterns([list(w) for w in even], tables, [list(f)[:8] for f in flanks])
    with pytest.raises(ValueError):
        learned.set_patterns([list(w) for w in even], tables, flanks[:3])


def _with_and_without(variant: str) -> tuple[object, object, patterns.PatternTables]:
    rules = VARIANTS[variant]
    tables = patterns.tables_for(rules)
    assert tables is not None
    plain = native.build_core(rules, tt_bits=8)
    learned = native.build_core(rules, tt_bits=8)
    assert patterns.install(learned, tables)
    return plain, learned, tables


@pytest.mark.parametrize("variant", SHIPPED)
def test_the_compiled_term_is_the_file_read_entry_by_entry(variant: str) -> None:
    """evaluate(with patterns) - evaluate(without) equals the tables' score computed square by square in Python."""
    plain, learned, tables = _with_and_without(variant)
    rules = VARIANTS[variant]
    # the trained tables are antisymmetric, so each window turned half round reads its mirror's table
    windows = [list(w) for w in tables.windows]
    assert native.build_core(rules, tt_bits=8).set_patterns(windows, tables.tables)[1] == len(windows) // 2
    # the other paths, whatever the machine: the shift-and-mask gather with and without the shared tables, and
    # the BMI2 gather (where the processor has it) with each window's own table
    others = []
    for portable, own_tables in ((True, True), (True, False), (False, True)):
        core = native.build_core(rules, tt_bits=8)
        pext, shared = core.set_patterns(windows, tables.tables, [], portable, own_tables)
        assert not (portable and pext) and shared == (0 if own_tables else len(windows) // 2)
        if tables.phase == "pip":  # the file's blend, as patterns.install sets it
            core.set_pip_phase(*tables.pip)
        others.append(core)
    rng = random.Random(5)
    positions = [random_placement(rules, rng) for _ in range(400)]
    for _ in range(6):
        positions += game_positions(rules, rng, plies=80)
    nonzero = 0
    for white, black, kings, color in positions:
        own, opp = (white, black) if color == 0 else (black, white)
        pieces = (white | black).bit_count()
        expected = tables.score(white & ~kings, black & ~kings, pieces)
        expected = expected if color == 0 else -expected
        got = learned.evaluate(own, opp, kings, color) - plain.evaluate(own, opp, kings, color)  # type: ignore[attr-defined]
        assert got == expected, (white, black, kings, color)
        for other in others:
            assert other.evaluate(own, opp, kings, color) == got + plain.evaluate(own, opp, kings, color)  # type: ignore[attr-defined]
        nonzero += expected != 0
    assert nonzero > len(positions) // 2  # the file is not a table of zeros


@pytest.mark.parametrize("variant", SHIPPED)
def test_a_position_and_its_colour_swapped_mirror_score_opposite(variant: str) -> None:
    """The board turned half round (the rules library's coordinates) with the colours swapped."""
    rules = VARIANTS[variant]
    tables = patterns.tables_for(rules)
    assert tables is not None
    board = generator_for(rules).board
    at = {coords: bit for bit, coords in board.coords.items()}
    size = max(row for row, _ in board.coords.values()) + 1

    def turned(bits: int) -> int:
        cells = [coords for bit, coords in board.coords.items() if bits >> bit & 1]
        return sum(1 << at[size - 1 - row, size - 1 - col] for row, col in cells)

    rng = random.Random(9)
    for _ in range(300):
        white, black, kings, _color = random_placement(rules, rng)
        wm, bm = white & ~kings, black & ~kings
        pieces = (white | black).bit_count()
        assert tables.score(turned(bm), turned(wm), pieces) == -tables.score(wm, bm, pieces)


def test_a_damaged_or_foreign_file_is_refused_in_words(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                       caplog: pytest.LogCaptureFixture) -> None:
    rules = VARIANTS["italian"]
    (tmp_path / "italian.pat").write_bytes(patterns.MAGIC + b"\x05\x00\x00\x00{oops")
    international = patterns.read(patterns.path_for("international"))
    patterns.write(tmp_path / "russian.pat", "international", international.windows, 40, international.tables, {})
    monkeypatch.setattr(patterns, "FOLDER", tmp_path)
    monkeypatch.setattr(patterns, "_loaded", {})
    monkeypatch.setattr(patterns, "_logged", set())
    with caplog.at_level(logging.WARNING):
        assert patterns.tables_for(rules) is None
        assert patterns.tables_for(VARIANTS["russian"]) is None
    text = caplog.text
    assert "italian.pat is damaged" in text and "keeps the hand-set evaluation" in text
    assert "russian.pat does not fit russian's board" in text
    assert "Traceback" not in text
    with pytest.raises(patterns.PatternFileError):
        patterns.read(tmp_path / "italian.pat")
    # the engine still searches, on the hand-set evaluation
    searcher = native.NativeSearcher(rules, tt_bits=10)
    assert not searcher.learned
    found = searcher.search(*random_placement(rules, random.Random(1))[:3], 0, depth=3)
    assert found.move is not None or found.score != 0


def test_the_switch_turns_the_learned_term_off(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(patterns, "_loaded", {})
    monkeypatch.setenv("DAMA_PATTERNS", "off")
    assert patterns.tables_for(VARIANTS["italian"]) is None
    assert not native.NativeSearcher(VARIANTS["italian"], tt_bits=10).learned
    monkeypatch.delenv("DAMA_PATTERNS")
    assert native.NativeSearcher(VARIANTS["italian"], tt_bits=10).learned


def test_the_core_refuses_tables_that_do_not_fit_their_windows() -> None:
    core = native.build_core(VARIANTS["italian"], tt_bits=8)
    with pytest.raises(ValueError):
        core.set_patterns([[0, 4, 8, 12]], b"\x00" * 10)
    with pytest.raises(ValueError):
        core.set_patterns([[0, 4, 8, 99]], b"\x00" * (2 * patterns.SIZE * 2))


def test_a_file_fitted_with_the_hand_set_weights_brings_them(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                            caplog: pytest.LogCaptureFixture) -> None:
    rules = VARIANTS["international"]
    shipped = patterns.read(patterns.path_for("international"))
    today = weights_for(rules)
    blend = {key: shipped.header[key] for key in patterns.BLEND_KEYS if key in shipped.header}
    patterns.write(tmp_path / "international.pat", "international", shipped.windows, shipped.full, shipped.tables,
                   {**blend, "weights": {"king": today.king + 150, "lone_king": today.lone_king - 20}})
    # a file naming a weight the engine does not have is refused, not half used
    for variant, weights in (("brazilian", {"queen": 5}), ("russian", [1])):
        eight = patterns.windows(generator_for(VARIANTS[variant]).board) or []
        patterns.write(tmp_path / f"{variant}.pat", variant, eight, 24, b"\0" * patterns.table_bytes(len(eight), 0),
                       {"weights": weights})
    monkeypatch.setattr(patterns, "FOLDER", tmp_path)
    monkeypatch.setattr(patterns, "_loaded", {})
    monkeypatch.setattr(patterns, "_logged", set())
    # White: a king and two men; Black: three men
    position = parse_fen(rules, "W:WK46,31,32:B19,20,21")
    white, black, kings = position.white, position.black, position.kings
    fitted = native.NativeSearcher(rules, tt_bits=10)
    assert fitted.learned
    plain = native.build_core(rules, tt_bits=8)
    patterns.install(plain, shipped)  # the same tables with today's weights
    # White's is the only king: the king's change and the lone king's, once each
    assert fitted.core.evaluate(white, black, kings, 0) - plain.evaluate(white, black, kings, 0) == 150 - 20
    # given weights (a tuner's) win over the file's
    chosen = native.NativeSearcher(rules, tt_bits=10, weights=today)
    assert chosen.core.evaluate(white, black, kings, 0) == plain.evaluate(white, black, kings, 0)
    with caplog.at_level(logging.WARNING):
        assert patterns.tables_for(VARIANTS["brazilian"]) is None
        assert patterns.tables_for(VARIANTS["russian"]) is None
    assert "brazilian.pat names hand-set weights this engine does not have" in caplog.text
    assert "russian.pat is damaged" in caplog.text and "Traceback" not in caplog.text
