"""The daily digest (service/digest.py): one DM a day at the chosen hour (the player's time zone, UTC unless set)
listing exactly the games waiting for the player, once across restarts and processes; no DM per move meanwhile;
reminders still come."""

from __future__ import annotations

import random
from datetime import UTC, datetime, time, timedelta
from zoneinfo import ZoneInfo

import pytest

from data import Database
from service import AnnouncementKind, GameSettings, Notifications, Service, TimerKind
from service.errors import InvalidSetting
from tests.service.conftest import ALICE, BOB, CAROL, START, FakeClock

pytestmark = pytest.mark.asyncio


async def _fire(service: Service, clock: FakeClock, when: datetime) -> None:
    clock.now = when
    await service.clock.run_due_timers()


async def _news(service: Service, kind: AnnouncementKind) -> list[tuple[int | None, tuple[int, ...]]]:
    """Deliver everything due; return who each announcement of this kind was for, with its games."""
    found = []
    while claimed := await service.outbox.claim_due("test", lease=30, limit=100):
        for pending in claimed:
            news = pending.announcement
            if news.kind is kind:
                found.append((news.player_id, tuple(g.id for g in news.games)))
            await service.outbox.delivered(pending, "test", channel_id=1, message_id=pending.id)
    return found


async def _game(service: Service, white: int, black: int) -> int:
    challenge = await service.challenges.create(white, black, settings=GameSettings(color="white"))
    return (await service.challenges.accept(challenge.id, black)).game.id


async def test_one_digest_a_day_listing_exactly_the_waiting_games(
    service: Service, db: Database, clock: FakeClock
) -> None:
    prefs = await service.players.set_preferences(ALICE, notifications="digest", digest_hour=9)
    assert prefs.notifications is Notifications.DIGEST and prefs.digest_hour == 9
    waiting_1 = await _game(service, ALICE, BOB)  # Alice (White) to move
    waiting_2 = await _game(service, ALICE, CAROL)
    theirs = await _game(service, BOB, ALICE)  # Bob to move: not Alice's business today
    clock.advance(minutes=5)
    await service.games.play(theirs, BOB, "24-20")  # now Alice is to move here too ...
    assert await _news(service, AnnouncementKind.YOUR_MOVE) == [(BOB, ())]  # ... and no DM tells her so

    # Set at 12:00 for 09:00: the first digest is tomorrow's.
    await _fire(service, clock, START + timedelta(hours=12))  # midnight
    assert await _news(service, AnnouncementKind.DIGEST) == []
    await service.games.play(waiting_2, ALICE, "24-20")  # no longer waiting on Alice
    nine = START + timedelta(hours=21)
    await _fire(service, clock, nine - timedelta(seconds=1))
    assert await _news(service, AnnouncementKind.DIGEST) == []
    await _fire(service, clock, nine)
    assert await _news(service, AnnouncementKind.DIGEST) == [(ALICE, (waiting_1, theirs))]
    await _fire(service, clock, nine + timedelta(hours=2))
    restarted = Service(db, clock=clock, rng=random.Random(1))  # another process, or the same after a restart
    await _fire(restarted, clock, nine + timedelta(hours=3))
    assert await _news(service, AnnouncementKind.DIGEST) == []
    await _fire(service, clock, nine + timedelta(days=1))
    assert [who for who, _ in await _news(service, AnnouncementKind.DIGEST)] == [ALICE]


async def test_the_reminder_before_a_loss_on_time_still_comes(service: Service, clock: FakeClock) -> None:
    await service.players.set_preferences(ALICE, digest_hour=23)  # the hour alone chooses the digest
    await _game(service, ALICE, BOB)
    clock.now = START + timedelta(days=2)  # a third of 3 days left
    events = await service.clock.run_due_timers()
    assert [(e.kind, e.player_id) for e in events] == [(TimerKind.REMINDER, ALICE)]
    reminders = await _news(service, AnnouncementKind.REMINDER)
    assert [who for who, _ in reminders] == [ALICE]


async def test_another_choice_ends_the_digest(service: Service) -> None:
    await service.players.set_preferences(ALICE, notifications="digest")
    assert (await service.players.preferences(ALICE)).digest_hour == 8
    prefs = await service.players.set_preferences(ALICE, notifications="dm")
    assert prefs.notifications is Notifications.DM and prefs.digest_hour is None


async def test_a_players_time_zone_sets_the_digests_hour_and_day(service: Service, clock: FakeClock) -> None:
    # START is 12:00 UTC; in Los Angeles (UTC-8 in winter, UTC-7 in summer) the digest comes at 07:00 local.
    prefs = await service.players.set_preferences(ALICE, digest_hour=7, time_zone="america/los_angeles")
    assert prefs.time_zone == "America/Los_Angeles" and prefs.digest_hour == 7
    game = await _game(service, ALICE, BOB)
    local = START.astimezone(ZoneInfo("America/Los_Angeles"))
    seven = datetime.combine(local.date(), time(7), local.tzinfo)  # this morning there: already past at START?
    if seven <= local:
        seven += timedelta(days=1)
    first = seven.astimezone(UTC)
    await _fire(service, clock, first - timedelta(seconds=1))
    assert await _news(service, AnnouncementKind.DIGEST) == []
    await _fire(service, clock, first)
    assert await _news(service, AnnouncementKind.DIGEST) == [(ALICE, (game,))]
    # Later the same local day, though UTC's date has changed: nothing more.
    await _fire(service, clock, first + timedelta(hours=16, minutes=59))
    assert await _news(service, AnnouncementKind.DIGEST) == []
    await _fire(service, clock, first + timedelta(days=1))
    assert await _news(service, AnnouncementKind.DIGEST) == [(ALICE, (game,))]


async def test_an_unknown_time_zone_leaves_the_settings_as_they_were(service: Service) -> None:
    await service.players.set_preferences(ALICE, digest_hour=7, time_zone="Europe/Rome")
    with pytest.raises(InvalidSetting):
        await service.players.set_preferences(ALICE, digest_hour=9, time_zone="Europe/Atlantis")
    prefs = await service.players.preferences(ALICE)
    assert (prefs.time_zone, prefs.digest_hour) == ("Europe/Rome", 7)
    prefs = await service.players.set_preferences(ALICE, time_zone="UTC")
    assert prefs.time_zone is None and prefs.digest_hour == 7
