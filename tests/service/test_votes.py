"""Vote games in the service, on SQLite and PostgreSQL: a team of members plays one side against the bot."""

from __future__ import annotations

from datetime import timedelta

import pytest

from rules import IllegalMoveError
from service import Caller, EndReason, Service, TimerKind
from service.access import acting_as
from service.errors import EmptyTeam, GameNotFound, NotInRole, NotOnTeam, NotTeamOrganiser, TeamNotFound
from service.votes import Team
from tests.service.conftest import ALICE, BOB, CAROL, START, FakeClock

DAVE = 404
GUILD, CHANNEL, ROLE = 9000, 9001, 9002


async def team_game(service: Service, members: tuple[int, ...] = (ALICE, BOB, CAROL), **terms: object) -> Team:
    """A vote team playing White against the bot, 3 days per move."""
    team = await service.votes.start(
        ALICE,
        name="Club",
        guild_id=GUILD,
        channel_id=CHANNEL,
        side="white",
        days_per_move=3,
        **terms,  # type: ignore[arg-type]
    )
    for member in members:
        await service.votes.join(team.id, member, roles=frozenset({ROLE}))
    return await service.votes.begin(team.id, ALICE)


async def history(service: Service, game_id: int) -> list[str]:
    return [m.notation for m in await service.queries.history(game_id)]


@pytest.mark.asyncio
async def test_the_majority_move_is_played_when_the_last_member_votes(service: Service) -> None:
    team = await team_game(service)
    assert team.status == "playing" and team.game_id is not None and team.side == "white"
    game = team.game_id
    first = await service.votes.vote(game, ALICE, "21-18")
    assert first.played is None and first.voted == 1
    assert [(c.notation, c.votes) for c in first.tally or ()] == [("21-18", 1)]  # seen after voting
    await service.votes.vote(game, BOB, "22-19")
    assert await history(service, game) == []  # the window is still open
    last = await service.votes.vote(game, CAROL, "21-18")
    assert last.played is not None
    moves = await history(service, game)
    assert moves[0] == "21-18" and len(moves) == 2  # the team's move, then the bot's reply
    view = await service.queries.game(game)
    assert view.white_id == team.seat and not view.rated
    pdn = await service.queries.export_pdn(game)
    assert '[White "Club"]' in pdn  # the record names the team
    assert await service.queries.rating_changes(game) == []


@pytest.mark.asyncio
async def test_a_tie_goes_to_the_move_first_to_reach_it(service: Service) -> None:
    team = await team_game(service)
    assert team.game_id is not None
    await service.votes.vote(team.game_id, BOB, "22-19")
    await service.votes.vote(team.game_id, CAROL, "23-20")
    await service.votes.vote(team.game_id, ALICE, "21-18")
    assert (await history(service, team.game_id))[0] == "22-19"


@pytest.mark.asyncio
async def test_a_changed_vote_counts_once(service: Service) -> None:
    team = await team_game(service)
    game = team.game_id
    assert game is not None
    await service.votes.vote(game, ALICE, "21-18")
    changed = await service.votes.vote(game, ALICE, "22-19")  # the same voter again: still one vote
    assert changed.voted == 1 and changed.played is None
    assert [(c.notation, c.votes) for c in changed.tally or ()] == [("22-19", 1)]
    await service.votes.vote(game, BOB, "21-18")
    await service.votes.vote(game, CAROL, "22-19")
    assert (await history(service, game))[0] == "22-19"
    status = await service.votes.status(game, ALICE)
    assert (status.my_windows, status.followed) == (1, 1)
    status = await service.votes.status(game, BOB)
    assert (status.my_windows, status.followed) == (1, 0)


@pytest.mark.asyncio
async def test_secret_votes_show_no_tally_until_the_move_is_played(service: Service) -> None:
    team = await team_game(service, (ALICE, BOB), secret=True)
    assert team.game_id is not None
    cast = await service.votes.vote(team.game_id, ALICE, "21-18")
    assert cast.tally is None
    assert (await service.votes.status(team.game_id, ALICE)).tally is None
    last = await service.votes.vote(team.game_id, BOB, "21-18")
    assert last.played is not None and last.tally is not None


@pytest.mark.asyncio
async def test_a_member_outside_the_role_is_refused(service: Service) -> None:
    team = await service.votes.start(ALICE, name="Club", guild_id=GUILD, channel_id=CHANNEL, role_id=ROLE)
    with pytest.raises(NotInRole):
        await service.votes.join(team.id, DAVE, roles=frozenset({1234}))
    assert (await service.votes.team(team.id)).members == ()
    joined = await service.votes.join(team.id, BOB, roles=frozenset({ROLE, 1234}))
    assert joined.members == (BOB,)


@pytest.mark.asyncio
async def test_bad_input_changes_nothing(service: Service) -> None:
    empty = await service.votes.start(ALICE, name="Club", guild_id=GUILD, channel_id=CHANNEL)
    with pytest.raises(EmptyTeam):
        await service.votes.begin(empty.id, ALICE)
    assert (await service.votes.team(empty.id)).status == "forming"
    await service.votes.join(empty.id, BOB)
    with pytest.raises(NotTeamOrganiser):
        await service.votes.begin(empty.id, BOB)
    team = await team_game(service)
    game = team.game_id
    assert game is not None
    with pytest.raises(NotOnTeam):
        await service.votes.vote(game, DAVE, "21-18")
    with pytest.raises(IllegalMoveError):
        await service.votes.vote(game, ALICE, "21-16")
    status = await service.votes.status(game, ALICE)
    assert status.voted == 0 and status.my_vote is None and status.window_open
    # another server's member finds no team, and no game
    with acting_as(Caller(DAVE, 77)), pytest.raises(TeamNotFound):
        await service.votes.join(team.id, DAVE)
    with acting_as(Caller(DAVE, 77)), pytest.raises(GameNotFound):
        await service.votes.vote(game, DAVE, "21-18")


@pytest.mark.asyncio
async def test_a_window_with_no_vote_loses_on_time_after_the_reminder(service: Service, clock: FakeClock) -> None:
    team = await team_game(service)
    assert team.game_id is not None
    events = await service.clock.run_due_timers(START + timedelta(days=2))
    assert [(e.kind, e.player_id) for e in events] == [(TimerKind.REMINDER, team.seat)]
    clock.advance(days=3)
    events = await service.clock.run_due_timers()
    assert [(e.kind, e.player_id) for e in events] == [(TimerKind.TIMEOUT, team.seat)]
    view = await service.queries.game(team.game_id)
    assert view.result == "0-1" and view.termination is EndReason.TIMEOUT


@pytest.mark.asyncio
async def test_the_deadline_plays_the_votes_in(service: Service, clock: FakeClock) -> None:
    team = await team_game(service)
    assert team.game_id is not None
    await service.votes.vote(team.game_id, BOB, "23-20")  # one of three voted
    clock.advance(days=3)
    await service.clock.run_due_timers()
    view = await service.queries.game(team.game_id)
    assert view.active and (await history(service, team.game_id))[0] == "23-20"
    assert view.move_deadline is not None and view.move_deadline > clock.now  # the team's next window


@pytest.mark.asyncio
async def test_cancel_by_the_organiser_resigns_the_team(service: Service) -> None:
    team = await team_game(service)
    assert team.game_id is not None
    with pytest.raises(NotTeamOrganiser):
        await service.votes.cancel(team.id, BOB)
    over = await service.votes.cancel(team.id, BOB, manager=True)
    assert over.status == "over"
    view = await service.queries.game(team.game_id)
    assert view.result == "0-1" and view.termination is EndReason.RESIGNATION


@pytest.mark.asyncio
async def test_a_members_teams_are_those_still_playing(service: Service, clock: FakeClock) -> None:
    team = await team_game(service)
    assert [t.id for t in await service.votes.my_teams(BOB)] == [team.id]
    assert await service.votes.my_teams(DAVE) == []
    clock.advance(days=3)
    await service.clock.run_due_timers()  # no vote: lost on time
    assert await service.votes.my_teams(BOB) == []
