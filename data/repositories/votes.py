"""Vote teams, their members and their votes (vote games, docs/CLUBS.md)."""

from __future__ import annotations

from data.models import TEAM_SEAT_BASE, VoteRow, VoteTeamRow
from data.repositories.base import Repository


class VoteRepository(Repository):
    async def add_team(
        self,
        *,
        name: str,
        organiser_id: int,
        guild_id: int | None,
        channel_id: int | None,
        side: str,
        bot_level: int | None,
        variant: str,
        days_per_move: int,
        role_id: int | None,
        secret: bool,
        joining: str,
        now: str,
    ) -> VoteTeamRow:
        """A forming team, with its seat (a player row of its own, named as the team)."""
        team_id = await self._insert(
            "INSERT INTO vote_teams (player_id, name, organiser_id, guild_id, channel_id, side, opponent, bot_level, "
            "variant, days_per_move, role_id, secret, joining, created_at) "
            "VALUES (0, ?, ?, ?, ?, ?, 'bot', ?, ?, ?, ?, ?, ?, ?)",
            (name, organiser_id, guild_id, channel_id, side, bot_level, variant, days_per_move, role_id,
             int(secret), joining, now),
        )  # fmt: skip
        seat = TEAM_SEAT_BASE + team_id
        await self._run("UPDATE vote_teams SET player_id = ? WHERE id = ?", (seat, team_id))
        await self._run(
            "INSERT INTO players (id, display_name, notifications, created_at) VALUES (?, ?, 'channel', ?)",
            (seat, name, now),
        )
        team = await self.team(team_id)
        assert team is not None
        return team

    async def team(self, team_id: int) -> VoteTeamRow | None:
        return await self._one(VoteTeamRow, "SELECT * FROM vote_teams WHERE id = ?", (team_id,))

    async def team_by_seat(self, player_id: int) -> VoteTeamRow | None:
        return await self._one(VoteTeamRow, "SELECT * FROM vote_teams WHERE player_id = ?", (player_id,))

    async def teams_of_game(self, game_id: int) -> list[VoteTeamRow]:
        return await self._all(VoteTeamRow, "SELECT * FROM vote_teams WHERE game_id = ? ORDER BY id", (game_id,))

    async def forming_in(self, channel_id: int | None) -> int:
        return int(
            await self._scalar(
                "SELECT COUNT(*) FROM vote_teams WHERE COALESCE(channel_id, 0) = ? AND status = 'forming'",
                (channel_id or 0,),
            )
        )

    async def latest_forming(self, channel_id: int | None) -> int | None:
        value = await self._scalar(
            "SELECT MAX(id) FROM vote_teams WHERE COALESCE(channel_id, 0) = ? AND status = 'forming'",
            (channel_id or 0,),
        )
        return None if value is None else int(value)

    async def set_game(self, team_id: int, game_id: int, side: str) -> None:
        await self._run("UPDATE vote_teams SET game_id = ?, side = ? WHERE id = ?", (game_id, side, team_id))

    async def set_status(self, team_id: int, status: str, *, was: str, game_id: int | None = None) -> bool:
        changed = await self._run(
            "UPDATE vote_teams SET status = ?, game_id = COALESCE(?, game_id) WHERE id = ? AND status = ?",
            (status, game_id, team_id, was),
        )
        return changed == 1

    async def set_display(self, team_id: int, thread_id: int | None, message_id: int | None) -> None:
        await self._run(
            "UPDATE vote_teams SET thread_id = COALESCE(?, thread_id), message_id = COALESCE(?, message_id) "
            "WHERE id = ?",
            (thread_id, message_id, team_id),
        )

    # ---- members -----------------------------------------------------------------------------

    async def join(self, team_id: int, player_id: int, now: str) -> bool:
        """False if already a member."""
        changed = await self._run(
            "INSERT INTO vote_members (team_id, player_id, joined_at) VALUES (?, ?, ?) "
            "ON CONFLICT (team_id, player_id) DO NOTHING",
            (team_id, player_id, now),
        )
        return changed == 1

    async def leave(self, team_id: int, player_id: int) -> bool:
        changed = await self._run("DELETE FROM vote_members WHERE team_id = ? AND player_id = ?", (team_id, player_id))
        return changed == 1

    async def is_member(self, team_id: int, player_id: int) -> bool:
        return bool(
            await self._scalar(
                "SELECT COUNT(*) FROM vote_members WHERE team_id = ? AND player_id = ?", (team_id, player_id)
            )
        )

    async def members(self, team_id: int) -> list[int]:
        return [
            int(p)
            for p in await self._column(
                "SELECT player_id FROM vote_members WHERE team_id = ? ORDER BY joined_at, player_id", (team_id,)
            )
        ]

    async def member_count(self, team_id: int) -> int:
        return int(await self._scalar("SELECT COUNT(*) FROM vote_members WHERE team_id = ?", (team_id,)))

    async def teams_of(self, player_id: int, game_id: int) -> list[int]:
        """The teams of this game the player is in (one at most: nobody plays both sides)."""
        return [
            int(t)
            for t in await self._column(
                "SELECT m.team_id FROM vote_members m JOIN vote_teams t ON t.id = m.team_id "
                "WHERE m.player_id = ? AND t.game_id = ?",
                (player_id, game_id),
            )
        ]

    async def playing_teams_of(self, player_id: int, limit: int = 25) -> list[int]:
        return [
            int(t)
            for t in await self._column(
                "SELECT m.team_id FROM vote_members m JOIN vote_teams t ON t.id = m.team_id "
                "JOIN games g ON g.id = t.game_id "
                "WHERE m.player_id = ? AND t.status = 'playing' AND g.status = 'active' ORDER BY t.id DESC LIMIT ?",
                (player_id, limit),
            )
        ]

    # ---- votes -------------------------------------------------------------------------------

    async def cast(self, team_id: int, ply: int, voter_id: int, path: str, notation: str, now: str) -> None:
        """The voter's vote in this window, replacing any earlier one (a new row: a changed vote counts from now)."""
        await self._run("DELETE FROM votes WHERE team_id = ? AND ply = ? AND voter_id = ?", (team_id, ply, voter_id))
        await self._run(
            "INSERT INTO votes (team_id, ply, voter_id, path, notation, voted_at) VALUES (?, ?, ?, ?, ?, ?)",
            (team_id, ply, voter_id, path, notation, now),
        )

    async def window(self, team_id: int, ply: int) -> list[VoteRow]:
        """This window's votes, in the order cast."""
        return await self._all(VoteRow, "SELECT * FROM votes WHERE team_id = ? AND ply = ? ORDER BY id", (team_id, ply))

    async def record_of(self, team_id: int, voter_id: int) -> tuple[int, int]:
        """(closed windows the voter voted in, of those the ones where the team played their move): a window is
        closed once the game has the move after it."""
        rows = await self.conn.execute_fetchall(
            "SELECT COUNT(*), COALESCE(SUM(CASE WHEN m.path = v.path THEN 1 ELSE 0 END), 0) "
            "FROM votes v JOIN vote_teams t ON t.id = v.team_id "
            "JOIN moves m ON m.game_id = t.game_id AND m.ply = v.ply + 1 "
            "WHERE v.team_id = ? AND v.voter_id = ?",
            (team_id, voter_id),
        )
        return int(rows[0][0]), int(rows[0][1])
