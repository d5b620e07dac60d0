"""Read-only questions: my games, a game, its history, the position at a ply, PDN, ratings, stats."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime

from data.models import BOT_ID, GameRow, PlayerRow
from data.timeutil import from_db
from rules import Game, Move, find_variant, parse_fen, parse_move
from rules.openings import game_opening
from rules.pdn import write_game
from rules.pdn_annotated import Note, write_annotated
from service.access import ScopedPart, current_caller, may_see
from service.context import Context
from service.errors import GameNotFound, PlyOutOfRange
from service.lifecycle import load_row
from service.results import GameView, MoveRecord, MyGame, PlayerStats, PositionAt, Rating, RatingChange, bot_label


class QueryService(ScopedPart):
    def __init__(self, ctx: Context) -> None:
        self._ctx = ctx

    async def game(self, game_id: int) -> GameView:
        async with self._ctx.db.read() as repos:
            return GameView.from_row(await load_row(repos, game_id))

    async def unseen_in_conversation(self, channel_id: int) -> list[GameView]:
        """Active games of a reply-only conversation (docs/ANYWHERE.md) whose current board was not shown there:
        the next command there shows them. Only those the caller may see (service/access.py)."""
        async with self._ctx.db.read() as repos:
            rows = await repos.games.in_conversation(channel_id)
        caller = current_caller()
        return [GameView.from_row(r) for r in rows if caller is None or may_see(r, caller)]

    async def my_games(self, player_id: int, *, active_only: bool = True, limit: int = 100) -> list[MyGame]:
        """The player's games: those waiting for them first (soonest deadline first), then the rest."""
        async with self._ctx.db.read() as repos:
            rows = await repos.games.for_player(player_id, active_only=active_only, limit=limit)
        mine: list[MyGame] = []
        for row in rows:
            view = GameView.from_row(row)
            color = view.color_of(player_id)
            assert color is not None
            mine.append(
                MyGame(view, color, view.opponent_of(player_id), view.to_move_id == player_id, view.move_deadline)
            )
        far = datetime.max.replace(tzinfo=UTC)
        mine.sort(key=lambda g: (not g.my_turn, not g.game.active, g.deadline or far))
        return mine

    async def history(self, game_id: int) -> list[MoveRecord]:
        async with self._ctx.db.read() as repos:
            await load_row(repos, game_id)
            return [MoveRecord.from_row(m) for m in await repos.moves.for_game(game_id)]

    async def position_at(self, game_id: int, ply: int) -> PositionAt:
        """The position after `ply` moves (0 = the start)."""
        async with self._ctx.db.read() as repos:
            row = await load_row(repos, game_id)
            if not 0 <= ply <= row.ply:
                raise PlyOutOfRange(ply, row.ply)
            moves = await repos.moves.for_game(game_id, ply - 1) if ply else []
        rules = find_variant(row.variant)
        if ply == 0:
            return PositionAt(game_id, 0, row.start_fen, parse_fen(rules, row.start_fen), None)
        last = MoveRecord.from_row(moves[0])
        return PositionAt(game_id, ply, last.fen_after, parse_fen(rules, last.fen_after), last)

    async def opening(self, game_id: int, ply: int | None = None) -> str | None:
        """The published opening the game had played and left by `ply` (default: now); None for games from a
        set-up position, and while the game is still inside (or never in) a named line."""
        async with self._ctx.db.read() as repos:
            row = await load_row(repos, game_id)
            shown = row.ply if ply is None else min(ply, row.ply)
            if shown < 2:  # no published line is shorter than one move and its answer
                return None
            moves = await repos.moves.for_game(game_id)
        return game_opening(find_variant(row.variant), row.start_fen, [m.notation for m in moves[:shown]])

    async def replay(self, game_id: int) -> Game:
        """The whole game replayed from its start position (the source of truth)."""
        async with self._ctx.db.read() as repos:
            row = await load_row(repos, game_id)
            moves = await repos.moves.for_game(game_id)
        # a long game takes milliseconds of rules work: off the event loop, like every CPU-heavy step
        return await asyncio.to_thread(_replayed, row.variant, row.start_fen, [move.path for move in moves])

    async def export_pdn(
        self, game_id: int, *, names: tuple[str, str] | None = None, notes: dict[int, str] | None = None
    ) -> str:
        """The game's PDN, its Site decided here once for every front end (ServiceConfig.site); names:
        White's and Black's names as the front end shows them (the web page), instead of the stored ones;
        notes: a player's own notes by ply (0: the game), written as comments in their annotated copy only."""
        async with self._ctx.db.read() as repos:
            row = await load_row(repos, game_id)
            white = await repos.players.get(row.white_id)
            black = await repos.players.get(row.black_id)
        game = await self.replay(game_id)
        created = from_db(row.created_at)
        tags = {
            "Event": f"Dama correspondence game {row.id}" + (" (rated)" if row.rated else ""),
            "Site": self._ctx.config.site + (f" server {row.guild_id}" if row.guild_id else ""),
            "Date": created.strftime("%Y.%m.%d"),
            "White": names[0] if names else _name(white, row),
            "Black": names[1] if names else _name(black, row),
        }
        if not notes:
            return write_game(game, tags, result=row.result or "*")
        after = [Note(comment=notes.get(ply)) for ply in range(1, len(game.moves) + 1)]
        text = write_annotated(game, after, tags, result=row.result or "*")
        if notes.get(0):
            head, _, body = text.partition("\n\n")
            text = head + "\n\n{" + notes[0].replace("}", ")") + "}\n" + body
        return text

    async def display_names(self, game: GameView) -> tuple[str | None, str | None]:
        """White's and Black's names as Discord last showed them to the bot (None: never learnt)."""
        async with self._ctx.db.read() as repos:
            white = await repos.players.get(game.white_id)
            black = await repos.players.get(game.black_id)
        return (white.display_name if white else None, black.display_name if black else None)

    async def ratings(self, player_id: int) -> list[Rating]:
        async with self._ctx.db.read() as repos:
            return [Rating.from_row(r) for r in await repos.ratings.for_player(player_id)]

    async def leaderboard(self, variant: str, *, pool: str = "human", limit: int = 10) -> list[Rating]:
        variant_id = find_variant(variant).id
        async with self._ctx.db.read() as repos:
            return [Rating.from_row(r) for r in await repos.ratings.leaderboard(variant_id, pool, limit)]

    async def rating_changes(self, game_id: int) -> list[RatingChange]:
        async with self._ctx.db.read() as repos:
            row = await load_row(repos, game_id)
            changes = await repos.ratings.changes_for_game(game_id)
        return [
            RatingChange(c.player_id, row.variant, c.pool, c.rating_before, c.rating_after, c.rd_before, c.rd_after)
            for c in changes
        ]

    async def stats(self, player_id: int) -> list[PlayerStats]:
        """Wins, losses and draws per variant over finished games."""
        async with self._ctx.db.read() as repos:
            counts = await repos.players.results(player_id)
        return [PlayerStats(c.variant, int(c.wins), int(c.losses), int(c.draws)) for c in counts]

    async def exists(self, game_id: int) -> bool:
        try:
            await self.game(game_id)
        except GameNotFound:
            return False
        return True

    async def last_move(self, game: GameView, ply: int | None = None) -> tuple[MoveRecord | None, Move | None]:
        """The move that led to ply (default: the last one), as stored and as a rules Move (for highlighting)."""
        ply = game.ply if ply is None else ply
        if ply == 0:
            return None, None
        at = await self.position_at(game.id, ply)
        before = await self.position_at(game.id, ply - 1)
        record = at.last_move
        if record is None:
            return None, None
        return record, parse_move(before.position, record.path)


def _name(player: PlayerRow | None, row: GameRow) -> str:
    if player is None or player.anonymised:
        return "Anonymous"
    if player.id == BOT_ID:
        return bot_label(row.bot_level)
    return player.display_name or f"Player {player.id}"


def _replayed(variant: str, start_fen: str, paths: list[str]) -> Game:
    game = Game(find_variant(variant), start_fen)
    for path in paths:
        game.play(path)
    return game
