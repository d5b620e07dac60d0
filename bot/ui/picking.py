"""The piece/move picker's options, shared by the Move button (bot/exts/play/picker.py) and the study board's
Try a move (bot/exts/study): step 1 lists the pieces that can move, step 2 one piece's moves."""

from __future__ import annotations

import discord

from messages.i18n import ENGLISH, Words
from rules import Move, Position, format_move

PER_SELECT = 25  # Discord's limit of options in one select
MAX_SELECTS = 4  # a view has 5 rows; the last one holds the Back button


def move_label(position: Position, move: Move) -> str:
    return format_move(position, move)


def move_description(position: Position, move: Move, w: Words = ENGLISH) -> str:
    parts = []
    if move.captures:
        taken = w.join([position.board.name(s) for s in move.captures])
        parts.append(w.say("picker.takes", "takes {squares}", squares=taken))
    if move.promotes:
        parts.append(w.say("picker.makes_king", "makes a king"))
    return "; ".join(parts)[:100]


def chunks(items: list[discord.SelectOption]) -> list[list[discord.SelectOption]]:
    return [items[i : i + PER_SELECT] for i in range(0, len(items), PER_SELECT)]


def moves_by_piece(position: Position, moves: list[Move]) -> dict[int, list[int]]:
    """Indices into moves, per starting square, in notation order (shared with the study board's picker)."""
    by_piece: dict[int, list[int]] = {}
    order = {square: n for n, square in enumerate(position.board.squares)}
    for index, move in sorted(enumerate(moves), key=lambda item: order[item[1].start]):
        by_piece.setdefault(move.start, []).append(index)
    return by_piece


def piece_options(
    position: Position, moves: list[Move], by_piece: dict[int, list[int]], w: Words = ENGLISH
) -> list[discord.SelectOption]:
    """Step 1's options: the pieces that can move ("piece:<square>"), each with how many moves it has."""
    options = []
    for start, indices in by_piece.items():
        count = len(indices)
        if any(moves[i].captures for i in indices):
            detail = w.plural("picker.moves_captures", "{count} move (captures)", "{count} moves (captures)", count)
        else:
            detail = w.plural("picker.moves", "{count} move", "{count} moves", count)
        options.append(
            discord.SelectOption(label=position.board.name(start), value=f"piece:{start}", description=detail)
        )
    return options


def move_options(
    position: Position, moves: list[Move], indices: list[int], w: Words = ENGLISH
) -> list[discord.SelectOption]:
    """Step 2's options: one piece's moves ("move:<index into moves>")."""
    return [
        discord.SelectOption(
            label=move_label(position, moves[i])[:100],
            value=f"move:{i}",
            description=move_description(position, moves[i], w) or None,
        )
        for i in indices
    ]
