"""Players (preferences, vacation) and servers (guild settings, allowed channels)."""

from __future__ import annotations

from data.models import PlayerRow, ResultCount, ServerRow
from data.repositories.base import Repository

_PREFERENCES = ("notifications", "board_theme", "orientation", "language", "chosen_language", "time_zone")
_SERVER_FIELDS = (
    "default_variant", "days_per_move", "thread_per_game", "hint_policy", "language", "web_links",
    "daily_puzzle_channel", "daily_puzzle_hour", "time_zone",
)  # fmt: skip


class PlayerRepository(Repository):
    async def get(self, player_id: int) -> PlayerRow | None:
        return await self._one(PlayerRow, "SELECT * FROM players WHERE id = ?", (player_id,))

    async def ensure(self, player_id: int, display_name: str | None, now: str) -> None:
        """Create the player if new; refresh the display name when one is given."""
        await self._run(
            "INSERT INTO players (id, display_name, created_at) VALUES (?, ?, ?) "
            "ON CONFLICT (id) DO UPDATE SET display_name = COALESCE(excluded.display_name, players.display_name)",
            (player_id, display_name, now),
        )

    async def update_preferences(self, player_id: int, changes: dict[str, str | None]) -> None:
        for key, value in changes.items():
            if key not in _PREFERENCES:
                raise KeyError(key)
            # The column name comes from the fixed list above, never from the caller.
            await self._run(f"UPDATE players SET {key} = ? WHERE id = ?", (value, player_id))

    async def set_digest(self, player_id: int, hour: int | None, done_day: str | None) -> None:
        """A daily digest at `hour` (None: none); `done_day` counts as already digested (a later hour today)."""
        await self._run(
            "UPDATE players SET digest_hour = ?, last_digest_day = ? WHERE id = ?", (hour, done_day, player_id)
        )

    async def with_digest(self) -> list[PlayerRow]:
        """Players who asked for a daily digest (each one's hour and day depend on their time zone)."""
        return await self._all(PlayerRow, "SELECT * FROM players WHERE digest_hour IS NOT NULL ORDER BY id", ())

    async def claim_digest(self, player_id: int, day: str) -> bool:
        """Mark `day`'s digest as queued; False if it already was (another process, or before a restart)."""
        changed = await self._run(
            "UPDATE players SET last_digest_day = ? WHERE id = ? AND digest_hour IS NOT NULL "
            "AND (last_digest_day IS NULL OR last_digest_day < ?)",
            (day, player_id, day),
        )
        return changed == 1

    async def set_vacation_started(self, player_id: int, started_at: str | None) -> None:
        await self._run("UPDATE players SET vacation_started_at = ? WHERE id = ?", (started_at, player_id))

    async def vacation_used(self, player_id: int, year: int) -> float:
        used = await self._scalar(
            "SELECT used_seconds FROM vacation_usage WHERE player_id = ? AND year = ?", (player_id, year)
        )
        return float(used or 0.0)

    async def add_vacation_used(self, player_id: int, year: int, seconds: float) -> None:
        await self._run(
            "INSERT INTO vacation_usage (player_id, year, used_seconds) VALUES (?, ?, ?) "
            "ON CONFLICT (player_id, year) DO UPDATE SET "
            "used_seconds = vacation_usage.used_seconds + excluded.used_seconds",
            (player_id, year, seconds),
        )

    async def next_anonymous_id(self) -> int:
        lowest = await self._scalar("SELECT MIN(id) FROM players")
        return min(int(lowest or 0), 0) - 1

    async def anonymise(self, player_id: int, new_id: int) -> None:
        """Drop personal data; ON UPDATE CASCADE moves games, moves and challenges to the new id."""
        await self._run("DELETE FROM vacation_usage WHERE player_id = ?", (player_id,))
        await self._run("DELETE FROM ratings WHERE player_id = ?", (player_id,))
        await self._run("DELETE FROM timers WHERE player_id = ?", (player_id,))
        # the explorer's counts of their own games go; a server's counts of its games stay, like the games
        await self._run("DELETE FROM explorer_moves WHERE owner_kind = 'player' AND owner_id = ?", (player_id,))
        # imported records stay with their server; only who imported them is forgotten
        await self._run("UPDATE imported_games SET importer_id = ? WHERE importer_id = ?", (new_id, player_id))
        await self._run(
            "UPDATE players SET id = ?, display_name = NULL, notifications = 'off', board_theme = 'classic', "
            "orientation = 'auto', language = 'en', chosen_language = NULL, vacation_started_at = NULL, "
            "anonymised = 1 WHERE id = ?",
            (new_id, player_id),
        )

    async def results(self, player_id: int) -> list[ResultCount]:
        return await self._all(
            ResultCount,
            "SELECT variant, "
            "SUM(CASE WHEN (white_id = ? AND result = '1-0') OR (black_id = ? AND result = '0-1') THEN 1 ELSE 0 END) "
            "AS wins, "
            "SUM(CASE WHEN (white_id = ? AND result = '0-1') OR (black_id = ? AND result = '1-0') THEN 1 ELSE 0 END) "
            "AS losses, "
            "SUM(CASE WHEN result = '1/2-1/2' THEN 1 ELSE 0 END) AS draws "
            "FROM games WHERE status = 'finished' AND (white_id = ? OR black_id = ?) "
            "GROUP BY variant ORDER BY variant",
            (player_id,) * 6,
        )


class ServerRepository(Repository):
    async def get(self, guild_id: int) -> ServerRow | None:
        return await self._one(ServerRow, "SELECT * FROM servers WHERE guild_id = ?", (guild_id,))

    async def ensure(self, guild_id: int) -> None:
        await self._run("INSERT INTO servers (guild_id) VALUES (?) ON CONFLICT (guild_id) DO NOTHING", (guild_id,))

    async def update(self, guild_id: int, changes: dict[str, object]) -> None:
        for key, value in changes.items():
            if key not in _SERVER_FIELDS:
                raise KeyError(key)
            await self._run(f"UPDATE servers SET {key} = ? WHERE guild_id = ?", (value, guild_id))

    async def channels(self, guild_id: int) -> tuple[int, ...]:
        found = await self._column(
            "SELECT channel_id FROM server_channels WHERE guild_id = ? ORDER BY channel_id", (guild_id,)
        )
        return tuple(int(value) for value in found)

    async def allow_channel(self, guild_id: int, channel_id: int) -> None:
        await self._run(
            "INSERT INTO server_channels (guild_id, channel_id) VALUES (?, ?) ON CONFLICT DO NOTHING",
            (guild_id, channel_id),
        )

    async def disallow_channel(self, guild_id: int, channel_id: int) -> None:
        await self._run("DELETE FROM server_channels WHERE guild_id = ? AND channel_id = ?", (guild_id, channel_id))
