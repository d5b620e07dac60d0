"""Player preferences, server settings, and deleting a player's data on request."""

from __future__ import annotations

import re

from data.models import BOT_ID
from data.timeutil import known_time_zones, local_time, to_db
from rules import find_variant
from service.access import ScopedPart
from service.announcements import Announcement, AnnouncementKind, announce
from service.context import Context
from service.errors import InvalidSetting
from service.lifecycle import finish, load_row
from service.results import (
    ChallengeStatus,
    DeletionReport,
    EndReason,
    GameFinished,
    GameView,
    HintPolicy,
    Notifications,
    Orientation,
    Preferences,
    ServerSettings,
)

NOTIFICATIONS = tuple(Notifications)
DEFAULT_DIGEST_HOUR = 8
ORIENTATIONS = tuple(Orientation)
HINT_POLICIES = tuple(HintPolicy)
_THEME = re.compile(r"^[a-z0-9][a-z0-9_-]{0,31}$")
_LANGUAGE = re.compile(r"^[a-z]{2,3}(-[A-Za-z0-9]{2,8})?$")
DEFAULT_DAILY_HOUR = 12  # UTC
AUTO_LANGUAGE = "auto"  # clears a chosen language: follow the client (players) or Discord's locale (servers)


class PlayerService(ScopedPart):
    def __init__(self, ctx: Context) -> None:
        self._ctx = ctx

    async def ensure(self, player_id: int, display_name: str | None = None) -> None:
        """Register a player (or refresh their display name, used in PDN exports)."""
        async with self._ctx.db.write() as repos:
            await repos.players.ensure(player_id, display_name, to_db(self._ctx.now()))

    async def preferences(self, player_id: int) -> Preferences:
        async with self._ctx.db.read() as repos:
            player = await repos.players.get(player_id)
        if player is None:
            return Preferences(Notifications.DM, "classic", Orientation.AUTO, "en")
        return Preferences(
            Notifications.DIGEST if player.digest_hour is not None else Notifications(player.notifications),
            player.board_theme,
            Orientation(player.orientation),
            player.chosen_language or player.language,
            player.chosen_language,
            player.digest_hour,
            player.time_zone,
        )

    async def saw_locale(self, player_id: int, locale: str) -> None:
        """Remember the locale of a player's Discord client (their DMs speak it unless they chose one)."""
        if not _LANGUAGE.match(locale):
            return
        async with self._ctx.db.write() as repos:
            await repos.players.ensure(player_id, None, to_db(self._ctx.now()))
            await repos.players.update_preferences(player_id, {"language": locale})

    async def set_preferences(
        self,
        player_id: int,
        *,
        notifications: str | None = None,
        board_theme: str | None = None,
        orientation: str | None = None,
        language: str | None = None,
        digest_hour: int | None = None,
        time_zone: str | None = None,
    ) -> Preferences:
        """digest_hour (0-23, the player's time zone) alone, or with notifications "digest", sets a daily digest
        (default hour 8); any other notifications choice ends it. A digest hour already past today starts
        tomorrow. time_zone is an IANA name ("UTC" resets it)."""
        changes: dict[str, str | None] = {}
        if time_zone is not None:
            changes["time_zone"] = _time_zone(time_zone)
        if digest_hour is not None:
            _check("digest hour", digest_hour, 0 <= digest_hour <= 23, "0-23")
            notifications = notifications or Notifications.DIGEST
        digest: tuple[int | None] | None = None  # the digest hour to store, when it changes
        if notifications is not None:
            _check("notifications", notifications, notifications in NOTIFICATIONS, ", ".join(NOTIFICATIONS))
            if notifications == Notifications.DIGEST:
                digest = (DEFAULT_DIGEST_HOUR if digest_hour is None else digest_hour,)
                notifications = Notifications.DM  # what reminders use; the digest replaces the per-move DMs
            else:
                digest = (None,)
            changes["notifications"] = notifications
        if board_theme is not None:
            _check("board theme", board_theme, bool(_THEME.match(board_theme)), "a theme name")
            changes["board_theme"] = board_theme
        if orientation is not None:
            _check("orientation", orientation, orientation in ORIENTATIONS, ", ".join(ORIENTATIONS))
            changes["orientation"] = orientation
        if language is not None:
            ok = language == AUTO_LANGUAGE or bool(_LANGUAGE.match(language))
            _check("language", language, ok, "a language code such as en or it")
            changes["chosen_language"] = None if language == AUTO_LANGUAGE else language
        now = self._ctx.now()
        async with self._ctx.db.write() as repos:
            await repos.players.ensure(player_id, None, to_db(now))
            await repos.players.update_preferences(player_id, changes)
            if digest is not None:
                player = await repos.players.get(player_id)  # ensured above; its (maybe new) time zone
                hour = digest[0]
                local = local_time(now, player.time_zone if player else None)
                done = local.date().isoformat() if hour is not None and local.hour >= hour else None
                await repos.players.set_digest(player_id, hour, done)
        return await self.preferences(player_id)

    async def server_settings(self, guild_id: int) -> ServerSettings:
        async with self._ctx.db.read() as repos:
            row = await repos.servers.get(guild_id)
            channels = await repos.servers.channels(guild_id)
        if row is None:
            config = self._ctx.config
            return ServerSettings(
                guild_id, config.default_variant, config.default_days_per_move, (), False, HintPolicy.UNRATED
            )
        return ServerSettings(
            guild_id,
            row.default_variant,
            row.days_per_move,
            channels,
            bool(row.thread_per_game),
            HintPolicy(row.hint_policy),
            row.language,
            bool(row.web_links),
            row.daily_puzzle_channel,
            row.daily_puzzle_hour,
            row.time_zone,
        )

    async def update_server(
        self,
        guild_id: int,
        *,
        default_variant: str | None = None,
        days_per_move: int | None = None,
        thread_per_game: bool | None = None,
        hint_policy: str | None = None,
        language: str | None = None,
        web_links: bool | None = None,
        allow_channels: tuple[int, ...] = (),
        disallow_channels: tuple[int, ...] = (),
        daily_puzzle_channel: int | None = None,
        daily_puzzle_hour: int | None = None,
        time_zone: str | None = None,
    ) -> ServerSettings:
        """daily_puzzle_channel 0 turns the daily puzzle off; a channel without an hour yet posts at noon
        (the server's time). time_zone is an IANA name ("UTC" resets it)."""
        changes = _daily_changes(daily_puzzle_channel, daily_puzzle_hour, time_zone)
        if default_variant is not None:
            changes["default_variant"] = find_variant(default_variant).id
        if days_per_move is not None:
            config = self._ctx.config
            low, high = config.min_days_per_move, config.max_days_per_move
            _check("days per move", days_per_move, low <= days_per_move <= high, f"{low}-{high}")
            changes["days_per_move"] = days_per_move
        if thread_per_game is not None:
            changes["thread_per_game"] = int(thread_per_game)
        if hint_policy is not None:
            _check("hint policy", hint_policy, hint_policy in HINT_POLICIES, ", ".join(HINT_POLICIES))
            changes["hint_policy"] = hint_policy
        if language is not None:
            ok = language == AUTO_LANGUAGE or bool(_LANGUAGE.match(language))
            _check("language", language, ok, "a language code such as en or it")
            changes["language"] = None if language == AUTO_LANGUAGE else language
        if web_links is not None:
            changes["web_links"] = int(web_links)
        async with self._ctx.db.write() as repos:
            await repos.servers.ensure(guild_id)
            await repos.servers.update(guild_id, changes)
            for channel_id in allow_channels:
                await repos.servers.allow_channel(guild_id, channel_id)
            for channel_id in disallow_channels:
                await repos.servers.disallow_channel(guild_id, channel_id)
            row = await repos.servers.get(guild_id)
            if row is not None and row.daily_puzzle_channel is not None and row.daily_puzzle_hour is None:
                await repos.servers.update(guild_id, {"daily_puzzle_hour": DEFAULT_DAILY_HOUR})
        return await self.server_settings(guild_id)

    async def channel_allowed(self, guild_id: int, channel_id: int) -> bool:
        """No list means every channel is allowed."""
        settings = await self.server_settings(guild_id)
        return not settings.allowed_channels or channel_id in settings.allowed_channels

    async def delete_data(self, player_id: int) -> DeletionReport:
        """Forget a player: their active games end (abandoned, unrated), open challenges are cancelled,
        ratings and settings are deleted, and finished games stay under an anonymous id."""
        if player_id == BOT_ID:
            raise InvalidSetting("player", player_id, "the bot's own data cannot be deleted")
        now = self._ctx.now()
        now_text = to_db(now)
        ended: list[int] = []
        cancelled: list[int] = []
        async with self._ctx.db.write() as repos:
            await repos.players.ensure(player_id, None, now_text)
            endings: list[GameFinished] = []
            for row in await repos.games.for_player(player_id, active_only=True, limit=1_000_000):
                result = "0-1" if player_id == row.white_id else "1-0"
                # announced below, once the games name the anonymous id rather than the forgotten one
                endings.append(await finish(repos, row, row.version, result, EndReason.ABANDONED, now, announced=False))
                ended.append(row.id)
            for challenge in await repos.challenges.open_by(player_id):
                await repos.challenges.answer(challenge.id, ChallengeStatus.CANCELLED, now_text, opponent_id=None)
                await repos.timers.cancel_for_challenge(challenge.id)
                cancelled.append(challenge.id)
            await repos.follows.drop_follower(player_id)  # whom they followed is theirs to forget too
            await repos.sessions.delete_for_player(player_id)  # signed out of the web page everywhere
            await repos.notes.delete_for_player(player_id)  # private notes are the writer's data
            await repos.saved_lines.delete_for_player(player_id)
            await repos.players.set_digest(player_id, None, None)
            new_id = await repos.players.next_anonymous_id()
            await repos.players.anonymise(player_id, new_id)
            for finished in endings:
                game = GameView.from_row(await load_row(repos, finished.game.id))
                await announce(repos, Announcement(AnnouncementKind.FINISHED, game=game, ended=finished.ended), now)
        return DeletionReport(new_id, tuple(ended), tuple(cancelled))


def _daily_changes(channel: int | None, hour: int | None, zone: str | None) -> dict[str, object]:
    changes: dict[str, object] = {}
    if zone is not None:
        changes["time_zone"] = _time_zone(zone)
    if channel is not None:
        changes["daily_puzzle_channel"] = channel or None
    if hour is not None:
        _check("daily puzzle hour", hour, 0 <= hour <= 23, "0-23")
        changes["daily_puzzle_hour"] = hour
    return changes


def _time_zone(name: str) -> str | None:
    """The stored name of a known IANA time zone (None for UTC); InvalidSetting for anything else."""
    wanted = name.strip()
    if wanted.upper() in ("UTC", "GMT", "Z"):
        return None
    zone = known_time_zones().get(wanted.casefold())
    if zone is None:
        raise InvalidSetting("time zone", name, "an IANA time zone such as Europe/Rome")
    return zone


def _check(name: str, value: object, ok: bool, allowed: str) -> None:
    if not ok:
        raise InvalidSetting(name, value, allowed)
