"""Playing a game: moves (and the bot's replies), resigning, draw offers and takebacks."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass, replace
from datetime import datetime

from data.models import BOT_ID, GameRow, MoveRow
from data.repositories import Repositories
from data.timeutil import from_db, to_db
from rules import Game, Move, Position, RulesError, Termination, format_move
from service.access import ScopedPart
from service.announcements import Announcement, AnnouncementKind, announce
from service.context import Context
from service.errors import (
    CannotAnswerOwnOffer,
    GameOver,
    MoveRefused,
    NoPendingOffer,
    NotAParticipant,
    NothingToTakeBack,
    NotYourTurn,
    OfferAlreadyPending,
    StaleGame,
)
from service.follow_news import note_move
from service.lifecycle import (
    announce_board,
    arm_timers,
    finish,
    load_row,
    rebuild,
    result_for,
    side_id,
    spend_clock,
    to_move_id,
    turn_clock,
)
from service.premoves import play_conditional_reply
from service.results import (
    EndReason,
    GameFinished,
    GameStatus,
    GameView,
    MoveRecord,
    MoveResult,
    OfferAnswer,
    OfferKind,
    OfferStatus,
    OfferView,
)

OnPly = Callable[[MoveResult], Awaitable[None]]  # told of each stored step of a move (front ends show it)

_BY_RULE = {
    Termination.NO_MOVES: EndReason.NO_MOVES,
    Termination.REPETITION: EndReason.REPETITION,
    Termination.MOVE_LIMIT: EndReason.MOVE_LIMIT,
}


def _check_player(row: GameRow, player_id: int) -> None:
    if player_id not in (row.white_id, row.black_id):
        raise NotAParticipant(player_id)


def _check_active(row: GameRow) -> None:
    if row.status != GameStatus.ACTIVE:
        raise GameOver(GameView.from_row(row))


def _opponent(row: GameRow, player_id: int) -> int:
    return row.black_id if player_id == row.white_id else row.white_id


class GameService(ScopedPart):
    def __init__(self, ctx: Context) -> None:
        self._ctx = ctx

    # ---- moves: the one loop ------------------------------------------------------------------

    async def move(
        self,
        game_id: int,
        player_id: int,
        move: str | Move,
        *,
        expected_version: int | None = None,
        bot_reply: bool = True,
        on_ply: OnPly | None = None,
    ) -> MoveResult:
        """Play a move given as text ("22-18") or a Move, and everything it sets off, until a human is to move or
        the game is over: the opponent's conditional reply (stored in the move's own transaction), in a game
        against the bot the bot's reply (searched in the engine pool, off the event loop), the conditional reply
        to that, the bot's next reply, and so on. Every front end plays moves through here (or play_bot), so the
        game reaches the same ply wherever the move comes from.

        The game row is read once and written once per ply; a bot reply is written over the row as the previous
        ply left it (no second read: the version check refuses it if anything moved meanwhile). `on_ply` is
        awaited after each stored step, before the bot thinks, so a front end can show the player's move at once.
        bot_reply=False stops after the player's move (the overdue sweep, or a test, plays the bot's).

        Refusals change nothing: GameNotFound, NotAParticipant, GameOver, StaleGame (the game moved on since
        expected_version, or another move won the race), NotYourTurn, and MoveRefused (the rules' error, with
        the position it was refused in and the game, so nobody loads it again to explain it).
        """
        now = self._ctx.now()
        async with self._ctx.db.read() as repos:
            row = await load_row(repos, game_id)
            _check_player(row, player_id)
            _check_active(row)
            if expected_version is not None and row.version != expected_version:
                raise StaleGame()
            turn = to_move_id(row)
            if turn != player_id:
                raise NotYourTurn(turn)
            game = self._ctx.games.take(row.id, row.version) or await rebuild(repos, row)
        if row.move_deadline is not None and from_db(row.move_deadline) <= now:
            ended = await self.end_on_time(game_id, now)
            if ended is not None:
                raise GameOver(ended.game)
            async with self._ctx.db.read() as repos:
                raise GameOver(GameView.from_row(await load_row(repos, game_id)))
        try:
            game.play(move)  # the rules errors leave the game as it was
        except RulesError as error:
            self._ctx.games.put(row.id, row.version, game)
            raise MoveRefused(error, game.position, GameView.from_row(row, game.position)) from error
        result, row = await self._store(row, game, player_id, now)
        if on_ply is not None:
            await on_ply(result)
        if not bot_reply:
            self._keep(row, game, result)
            return result
        return await self._bot_moves(row, game, result, on_ply) or result

    async def play(
        self,
        game_id: int,
        player_id: int,
        move: str | Move,
        *,
        expected_version: int | None = None,
        bot_reply: bool = True,
    ) -> MoveResult:
        """move(), refusing a move with the rules' own error (IllegalMoveError, NotationError, AmbiguousMoveError)
        for callers that have the position at hand."""
        try:
            return await self.move(game_id, player_id, move, expected_version=expected_version, bot_reply=bot_reply)
        except MoveRefused as refused:
            raise refused.error from None

    async def play_bot(
        self,
        game_id: int,
        *,
        expected_version: int | None = None,
        opening: bool = False,
        on_ply: OnPly | None = None,
    ) -> MoveResult | None:
        """If the bot is to move, the same loop as move() from there: the bot's move and everything it sets off,
        until a human is to move or the game is over. None if the bot is not to move (or the game moved on)."""
        async with self._ctx.db.read() as repos:
            row = await load_row(repos, game_id)
            if row.status != GameStatus.ACTIVE or to_move_id(row) != BOT_ID:
                return None
            if expected_version is not None and row.version != expected_version:
                return None
            game = self._ctx.games.take(row.id, row.version) or await rebuild(repos, row)
        return await self._bot_moves(row, game, None, on_ply, opening=opening)

    async def _bot_moves(
        self, row: GameRow, game: Game, result: MoveResult | None, on_ply: OnPly | None, *, opening: bool = False
    ) -> MoveResult | None:
        """The bot's moves while it is to move (a conditional reply to one may hand it the move again). `row` and
        `game` are the game as the last stored ply left it; each reply is chained after the last ply of
        `result`. A reply that loses the race to another writer (StaleGame) ends the loop: whoever won moves on
        (None when nothing was played here)."""
        turn = result.last.next_player_id if result is not None else to_move_id(row)
        while turn == BOT_ID:
            chosen = await self._ctx.engine.choose(game.position, row.bot_level or 1, self._ctx.config.bot_time_budget)
            game.play(chosen)
            try:
                reply, row = await self._store(row, game, BOT_ID, self._ctx.now(), opening=opening and result is None)
            except StaleGame:
                return result
            if on_ply is not None:
                await on_ply(reply)
            result = reply if result is None else result.then(reply)
            turn = reply.last.next_player_id
        if result is not None:
            self._keep(row, game, result)
        return result

    def _keep(self, row: GameRow, game: Game, result: MoveResult) -> None:
        """Keep the rules game for the next move (a finished game needs none)."""
        if result.last.ended is None:
            self._ctx.games.put(row.id, row.version, game)

    async def overdue_bot_moves(self, now: datetime | None = None) -> list[int]:
        """Games where the bot's reply is overdue (the process that should have played it died), leased to this
        process: play each with play_bot. A lease keeps two processes from thinking about the same game."""
        now = now or self._ctx.now()
        config = self._ctx.config
        until = to_db(now + config.work_lease)
        async with self._ctx.db.write() as repos:
            await repos.leases.purge(to_db(now))
            overdue = await repos.games.bot_to_move_since(BOT_ID, to_db(now - config.bot_move_grace))
            return [
                game_id
                for game_id in overdue
                if await repos.leases.claim(f"bot-move:{game_id}", self._ctx.worker, to_db(now), until)
            ]

    async def _store(
        self, row: GameRow, game: Game, player_id: int, now: datetime, *, opening: bool = False
    ) -> tuple[MoveResult, GameRow]:
        """Write the move just pushed on `game`, if the game is still at row.version; in the same
        transaction, play and write the opponent's conditional reply when one of their lines starts so.
        Returns the result and the game row as written (no read: the row is what was written)."""
        async with self._ctx.db.write() as repos:
            grace = self._ctx.config.announce_grace
            first = await _write_ply(repos, row, game, player_id, now, opening=opening)
            second: _Ply | None = None
            replied = first.ended is None and await play_conditional_reply(
                repos, row.id, first.next_id, first.record.path, game, first.record.played_at
            )
            if replied:
                second = await _write_ply(repos, first.row, game, first.next_id, now)
                # one board for both: the position after the reply, naming the move it answered
                news = replace(second.news, answered=first.news.move)
                await announce_board(repos, news, now, grace=grace, skip=player_id)
            else:
                await announce_board(repos, first.news, now, grace=grace)
        if second is not None:
            reply = self._result(second, game)
            return replace(self._result(first, game, game.positions[-2]), premove_reply=reply), second.row
        return self._result(first, game), first.row

    def _result(self, ply: _Ply, game: Game, position: Position | None = None) -> MoveResult:
        ended = ply.ended
        view = ended.game if ended is not None else GameView.from_row(ply.row, position or game.position)
        return MoveResult(
            game=view,
            move=MoveRecord.from_row(ply.record),
            position=view.position,
            ended=ended.ended if ended else None,
            next_player_id=None if ended else ply.next_id,
            rating_changes=ended.rating_changes if ended else (),
        )

    async def end_on_time(self, game_id: int, now: datetime | None = None) -> GameFinished | None:
        """Lose the game on time for the side to move if its deadline has passed."""
        now = now or self._ctx.now()
        async with self._ctx.db.write() as repos:
            row = await load_row(repos, game_id)
            if row.status != GameStatus.ACTIVE or row.move_deadline is None or from_db(row.move_deadline) > now:
                return None
            loser = to_move_id(row)
            result = "0-1" if loser == row.white_id else "1-0"
            return await finish(repos, row, row.version, result, EndReason.TIMEOUT, now)

    async def set_display(
        self, game_id: int, *, channel_id: int | None, thread_id: int | None, message_id: int | None
    ) -> GameView:
        """Remember where the game is shown (channel, thread, board message)."""
        async with self._ctx.db.write() as repos:
            await load_row(repos, game_id)
            await repos.games.set_display(game_id, channel_id, thread_id, message_id)
            return GameView.from_row(await load_row(repos, game_id))

    # ---- resigning and offers ----------------------------------------------------------------

    async def resign(self, game_id: int, player_id: int) -> GameFinished:
        now = self._ctx.now()
        async with self._ctx.db.write() as repos:
            row = await load_row(repos, game_id)
            _check_player(row, player_id)
            _check_active(row)
            result = "0-1" if player_id == row.white_id else "1-0"
            grace = self._ctx.config.announce_grace
            return await finish(repos, row, row.version, result, EndReason.RESIGNATION, now, grace=grace)

    async def offer_draw(self, game_id: int, player_id: int) -> OfferAnswer:
        """Offer a draw. If the opponent already offered one, this accepts it. The bot declines."""
        return await self._offer(game_id, player_id, OfferKind.DRAW)

    async def answer_draw(self, game_id: int, player_id: int, accept: bool) -> OfferAnswer:
        return await self._answer(game_id, player_id, OfferKind.DRAW, accept)

    async def request_takeback(self, game_id: int, player_id: int) -> OfferAnswer:
        """Ask to take back your last move (and the reply to it). The bot agrees in unrated games."""
        return await self._offer(game_id, player_id, OfferKind.TAKEBACK)

    async def answer_takeback(self, game_id: int, player_id: int, accept: bool) -> OfferAnswer:
        return await self._answer(game_id, player_id, OfferKind.TAKEBACK, accept)

    async def pending_offers(self, game_id: int) -> list[OfferView]:
        async with self._ctx.db.read() as repos:
            await load_row(repos, game_id)
            offers = await repos.offers.for_game(game_id)
            return [OfferView.from_row(o) for o in offers if o.status == OfferStatus.PENDING]

    async def _offer(self, game_id: int, player_id: int, kind: OfferKind) -> OfferAnswer:
        now = self._ctx.now()
        now_text = to_db(now)
        async with self._ctx.db.write() as repos:
            row = await load_row(repos, game_id)
            _check_player(row, player_id)
            _check_active(row)
            if kind is OfferKind.TAKEBACK and await self._takeback_target(repos, row, player_id) is None:
                raise NothingToTakeBack()
            pending = await repos.offers.pending(game_id, kind)
            if pending is not None:
                if pending.from_id == player_id:
                    raise OfferAlreadyPending(kind)
                if kind is OfferKind.DRAW:  # both want a draw: that is agreement
                    return await self._settle(repos, row, pending.id, kind, True, now)
                raise OfferAlreadyPending(kind)
            offer_id = await repos.offers.insert(game_id, kind, player_id, row.ply, now_text)
            if _opponent(row, player_id) == BOT_ID:
                agree = kind is OfferKind.TAKEBACK and not row.rated
                return await self._settle(repos, row, offer_id, kind, agree, now)
            offer = await repos.offers.pending(game_id, kind)
            assert offer is not None
            view = GameView.from_row(row)
            news = Announcement(AnnouncementKind.OFFER, game=view, player_id=player_id, offer_kind=kind)
            await announce(repos, news, now, grace=self._ctx.config.announce_grace)
            return OfferAnswer(OfferView.from_row(offer), view)

    async def _answer(self, game_id: int, player_id: int, kind: OfferKind, accept: bool) -> OfferAnswer:
        now = self._ctx.now()
        async with self._ctx.db.write() as repos:
            row = await load_row(repos, game_id)
            _check_player(row, player_id)
            _check_active(row)
            pending = await repos.offers.pending(game_id, kind)
            if pending is None:
                raise NoPendingOffer(kind)
            if pending.from_id == player_id:
                raise CannotAnswerOwnOffer()
            return await self._settle(repos, row, pending.id, kind, accept, now)

    async def _settle(
        self, repos: Repositories, row: GameRow, offer_id: int, kind: OfferKind, accept: bool, now: datetime
    ) -> OfferAnswer:
        now_text = to_db(now)
        if not await repos.offers.answer(offer_id, OfferStatus.ACCEPTED if accept else OfferStatus.DECLINED, now_text):
            raise StaleGame()
        offers = {o.id: o for o in await repos.offers.for_game(row.id)}
        offer = OfferView.from_row(offers[offer_id])
        grace = self._ctx.config.announce_grace
        if not accept:
            view = GameView.from_row(row)
            decliner = _opponent(row, offer.from_id)
            if decliner != BOT_ID:  # the bot's refusal is the asker's reply, not news
                news = Announcement(AnnouncementKind.OFFER_DECLINED, game=view, player_id=decliner, offer_kind=kind)
                await announce(repos, news, now, grace=grace)
            return OfferAnswer(offer, view)
        if kind is OfferKind.DRAW:
            finished = await finish(repos, row, row.version, result_for(None), EndReason.AGREEMENT, now, grace=grace)
            return OfferAnswer(offer, finished.game, finished=finished)
        target = await self._takeback_target(repos, row, offer.from_id)
        if target is None:
            raise NothingToTakeBack()
        undone = [MoveRecord.from_row(m) for m in await repos.moves.for_game(row.id, target)]
        fen = row.start_fen if target == 0 else await repos.moves.fen_after(row.id, target)
        assert fen is not None
        await repos.moves.delete_after(row.id, target)
        await repos.premoves.clear(row.id)  # they were written for the position being taken back
        next_id = offer.from_id  # the requester is to move again
        deadline, paused = await turn_clock(repos, row, next_id, now)
        changed = await repos.games.update_position(
            row.id,
            row.version,
            fen=fen,
            ply=target,
            anchor_ply=await repos.moves.last_irreversible_ply(row.id, target),
            move_deadline=deadline,
            paused_seconds=paused,
            now=now_text,
        )
        if not changed:
            raise StaleGame()
        await repos.offers.void(row.id, now_text, kind=OfferKind.DRAW)
        await arm_timers(repos, row.id, deadline, row.days_per_move, now)
        view = GameView.from_row(await load_row(repos, row.id))
        news = Announcement(AnnouncementKind.TAKEBACK, game=view, undone=tuple(m.notation for m in undone))
        await announce_board(repos, news, now, grace=grace, skip=next_id)
        return OfferAnswer(offer, view, undone=tuple(undone))

    @staticmethod
    async def _takeback_target(repos: Repositories, row: GameRow, player_id: int) -> int | None:
        """The ply to go back to: just before the player's last move."""
        for move in reversed(await repos.moves.for_game(row.id, max(row.ply - 2, 0))):
            if move.player_id == player_id:
                return move.ply - 1
        return None


@dataclass(frozen=True, slots=True)
class _Ply:
    record: MoveRow
    row: GameRow  # the game after this ply (as written)
    next_id: int
    ended: GameFinished | None
    news: Announcement  # its board, queued by the caller



async def _write_ply(
    repos: Repositories,
    row: GameRow,
    game: Game,
    player_id: int,
    now: datetime,
    *,
    opening: bool = False,
) -> _Ply:
    """Write the last move pushed on `game` over `row` (the game before it): position, move, offers,
    clock and timers, or the end of the game, and the board to announce (the first board, for the bot's
    opening move). StaleGame if the game moved on meanwhile."""
    move = game.moves[-1]
    before = game.positions[-2]
    board = before.board
    ply = row.ply + 1
    record = MoveRow(
        game_id=row.id,
        ply=ply,
        notation=game.notations[-1],
        path=format_move(before, move, full=True),
        captures=",".join(board.name(square) for square in move.captures),
        reversible=int(move.is_reversible),
        fen_after=game.fen,
        player_id=player_id,
        played_at=to_db(now),
    )
    outcome = game.outcome()
    next_id = side_id(row, game.position.turn)
    row = spend_clock(row, player_id, now)  # a time bank: what the mover keeps and earns
    deadline, paused = (None, None)
    if outcome is None:
        deadline, paused = await turn_clock(repos, row, next_id, now)
    anchor = row.anchor_ply if move.is_reversible else ply
    stored = await repos.games.update_position(
        row.id,
        row.version,
        fen=record.fen_after,
        ply=ply,
        anchor_ply=anchor,
        move_deadline=deadline,
        paused_seconds=paused,
        now=record.played_at,
        banks=(row.white_bank, row.black_bank) if row.clock is not None else None,
    )
    if not stored:
        raise StaleGame()
    await repos.moves.insert(record)
    # Moving declines the opponent's draw offer; any takeback request is out of date.
    await repos.offers.void_on_move(row.id, record.played_at, next_id)
    after = replace(
        row,
        current_fen=record.fen_after,
        ply=ply,
        anchor_ply=anchor,
        move_deadline=deadline,
        paused_seconds=paused,
        last_move_at=record.played_at,
        version=row.version + 1,
    )
    ended: GameFinished | None = None
    if outcome is None:
        await arm_timers(repos, row.id, deadline, row.days_per_move, now, row=after)
        view = GameView.from_row(after, game.position)
    else:
        reason = _BY_RULE[outcome.termination]
        ended = await finish(repos, row, row.version + 1, outcome.result, reason, now, announced=False)
        view = ended.game
    await note_move(repos, view, MoveRecord.from_row(record), now)  # for the game's followers
    news = Announcement(
        AnnouncementKind.GAME_STARTED if opening else AnnouncementKind.MOVED,
        game=view,
        move=MoveRecord.from_row(record),
        ended=ended.ended if ended else None,
        rating_changes=ended.rating_changes if ended else (),
    )
    return _Ply(record, after, next_id, ended, news)
