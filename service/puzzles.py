"""Puzzles for players: the next one (the server's own games first, then the bundled set), a move in it,
puzzle ratings (Glicko-2, apart from game ratings) with streaks, and the search of finished games.

A server's puzzles come only from its own games and carry the game's number and ply, never a name; a DM or
local mode sees the puzzles of games outside any server (scope 0) and the bundled set.
"""

from __future__ import annotations

import asyncio
import enum
import json
import secrets
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from datetime import timedelta

from data.models import PuzzleAttemptRow, PuzzleRatingRow, ServerPuzzleRow
from data.puzzles import bundled
from data.repositories import Repositories
from data.timeutil import to_db
from engine import Analysis
from engine.puzzle_games import GameJob, scan_games
from engine.puzzles import Puzzle
from rules import Color, Game, Move, Position, RulesError, find_variant, format_move, parse_fen, parse_move
from service import glicko2
from service.access import ScopedPart
from service.context import Context
from service.engine import puzzle_refuter
from service.errors import GameError

PUZZLE_RD = 80.0  # a puzzle's rating is its generator's estimate: fairly sure, never updated
NEAREST = 12  # the bundled puzzle is drawn among this many nearest the player's rating
SCAN_BATCH = 50
COLLECT_EVERY = timedelta(minutes=30)  # finished games are searched for puzzles in batches this far apart
COLLECT_LEASE = "puzzle-collect"
Refuter = Callable[[Position, Sequence[Position]], Awaitable[Analysis]]


class PuzzleNotFound(GameError):
    def __init__(self, puzzle_id: str) -> None:
        super().__init__(f"there is no puzzle {puzzle_id}")
        self.puzzle_id = puzzle_id


class NoPuzzleLeft(GameError):
    """None left for this player; none_at_all: the variant has no puzzles (none bundled, none found here)."""

    def __init__(self, variant: str, none_at_all: bool = False) -> None:
        super().__init__(f"no {variant} puzzle is left for this player")
        self.variant = variant
        self.none_at_all = none_at_all


class PuzzleOver(GameError):
    """The puzzle was already solved or failed (or another click played this step)."""

    def __init__(self, puzzle_id: str) -> None:
        super().__init__(f"puzzle {puzzle_id} is over")
        self.puzzle_id = puzzle_id


class PuzzleOutcome(enum.StrEnum):
    CORRECT = "correct"  # the right move; the opponent replied and the solver moves again
    SOLVED = "solved"
    FAILED = "failed"


@dataclass(frozen=True, slots=True)
class PuzzleView:
    puzzle: Puzzle
    position: Position  # where the solver is to move now
    step: int  # the solver's moves already played right
    solver: Color
    last_reply: str | None  # the opponent's move that led here (None at the start)
    daily_day: str | None = None

    @property
    def solver_moves(self) -> int:
        return (len(self.puzzle.solution) + 1) // 2


@dataclass(frozen=True, slots=True)
class PuzzleStats:
    player_id: int
    rating: float
    rd: float
    solved: int
    failed: int
    streak: int
    best_streak: int


@dataclass(frozen=True, slots=True)
class PuzzleResult:
    outcome: PuzzleOutcome
    played: str
    reply: str | None  # CORRECT: the opponent's reply; FAILED: the reply that refutes the move
    view: PuzzleView  # after the reply (CORRECT), or where the move was tried (SOLVED, FAILED)
    rating_before: float
    rating_after: float
    streak: int


def bundled_puzzles(variant: str) -> list[Puzzle]:
    return [Puzzle.from_json(item) for item in bundled(variant)]


def _replayed(puzzle: Puzzle, plies: int) -> tuple[Position, list[Move]]:
    position = parse_fen(find_variant(puzzle.variant), puzzle.fen)
    moves: list[Move] = []
    for text in puzzle.solution[:plies]:
        move = parse_move(position, text)
        moves.append(move)
        position = position.apply(move)
    return position, moves


def view_at(puzzle: Puzzle, step: int, daily_day: str | None = None) -> PuzzleView:
    position, _ = _replayed(puzzle, 2 * step)
    start = parse_fen(find_variant(puzzle.variant), puzzle.fen)
    reply = puzzle.solution[2 * step - 1] if step else None
    return PuzzleView(puzzle, position, step, start.turn, reply, daily_day)


class PuzzleService(ScopedPart):
    def __init__(self, ctx: Context, refuter: Refuter | None = None) -> None:
        self._ctx = ctx
        self._refuter = refuter or puzzle_refuter

    async def next(self, player_id: int, variant: str, guild_id: int | None, *, own_games: bool = True) -> PuzzleView:
        """Open the player's next puzzle of a variant: the server's own first, then the nearest bundled one.

        own_games: offer puzzles of the scope's games (a DM on Discord says no: games outside any server are
        other people's there; in local mode they are the player's own).
        """
        rules = find_variant(variant)
        scope = guild_id or 0
        now = to_db(self._ctx.now())
        async with self._ctx.db.write() as repos:
            await repos.players.ensure(player_id, None, now)
            own = await repos.puzzles.unseen_found(scope, rules.id, player_id) if own_games else []
            if own:
                puzzle = Puzzle.from_json(json.loads(own[0].data))
            else:
                puzzle = await self._nearest_bundled(repos, player_id, rules.id)
            await repos.puzzles.open_attempt(
                PuzzleAttemptRow(player_id, puzzle.id, scope, rules.id, 0, "open", None, now, None)
            )
        return view_at(puzzle, 0)

    async def open(self, player_id: int, puzzle: Puzzle, guild_id: int | None, daily_day: str | None) -> PuzzleView:
        """Open a given puzzle (the daily one); a puzzle already opened shows where the player is."""
        now = to_db(self._ctx.now())
        async with self._ctx.db.write() as repos:
            await repos.players.ensure(player_id, None, now)
            await repos.puzzles.open_attempt(
                PuzzleAttemptRow(player_id, puzzle.id, guild_id or 0, puzzle.variant, 0, "open", daily_day, now, None)
            )
            attempt = await repos.puzzles.attempt(player_id, puzzle.id)
        if attempt is None or attempt.status != "open":
            raise PuzzleOver(puzzle.id)
        return view_at(puzzle, attempt.step, attempt.daily_day)

    async def _nearest_bundled(self, repos: Repositories, player_id: int, variant: str) -> Puzzle:
        seen = set(await repos.puzzles.opened(player_id, variant))
        rating = await repos.puzzles.rating(player_id)
        target = rating.rating if rating else glicko2.DEFAULT_RATING
        every = bundled_puzzles(variant)
        fresh = [p for p in every if p.id not in seen]
        if not fresh:
            raise NoPuzzleLeft(variant, none_at_all=not every)
        fresh.sort(key=lambda p: (abs(p.rating - target), p.id))
        return self._ctx.rng.choice(fresh[:NEAREST])

    async def puzzle(self, player_id: int, puzzle_id: str) -> PuzzleView:
        """The player's attempt at a puzzle, where it stands."""
        async with self._ctx.db.read() as repos:
            attempt = await repos.puzzles.attempt(player_id, puzzle_id)
            if attempt is None:
                raise PuzzleNotFound(puzzle_id)
            puzzle = await self._load(repos, attempt)
        if attempt.status != "open":
            raise PuzzleOver(puzzle_id)
        return view_at(puzzle, attempt.step, attempt.daily_day)

    async def current(self, player_id: int) -> PuzzleView | None:
        """The puzzle the player opened last and has not finished."""
        async with self._ctx.db.read() as repos:
            attempt = await repos.puzzles.latest_open(player_id)
            if attempt is None:
                return None
            puzzle = await self._load(repos, attempt)
        return view_at(puzzle, attempt.step, attempt.daily_day)

    async def _load(self, repos: Repositories, attempt: PuzzleAttemptRow) -> Puzzle:
        found = await repos.puzzles.found(attempt.scope, attempt.puzzle_id)
        if found is not None:
            return Puzzle.from_json(json.loads(found.data))
        for puzzle in bundled_puzzles(attempt.variant):
            if puzzle.id == attempt.puzzle_id:
                return puzzle
        raise PuzzleNotFound(attempt.puzzle_id)

    async def move(self, player_id: int, puzzle_id: str, text: str | Move, step: int | None = None) -> PuzzleResult:
        """Play the solver's move. A bad move text raises the rules' error and changes nothing.

        step: the step the player saw (a stale picker is refused rather than played into the next step).
        """
        view = await self.puzzle(player_id, puzzle_id)
        if step is not None and step != view.step:
            raise PuzzleOver(puzzle_id)
        position = view.position
        move = text if isinstance(text, Move) else parse_move(position, text)
        if move not in position.legal_moves():
            raise PuzzleOver(puzzle_id)
        played = _notation(position, move)
        wanted = parse_move(position, view.puzzle.solution[2 * view.step])
        if move.identity == wanted.identity:
            return await self._right(player_id, view, played)
        after = position.apply(move)
        refutation = await self._refutation(after)
        return await self._close(player_id, view, PuzzleOutcome.FAILED, played, refutation)

    async def _right(self, player_id: int, view: PuzzleView, played: str) -> PuzzleResult:
        if view.step + 1 >= view.solver_moves:
            return await self._close(player_id, view, PuzzleOutcome.SOLVED, played, None)
        async with self._ctx.db.write() as repos:
            if not await repos.puzzles.advance(player_id, view.puzzle.id, view.step):
                raise PuzzleOver(view.puzzle.id)
            rating = await repos.puzzles.rating(player_id)
        now = view_at(view.puzzle, view.step + 1, view.daily_day)
        value = rating.rating if rating else glicko2.DEFAULT_RATING
        streak = rating.streak if rating else 0
        return PuzzleResult(PuzzleOutcome.CORRECT, played, now.last_reply, now, value, value, streak)

    async def _refutation(self, after: Position) -> str | None:
        if not after.legal_moves():
            return None
        analysis = await self._refuter(after, ())
        return _notation(after, analysis.move) if analysis.move is not None else None

    async def _close(
        self, player_id: int, view: PuzzleView, outcome: PuzzleOutcome, played: str, reply: str | None
    ) -> PuzzleResult:
        solved = outcome is PuzzleOutcome.SOLVED
        now = to_db(self._ctx.now())
        async with self._ctx.db.write() as repos:
            status = "solved" if solved else "failed"
            if not await repos.puzzles.close_attempt(player_id, view.puzzle.id, view.step, status, now):
                raise PuzzleOver(view.puzzle.id)
            row = await repos.puzzles.rating(player_id)
            before = glicko2.Glicko(row.rating, row.rd, row.volatility) if row else glicko2.Glicko()
            after = glicko2.update(before, [(glicko2.Glicko(view.puzzle.rating, PUZZLE_RD), 1.0 if solved else 0.0)])
            streak = (row.streak if row else 0) + 1 if solved else 0
            await repos.puzzles.save_rating(
                PuzzleRatingRow(
                    player_id,
                    after.rating,
                    after.rd,
                    after.volatility,
                    (row.solved if row else 0) + int(solved),
                    (row.failed if row else 0) + int(not solved),
                    streak,
                    max(streak, row.best_streak if row else 0),
                    now,
                )
            )
        return PuzzleResult(outcome, played, reply, view, before.rating, after.rating, streak)

    async def stats(self, player_id: int) -> PuzzleStats:
        async with self._ctx.db.read() as repos:
            row = await repos.puzzles.rating(player_id)
        if row is None:
            return PuzzleStats(player_id, glicko2.DEFAULT_RATING, glicko2.DEFAULT_RD, 0, 0, 0, 0)
        return PuzzleStats(player_id, row.rating, row.rd, row.solved, row.failed, row.streak, row.best_streak)

    async def collect_due(self, workers: int = 1) -> int:
        """Collect a batch at most every COLLECT_EVERY, by one process of a cluster (a lease whose holder names
        this run, so that not even the same process takes it again before it runs out). It marks when the next
        batch is due, not work in hand, so it names no process: a graceful stop has nothing of it to hand back."""
        now = self._ctx.now()
        holder = f"{COLLECT_LEASE}:{secrets.token_hex(6)}"
        async with self._ctx.db.write() as repos:
            if not await repos.leases.claim(COLLECT_LEASE, holder, to_db(now), to_db(now + COLLECT_EVERY)):
                return 0
        return await self.collect(workers)

    async def unscanned_left(self) -> bool:
        async with self._ctx.db.read() as repos:
            return bool(await repos.puzzles.unscanned_games(1) or await repos.puzzles.unscanned_imports(1))

    async def collect(self, workers: int = 1, batch: int = SCAN_BATCH) -> int:
        """Search finished games and imported records not searched yet for puzzles (in worker processes, off
        the event loop), keeping each under its server; the number found. A source names the game or record
        by number, never its players."""
        async with self._ctx.db.read() as repos:
            jobs = await _game_jobs(repos, batch) + await _import_jobs(repos, batch)
        games = [job for _, _, job in jobs]
        found = await asyncio.to_thread(scan_games, games, workers) if games else []
        scope_of = {key: scope for key, scope, _ in jobs}
        now = to_db(self._ctx.now())
        async with self._ctx.db.write() as repos:
            for puzzle in found:
                key = _source_key(puzzle.source)
                data = json.dumps(puzzle.to_json(), ensure_ascii=False)
                game_id = key[1] if key[0] == "game" else None
                row = ServerPuzzleRow(scope_of[key], puzzle.id, puzzle.variant, game_id, puzzle.rating, data, now)
                await repos.puzzles.add_found(row)
            for key, _, _ in jobs:
                count = sum(1 for p in found if _source_key(p.source) == key)
                await repos.puzzles.mark_scanned(key[0], key[1], count, now)
        return len(found)


SourceKey = tuple[str, int]  # ("game", id) or ("imported", id)


def _source_key(source: dict[str, object]) -> SourceKey:
    kind = "game" if "game" in source else "imported"
    return kind, int(str(source[kind]))


async def _game_jobs(repos: Repositories, batch: int) -> list[tuple[SourceKey, int, GameJob]]:
    jobs: list[tuple[SourceKey, int, GameJob]] = []
    for game_id in await repos.puzzles.unscanned_games(batch):
        row = await repos.games.get(game_id)
        if row is None:
            continue
        paths = [stored.path for stored in await repos.moves.for_game(game_id)]
        moves = _replayed_paths(row.variant, row.start_fen, paths)
        if moves is not None:
            jobs.append(
                (("game", game_id), row.guild_id or 0, GameJob(row.variant, row.start_fen, moves, {"game": game_id}))
            )
    return jobs


async def _import_jobs(repos: Repositories, batch: int) -> list[tuple[SourceKey, int, GameJob]]:
    jobs: list[tuple[SourceKey, int, GameJob]] = []
    for row in await repos.puzzles.unscanned_imports(batch):
        moves = _replayed_paths(row.variant, row.start_fen, row.moves.split())
        if moves is not None:
            job = GameJob(row.variant, row.start_fen, moves, {"imported": row.id})
            jobs.append((("imported", row.id), row.guild_id or 0, job))
    return jobs


def _replayed_paths(variant: str, start_fen: str, paths: Sequence[str]) -> tuple[Move, ...] | None:
    """The stored moves as rules moves; None for a damaged record (`db check` reports those)."""
    game = Game(find_variant(variant), start_fen)
    try:
        for path in paths:
            game.push(parse_move(game.position, path))
    except RulesError:
        return None
    return tuple(game.moves)


def _notation(position: Position, move: Move) -> str:
    return format_move(position, move)
