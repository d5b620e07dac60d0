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

import pytest

from engine import native, patterns
from rules import VARIANTS
from rules.movegen import generator_for
from tests.engine.test_native import game_positions, random_placement

SHIPPED = sorted(p.stem for p in patterns.FOLDER.glob("*.pat"))


# Every variant the compiled core plays whose file won its match against the hand-set evaluation (docs/ENGINE.md).
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
