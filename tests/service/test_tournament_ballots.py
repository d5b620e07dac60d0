"""Ballot tournaments: each pairing plays one drawn ballot with both colours; standings count both games."""

from __future__ import annotations

import pytest

from rules import find_variant
from rules.openings import find_ballot
from service import GameSettings, NoBallots, Service
from tests.service.test_tournaments import GUILD, A, B, C, D, decide

pytestmark = pytest.mark.asyncio
ENGLISH = find_variant("english")


async def _event(service: Service, players: list[int], *, format: str = "round-robin", rounds: int = 1) -> int:
    event = await service.tournaments.create(
        A,
        "Ballot cup",
        settings=GameSettings(variant="english", ballot=True),
        format=format,
        rounds=rounds,
        guild_id=GUILD,
        channel_id=77,
    )
    assert event.ballots
    for player in players:
        await service.tournaments.join(event.id, player)
    return event.id


async def test_each_pairing_plays_one_ballot_with_both_colours(service: Service) -> None:
    tid = await _event(service, [A, B, C, D])
    news = await service.tournaments.start(tid, A)
    games = [g.game for g in news.games]
    assert len(games) == 12  # six pairings, two games each
    by_pair: dict[frozenset[int], list] = {}
    for game in games:
        by_pair.setdefault(frozenset((game.white_id, game.black_id)), []).append(game)
    assert len(by_pair) == 6
    for first, second in by_pair.values():
        assert (first.white_id, first.black_id) == (second.black_id, second.white_id)
        assert first.ballot == second.ballot is not None
        assert (first.ballot_pair_id, second.ballot_pair_id) == (second.id, first.id)
        ballot = find_ballot(ENGLISH, first.ballot)
        assert ballot is not None and ballot.playable
        for game in (first, second):
            history = await service.queries.history(game.id)
            assert tuple(m.notation for m in history) == ballot.moves


async def test_standings_count_both_games_of_a_pairing(service: Service) -> None:
    tid = await _event(service, [A, B, C])
    news = await service.tournaments.start(tid, A)
    for entry in news.games:  # A wins everything, the other games are drawn
        game = entry.game
        winner = A if A in (game.white_id, game.black_id) else None
        await decide(service, game.id, winner)
    table = await service.tournaments.standings(tid)
    top = table.rows[0]
    assert top.player_id == A and top.points == 4.0 and top.games == 4
    assert {row.player_id: row.games for row in table.rows} == {A: 4, B: 4, C: 4}


async def test_a_variant_without_ballots_is_refused_at_creation(service: Service) -> None:
    with pytest.raises(NoBallots):
        await service.tournaments.create(
            A,
            "Cup",
            settings=GameSettings(variant="russian", ballot=True),
            guild_id=GUILD,
        )


async def test_a_swiss_round_waits_for_both_games_of_every_pairing(service: Service) -> None:
    tid = await _event(service, [A, B, C, D], format="swiss", rounds=2)
    news = await service.tournaments.start(tid, A)
    first_round = [g.game for g in news.games]
    assert len(first_round) == 4
    met = {frozenset((g.white_id, g.black_id)) for g in first_round}
    later = None
    for index, game in enumerate(first_round):
        later = await decide(service, game.id, game.white_id)
        if index < len(first_round) - 1:
            assert later is None or not later.games  # the round is not over while a game is still played
    assert later is not None and later.round == 2
    second_round = [g.game for g in later.games]
    assert len(second_round) == 4
    assert not met & {frozenset((g.white_id, g.black_id)) for g in second_round}
