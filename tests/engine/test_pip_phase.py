"""The learned term blended by the men's rows to go ("phase": "pip" in a pattern file, `benchmarks.train --phase`).

The counts are checked against positions built from the rule texts' square numbering; the compiled blend against
the Python reference that reads the file entry by entry; a file whose counts do not fit is refused in words.
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
from engine.evaluate import evaluator_for
from rules import VARIANTS
from rules.fen import parse_fen
from rules.movegen import generator_for
from tests.engine.test_native import random_placement


def _pip(variant: str, fen: str) -> int:
    rules = VARIANTS[variant]
    white_rows, black_rows, _ = patterns.pip_rows(rules)
    p = parse_fen(rules, fen, check_counts=False)
    return patterns.pip_count(white_rows, black_rows, p.white & ~p.kings, p.black & ~p.kings)


def test_the_counts_follow_the_rule_texts_numbering() -> None:
    # International (FMJD): White's men start on 31-50, four rows of five, 6 to 9 rows from row 1-5 where
    # they crown; Black's on 1-20 likewise towards 46-50. 5 x (6 + 7 + 8 + 9) = 150 a side.
    assert patterns.pip_rows(VARIANTS["international"])[2] == 300
    assert _pip("international", "W:W6:B45") == 1 + 1  # each a row from crowning
    assert _pip("international", "W:W46,K7:B5,K40") == 9 + 9  # back ranks; kings have no rows to go
    assert _pip("international", "W:W28:B18") == 5 + 6  # 28 is on row 6 of 10, 18 on row 4
    # Italian (FID): 12 men a side on three rows, 5 to 7 rows from crowning: 4 x (5 + 6 + 7) = 72 a side.
    assert patterns.pip_rows(VARIANTS["italian"])[2] == 144
    # White crowns on 1-4 and starts on 21-32: 29 is its back rank (7 to go), 5 the second row (1); Black the
    # other way: 1 is its back rank (7), 28 the seventh row (1).
    assert _pip("italian", "W:W29,5:B1,28") == 7 + 1 + 7 + 1


def _pip_file(tmp_path: Path, variant: str, seed: int) -> patterns.PatternTables:
    rules = VARIANTS[variant]
    board = generator_for(rules).board
    windows = patterns.windows(board)
    assert windows is not None
    rng = random.Random(seed)
    count = len(windows) * patterns.PHASES * patterns.SIZE
    tables = struct.pack(f"<{count}h", *(rng.randrange(-400, 400) for _ in range(count)))
    about = {"layout": "even", **patterns.blend_header(rules, "pip")}
    path = tmp_path / f"{variant}.pat"
    patterns.write(path, variant, windows, evaluator_for(rules).full, tables, about)
    return patterns.read(path)


@pytest.mark.parametrize("variant", ["international", "italian"])
def test_the_compiled_blend_is_the_reference_and_differs_from_the_pieces_blend(tmp_path: Path, variant: str) -> None:
    rules = VARIANTS[variant]
    loaded = _pip_file(tmp_path, variant, 5)
    assert loaded.phase == "pip"
    by_pieces = patterns.PatternTables(loaded.variant, loaded.windows, loaded.full, loaded.tables, {"layout": "even"})
    plain, learned = native.build_core(rules, tt_bits=8), native.build_core(rules, tt_bits=8)
    assert patterns.install(learned, loaded)
    rng = random.Random(7)
    differs = 0
    for white, black, kings, color in (random_placement(rules, rng) for _ in range(300)):
        if not (white | black) & ~kings:
            continue  # kings-only endings scale the whole score
        own, opp = (white, black) if color == 0 else (black, white)
        wm, bm, pieces = white & ~kings, black & ~kings, (white | black).bit_count()
        expected = loaded.score(wm, bm, pieces)
        assert learned.evaluate(own, opp, kings, color) - plain.evaluate(own, opp, kings, color) == (
            expected if color == 0 else -expected)
        differs += expected != by_pieces.score(wm, bm, pieces)
    assert differs > 200
    # installing a file blended by pieces afterwards (or none) leaves no trace of the pip blend
    assert patterns.install(learned, by_pieces)
    white, black, kings, _ = next(p for p in (random_placement(rules, rng) for _ in range(50)) if p[0] & ~p[2])
    wm, bm = white & ~kings, black & ~kings
    expected = by_pieces.score(wm, bm, (white | black).bit_count())
    assert learned.evaluate(white, black, kings, 0) - plain.evaluate(white, black, kings, 0) == expected
    patterns.install(learned, None)
    assert learned.evaluate(white, black, kings, 0) == plain.evaluate(white, black, kings, 0)


def test_the_core_refuses_counts_that_do_not_fit() -> None:
    core = native.build_core(VARIANTS["italian"], tt_bits=8)
    with pytest.raises(ValueError, match="pip rows"):
        core.set_pip_phase([1] * 5, [1] * 32, 144)
    with pytest.raises(ValueError, match="pip rows"):
        core.set_pip_phase([1] * 32, [-1] * 32, 144)
    with pytest.raises(TypeError):
        core.set_pip_phase([1] * 32, [1] * 32, "full")


def test_a_pip_file_that_does_not_fit_is_refused_in_words(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                          caplog: pytest.LogCaptureFixture) -> None:
    rules = VARIANTS["italian"]
    good = _pip_file(tmp_path, "italian", 3)
    monkeypatch.setattr(patterns, "FOLDER", tmp_path)
    cases = {
        "other rows": ({**good.header, "pip_rows": [good.pip[1], good.pip[0]]}, "does not fit italian's board"),
        "other measure": ({**good.header, "phase": "tempo"}, "by a measure this engine does not have"),
        "bad count": ({**good.header, "pip_full": "many"}, "is damaged"),
    }
    for name, (header, words) in cases.items():
        about = {k: v for k, v in header.items() if k not in ("variant", "windows", "full")}
        patterns.write(tmp_path / "italian.pat", "italian", good.windows, good.full, good.tables, about)
        monkeypatch.setattr(patterns, "_loaded", {})
        monkeypatch.setattr(patterns, "_logged", set())
        caplog.clear()
        with caplog.at_level(logging.WARNING, logger="engine.patterns"):
            assert patterns.tables_for(rules) is None, name
        assert any(words in r.getMessage() and "keeps the hand-set evaluation" in r.getMessage()
                   for r in caplog.records), name
        assert all(r.exc_info is None for r in caplog.records)


def test_the_trainer_blends_by_the_same_count() -> None:
    rules = VARIANTS["international"]
    rng = random.Random(9)
    rows = [(*random_placement(rules, rng), 0, 0.5, n) for n in range(200)]
    samples = train.Samples(*(np.array([r[i] for r in rows], dtype=np.uint64 if i < 3 else None)
                              for i in range(7)))
    share = train.phases(rules, samples, "pip")
    white_rows, black_rows, full = patterns.pip_rows(rules)
    for (white, black, kings, *_), got in zip(rows, share, strict=True):
        count = patterns.pip_count(white_rows, black_rows, white & ~kings, black & ~kings)
        assert got == pytest.approx(min(count, full) / full)
    assert share.min() < share.max()
