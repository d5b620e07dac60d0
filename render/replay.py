"""Animated replay of a game: one frame per ply with the move drawn, the last frame held longer."""

from __future__ import annotations

import dataclasses
import io
from collections.abc import Sequence

from PIL import Image

from render.draw import palette_of, render_image
from render.options import RenderOptions
from rules import Game, Move, RuleSet, parse_fen, parse_move

FRAME_MS = 900
FIRST_FRAME_MS = 1200
LAST_FRAME_MS = 4000
FORMATS = ("gif", "webp")


def replay_frames(
    rules: RuleSet, start_fen: str | None, moves: Sequence[str | Move], options: RenderOptions | None = None
) -> list[Image.Image]:
    """RGB frames: the start position, then the position after each ply with that move drawn.

    Raises the rules' errors (NotationError, IllegalMoveError, ...) for a move that cannot be played.
    """
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
    outcome = game.outcome()
    first = rules.first_player
    frames = [render_image(game.positions[0], dataclasses.replace(options, last_move=None, note="Start"))]
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
        frames.append(render_image(game.positions[ply + 1], frame_options))
    return frames


def render_replay(
    rules: RuleSet,
    start_fen: str | None,
    moves: Sequence[str | Move],
    options: RenderOptions | None = None,
    fmt: str = "gif",
) -> bytes:
    """An animated GIF (default) or WebP of the game; frame durations FRAME_MS, LAST_FRAME_MS at the end."""
    options = options or RenderOptions()
    if fmt not in FORMATS:
        raise ValueError(f"unknown replay format {fmt!r} (choose from {', '.join(FORMATS)})")
    frames = replay_frames(rules, start_fen, moves, options)
    durations = [FIRST_FRAME_MS] + [FRAME_MS] * (len(frames) - 1)
    durations[-1] = LAST_FRAME_MS
    out = io.BytesIO()
    if fmt == "gif":
        palette = palette_of(parse_fen(rules, start_fen or rules.start_fen), options)
        indexed = [frame.quantize(palette=palette, dither=Image.Dither.NONE) for frame in frames]
        # Pillow stores each frame as the changed box against the previous one
        indexed[0].save(out, "GIF", save_all=True, append_images=indexed[1:], duration=durations, loop=0)
    else:
        frames[0].save(
            out,
            "WEBP",
            save_all=True,
            append_images=frames[1:],
            duration=durations,
            loop=0,
            quality=85,
            method=2,
        )
    return out.getvalue()
