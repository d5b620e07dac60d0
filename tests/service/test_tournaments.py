"""Tournaments over a real database: entry, the start, rounds that advance themselves, withdrawals, the
end with the winner, who may see them, and races (two starts, two last results) that create a round once."""

from __future__ import annotations

import asyncio

import pytest

from service import (
    AlreadyEntered,
    Announcement,
    AnnouncementKind,
    GameSettings,
    HintPolicy,
    HintRefusal,
    NotOrganiser,
    Service,
    TooFewPlayers,
    TournamentClosed,
    TournamentFull,
    TournamentNotFound,
    acting_as,
    hint_refusal,
)
from service.access import Caller
from service.tournaments import TournamentNews, TournamentStatus

pytestmark = pytest.mark.asyncio
GUILD = 5000
A, B, C, D, E = 11, 12, 13, 14, 15


async def open_event(service: Service, players: list[int], *, format: str = "round-robin", rounds: int = 1) -> int:
    event = await service.tournaments.create(
        A,
        "Autumn cup",
        settings=GameSettings(days_per_move=2),
        format=format,
        rounds=rounds,
        guild_id=GUILD,
        channel_id=77,
    )
    for player in players:
        await service.tournaments.join(event.id, player)
    return event.id


async def decide(service: Service, game_id: int, winner: int | None) -> TournamentNews | None:
    """End a game (the loser resigns; None: a draw by agreement) and let the tournament react."""
    game = await service.queries.game(game_id)
    if winner is None:
        await service.games.offer_draw(game_id, game.white_id)
        await service.games.answer_draw(game_id, game.black_id, True)
    else:
        await service.games.resign(game_id, game.opponent_of(winner))
    return await service.tournaments.after_game(game_id)


async def test_round_robin_of_four_starts_six_games_and_crowns_the_tie_break_winner(service: Service) -> None:
    tid = await open_event(service, [A, B, C, D])
    with pytest.raises(AlreadyEntered):
        await service.tournaments.join(tid, B)
    news = await service.tournaments.start(tid, A)
    assert news.tournament.status is TournamentStatus.RUNNING
    assert len(news.games) == 6 and not news.byes
    pairs = {frozenset((g.game.white_id, g.game.black_id)) for g in news.games}
    assert len(pairs) == 6
    assert all(g.game.guild_id == GUILD and g.game.days_per_move == 2 and g.game.active for g in news.games)
    results = {  # A and B end on 2 points each; A beat C (who scores 1.5), B beat D (1.5): SB decides
        frozenset((A, B)): A,
        frozenset((A, C)): A,
        frozenset((A, D)): D,
        frozenset((B, C)): B,
        frozenset((B, D)): B,
        frozenset((C, D)): None,
    }
    # A: 2 (beat B, C); B: 2 (beat C, D); C: 0.5; D: 1.5 (beat A, drew C)
    final = None
    for item in news.games:
        pair = frozenset((item.game.white_id, item.game.black_id))
        outcome = await decide(service, item.game.id, results[pair])
        if outcome is not None:
            final = outcome
    assert final is not None and final.final is not None
    table = [(s.player_id, s.points, s.tiebreak) for s in final.final]
    # SB: A = 2 (B) + 0.5 (C) = 2.5; B = 0.5 (C) + 1.5 (D) = 2.0
    assert table == [(A, 2.0, 2.5), (B, 2.0, 2.0), (D, 1.5, 2.25), (C, 0.5, 0.75)]
    assert final.winner_id == A
    assert (await service.tournaments.get(tid)).status is TournamentStatus.FINISHED
    assert await service.tournaments.after_game(news.games[0].game.id) is None


async def test_swiss_rounds_pair_themselves_with_one_bye_each(service: Service) -> None:
    tid = await open_event(service, [A, B, C, D, E], format="swiss", rounds=3)
    news: TournamentNews | None = await service.tournaments.start(tid, A)
    byes: list[int] = []
    met: set[frozenset[int]] = set()
    rounds_seen = []
    while news is not None and news.final is None:
        rounds_seen.append(news.round)
        assert len(news.games) == 2 and len(news.byes) == 1
        byes += news.byes
        following = None
        for item in news.games:
            pair = frozenset((item.game.white_id, item.game.black_id))
            assert pair not in met
            met.add(pair)
            following = await decide(service, item.game.id, item.game.white_id) or following
        news = following
    assert rounds_seen == [1, 2, 3]
    assert len(set(byes)) == 3
    assert news is not None and news.final is not None
    assert sum(s.points for s in news.final) == 3 * 2 + 3  # two games and a bye a round
    number, boards = await service.tournaments.pairings(tid, 2)
    assert number == 2 and sum(b.black_id is None for b in boards) == 1


async def test_only_the_organiser_starts_and_a_second_start_is_refused(service: Service) -> None:
    tid = await open_event(service, [A, B])
    with pytest.raises(TooFewPlayers):
        await service.tournaments.start(tid, A)
    await service.tournaments.join(tid, C)
    with pytest.raises(NotOrganiser):
        await service.tournaments.start(tid, B)
    await service.tournaments.start(tid, B, manager=True)
    with pytest.raises(TournamentClosed):
        await service.tournaments.start(tid, A)
    with pytest.raises(TournamentClosed):
        await service.tournaments.join(tid, D)


async def test_two_start_clicks_at_once_start_it_once(service: Service) -> None:
    tid = await open_event(service, [A, B, C, D])
    outcomes = await asyncio.gather(
        service.tournaments.start(tid, A), service.tournaments.start(tid, A), return_exceptions=True
    )
    started = [o for o in outcomes if isinstance(o, TournamentNews)]
    assert len(started) == 1
    assert [type(o) for o in outcomes if not isinstance(o, TournamentNews)] == [TournamentClosed]
    _, boards = await service.tournaments.pairings(tid, 1)
    total = 0
    for number in range(1, 4):
        total += len((await service.tournaments.pairings(tid, number))[1])
    assert total == 6 and len(boards) == 2


async def test_two_last_results_at_once_pair_the_next_round_once(service: Service) -> None:
    tid = await open_event(service, [A, B, C, D], format="swiss", rounds=3)
    news = await service.tournaments.start(tid, A)
    first, second = news.games
    await service.games.resign(first.game.id, first.game.black_id)
    await service.games.resign(second.game.id, second.game.black_id)
    outcomes = await asyncio.gather(
        service.tournaments.after_game(first.game.id), service.tournaments.after_game(second.game.id)
    )
    assert sum(o is not None for o in outcomes) == 1
    assert (await service.tournaments.get(tid)).current_round == 2
    _, boards = await service.tournaments.pairings(tid, 2)
    assert len(boards) == 2
    assert await service.tournaments.catch_up() == []


async def test_withdrawing_resigns_the_remaining_games(service: Service) -> None:
    tid = await open_event(service, [A, B, C])
    news = await service.tournaments.start(tid, A)
    assert len(news.games) == 3 and len(news.byes) == 3  # three rounds, one player sits out each
    view, finished = await service.tournaments.withdraw(tid, C)
    assert C in view.withdrawn
    assert len(finished) == 2 and all(f.ended.winner_id != C for f in finished)
    standings = await service.tournaments.standings(tid)
    points = {s.player_id: s.points for s in standings.rows}
    assert points[C] == 0.0 and points[A] == points[B] == 1.0


async def test_a_tournament_belongs_to_its_server(service: Service) -> None:
    tid = await open_event(service, [B])
    with acting_as(Caller(D, GUILD + 1)), pytest.raises(TournamentNotFound):
        await service.tournaments.join(tid, D)
    with acting_as(Caller(B, None)):  # an entrant sees it from anywhere
        assert (await service.tournaments.get(tid)).players == (B,)
    with acting_as(Caller(D, GUILD)):
        assert (await service.tournaments.join(tid, D)).players == (B, D)
    assert [t.id for t in await service.tournaments.in_server(GUILD)] == [tid]
    assert await service.tournaments.in_server(GUILD + 1) == []


async def test_tournament_games_follow_the_rated_game_hint_policy(service: Service) -> None:
    tid = await open_event(service, [A, B, C])
    news = await service.tournaments.start(tid, A)
    game = news.games[0].game
    assert not game.rated
    mover = game.to_move_id
    assert mover is not None
    in_tournament = await service.tournaments.is_tournament_game(game.id)
    assert in_tournament
    assert hint_refusal(game, mover, HintPolicy.UNRATED, tournament=in_tournament) is HintRefusal.TOURNAMENT
    assert hint_refusal(game, mover, HintPolicy.ALWAYS, tournament=in_tournament) is None
    assert hint_refusal(game, mover, HintPolicy.UNRATED) is None  # the same game outside a tournament
    challenge = await service.challenges.create(D, E)
    ordinary = (await service.challenges.accept(challenge.id, E)).game
    assert not await service.tournaments.is_tournament_game(ordinary.id)


async def test_a_round_robin_takes_at_most_24_players(service: Service) -> None:
    tid = await open_event(service, [1000 + i for i in range(24)])
    with pytest.raises(TournamentFull) as refused:
        await service.tournaments.join(tid, 2000)
    assert refused.value.most == 24
    assert len((await service.tournaments.get(tid)).players) == 24


async def queued(service: Service, stream: str) -> list[Announcement]:
    """What waits in an outbox stream, oldest first (claimed and marked delivered, as the worker would)."""
    outbox, found = service.outbox, []
    upto = await outbox.last_id(stream)
    while (pending := await outbox.claim_stream(stream, upto, "test", lease=60)) is not None:
        found.append(pending.announcement)
        assert await outbox.delivered(pending, "test", channel_id=1, message_id=pending.id)
    return found


async def test_the_news_of_each_round_and_of_the_end_is_queued_with_it(service: Service) -> None:
    tid = await open_event(service, [A, B, C, D], format="swiss", rounds=2)
    news = await service.tournaments.start(tid, A)
    assert news.streams[0] == f"tournament:{tid}" and len(news.streams) == 3
    pairings = await queued(service, f"tournament:{tid}")
    assert [(n.kind, n.tournament_id, n.round) for n in pairings] == [(AnnouncementKind.TOURNAMENT_ROUND, tid, 1)]
    for item in news.games:  # the first board, then the DM to White (the default way to be told)
        first = await queued(service, f"game:{item.game.id}")
        assert [n.kind for n in first] == [AnnouncementKind.GAME_STARTED]
        assert first[0].game is not None and first[0].game.ply == 0
        dm = await queued(service, f"player:{item.game.white_id}")  # the DM's own stream, after the board
        assert [(n.kind, n.game.id if n.game else None) for n in dm] == [(AnnouncementKind.YOUR_MOVE, item.game.id)]
        assert await service.tournaments.placement(item.game.id) == (news.tournament, 1)
    again = await service.tournaments.round_news(tid, 1)
    assert [g.game.id for g in again.games] == [g.game.id for g in news.games] and again.byes == ()

    for item in news.games:
        await service.games.resign(item.game.id, item.game.black_id)
        await queued(service, f"game:{item.game.id}")  # the final boards
    outcomes = await asyncio.gather(*(service.tournaments.after_game(g.game.id) for g in news.games))
    second = [o for o in outcomes if o is not None]
    assert len(second) == 1 and second[0].round == 2
    assert [(n.kind, n.round) for n in await queued(service, f"tournament:{tid}")] == [
        (AnnouncementKind.TOURNAMENT_ROUND, 2)
    ]
    for item in second[0].games:
        kinds = [n.kind for n in await queued(service, f"game:{item.game.id}")]
        assert kinds[:1] == [AnnouncementKind.GAME_STARTED]
        await service.games.resign(item.game.id, item.game.white_id)
    ends = await asyncio.gather(*(service.tournaments.after_game(g.game.id) for g in second[0].games))
    final = [o for o in ends if o is not None]
    assert len(final) == 1 and final[0].final is not None
    assert [n.kind for n in await queued(service, f"tournament:{tid}")] == [AnnouncementKind.TOURNAMENT_FINISHED]
    assert await service.tournaments.final_news(tid) == final[0]
    assert await service.tournaments.catch_up() == [] and await queued(service, f"tournament:{tid}") == []
