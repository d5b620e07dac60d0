"""Golden pictures compared within a small tolerance (fonts and resampling may move a few pixels).

Regenerate with `.venv/bin/python -m tests.render.golden_cases` (see that module) and review the PNGs.
"""

from __future__ import annotations

import pytest
from PIL import ImageChops

from tests.render.golden_cases import CASES, GOLDEN_DIR
from tests.render.support import decode


@pytest.mark.parametrize("name", sorted(CASES))
def test_matches_golden(name):
    expected = decode((GOLDEN_DIR / f"{name}.png").read_bytes())
    actual = decode(CASES[name]())
    assert actual.size == expected.size
    diff = ImageChops.difference(actual, expected).convert("L")
    histogram = diff.histogram()
    pixels = actual.width * actual.height
    mean = sum(level * count for level, count in enumerate(histogram)) / pixels
    far = sum(histogram[48:]) / pixels
    assert mean < 1.5 and far < 0.005, f"{name}: mean diff {mean:.2f}, {far:.2%} pixels off by 48+"


def test_golden_files_are_small():
    for name in CASES:
        assert (GOLDEN_DIR / f"{name}.png").stat().st_size < 30_000
