"""The opening explorer: which moves were played from a position in this server's games and imported
records (and the asker's own), how they went, and the most recent game of each.

The index (data/repositories/explorer.py) is written when a game finishes and when records are imported,
inside the same transaction; a question is one indexed lookup per owner.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace

from data.models import ExplorerMoveRow, GameRow
from data.repositories import Repositories
from rules import Game, Position, RulesError, RuleSet, find_variant, format_fen, parse_fen, parse_move
from service.access import ScopedPart
from service.context import Context
from service.engine import Analyser
from service.errors import ExploreActiveGame, ExploreBadMove, ExploreTooDeep
from service.explorer_index import EXPLORER_PLIES, position_key
from service.policies import hint_refusal
from service.results import GameView, HintPolicy


@dataclass(frozen=True, slots=True)
class ExplorerMove:
    move: str
    games: int
    white_wins: int
    draws: int
    black_wins: int
    last_game_id: int
    last_imported: bool  # the most recent game is an imported record (`/pdn` with its record number)
    score: float | None = None  # engine evaluation after the move, from the mover's side (men)


@dataclass(frozen=True, slots=True)
class ExplorerView:
    variant: str
    moves_played: tuple[str, ...]  # the line asked about, as the rules library writes it
    position: Position
    history: tuple[Position, ...]
    moves: tuple[ExplorerMove, ...]  # most played first
    evaluate: bool  # whether the engine may evaluate here (where a hint would be allowed)
    near_game: bool = False  # no engine because a game in play is one move before this position

    @property
    def games(self) -> int:
        return sum(m.games for m in self.moves)


def merged(rows: Iterable[ExplorerMoveRow]) -> tuple[ExplorerMove, ...]:
    """One line per move (the server's rows and the asker's own add up), its most recent game the latest of
    them; most played first."""
    counts: dict[str, list[int]] = {}
    latest: dict[str, ExplorerMoveRow] = {}
    for row in rows:
        total = counts.setdefault(row.move, [0, 0, 0, 0])
        for index, value in enumerate((row.games, row.white_wins, row.draws, row.black_wins)):
            total[index] += value
        if row.move not in latest or row.last_at > latest[row.move].last_at:
            latest[row.move] = row
    lines = [
        ExplorerMove(
            move, total[0], total[1], total[2], total[3], latest[move].last_game_id, bool(latest[move].last_imported)
        )
        for move, total in counts.items()
    ]
    return tuple(sorted(lines, key=lambda m: (-m.games, m.move)))


EVALUATED_MOVES = 4  # the engine looks at the most played moves only: each costs a hint's search


async def evaluated(view: ExplorerView, analyser: Analyser, limit: int = EVALUATED_MOVES) -> ExplorerView:
    """The view with the engine's score after each of its most played moves, from the mover's side; the
    view unchanged where a hint would not be given (view.evaluate is False). Runs in the engine's pool."""
    if not view.evaluate:
        return view
    scored: list[ExplorerMove] = []
    history = (*view.history, view.position)
    for index, entry in enumerate(view.moves):
        score = None
        if index < limit:
            after = view.position.apply(parse_move(view.position, entry.move))
            if after.legal_moves():
                score = -(await analyser(after, history)).score
        scored.append(replace(entry, score=score))
    return replace(view, moves=tuple(scored))


class ExplorerService(ScopedPart):
    def __init__(self, ctx: Context) -> None:
        self._ctx = ctx

    async def explore(
        self, asker_id: int, guild_id: int | None, variant: str | None, moves: Sequence[str]
    ) -> ExplorerView:
        """The moves played after `moves` from the variant's start (None: the server's variant). Raises
        ExploreBadMove for a bad line, ExploreTooDeep past the index, ExploreActiveGame for the position of one of the
        asker's active games."""
        if variant is None:
            async with self._ctx.db.read() as repos:
                server = await repos.servers.get(guild_id) if guild_id is not None else None
            variant = server.default_variant if server is not None else self._ctx.config.default_variant
        rules = find_variant(variant)
        if len(moves) >= EXPLORER_PLIES:  # the index holds no move after its last ply
            raise ExploreTooDeep(EXPLORER_PLIES)
        game = Game(rules)
        for text in moves:
            try:
                game.play(text)
            except RulesError as error:
                raise ExploreBadMove(error, game.position) from error
        fen = game.fen
        key = position_key(fen)
        async with self._ctx.db.read() as repos:
            mine = await repos.games.for_player(asker_id, active_only=True, limit=1000)
            before: list[GameRow] = []  # the asker's games one move before: the engine's word on the replies
            for row in mine:  # would judge that move, a hint where the game allows none
                if row.variant != rules.id:
                    continue
                if _same(rules, row.current_fen, fen):
                    raise ExploreActiveGame(row.id)
                if row.ply == game.ply - 1:
                    before.append(row)
            if guild_id is not None:
                before.extend(await repos.games.active_at(guild_id, rules.id, game.ply - 1))
            near = await self._hint_refused_before(repos, rules, before, asker_id, fen)
            evaluate = not near and await self._hint_allowed(repos, rules, guild_id, asker_id, fen, game.ply)
            raw = await repos.explorer.moves(rules.id, key, guild_id=guild_id, player_id=asker_id)
        return ExplorerView(
            rules.id, tuple(game.notations), game.position, tuple(game.positions[:-1]), merged(raw), evaluate, near
        )

    async def _hint_allowed(
        self, repos: Repositories, rules: RuleSet, guild_id: int | None, asker_id: int, fen: str, ply: int
    ) -> bool:
        """No engine where a hint would be refused: the position of an active game here the asker may not
        get a hint in (someone else's game, or a rated one)."""
        if guild_id is None:
            return True
        server = await repos.servers.get(guild_id)
        rule = HintPolicy(server.hint_policy) if server is not None else HintPolicy.UNRATED
        for row in await repos.games.active_at(guild_id, rules.id, ply):
            if _same(rules, row.current_fen, fen) and hint_refusal(GameView.from_row(row), asker_id, rule):
                return False
        return True


    async def _hint_refused_before(
        self, repos: Repositories, rules: RuleSet, games: list[GameRow], asker_id: int, fen: str
    ) -> bool:
        """Whether one of these games stands one move before this position and refuses the asker a hint."""
        leads: dict[str, bool] = {}  # many games share a position (every game at the start): each is tried once
        for row in games:
            if row.current_fen not in leads:
                leads[row.current_fen] = _leads_to(rules, row.current_fen, fen)
            if not leads[row.current_fen]:
                continue
            server = await repos.servers.get(row.guild_id) if row.guild_id is not None else None
            rule = HintPolicy(server.hint_policy) if server is not None else HintPolicy.UNRATED
            if hint_refusal(GameView.from_row(row), asker_id, rule):
                return True
        return False


def _leads_to(rules: RuleSet, stored: str, fen: str) -> bool:
    """Whether one legal move from the stored position reaches `fen`."""
    try:
        before = parse_fen(rules, stored)
    except ValueError:
        return False
    return any(format_fen(before.apply(move)) == fen for move in before.legal_moves())


def _same(rules: RuleSet, stored: str, fen: str) -> bool:
    try:
        return format_fen(parse_fen(rules, stored)) == fen
    except ValueError:
        return False
