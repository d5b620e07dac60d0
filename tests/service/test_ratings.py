"""Glicko-2 against Glickman's worked example, and rating updates when rated games end."""

from __future__ import annotations

import pytest

from service import BOT_ID, GameSettings, Service
from service.glicko2 import Glicko, update
from tests.service.conftest import ALICE, BOB, CAROL, new_game


def test_glickman_worked_example() -> None:
    # "Example of the Glicko-2 system", section 3: tau = 0.5.
    player = Glicko(1500, 200, 0.06)
    results = [(Glicko(1400, 30, 0.06), 1.0), (Glicko(1550, 100, 0.06), 0.0), (Glicko(1700, 300, 0.06), 0.0)]
    after = update(player, results, tau=0.5)
    assert after.rating == pytest.approx(1464.06, abs=0.01)
    assert after.rd == pytest.approx(151.52, abs=0.01)
    assert after.volatility == pytest.approx(0.05999, abs=0.00001)


def test_an_idle_period_only_widens_the_deviation() -> None:
    after = update(Glicko(1500, 200, 0.06), [])
    assert after.rating == 1500
    assert after.rd == pytest.approx((200**2 + (0.06 * 173.7178) ** 2) ** 0.5, abs=1e-6)


@pytest.mark.asyncio
async def test_a_rated_game_changes_ratings_exactly_once(service: Service) -> None:
    game = await new_game(service, rated=True)
    finished = await service.games.resign(game.id, BOB)
    by_player = {c.player_id: c for c in finished.rating_changes}
    assert by_player[ALICE].delta > 0 > by_player[BOB].delta
    # Two new players (1500, RD 350): symmetric result.
    assert by_player[ALICE].delta == pytest.approx(-by_player[BOB].delta)
    assert len(await service.queries.rating_changes(game.id)) == 2
    ratings = {r.player_id: r for r in await service.queries.leaderboard("italian")}
    assert ratings[ALICE].games == 1 and ratings[ALICE].rating == pytest.approx(by_player[ALICE].rating_after)
    assert [r.player_id for r in await service.queries.leaderboard("italian")] == [ALICE, BOB]


@pytest.mark.asyncio
async def test_unrated_games_leave_ratings_alone(service: Service) -> None:
    game = await new_game(service, rated=False)
    finished = await service.games.resign(game.id, BOB)
    assert finished.rating_changes == ()
    assert await service.queries.ratings(ALICE) == []


@pytest.mark.asyncio
async def test_games_against_the_bot_are_rated_in_their_own_pool(service: Service) -> None:
    started = await service.challenges.play_bot_game(
        CAROL,
        settings=GameSettings(bot_level=2, rated=True, color="white"),
    )
    finished = await service.games.resign(started.game.id, CAROL)
    pools = {c.player_id: c.pool for c in finished.rating_changes}
    assert pools == {CAROL: "bot", BOT_ID: "level2"}
    assert await service.queries.leaderboard("italian") == []  # the human ladder is untouched
    assert [r.player_id for r in await service.queries.leaderboard("italian", pool="bot")] == [CAROL]


@pytest.mark.asyncio
async def test_player_statistics(service: Service) -> None:
    won = await new_game(service)
    await service.games.resign(won.id, BOB)
    drawn = await new_game(service)
    await service.games.offer_draw(drawn.id, ALICE)
    await service.games.answer_draw(drawn.id, BOB, True)
    await new_game(service)  # still going: not counted
    stats = await service.queries.stats(ALICE)
    assert [(s.variant, s.wins, s.losses, s.draws) for s in stats] == [("italian", 1, 0, 1)]
    assert [(s.wins, s.losses, s.draws) for s in await service.queries.stats(BOB)] == [(0, 1, 1)]
