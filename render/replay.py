"""Animated replay of a game: one frame per ply with the move drawn, the last frame held longer.

The GIF is written a frame at a time (only the previous frame is kept, to store each one as the box that
changed), so its memory does not grow with the game; callers bound the frames with max_frames.
"""

from __future__ import annotations

import dataclasses
import io
from collections.abc import Iterator, Sequence
from typing import IO

from PIL import GifImagePlugin, Image, ImageChops

from render.draw import palette_of, render_image
from render.options import RenderOptions
from rules import Game, Move, RuleSet, parse_fen, parse_move

FRAME_MS = 900
FIRST_FRAME_MS = 1200
LAST_FRAME_MS = 4000
FORMATS = ("gif", "webp")


class TooManyFrames(ValueError):
    """The replay would have more frames than the caller allows (checked before any is drawn)."""

    def __init__(self, frames: int, limit: int) -> None:
        super().__init__(f"a replay of {frames} frames, at most {limit}")
        self.frames = frames
        self.limit = limit


def iter_frames(
    rules: RuleSet,
    start_fen: str | None,
    moves: Sequence[str | Move],
    options: RenderOptions | None = None,
    max_frames: int | None = None,
) -> Iterator[Image.Image]:
    """RGB frames, drawn one at a time: the start position, then the position after each ply with that move
    drawn. Raises TooManyFrames past max_frames, and the rules' errors (NotationError, IllegalMoveError, ...)
    for a move that cannot be played, before the first frame."""
    if max_frames is not None and len(moves) + 1 > max_frames:
        raise TooManyFrames(len(moves) + 1, max_frames)
    options = options or RenderOptions()
    game = Game(rules, start_fen)
    plies: list[tuple[Move, str]] = []
    for text in moves:
        # A record may go on past a draw the rules would end (an imported game): legality, not the ending.
        move = parse_move(game.position, text) if isinstance(text, str) else text
        if not isinstance(text, str) and move not in game.position.legal_moves():
            move = game.play(text)  # raises the rules' own refusal
        else:
            game.push(move)
        plies.append((move, game.notations[-1]))
    return _frames(game, plies, options)


def _frames(game: Game, plies: list[tuple[Move, str]], options: RenderOptions) -> Iterator[Image.Image]:
    outcome = game.outcome()
    first = game.rules.first_player
    yield render_image(game.positions[0], dataclasses.replace(options, last_move=None, note="Start"))
    for ply, (move, notation) in enumerate(plies):
        before = game.positions[ply]
        number = ply // 2 + 1 if game.positions[0].turn is first else (ply + 1) // 2 + 1
        label = f"{number}. {notation}" if before.turn is first else f"{number}... {notation}"
        final = ply == len(plies) - 1
        frame_options = dataclasses.replace(
            options,
            last_move=move,
            note=label,
            move_number=None,
            result=outcome.result if final and outcome is not None else None,
        )
        yield render_image(game.positions[ply + 1], frame_options)


def replay_frames(
    rules: RuleSet,
    start_fen: str | None,
    moves: Sequence[str | Move],
    options: RenderOptions | None = None,
    max_frames: int | None = None,
) -> list[Image.Image]:
    """Every frame of iter_frames at once (for a short game: each frame is a full RGB picture)."""
    return list(iter_frames(rules, start_fen, moves, options, max_frames))


def render_replay(
    rules: RuleSet,
    start_fen: str | None,
    moves: Sequence[str | Move],
    options: RenderOptions | None = None,
    fmt: str = "gif",
    max_frames: int | None = None,
) -> bytes:
    """An animated GIF (default) or WebP of the game; frame durations FRAME_MS, LAST_FRAME_MS at the end.

    max_frames: refuse (TooManyFrames) a game of more frames (plies + 1) before drawing any."""
    options = options or RenderOptions()
    if fmt not in FORMATS:
        raise ValueError(f"unknown replay format {fmt!r} (choose from {', '.join(FORMATS)})")
    frames = iter_frames(rules, start_fen, moves, options, max_frames)
    out = io.BytesIO()
    if fmt == "gif":
        palette = palette_of(parse_fen(rules, start_fen or rules.start_fen), options)
        _write_gif(out, (frame.quantize(palette=palette, dither=Image.Dither.NONE) for frame in frames))
    else:
        held = list(frames)  # Pillow's WebP writer takes a list: bounded by max_frames
        durations = [FIRST_FRAME_MS] + [FRAME_MS] * (len(held) - 1)
        durations[-1] = LAST_FRAME_MS
        held[0].save(
            out,
            "WEBP",
            save_all=True,
            append_images=held[1:],
            duration=durations,
            loop=0,
            quality=85,
            method=2,
        )
    return out.getvalue()


class _Pending:
    """A frame written once the next is known: a next frame equal to it only adds to its time."""

    def __init__(self, picture: Image.Image, offset: tuple[int, int], milliseconds: int, clear: int | None) -> None:
        self.picture, self.offset, self.milliseconds, self.clear = picture, offset, milliseconds, clear

    def write(self, out: IO[bytes]) -> None:
        extra = {} if self.clear is None else {"transparency": self.clear}
        for chunk in GifImagePlugin.getdata(self.picture, self.offset, duration=self.milliseconds, **extra):
            out.write(chunk)


def _write_gif(out: IO[bytes], frames: Iterator[Image.Image]) -> None:
    """Frames of one palette as a looping GIF: each after the first stored as the box that changed, its
    unchanged pixels transparent (they compress to little), as Pillow's own writer does; only the frame
    before is kept."""
    previous: Image.Image | None = None
    pending: _Pending | None = None
    last = FIRST_FRAME_MS
    clear: int | None = None  # a palette index no picture uses
    for frame in frames:
        if previous is None:
            for chunk in GifImagePlugin.getheader(frame, info={"loop": 0})[0]:
                out.write(chunk)
            colours = len(frame.getpalette() or []) // 3
            clear = colours if colours & (colours - 1) else None  # the colour table pads to a power of two
            pending, previous = _Pending(frame, (0, 0), FIRST_FRAME_MS, None), frame
            continue
        assert pending is not None
        last = FRAME_MS
        delta = ImageChops.subtract_modulo(frame, previous)
        box = delta.getbbox(alpha_only=False)
        previous = frame
        if box is None:
            pending.milliseconds += FRAME_MS
            continue
        pending.write(out)
        picture = frame.crop(box)
        if clear is not None:
            picture.paste(clear, mask=delta.crop(box).point([255, *(0,) * 255], "1"))
        pending = _Pending(picture, (box[0], box[1]), FRAME_MS, clear)
    if pending is not None:
        pending.milliseconds += LAST_FRAME_MS - last
        pending.write(out)
    out.write(b";")
