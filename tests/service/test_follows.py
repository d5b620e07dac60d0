"""Following (service/follows.py): a followed game's moves and a followed player's new games reach a follower by
DM, at most one message an hour with what happened meanwhile, once across restarts, and only what the follower
may see under the privacy rule."""

from __future__ import annotations

import random

import pytest

from data import Database
from service import AnnouncementKind, Caller, FollowNews, GameNotFound, GameSettings, Service, acting_as
from tests.service.conftest import ALICE, BOB, CAROL, FakeClock

pytestmark = pytest.mark.asyncio
GUILD, OTHER = 7001, 7002
DAVE = 404


async def _game(service: Service, white: int, black: int, guild: int | None, channel: int | None = 55) -> int:
    challenge = await service.challenges.create(
        white,
        black,
        settings=GameSettings(color="white"),
        guild_id=guild,
        channel_id=channel,
    )
    return (await service.challenges.accept(challenge.id, black)).game.id


async def _follow_news(service: Service, clock: FakeClock) -> list[tuple[int | None, tuple[FollowNews, ...]]]:
    await service.clock.run_due_timers()
    found = []
    while claimed := await service.outbox.claim_due("test", lease=30, limit=100):
        for pending in claimed:
            news = pending.announcement
            if news.kind is AnnouncementKind.FOLLOW:
                found.append((news.player_id, news.follows))
            await service.outbox.delivered(pending, "test", channel_id=1, message_id=pending.id)
    return found


async def test_moves_are_batched_at_most_one_message_an_hour(service: Service, db: Database, clock: FakeClock) -> None:
    game = await _game(service, ALICE, BOB, GUILD)
    with acting_as(Caller(CAROL, GUILD)):
        assert await service.follows.follow_game(CAROL, game, GUILD, 55)
        assert not await service.follows.follow_game(CAROL, game, GUILD, 55)  # already
    await service.games.play(game, ALICE, "24-20")
    assert await _follow_news(service, clock) == [(CAROL, (FollowNews(game, ALICE, BOB, False, ("24-20",)),))]
    clock.advance(minutes=10)
    await service.games.play(game, BOB, "12-16")
    clock.advance(minutes=10)
    await service.games.play(game, ALICE, "22-18")
    assert await _follow_news(service, clock) == []  # within the hour of the last message
    restarted = Service(db, clock=clock, rng=random.Random(3))
    clock.advance(minutes=41)  # an hour after the first message
    news = await _follow_news(restarted, clock)
    assert news == [(CAROL, (FollowNews(game, ALICE, BOB, False, ("12-16", "22-18")),))]
    assert await _follow_news(service, clock) == []  # once, whichever process took it
    clock.advance(hours=2)
    await service.games.play(game, BOB, "11-14")
    await service.games.resign(game, ALICE)
    assert await _follow_news(service, clock) == [(CAROL, (FollowNews(game, ALICE, BOB, False, ("11-14",), "0-1"),))]
    assert await service.follows.unfollow(CAROL, game_id=game)
    other = await _game(service, ALICE, BOB, GUILD)
    await service.follows.follow_game(CAROL, other, GUILD, 55)
    assert await service.follows.unfollow(CAROL, game_id=other)
    clock.advance(hours=2)
    await service.games.play(other, ALICE, "24-20")
    assert await _follow_news(service, clock) == []


async def test_a_followed_players_new_games_only_where_the_follower_may_see_them(
    service: Service, clock: FakeClock
) -> None:
    await service.follows.follow_player(DAVE, ALICE, GUILD, 55)
    here = await _game(service, ALICE, BOB, GUILD)
    await _game(service, ALICE, CAROL, OTHER)  # another server: Dave is not there
    await _game(service, CAROL, ALICE, None, 99)  # a DM conversation Dave is not in
    assert await _follow_news(service, clock) == [(DAVE, (FollowNews(here, ALICE, BOB, True, ()),))]
    assert (await service.follows.following(DAVE)).players == (ALICE,)


async def test_a_game_the_follower_may_not_see_cannot_be_followed(service: Service) -> None:
    game = await _game(service, ALICE, BOB, GUILD)
    with acting_as(Caller(CAROL, OTHER)), pytest.raises(GameNotFound):
        await service.follows.follow_game(CAROL, game, OTHER, 1)
    assert (await service.follows.following(CAROL)).games == ()


async def test_a_follower_with_closed_dms_is_dropped(service: Service, clock: FakeClock) -> None:
    game = await _game(service, ALICE, BOB, GUILD)
    await service.follows.follow_game(CAROL, game, GUILD, 55)
    await service.follows.follow_player(CAROL, BOB, GUILD, 55)
    await service.follows.drop_follower(CAROL)
    await service.games.play(game, ALICE, "24-20")
    assert await _follow_news(service, clock) == []
    assert await service.follows.following(CAROL) == (await service.follows.following(DAVE))


async def test_a_followed_players_tournament_games_are_news_too(service: Service, clock: FakeClock) -> None:
    await service.follows.follow_player(DAVE, BOB, GUILD, 55)
    event = await service.tournaments.create(
        ALICE,
        "Autumn cup",
        settings=GameSettings(days_per_move=2),
        format="round-robin",
        rounds=1,
        guild_id=GUILD,
        channel_id=55,
    )
    for player in (ALICE, BOB, CAROL):
        await service.tournaments.join(event.id, player)
    await service.tournaments.start(event.id, ALICE)
    bobs = {mine.game.id for mine in await service.queries.my_games(BOB)}
    news = await _follow_news(service, clock)
    assert [who for who, _ in news] == [DAVE]
    assert {item.game_id for item in news[0][1] if item.started} == bobs and len(bobs) == 2
