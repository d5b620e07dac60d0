"""Conditional moves: "if you play 21-17, I answer 11-14", entered while the opponent is to move.

Lines are private to their player. When the opponent's move starts a line, the reply is played in the
same transaction as that move (games.py calls play_conditional_reply) and the line goes on from there;
any other move clears them all, and so do a takeback and the end of the game.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from data.repositories import Repositories
from data.timeutil import to_db
from rules import Game, Position, RulesError, format_move, parse_fen, parse_move
from service.access import ScopedPart
from service.context import Context
from service.errors import (
    GameOver,
    NotAParticipant,
    PremoveBadMove,
    PremoveConflict,
    PremoveIncomplete,
    PremoveNotNow,
    PremoveTooLong,
)
from service.lifecycle import load_row, rebuild
from service.premove_tree import Line, LineConflict, PremoveTree
from service.results import GameStatus, GameView

_MOVE_NUMBER = re.compile(r"^\d+\.+$")
MAX_LINE_PLIES = 24  # twelve pairs: further ahead than anyone plans by post
MAX_LINES = 32


@dataclass(frozen=True, slots=True)
class PremoveLines:
    """A player's conditional moves in one game, in the variant's notation (opponent's move first)."""

    game: GameView
    player_id: int
    lines: tuple[tuple[str, ...], ...]
    cleared: int = 0  # lines deleted by this request


async def _tree(repos: Repositories, game_id: int, player_id: int) -> PremoveTree:
    rows = [r for r in await repos.premoves.for_game(game_id) if r.player_id == player_id]
    return PremoveTree.of(tuple(r.line.split()) for r in rows)


async def _save(repos: Repositories, game_id: int, player_id: int, tree: PremoveTree, now: str) -> None:
    await repos.premoves.clear(game_id, player_id)
    for line in tree.lines():
        await repos.premoves.add(game_id, player_id, " ".join(line), now)


async def play_conditional_reply(
    repos: Repositories, game_id: int, owner_id: int, played_path: str, game: Game, now: str
) -> bool:
    """Inside the move's transaction: if owner_id has a line starting with the move just played, push
    its reply on `game` (checked by the rules) and keep what follows; every other line goes."""
    tree = await _tree(repos, game_id, owner_id)
    await repos.premoves.clear(game_id)
    branch = tree.follow(played_path)
    if branch is None:
        return False
    reply, rest = branch
    try:
        game.play(reply)
    except RulesError:
        return False
    await _save(repos, game_id, owner_id, rest, now)
    return True


def notations(position: Position, line: Line) -> tuple[str, ...]:
    """A stored line (full paths) in the variant's usual notation, from `position`."""
    out: list[str] = []
    for path in line:
        move = parse_move(position, path)
        out.append(format_move(position, move))
        position = position.apply(move)
    return tuple(out)


class PremoveService(ScopedPart):
    def __init__(self, ctx: Context) -> None:
        self._ctx = ctx

    async def add(self, game_id: int, player_id: int, text: str) -> PremoveLines:
        """Add a line "OPPONENT_MOVE MY_REPLY [OPPONENT_MOVE MY_REPLY ...]" in any notation the variant
        reads. Refusals change nothing: PremoveNotNow, PremoveIncomplete, PremoveTooLong, PremoveBadMove
        (the first move that cannot be read or played where the line reaches), PremoveConflict."""
        # move numbers copied from a PDN ("12." or "12...") are not moves
        tokens = [t for t in text.replace(",", " ").split() if not _MOVE_NUMBER.match(t)]
        if len(tokens) > MAX_LINE_PLIES:
            raise PremoveTooLong("plies", MAX_LINE_PLIES)
        if len(tokens) % 2 or not tokens:
            raise PremoveIncomplete(tokens[-1] if tokens else None)
        now = self._ctx.now()
        async with self._ctx.db.write() as repos:
            row = await load_row(repos, game_id)
            game_view = self._check(GameView.from_row(row), player_id)
            game = await rebuild(repos, row)
            start = game.position
            paths: list[str] = []
            for index, token in enumerate(tokens):
                before = game.position
                try:
                    move = game.play(token)
                except RulesError as error:
                    raise PremoveBadMove(index, token, error, before) from error
                paths.append(format_move(before, move, full=True))
            tree = await _tree(repos, game_id, player_id)
            try:
                tree.add(tuple(paths))
            except LineConflict as conflict:
                shown = notations(start, tuple(paths))
                stored = _stored_reply(start, tuple(paths), conflict)
                raise PremoveConflict(shown[conflict.index - 1], stored, shown[conflict.index]) from None
            if len(tree) > MAX_LINES:
                raise PremoveTooLong("lines", MAX_LINES)
            await _save(repos, game_id, player_id, tree, to_db(now))
            return PremoveLines(game_view, player_id, tuple(notations(start, line) for line in tree.lines()))

    async def lines(self, game_id: int, player_id: int) -> PremoveLines:
        """The player's own lines (never the opponent's)."""
        async with self._ctx.db.read() as repos:
            row = await load_row(repos, game_id)
            view = GameView.from_row(row)
            if view.color_of(player_id) is None:
                raise NotAParticipant(player_id)
            tree = await _tree(repos, game_id, player_id)
        start = parse_fen(view.position.rules, row.current_fen)
        return PremoveLines(view, player_id, tuple(notations(start, line) for line in tree.lines()))

    async def clear(self, game_id: int, player_id: int) -> PremoveLines:
        async with self._ctx.db.write() as repos:
            row = await load_row(repos, game_id)
            view = GameView.from_row(row)
            if view.color_of(player_id) is None:
                raise NotAParticipant(player_id)
            cleared = await repos.premoves.clear(game_id, player_id)
        return PremoveLines(view, player_id, (), cleared)

    @staticmethod
    def _check(game: GameView, player_id: int) -> GameView:
        if game.color_of(player_id) is None:
            raise NotAParticipant(player_id)
        if game.status is not GameStatus.ACTIVE:
            raise GameOver(game)
        mover = game.to_move_id
        if mover == player_id:
            raise PremoveNotNow(game.id, player_id)
        return game


def _stored_reply(start: Position, line: Line, conflict: LineConflict) -> str:
    """The stored reply of a conflict, in notation: it is played where the new line's reply would be."""
    position = start
    for path in line[: conflict.index]:
        position = position.apply(parse_move(position, path))
    return format_move(position, parse_move(position, conflict.stored_reply))

