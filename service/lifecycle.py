"""The steps of a game's life that several operations run inside their own transactions: loading a game (with
the access check), rebuilding it for the rules, whose turn it is, clocks and time banks, timers, ending a game
(ratings, the explorer's index, followers' news) and announcing a board. They take the caller's repositories
and rows, never the service's Context (service/context.py)."""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime, timedelta

from data.models import BOT_ID, GameRow, RatingChangeRow, RatingRow
from data.repositories import Repositories
from data.timeutil import from_db, to_db
from rules import Color, Game, find_variant, format_fen, parse_fen
from service import glicko2
from service.access import check_game
from service.announcements import Announcement, AnnouncementKind, announce
from service.errors import CorruptGame, GameNotFound, StaleGame
from service.explorer_index import index_finished_game
from service.follow_news import note_end
from service.results import EndReason, GameEnd, GameFinished, GameView, RatingChange
from service.timecontrol import moves_made, parse_clock

MAX_ID = 2**63 - 1  # the database's integers; a larger number (a forged button, 2**70) names nothing


def start_bank(clock: str | None) -> float | None:
    """What each side's bank holds when a game with these clock terms starts (None: days per move)."""
    return parse_clock(clock).start_bank if clock is not None else None


def bank_of(row: GameRow, player_id: int) -> float | None:
    return row.white_bank if player_id == row.white_id else row.black_bank


def spend_clock(row: GameRow, player_id: int, now: datetime) -> GameRow:
    """A time-bank game: the mover keeps what was left on their clock plus what the move earns (the row before the
    move in, the row with the mover's new bank out, for the move's one write). Other games are returned as they
    are."""
    if row.clock is None or player_id == BOT_ID:
        return row
    if row.move_deadline is not None:
        left = (from_db(row.move_deadline) - now).total_seconds()
    else:  # on vacation (paused) while moving: what was left when the clock stopped
        left = row.paused_seconds if row.paused_seconds is not None else bank_of(row, player_id) or 0.0
    first_is_white = row.start_fen[:1].upper() == "W"
    made = moves_made(row.ply + 1, first_is_white == (player_id == row.white_id))
    bank = parse_clock(row.clock).after_move(left, made)
    white = player_id == row.white_id
    return replace(row, white_bank=bank) if white else replace(row, black_bank=bank)


async def load_row(repos: Repositories, game_id: int) -> GameRow:
    """The game, if it exists and the caller may see it (service/access.py); else GameNotFound."""
    if not 0 < game_id <= MAX_ID:
        raise GameNotFound(game_id)
    row = await repos.games.get(game_id)
    if row is None:
        raise GameNotFound(game_id)
    check_game(row)
    return row


async def rebuild(repos: Repositories, row: GameRow) -> Game:
    """The rules game at the stored position, with exactly the history the draw rules look at.

    Repetition and the no-progress count only reach back to the last man move or capture (the
    anchor), so replaying from the anchor's position gives the same outcome as replaying it all.
    """
    rules = find_variant(row.variant)
    if row.anchor_ply == 0:
        game = Game(rules, row.start_fen)
        tail = await repos.moves.for_game(row.id, 0)
    else:
        tail = await repos.moves.for_game(row.id, row.anchor_ply - 1)
        if not tail or tail[0].ply != row.anchor_ply:
            raise CorruptGame(f"game {row.id}: move {row.anchor_ply} is missing")
        game = Game(rules, tail[0].fen_after)
        tail = tail[1:]
    for move in tail:
        game.play(move.path)
    if game.fen != format_fen(parse_fen(rules, row.current_fen)):  # stored FENs may use ranges (21-32)
        raise CorruptGame(f"game {row.id}: its moves do not reach its stored position")
    return game


def side_id(row: GameRow, color: Color) -> int:
    return row.white_id if color is Color.WHITE else row.black_id


def to_move_id(row: GameRow) -> int:
    return row.white_id if row.current_fen[:1].upper() == "W" else row.black_id


async def turn_clock(
    repos: Repositories, row: GameRow, player_id: int, now: datetime
) -> tuple[str | None, float | None]:
    """(deadline, paused seconds) when it becomes player_id's turn."""
    if player_id == BOT_ID:
        return None, None
    bank = bank_of(row, player_id) if row.clock is not None else None
    full = timedelta(days=row.days_per_move) if bank is None else timedelta(seconds=bank)
    player = await repos.players.get(player_id)
    if player is not None and player.vacation_started_at is not None:
        return None, full.total_seconds()
    return to_db(now + full), None


async def arm_timers(
    repos: Repositories,
    game_id: int,
    deadline: str | None,
    days_per_move: int,
    now: datetime,
    *,
    row: GameRow | None = None,
) -> None:
    """Replace the game's reminder and timeout with ones for this deadline. The reminder comes when a third of
    the turn is left (a time bank: a third of the bank the turn began with, at most a third of a day per move).
    row: the game as the caller just wrote it, if it has it (saves reading it back)."""
    await repos.timers.cancel_for_game(game_id)
    if deadline is None:
        return
    timers = [("timeout", deadline)]
    turn = timedelta(days=days_per_move)
    if row is None:
        row = await repos.games.get(game_id)
    bank = bank_of(row, to_move_id(row)) if row is not None and row.clock is not None else None
    if bank is not None:
        turn = min(timedelta(seconds=bank), turn)
    remind_at = from_db(deadline) - turn / 3
    if remind_at > now:
        timers.append(("reminder", to_db(remind_at)))
    await repos.timers.add_game_timers(game_id, timers, to_db(now))


def result_for(winner: Color | None) -> str:
    if winner is None:
        return "1/2-1/2"
    return "1-0" if winner is Color.WHITE else "0-1"


async def finish(
    repos: Repositories,
    row: GameRow,
    expected_version: int,
    result: str,
    reason: EndReason,
    now: datetime,
    *,
    grace: float = 0.0,
    announced: bool = True,
) -> GameFinished:
    """End a game inside the caller's transaction: status, timers, offers, ratings (exactly once), and its
    announcement (announced=False: the caller announces it with the move that ended it)."""
    now_text = to_db(now)
    if not await repos.games.finish(row.id, expected_version, result=result, termination=reason.value, now=now_text):
        raise StaleGame()
    await repos.timers.cancel_for_game(row.id)
    await repos.offers.void(row.id, now_text)
    await repos.premoves.clear(row.id)
    changes: tuple[RatingChange, ...] = ()
    if row.rated and reason is not EndReason.ABANDONED:
        changes = await apply_ratings(repos, row, result, now_text)
    if reason is not EndReason.ABANDONED:  # a forfeit is no result of the moves played
        await index_finished_game(repos, row, result, now_text)
    final = await load_row(repos, row.id)
    winner = {"1-0": row.white_id, "0-1": row.black_id}.get(result)
    finished = GameFinished(GameView.from_row(final), GameEnd(result, reason, winner), changes)
    await note_end(repos, finished.game, now)  # for the game's followers
    if announced:
        news = Announcement(AnnouncementKind.FINISHED, game=finished.game, ended=finished.ended, rating_changes=changes)
        await announce(repos, news, now, grace=grace)
    return finished


async def announce_board(
    repos: Repositories, news: Announcement, now: datetime, *, grace: float = 0.0, skip: int | None = None
) -> None:
    """Queue a board, then tell the player to move as they chose: a mention on the board, or a DM after it.
    Nobody is told in games against the bot (the player is answered at once), nor `skip` (the player who
    just acted and so knows)."""
    game = news.game
    assert game is not None
    player_id = game.to_move_id
    choice = "off"
    if player_id is not None and not game.against_bot and player_id != skip:
        player = await repos.players.get(player_id)
        choice = player.notifications if player is not None else "dm"
        if player is not None and player.digest_hour is not None:  # the daily digest lists it instead
            choice = "off"
    if choice == "channel" and game.reply_only:  # no mention can reach that conversation later: a DM does
        choice = "dm"
    if choice == "channel" and game.guild_id is not None:
        news = replace(news, mention_id=player_id)
    await announce(repos, news, now, grace=grace)
    if choice == "dm":
        turn = Announcement(AnnouncementKind.YOUR_MOVE, game=game, move=news.move, player_id=player_id)
        await announce(repos, turn, now, grace=grace)


def pools(row: GameRow) -> dict[int, str]:
    """Which rating pool each side's result counts in: the bot is rated per level."""
    if row.bot_level is None or BOT_ID not in (row.white_id, row.black_id):
        return {row.white_id: "human", row.black_id: "human"}
    human = row.black_id if row.white_id == BOT_ID else row.white_id
    return {human: "bot", BOT_ID: f"level{row.bot_level}"}


async def apply_ratings(repos: Repositories, row: GameRow, result: str, now: str) -> tuple[RatingChange, ...]:
    pool_of = pools(row)
    before: dict[int, glicko2.Glicko] = {}
    stored: dict[int, RatingRow | None] = {}
    for player_id, pool in pool_of.items():
        stored[player_id] = await repos.ratings.get(player_id, row.variant, pool)
        current = stored[player_id]
        before[player_id] = (
            glicko2.Glicko(current.rating, current.rd, current.volatility) if current else glicko2.Glicko()
        )
    white_score = {"1-0": 1.0, "0-1": 0.0}.get(result, 0.5)
    scores = {row.white_id: white_score, row.black_id: 1.0 - white_score}
    changes: list[RatingChange] = []
    for player_id, pool in pool_of.items():
        opponent = row.black_id if player_id == row.white_id else row.white_id
        after = glicko2.update(before[player_id], [(before[opponent], scores[player_id])])
        previous = stored[player_id]
        games = (previous.games if previous else 0) + 1
        await repos.ratings.save(
            RatingRow(player_id, row.variant, pool, after.rating, after.rd, after.volatility, games, now)
        )
        old = before[player_id]
        await repos.ratings.record_change(
            RatingChangeRow(row.id, player_id, pool, old.rating, after.rating, old.rd, after.rd)
        )
        changes.append(RatingChange(player_id, row.variant, pool, old.rating, after.rating, old.rd, after.rd))
    return tuple(changes)
