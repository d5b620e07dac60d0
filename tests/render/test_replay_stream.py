"""The replay GIF is written a frame at a time (security review 2026-12-01, row 1): what Pillow decodes from
it is, frame by frame, what the renderer drew, and a game past the caller's frame limit is refused before
any frame is drawn."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from render import RenderOptions, TooManyFrames, iter_frames, render_replay
from render.draw import palette_of
from render.replay import FIRST_FRAME_MS, FRAME_MS, LAST_FRAME_MS
from rules import find_variant, parse_fen

ENGLISH = find_variant("english")
FEN = "W:WK1:BK32"
SHUTTLE = ["1-6", "32-27", "6-1", "27-32"]


def test_each_decoded_frame_is_the_frame_drawn() -> None:
    moves = SHUTTLE * 3
    options = RenderOptions(size=240)
    image = Image.open(io.BytesIO(render_replay(ENGLISH, FEN, moves, options)))
    palette = palette_of(parse_fen(ENGLISH, FEN), options)
    drawn = list(iter_frames(ENGLISH, FEN, moves, options))
    assert image.n_frames == len(drawn) == len(moves) + 1
    durations = []
    for index, frame in enumerate(drawn):
        image.seek(index)
        durations.append(image.info["duration"])
        expected = frame.quantize(palette=palette, dither=Image.Dither.NONE).convert("RGB")
        assert image.convert("RGB").tobytes() == expected.tobytes(), index
    assert durations == [FIRST_FRAME_MS] + [FRAME_MS] * (len(moves) - 1) + [LAST_FRAME_MS]


def test_a_game_with_no_move_is_one_frame_held() -> None:
    image = Image.open(io.BytesIO(render_replay(ENGLISH, FEN, [], RenderOptions(size=200))))
    assert image.n_frames == 1


def test_past_the_frame_limit_nothing_is_drawn() -> None:
    moves = SHUTTLE * 300  # 1,200 plies
    with pytest.raises(TooManyFrames) as refused:
        iter_frames(ENGLISH, FEN, moves, RenderOptions(size=240), max_frames=1200)
    assert (refused.value.frames, refused.value.limit) == (1201, 1200)
    with pytest.raises(TooManyFrames):
        render_replay(ENGLISH, FEN, moves, RenderOptions(size=240), max_frames=1200)
    data = render_replay(ENGLISH, FEN, moves[:7], RenderOptions(size=240), max_frames=8)
    assert Image.open(io.BytesIO(data)).n_frames == 8
