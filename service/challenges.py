"""Challenges: to a named player, open to anyone, or to the bot (which accepts at once)."""

from __future__ import annotations

from datetime import datetime

from data.models import BOT_ID, ChallengeRow, NewGame
from data.repositories import Repositories
from data.timeutil import from_db, to_db
from rules import Color, find_variant, format_fen, parse_fen
from rules.openings import find_ballot
from service.access import ScopedPart, check_challenge
from service.announcements import Announcement, AnnouncementKind, announce
from service.ballots import draw_ballot, play_ballot
from service.context import Context, clock_terms, game_terms
from service.errors import (
    AlreadyAnswered,
    CannotChallengeSelf,
    ChallengeExpired,
    ChallengeNotFound,
    EmptySide,
    InvalidSetting,
    NotAParticipant,
    RematchNotYet,
    RematchPending,
    UnplayablePosition,
)
from service.follow_news import note_start
from service.game_settings import GameSettings
from service.games import GameService
from service.lifecycle import MAX_ID, announce_board, arm_timers, load_row, start_bank, turn_clock
from service.results import (
    ChallengeStatus,
    ChallengeView,
    ColourChoice,
    GameStarted,
    GameView,
)
from service.timecontrol import Kind

DEFAULT_SETTINGS = GameSettings()


class ChallengeService(ScopedPart):
    def __init__(self, ctx: Context, games: GameService) -> None:
        self._ctx = ctx
        self._games = games

    async def create(
        self,
        challenger_id: int,
        opponent_id: int | None = None,
        settings: GameSettings = DEFAULT_SETTINGS,
        *,
        guild_id: int | None = None,
        channel_id: int | None = None,
        reply_only: bool = False,
    ) -> ChallengeView:
        """A challenge to opponent_id, or open to anyone if None, on the terms of settings. Against the bot
        (BOT_ID) use play_bot_game instead. Defaults come from the server settings (guild_id) or the config.
        A ballot between two people: accepting it starts two games from it, colours reversed.
        reply_only: the conversation is reached only through interactions (a group DM under a user install).

        Raises CannotChallengeSelf, InvalidSetting, BadClock, NoBallots, rules.UnknownVariantError,
        rules.NotationError / rules.InvalidPositionError / UnplayablePosition for a FEN that cannot start a game.
        """
        if opponent_id == challenger_id:
            raise CannotChallengeSelf()
        bot_level = settings.bot_level
        if opponent_id == BOT_ID and bot_level is None:
            bot_level = 1
        if bot_level is not None and bot_level not in self._ctx.config.bot_levels:
            levels = self._ctx.config.bot_levels
            raise InvalidSetting("bot level", bot_level, f"{levels.start}-{levels.stop - 1}")
        days_per_move = settings.days_per_move
        terms = clock_terms(self._ctx, settings.clock)
        if terms is not None and terms.kind is Kind.PER_MOVE:
            days_per_move, terms = terms.base_days, None
        now = self._ctx.now()
        async with self._ctx.db.write() as repos:
            variant_id, days = await game_terms(self._ctx, repos, guild_id, settings.variant, days_per_move)
            start_fen = settings.start_fen
            fen = starting_fen(variant_id, start_fen) if start_fen is not None else None
            drawn = draw_ballot(variant_id, self._ctx.rng) if settings.ballot else None
            now_text = to_db(now)
            await repos.players.ensure(challenger_id, None, now_text)
            if opponent_id is not None:
                await repos.players.ensure(opponent_id, None, now_text)
            expires = to_db(now + self._ctx.config.challenge_ttl)
            challenge_id = await repos.challenges.insert(
                challenger_id=challenger_id,
                opponent_id=opponent_id,
                variant=variant_id,
                color=settings.color,
                days_per_move=days,
                rated=settings.rated,
                bot_level=bot_level if opponent_id == BOT_ID else None,
                guild_id=guild_id,
                channel_id=channel_id,
                created_at=now_text,
                expires_at=expires,
                start_fen=fen,
                ballot=drawn,
                reply_only=reply_only,
                clock=terms.text() if terms is not None else None,
            )
            await repos.timers.add("challenge_expiry", expires, now_text, challenge_id=challenge_id)
            return await self._view(repos, challenge_id)

    async def play_bot_game(
        self,
        player_id: int,
        settings: GameSettings = DEFAULT_SETTINGS,
        *,
        guild_id: int | None = None,
        channel_id: int | None = None,
    ) -> GameStarted:
        """A game against the bot at settings.bot_level (1 if not given), started at once (from a drawn
        ballot with settings.ballot: one game, the bot plays ballots as it plays anything); if the bot is to
        move first its move is made."""
        challenge = await self.create(player_id, BOT_ID, settings, guild_id=guild_id, channel_id=channel_id)
        return await self.accept(challenge.id, BOT_ID)

    async def accept(self, challenge_id: int, player_id: int) -> GameStarted:
        """Accept a challenge sent to you, or an open one. Raises ChallengeNotFound, ChallengeExpired,
        AlreadyAnswered (someone already answered it), NotAParticipant, CannotChallengeSelf."""
        now = self._ctx.now()
        if await self._expire_if_due(challenge_id, now):
            raise ChallengeExpired()
        async with self._ctx.db.write() as repos:
            row = await self._open(repos, challenge_id)
            if row.challenger_id == player_id:
                raise CannotChallengeSelf()
            if row.opponent_id is not None and row.opponent_id != player_id:
                raise NotAParticipant(player_id, "challenge")
            now_text = to_db(now)
            await repos.players.ensure(player_id, None, now_text)
            color = row.color if row.color != ColourChoice.RANDOM else self._ctx.rng.choice(("white", "black"))
            white, black = (row.challenger_id, player_id) if color == "white" else (player_id, row.challenger_id)
            game_id, pair_id = await self._open_games(repos, row, white, black, now)
            if not await repos.challenges.answer(
                challenge_id, ChallengeStatus.ACCEPTED, now_text, game_id=game_id, opponent_id=player_id
            ):
                raise AlreadyAnswered(row.status)
            await repos.timers.cancel_for_challenge(challenge_id)
            view = await self._view(repos, challenge_id)
            game = GameView.from_row(await load_row(repos, game_id))
            pair = GameView.from_row(await load_row(repos, pair_id)) if pair_id is not None else None
            grace = self._ctx.config.announce_grace
            await note_start(repos, game, now)  # for the players' followers
            if pair is not None:
                await note_start(repos, pair, now)
            if game.to_move_id != BOT_ID:  # else the first board shows the bot's opening move
                news = Announcement(AnnouncementKind.GAME_STARTED, game=game)
                await announce_board(repos, news, now, grace=grace, skip=player_id)
            if pair is not None:  # the two ballot games are announced together, in this transaction
                await announce_board(repos, Announcement(AnnouncementKind.GAME_STARTED, game=pair), now, grace=grace)
        bot_move = await self._games.play_bot(game_id, opening=True) if game.to_move_id == BOT_ID else None
        if bot_move is not None:
            game = bot_move.game
        elif game.to_move_id == BOT_ID:  # the bot could not move (the game changed meanwhile): announce as is
            async with self._ctx.db.write() as repos:
                game = GameView.from_row(await load_row(repos, game_id))
                news = Announcement(AnnouncementKind.GAME_STARTED, game=game)
                await announce_board(repos, news, now, grace=self._ctx.config.announce_grace)
        return GameStarted(view, game, bot_move, pair)

    async def _open_games(
        self, repos: Repositories, row: ChallengeRow, white: int, black: int, now: datetime
    ) -> tuple[int, int | None]:
        """The challenge's game; for a ballot between two people, also its twin with colours reversed."""
        game_id = await self._open_game(repos, row, white, black, now)
        if row.ballot is None:
            return game_id, None
        if BOT_ID in (white, black):
            await repos.games.set_ballot(game_id, row.ballot, None)
            return game_id, None
        pair_id = await self._open_game(repos, row, black, white, now)
        await repos.games.set_ballot(game_id, row.ballot, pair_id)
        await repos.games.set_ballot(pair_id, row.ballot, game_id)
        return game_id, pair_id

    async def _open_game(self, repos: Repositories, row: ChallengeRow, white: int, black: int, now: datetime) -> int:
        """A new game from the challenge's terms, its ballot's moves already played, its clock running."""
        rules = find_variant(row.variant)
        start = row.start_fen or rules.start_fen
        now_text = to_db(now)
        game_id = await repos.games.insert(
            NewGame(
                variant=row.variant,
                white_id=white,
                black_id=black,
                start_fen=start,
                rated=bool(row.rated),
                bot_level=row.bot_level,
                days_per_move=row.days_per_move,
                move_deadline=None,
                paused_seconds=None,
                guild_id=row.guild_id,
                channel_id=row.channel_id,
                created_at=now_text,
                reply_only=bool(row.reply_only),
                clock=row.clock,
                white_bank=start_bank(row.clock),
                black_bank=start_bank(row.clock),
            )
        )
        game_row = await load_row(repos, game_id)
        opening = find_ballot(rules, row.ballot) if row.ballot is not None else None
        if opening is not None:
            game_row = await play_ballot(repos, game_row, opening.moves, now_text)
        first = white if game_row.current_fen[:1].upper() == "W" else black
        deadline, paused = await turn_clock(repos, game_row, first, now)
        await repos.games.set_clock(game_id, deadline, paused)
        await arm_timers(repos, game_id, deadline, row.days_per_move, now)
        return game_id

    async def rematch(self, game_id: int, player_id: int) -> ChallengeView:
        """A challenge to the other player of a finished game: same variant, start position, days per move,
        rating mode (and bot level), colours swapped. The opponent answers it like any challenge (the bot:
        accept it with BOT_ID). Raises GameNotFound, NotAParticipant, RematchNotYet, and RematchPending when
        one of the two already asked the other for a game of this variant (a second click asks nothing new)."""
        async with self._ctx.db.read() as repos:
            row = await load_row(repos, game_id)
            waiting = await repos.challenges.open_for(player_id)
        game = GameView.from_row(row)
        colour = game.color_of(player_id)
        if colour is None:
            raise NotAParticipant(player_id)
        if game.active:
            raise RematchNotYet(game.id)
        opponent = game.opponent_of(player_id)
        now = self._ctx.now()
        for open_row in waiting:
            if open_row.variant != row.variant or from_db(open_row.expires_at) <= now:
                continue
            if (open_row.challenger_id, open_row.opponent_id) == (player_id, opponent):
                raise RematchPending(game.id, open_row.id, by_you=True)
            if (open_row.challenger_id, open_row.opponent_id) == (opponent, player_id):
                raise RematchPending(game.id, open_row.id, by_you=False)
        variant_start = find_variant(row.variant).start_fen
        return await self.create(
            player_id,
            opponent,
            settings=GameSettings(
                variant=row.variant,
                color=ColourChoice.WHITE if colour is Color.BLACK else ColourChoice.BLACK,
                days_per_move=row.days_per_move,
                rated=bool(row.rated),
                bot_level=row.bot_level,
                start_fen=row.start_fen if row.start_fen != variant_start else None,
                clock=row.clock,
            ),
            guild_id=row.guild_id,
            channel_id=row.channel_id,
            reply_only=bool(row.reply_only),
        )

    async def decline(self, challenge_id: int, player_id: int) -> ChallengeView:
        """Only the challenged player may decline (an open challenge is simply left alone)."""
        return await self._close(challenge_id, player_id, ChallengeStatus.DECLINED)

    async def cancel(self, challenge_id: int, player_id: int) -> ChallengeView:
        """Only the challenger may cancel."""
        return await self._close(challenge_id, player_id, ChallengeStatus.CANCELLED)

    async def get(self, challenge_id: int) -> ChallengeView:
        async with self._ctx.db.read() as repos:
            return await self._view(repos, challenge_id)

    async def open_for(self, player_id: int) -> list[ChallengeView]:
        """Open challenges the player made, received, or could take."""
        async with self._ctx.db.read() as repos:
            rows = await repos.challenges.open_for(player_id)
        now = self._ctx.now()
        return [ChallengeView.from_row(r) for r in rows if from_db(r.expires_at) > now]

    async def set_message(self, challenge_id: int, channel_id: int | None, message_id: int | None) -> None:
        async with self._ctx.db.write() as repos:
            await self._view(repos, challenge_id)
            await repos.challenges.set_message(challenge_id, channel_id, message_id)

    async def expire(self, challenge_id: int, now: datetime) -> ChallengeView | None:
        """Expire an open challenge (the dispatcher's job); None if it was already answered."""
        async with self._ctx.db.write() as repos:
            row = await repos.challenges.get(challenge_id)
            if row is None or row.status != "open":
                return None
            await repos.challenges.answer(challenge_id, ChallengeStatus.EXPIRED, to_db(now), opponent_id=None)
            await repos.timers.cancel_for_challenge(challenge_id)
            expired = await self._view(repos, challenge_id)
            if expired.message_id is not None:  # its message loses its buttons
                await announce(repos, Announcement(AnnouncementKind.CHALLENGE_EXPIRED, challenge=expired), now)
            return expired

    async def _close(self, challenge_id: int, player_id: int, status: ChallengeStatus) -> ChallengeView:
        now = self._ctx.now()
        if await self._expire_if_due(challenge_id, now):
            raise ChallengeExpired()
        async with self._ctx.db.write() as repos:
            row = await self._open(repos, challenge_id)
            allowed = row.challenger_id if status is ChallengeStatus.CANCELLED else row.opponent_id
            if player_id != allowed:
                raise NotAParticipant(player_id, "challenge")
            await repos.challenges.answer(challenge_id, status, to_db(now), opponent_id=None)
            await repos.timers.cancel_for_challenge(challenge_id)
            return await self._view(repos, challenge_id)

    async def _expire_if_due(self, challenge_id: int, now: datetime) -> bool:
        """Expire the challenge now if its 24 hours are up (even if the timer has not fired yet)."""
        async with self._ctx.db.read() as repos:
            row = await repos.challenges.get(challenge_id) if 0 < challenge_id <= MAX_ID else None
        if row is None:
            raise ChallengeNotFound(challenge_id)
        check_challenge(row)
        if row.status == ChallengeStatus.EXPIRED:
            return True
        if row.status != "open" or from_db(row.expires_at) > now:
            return False
        await self.expire(challenge_id, now)
        return True

    @staticmethod
    async def _open(repos: Repositories, challenge_id: int) -> ChallengeRow:
        row = await repos.challenges.get(challenge_id) if 0 < challenge_id <= MAX_ID else None
        if row is None:
            raise ChallengeNotFound(challenge_id)
        check_challenge(row)
        if row.status == ChallengeStatus.EXPIRED:
            raise ChallengeExpired()
        if row.status != "open":
            raise AlreadyAnswered(row.status)
        return row

    @staticmethod
    async def _view(repos: Repositories, challenge_id: int) -> ChallengeView:
        row = await repos.challenges.get(challenge_id) if 0 < challenge_id <= MAX_ID else None
        if row is None:
            raise ChallengeNotFound(challenge_id)
        check_challenge(row)
        return ChallengeView.from_row(row)


def starting_fen(variant: str, text: str) -> str:
    """The FEN a game may start from, normalised; refuses what cannot be read, breaks the variant's rules,
    leaves a side without a piece (`W:W22`: one move and it is over) or the side to move without a move
    (the game would be over before it began)."""
    rules = find_variant(variant)
    position = parse_fen(rules, text.strip())
    for color in (Color.WHITE, Color.BLACK):
        if not position.count(color):
            raise EmptySide(format_fen(position), color)
    if not position.legal_moves():
        raise UnplayablePosition(format_fen(position))
    return format_fen(position)
