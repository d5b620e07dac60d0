"""Post-game analysis: the engine looks at every position of a finished (or imported) game, once.

The searches run in the engine's process pool, one position per job (bot moves and hints slip in between),
one game at a time per server, a new analysis per player at most every REQUEST_INTERVAL. The engine's
findings are stored as JSON (data/repositories/correspondence.py); the verdicts, accuracy, critical moments
and annotated PDN are derived from them each time, so showing an analysis again costs no engine time.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, replace
from datetime import datetime, timedelta

import engine
from data.models import ImportedGameRow
from data.repositories.correspondence import AnalysisRow
from data.timeutil import to_db
from engine import Analysis, Hint, hint
from engine.review import NAGS, SCORE_CAP, clamp, move_accuracy, thresholds_for, verdict
from engine.review import Verdict as Verdict  # re-exported: the front ends word verdicts
from rules import Color, Game, Move, Position, format_move, parse_move
from rules.openings import game_opening
from rules.pdn import read_games
from rules.pdn_annotated import Note, write_annotated
from service.access import ScopedPart
from service.bounds import MAX_ANALYSIS_PLIES
from service.context import Context
from service.errors import AnalysisRateLimited, AnalysisRefused, RecordTooLong
from service.imports import ImportService, rebuild
from service.lifecycle import load_row
from service.queries import QueryService
from service.results import GameView

REQUEST_INTERVAL = timedelta(minutes=2)  # per player, for analyses that need the engine
CRITICAL_MOMENTS = 3
DATA_VERSION = 1
Search = Callable[[Position, Sequence[Position]], Awaitable[Analysis]]


@dataclass(frozen=True, slots=True)
class AnalysisProgress:
    done: int  # positions searched
    total: int
    ahead: int  # analyses before this one in the server's queue


Progress = Callable[[AnalysisProgress], Awaitable[None]]


@dataclass(frozen=True, slots=True)
class PositionScore:
    """What the engine found in one position (as stored): centi-men for the side to move, clamped."""

    score: int
    win_in: int | None
    best: str | None  # full path; None in a final position
    pv: tuple[str, ...]
    depth: int


@dataclass(frozen=True, slots=True)
class PlyReview:
    ply: int  # 1 = the first move
    mover: Color
    notation: str
    white_score: int  # after the move, centi-men from White's view
    loss: int  # centi-men the move gave away (0: the engine's choice or as good)
    verdict: Verdict | None
    nag: int | None


@dataclass(frozen=True, slots=True)
class PlayerReview:
    color: Color
    player_id: int | None  # None in an imported record: see name
    name: str
    inaccuracies: int
    mistakes: int
    blunders: int
    accuracy: float  # 0-100, the mean of the player's moves


@dataclass(frozen=True, slots=True)
class CriticalMoment:
    ply: int
    mover: Color
    played: str
    verdict: Verdict
    loss: int
    better: str  # the engine's move there
    better_line: Hint  # what the better move leads to (22-18, then 13x22 ..., White wins a piece)
    refutation: Hint | None  # the opponent's best answer to the move played, and what it leads to


@dataclass(frozen=True, slots=True)
class Subject:
    """What is analysed: a game played here (game_id) or an imported record (imported_id)."""

    game_id: int | None
    imported_id: int | None
    variant: str
    guild_id: int | None  # whose queue it waits in
    result: str
    player_ids: tuple[int | None, int | None]  # White, Black; None in an imported record
    names: tuple[str, str]  # an imported record's names ("" for games played here)
    game: GameView | None = None

    @property
    def number(self) -> int:
        number = self.game_id if self.game_id is not None else self.imported_id
        assert number is not None
        return number


@dataclass(frozen=True, slots=True)
class GameReview:
    subject: Subject
    white_scores: tuple[int, ...]  # per position (0 = the start), centi-men from White's view
    plies: tuple[PlyReview, ...]
    players: tuple[PlayerReview, PlayerReview]  # White, Black
    critical: tuple[CriticalMoment, ...]
    pdn: str  # with [%eval] comments, NAGs on the bad moves and the better move as a variation
    seconds_per_position: float
    from_store: bool  # shown again without asking the engine
    opening: str | None = None  # the published opening the game played and left

    @property
    def marks(self) -> list[tuple[int, str]]:
        """(ply, verdict) for the graph."""
        return [(p.ply, p.verdict.value) for p in self.plies if p.verdict is not None]


def _subject_of(row: ImportedGameRow) -> Subject:
    return Subject(None, row.id, row.variant, row.guild_id, row.result, (None, None), (row.white_name, row.black_name))


def _check_length(number: int, plies: int, *, imported: bool) -> None:
    """The ply budget of an analysis: one engine search per position."""
    if plies > MAX_ANALYSIS_PLIES:
        raise RecordTooLong(number, plies, MAX_ANALYSIS_PLIES, "analysis", imported=imported)


def engine_search(seconds: float) -> Search:
    async def search(position: Position, history: Sequence[Position]) -> Analysis:
        return await engine.analyse(position, time=seconds, history=history)

    return search


class AnalysisService(ScopedPart):
    def __init__(self, ctx: Context, search: Search | None = None) -> None:
        self._ctx = ctx
        self._search = search
        self._queues: dict[int | None, asyncio.Lock] = {}
        self._queued: dict[int | None, int] = {}
        self._last_run: dict[int, datetime] = {}

    async def check(self, game_id: int, player_id: int) -> GameView:
        """Refuse before any work: a game still being played (AnalysisRefused), a player who started an
        analysis too recently (AnalysisRateLimited, unless this one is stored already)."""
        async with self._ctx.db.read() as repos:
            row = await load_row(repos, game_id)
            stored = await repos.analyses.get(game_id)
        game = GameView.from_row(row)
        if game.active:
            raise AnalysisRefused(game_id, "active")
        if stored is None:
            _check_length(game.id, game.ply, imported=False)
            self._check_rate(player_id)
        return game

    async def check_imported(self, imported_id: int, player_id: int) -> Subject:
        """The imported record (ImportedGameNotFound unless the caller may see it), rate-checked like check."""
        row = await ImportService(self._ctx).row(imported_id)  # not replayed: a check before any work
        async with self._ctx.db.read() as repos:
            stored = await repos.analyses.get_imported(imported_id)
        if stored is None:
            _check_length(imported_id, len(row.moves.split()), imported=True)
            self._check_rate(player_id)
        return _subject_of(row)

    async def analyse(self, game_id: int, player_id: int, progress: Progress | None = None) -> GameReview:
        game = await self.check(game_id, player_id)
        replay = await QueryService(self._ctx).replay(game_id)
        pdn = await QueryService(self._ctx).export_pdn(game_id)
        players = (game.white_id, game.black_id)
        subject = Subject(game.id, None, game.variant, game.guild_id, game.result or "*", players, ("", ""), game)
        return await self._run(subject, replay, pdn, player_id, progress)

    async def stored(self, game: GameView) -> GameReview | None:
        """The analysis /analyse stored for a finished game, or None; never asks the engine (the web page)."""
        players = (game.white_id, game.black_id)
        subject = Subject(game.id, None, game.variant, game.guild_id, game.result or "*", players, ("", ""), game)
        row = await self._stored(subject)
        if row is None:
            return None
        replay = await QueryService(self._ctx).replay(game.id)
        pdn = await QueryService(self._ctx).export_pdn(game.id)
        # the verdicts, critical lines and annotated PDN take tens of milliseconds: not on the event loop
        return await asyncio.to_thread(self._review, subject, replay, pdn, row, from_store=True)

    async def stored_imported(self, imported_id: int) -> GameReview | None:
        """The same for an imported record (the caller must be allowed to see it); replayed only when stored."""
        found = await ImportService(self._ctx).row(imported_id)
        subject = _subject_of(found)
        row = await self._stored(subject)
        if row is None:
            return None
        replay = await asyncio.to_thread(rebuild, found)
        pdn = await ImportService(self._ctx).export_pdn(imported_id)
        return await asyncio.to_thread(self._review, subject, replay, pdn, row, from_store=True)

    async def analyse_imported(
        self, imported_id: int, player_id: int, progress: Progress | None = None
    ) -> GameReview:
        """The same for an imported record (its own store; the caller must be allowed to see it)."""
        subject, replay = await self._imported(imported_id)
        pdn = await ImportService(self._ctx).export_pdn(imported_id)
        return await self._run(subject, replay, pdn, player_id, progress)

    async def _imported(self, imported_id: int) -> tuple[Subject, Game]:
        found = await ImportService(self._ctx).get(imported_id)
        return _subject_of(found.row), found.game

    async def _stored(self, subject: Subject) -> AnalysisRow | None:
        async with self._ctx.db.read() as repos:
            if subject.game_id is not None:
                return await repos.analyses.get(subject.game_id)
            return await repos.analyses.get_imported(subject.number)

    async def _run(
        self, subject: Subject, replay: Game, pdn: str, player_id: int, progress: Progress | None
    ) -> GameReview:
        stored = await self._stored(subject)
        if stored is not None:
            return self._review(subject, replay, pdn, stored, from_store=True)
        _check_length(subject.number, len(replay.moves), imported=subject.imported_id is not None)
        self._check_rate(player_id)
        self._last_run[player_id] = self._ctx.now()
        key = subject.guild_id
        lock = self._queues.setdefault(key, asyncio.Lock())
        ahead = self._queued.get(key, 0)
        self._queued[key] = ahead + 1
        try:
            if ahead and progress is not None:
                await progress(AnalysisProgress(0, len(replay.positions), ahead))
            async with lock:
                stored = await self._stored(subject)  # someone else's request may have done it meanwhile
                from_store = stored is not None
                if stored is None:
                    stored = await self._compute(subject, replay, player_id, progress)
        finally:
            self._queued[key] -= 1
        return self._review(subject, replay, pdn, stored, from_store=from_store)

    def _check_rate(self, player_id: int) -> None:
        last = self._last_run.get(player_id)
        if last is None:
            return
        wait = (last + REQUEST_INTERVAL - self._ctx.now()).total_seconds()
        if wait > 0:
            raise AnalysisRateLimited(wait)

    async def _compute(
        self, subject: Subject, replay: Game, player_id: int, progress: Progress | None
    ) -> AnalysisRow:
        seconds = self._ctx.config.analysis_seconds
        search = self._search or engine_search(seconds)
        positions = replay.positions
        found: list[PositionScore] = []
        outcome = replay.outcome()
        for index, position in enumerate(positions):
            if progress is not None:
                await progress(AnalysisProgress(index, len(positions), 0))
            final = index == len(positions) - 1
            if not position.legal_moves() or (final and outcome is not None):
                found.append(_final_score(replay, position))
                continue
            analysis = await search(position, positions[: index + 1])
            found.append(_score_of(position, analysis))
        if progress is not None:
            await progress(AnalysisProgress(len(positions), len(positions), 0))
        data = {"version": DATA_VERSION, "positions": [_to_json(p) for p in found]}
        row = AnalysisRow(subject.number, replay.ply, seconds, json.dumps(data), player_id, to_db(self._ctx.now()))
        async with self._ctx.db.write() as repos:
            if subject.game_id is not None:
                await load_row(repos, subject.game_id)
                await repos.analyses.save(row)
            else:
                await repos.analyses.save_imported(row)
        return row

    def _review(self, subject: Subject, replay: Game, pdn: str, row: AnalysisRow, *, from_store: bool) -> GameReview:
        data = json.loads(row.data)
        found = [_from_json(item) for item in data["positions"]]
        if len(found) != len(replay.positions):
            raise AnalysisRefused(subject.number, "changed")  # the stored analysis is of other moves
        review = derive(subject, replay, found, row.seconds_per_position, from_store=from_store)
        tags = read_games(pdn)[0].tags
        text = write_annotated(replay, _notes(replay, found, review.plies), tags, subject.result)
        opening = game_opening(replay.rules, replay.start_fen, replay.notations)
        return replace(review, pdn=text, opening=opening)


def derive(
    subject: Subject, replay: Game, found: Sequence[PositionScore], seconds: float, *, from_store: bool = False
) -> GameReview:
    """Verdicts, accuracy and critical moments from the engine's scores (no engine needed)."""
    thresholds = thresholds_for(subject.variant)
    positions = replay.positions
    white_scores = tuple(
        p.score if at.turn is Color.WHITE else -p.score for p, at in zip(found, positions, strict=True)
    )
    plies: list[PlyReview] = []
    accuracy: dict[Color, list[float]] = {Color.WHITE: [], Color.BLACK: []}
    critical: list[CriticalMoment] = []
    for index, move in enumerate(replay.moves):
        position = positions[index]
        mover = position.turn
        before, after = found[index].score, -found[index + 1].score
        played = format_move(position, move, full=True)
        loss = 0 if found[index].best in (None, played) else max(0, before - after)
        judged = verdict(loss, thresholds)
        accuracy[mover].append(move_accuracy(before, after) if loss else 100.0)
        white_after = white_scores[index + 1]
        plies.append(PlyReview(index + 1, mover, replay.notations[index], white_after, loss, judged,
                               NAGS[judged] if judged else None))
        if judged is not None and found[index].best is not None:
            critical.append(_moment(index + 1, position, move, replay.notations[index], judged, loss, found, index))
    critical.sort(key=lambda m: (-(m.verdict is not Verdict.INACCURACY), -m.loss, m.ply))
    players = tuple(_player(subject, color, plies, accuracy[color]) for color in (Color.WHITE, Color.BLACK))
    return GameReview(subject, white_scores, tuple(plies), (players[0], players[1]), tuple(critical[:CRITICAL_MOMENTS]),
                      "", seconds, from_store)


def _player(subject: Subject, color: Color, plies: Sequence[PlyReview], scores: Sequence[float]) -> PlayerReview:
    mine = [p for p in plies if p.mover is color]
    count = {kind: sum(1 for p in mine if p.verdict is kind) for kind in Verdict}
    mean = sum(scores) / len(scores) if scores else 100.0
    side = 0 if color is Color.WHITE else 1
    return PlayerReview(
        color, subject.player_ids[side], subject.names[side], count[Verdict.INACCURACY], count[Verdict.MISTAKE],
        count[Verdict.BLUNDER], round(mean, 1),
    )


def _analysis(position: Position, found: PositionScore) -> Analysis:
    moves = []
    at = position
    for path in found.pv:
        move = parse_move(at, path)
        moves.append(move)
        at = at.apply(move)
    best = parse_move(position, found.best) if found.best else None
    return Analysis(best, found.score / 100, tuple(moves), found.depth, 0, 0, 0.0, found.win_in)


def _moment(
    ply: int,
    position: Position,
    move: Move,
    played: str,
    judged: Verdict,
    loss: int,
    found: Sequence[PositionScore],
    index: int,
) -> CriticalMoment:
    better = _analysis(position, found[index])
    assert better.move is not None
    following = found[index + 1]
    refutation = None
    if following.best is not None:
        reached = position.apply(move)
        refutation = hint(reached, _analysis(reached, following))
    return CriticalMoment(
        ply, position.turn, played, judged, loss, format_move(position, better.move), hint(position, better),
        refutation,
    )


def _notes(replay: Game, found: Sequence[PositionScore], plies: Sequence[PlyReview]) -> list[Note]:
    notes = []
    for index, review in enumerate(plies):
        after = found[index + 1]
        white = review.white_score
        mate = after.win_in
        if mate is not None:
            mover_wins = mate > 0
            white_wins = mover_wins == (replay.positions[index + 1].turn is Color.WHITE)
            moves = (abs(mate) + 1) // 2
            text = f"[%eval #{moves if white_wins else -moves}]"
        else:
            text = f"[%eval {white / 100:.2f}]"
        better = None
        best = found[index].best
        if review.verdict is not None and best is not None:
            position = replay.positions[index]
            better = format_move(position, parse_move(position, best))
        notes.append(Note(review.nag, text, better))
    return notes


def _final_score(replay: Game, position: Position) -> PositionScore:
    """A position the game ended in: no search, the result speaks."""
    outcome = replay.outcome() if position is replay.position else None
    if outcome is None and not position.legal_moves():
        winner = position.turn if position.rules.giveaway else position.turn.opponent
        score = SCORE_CAP if winner is position.turn else -SCORE_CAP
    elif outcome is None or outcome.winner is None:
        score = 0
    else:
        score = SCORE_CAP if outcome.winner is position.turn else -SCORE_CAP
    return PositionScore(score, None, None, (), 0)


def _score_of(position: Position, analysis: Analysis) -> PositionScore:
    if analysis.win_in is not None:
        score = SCORE_CAP if analysis.win_in > 0 else -SCORE_CAP
    else:
        score = clamp(round(analysis.score * 100))
    best = format_move(position, analysis.move, full=True) if analysis.move is not None else None
    pv: list[str] = []
    at = position
    for move in analysis.pv:
        pv.append(format_move(at, move, full=True))
        at = at.apply(move)
    return PositionScore(score, analysis.win_in, best, tuple(pv), analysis.depth)


def _to_json(found: PositionScore) -> dict[str, object]:
    return {"score": found.score, "win_in": found.win_in, "best": found.best, "pv": list(found.pv),
            "depth": found.depth}


def _from_json(item: dict[str, object]) -> PositionScore:
    win_in = item.get("win_in")
    best = item.get("best")
    pv = item.get("pv") or []
    assert isinstance(pv, list)
    return PositionScore(int(str(item["score"])), None if win_in is None else int(str(win_in)),
                         None if best is None else str(best), tuple(str(p) for p in pv), int(str(item.get("depth", 0))))

