"""Studying a game: step through its moves and try lines from any position, stored nowhere and told to
no one.

`StudyService.open_game` / `open_imported` load a game or an imported record through the usual access
check (a game of another server is "not found", as everywhere) and decide once whether the engine may
speak there (policies.hint_refusal with the server's hint policy). A `Study` is an immutable value: the
game's positions, the ply shown and the moves tried from it. `StudyBook` keeps each player's open studies
in memory for STUDY_LIFETIME, keyed by (player, nonce): a nonce names a study only for the player who
opened it, so a forged button cannot reach anyone else's.
"""

from __future__ import annotations

import asyncio
import enum
import secrets
from dataclasses import dataclass, field, replace
from datetime import datetime, timedelta

from data.models import ImportedGameRow
from engine import Analysis
from rules import Game, Move, Position, format_move, parse_move
from rules.ruleset import RuleSet
from service.access import ScopedPart
from service.bounds import MAX_RECORD_PLIES
from service.context import Context
from service.errors import LineTooLong, NothingTried, PlyOutOfRange, RecordTooLong
from service.imports import ImportService
from service.players import PlayerService
from service.policies import HintRefusal, hint_refusal
from service.queries import QueryService
from service.results import GameView, HintPolicy
from service.tournaments import TournamentService

STUDY_LIFETIME = timedelta(minutes=15)
MAX_TRIED = 80  # plies in one tried line: far beyond any line worth reading, and it bounds the memory
MAX_STUDIES_PER_PLAYER = 8  # the oldest is forgotten first
NONCE = 8  # hex digits


class StudyKind(enum.StrEnum):
    """What a study is of; the value is the letter in custom ids."""

    GAME = "g"
    IMPORTED = "i"


@dataclass(frozen=True, slots=True)
class StudySource:
    """A game (or imported record) as a study sees it: every position, and whether hints are allowed."""

    kind: StudyKind
    number: int
    rules: RuleSet
    positions: tuple[Position, ...]  # positions[k]: after k plies
    moves: tuple[Move, ...]
    notations: tuple[str, ...]
    hint_refusal: HintRefusal | None  # None: the engine's evaluation may be shown
    result: str | None  # "1-0", ...; None while the game goes on
    game: GameView | None = None
    imported: ImportedGameRow | None = None

    @property
    def plies(self) -> int:
        return len(self.moves)

    @property
    def hints(self) -> bool:
        return self.hint_refusal is None

    @property
    def key(self) -> str:
        """The study's reference in custom ids, e.g. "g12" or "i3"."""
        return f"{self.kind.value}{self.number}"


@dataclass(frozen=True, slots=True)
class Study:
    """One view of a study: the game's position after `ply` plies, then the `tried` moves from there."""

    source: StudySource
    ply: int
    tried: tuple[Move, ...] = ()
    tried_positions: tuple[Position, ...] = ()  # tried_positions[k]: after tried[k]

    @property
    def position(self) -> Position:
        return self.tried_positions[-1] if self.tried_positions else self.source.positions[self.ply]

    @property
    def trying(self) -> bool:
        return bool(self.tried)

    @property
    def last_move(self) -> Move | None:
        """The move that led to the shown position (the last tried one, else the game's)."""
        if self.tried:
            return self.tried[-1]
        return self.source.moves[self.ply - 1] if self.ply else None

    def history(self) -> list[Position]:
        """Every position up to the shown one, for the engine's repetition checks."""
        return [*self.source.positions[: self.ply + 1], *self.tried_positions]

    def tried_notations(self) -> list[str]:
        before = [self.source.positions[self.ply], *self.tried_positions]
        return [format_move(before[i], move) for i, move in enumerate(self.tried)]

    def go(self, ply: int) -> Study:
        """The game's position after `ply` plies (clamped to the game); a tried line is left behind."""
        return Study(self.source, max(0, min(self.source.plies, ply)))

    def first(self) -> Study:
        return self.go(0)

    def previous(self) -> Study:
        """One step back: out of a tried line first, else one ply of the game."""
        return self.go(self.ply) if self.tried else self.go(self.ply - 1)

    def next(self) -> Study:
        return self.go(self.ply + 1)

    def last(self) -> Study:
        return self.go(self.source.plies)

    def try_move(self, move: str | Move) -> Study:
        """Play `move` from the shown position. A rules error (with the legal moves) when it is not legal."""
        if len(self.tried) >= MAX_TRIED:
            raise LineTooLong(MAX_TRIED)
        position = self.position
        chosen = parse_move(position, move) if isinstance(move, str) else _legal(position, move)
        return replace(
            self, tried=(*self.tried, chosen), tried_positions=(*self.tried_positions, position.apply(chosen))
        )

    def back(self) -> Study:
        """Take back the last tried move."""
        if not self.tried:
            raise NothingTried()
        return replace(self, tried=self.tried[:-1], tried_positions=self.tried_positions[:-1])


def _legal(position: Position, move: Move) -> Move:
    if move in position.legal_moves():
        return move
    return parse_move(position, format_move(position, move, full=True))  # raises the rules' own refusal


def _replayed(game: Game) -> tuple[tuple[Position, ...], tuple[Move, ...], tuple[str, ...]]:
    return tuple(game.positions), tuple(game.moves), tuple(game.notations)


class StudyService(ScopedPart):
    """Opens studies; who may see a game is checked by the queries it uses (access.py), once."""

    def __init__(
        self,
        ctx: Context,
        queries: QueryService,
        imports: ImportService,
        players: PlayerService,
        tournaments: TournamentService,
    ) -> None:
        self._ctx = ctx
        self._queries = queries
        self._imports = imports
        self._players = players
        self._tournaments = tournaments

    async def open_game(self, game_id: int, viewer_id: int, *, ply: int | None = None) -> Study:
        """The game at `ply` (default: its current position). GameNotFound for a game the caller may not see."""
        game = await self._queries.game(game_id)
        replayed = await self._queries.replay(game_id)
        policy = HintPolicy.UNRATED  # local mode and DMs: the default policy
        if game.guild_id is not None:
            policy = (await self._players.server_settings(game.guild_id)).hint_policy
        tournament = await self._tournaments.is_tournament_game(game.id)
        positions, moves, notations = await asyncio.to_thread(_replayed, replayed)
        source = StudySource(
            kind=StudyKind.GAME,
            number=game.id,
            rules=replayed.rules,
            positions=positions,
            moves=moves,
            notations=notations,
            hint_refusal=hint_refusal(game, viewer_id, policy, tournament=tournament),
            result=None if game.active else game.result,
            game=game,
        )
        return _at(source, ply)

    async def open_imported(self, imported_id: int, *, ply: int | None = None) -> Study:
        """An imported record: not a game being played, so the engine may always speak."""
        plies = len((await self._imports.row(imported_id)).moves.split())
        if plies > MAX_RECORD_PLIES:  # a record stored before the import's bound: refused before replaying
            raise RecordTooLong(imported_id, plies, MAX_RECORD_PLIES, "study", imported=True)
        found = await self._imports.get(imported_id)
        positions, moves, notations = await asyncio.to_thread(_replayed, found.game)
        row = found.row
        source = StudySource(
            kind=StudyKind.IMPORTED,
            number=row.id,
            rules=found.rules,
            positions=positions,
            moves=moves,
            notations=notations,
            hint_refusal=None,
            result=row.result if row.result != "*" else None,
            imported=row,
        )
        return _at(source, ply)

    async def reopen(self, kind: StudyKind, number: int, viewer_id: int) -> Study:
        """A fresh study of the same game, e.g. when the old one was forgotten."""
        if kind is StudyKind.IMPORTED:
            return await self.open_imported(number)
        return await self.open_game(number, viewer_id)


def _at(source: StudySource, ply: int | None) -> Study:
    shown = source.plies if ply is None else ply
    if not 0 <= shown <= source.plies:
        raise PlyOutOfRange(shown, source.plies)
    return Study(source, shown)


@dataclass
class _Held:
    study: Study
    touched: datetime
    evaluations: dict[Position, Analysis] = field(default_factory=dict)


class StudyBook:
    """Open studies in memory, per player. Nothing here survives a restart, by design: a study is a
    scratch board, and a forgotten one is answered with a fresh study (the front end's job)."""

    def __init__(self, ctx: Context, *, lifetime: timedelta = STUDY_LIFETIME) -> None:
        self._ctx = ctx
        self._lifetime = lifetime
        self._held: dict[tuple[int, str], _Held] = {}
        self._thinking: dict[int, asyncio.Lock] = {}

    def open(self, player_id: int, study: Study) -> str:
        self._sweep()
        mine = [key for key in self._held if key[0] == player_id]
        for key in mine[: max(0, len(mine) - MAX_STUDIES_PER_PLAYER + 1)]:
            del self._held[key]
        nonce = secrets.token_hex(NONCE // 2)
        self._held[(player_id, nonce)] = _Held(study, self._ctx.now())
        return nonce

    def get(self, player_id: int, nonce: str) -> Study | None:
        """The player's study by that nonce, or None (never opened by them, forgotten, or expired)."""
        self._sweep()
        held = self._held.get((player_id, nonce))
        return held.study if held is not None else None

    def put(self, player_id: int, nonce: str, study: Study) -> None:
        """Keep the study's new view (the player acted on it, so its lifetime starts again)."""
        held = self._held.get((player_id, nonce))
        if held is not None:
            held.study = study
            held.touched = self._ctx.now()

    def evaluation(self, player_id: int, nonce: str, position: Position) -> Analysis | None:
        """The engine's word on a position this study already asked about (stepping back costs nothing)."""
        held = self._held.get((player_id, nonce))
        return held.evaluations.get(position) if held is not None else None

    def remember_evaluation(self, player_id: int, nonce: str, position: Position, analysis: Analysis) -> None:
        held = self._held.get((player_id, nonce))
        if held is not None and len(held.evaluations) < MAX_TRIED * 2:
            held.evaluations[position] = analysis

    def thinking(self, player_id: int) -> asyncio.Lock:
        """One engine search at a time per player: quick clicks queue instead of filling the engine pool."""
        return self._thinking.setdefault(player_id, asyncio.Lock())

    def _sweep(self) -> None:
        oldest = self._ctx.now() - self._lifetime
        for key in [key for key, held in self._held.items() if held.touched < oldest]:
            del self._held[key]
        players = {player for player, _ in self._held}
        for player in [p for p, lock in self._thinking.items() if p not in players and not lock.locked()]:
            del self._thinking[player]

    def __len__(self) -> int:
        return len(self._held)
