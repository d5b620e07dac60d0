"""The outbox (issue 12): news is written with the change, claimed with a lease, delivered in order within a
game, retried with backoff, and a dead worker's claims expire."""

from __future__ import annotations

import pytest

from service import AnnouncementKind, Service, backoff
from tests.service.conftest import ALICE, BOB, FakeClock, new_game

pytestmark = pytest.mark.asyncio


async def test_a_move_and_its_news_are_one_transaction(service: Service, clock: FakeClock) -> None:
    game = await new_game(service)
    await service.outbox.settle_for_players((ALICE, BOB))
    await service.games.play(game.id, ALICE, "22-18")
    clock.advance(seconds=60)  # past the grace the inline path gets
    claimed = await service.outbox.claim_due("w1", lease=30)
    assert [(p.stream, p.announcement.kind) for p in claimed] == [(f"game:{game.id}", AnnouncementKind.MOVED)]
    moved = claimed[0].announcement
    assert moved.move is not None and moved.move.notation == "22-18" and moved.game is not None
    assert moved.game.ply == 1 and moved.game.to_move_id == BOB  # the snapshot of that moment


async def test_one_stream_in_order_streams_side_by_side_and_leases(service: Service, clock: FakeClock) -> None:
    first, second = await new_game(service), await new_game(service)
    clock.advance(seconds=60)
    heads = await service.outbox.claim_due("w1", lease=30)
    # one row per game: its first board; the DM after it waits for it
    assert [(p.stream, p.announcement.kind) for p in heads] == [
        (f"game:{first.id}", AnnouncementKind.GAME_STARTED), (f"game:{second.id}", AnnouncementKind.GAME_STARTED)]
    assert await service.outbox.claim_due("w2", lease=30) == []  # leased: nobody else takes them
    assert await service.outbox.delivered(heads[0], "w1", channel_id=1, message_id=11)
    nxt = await service.outbox.claim_due("w2", lease=30)
    # the DM to the player to move has the player's own stream, and went only after the board it links to
    assert [(p.stream, p.announcement.kind) for p in nxt] == [(f"player:{ALICE}", AnnouncementKind.YOUR_MOVE)]
    # w1 dies holding the second game's board: after its lease, w2 takes it, and w1's late word counts for nothing
    clock.advance(seconds=31)
    taken = await service.outbox.claim_due("w2", lease=30)
    assert [p.id for p in taken] == [nxt[0].id, heads[1].id]  # w2's own expired claim too, by row order
    again = taken[1]
    assert again.attempts == 2 and again.retried
    assert not await service.outbox.delivered(heads[1], "w1", channel_id=1, message_id=12)
    assert await service.outbox.delivered(again, "w2", channel_id=1, message_id=12)


async def test_a_failed_post_waits_its_backoff(service: Service, clock: FakeClock) -> None:
    await new_game(service)
    clock.advance(seconds=60)
    [row] = await service.outbox.claim_due("w1", lease=30)
    assert await service.outbox.retry_later(row, "w1", "503", delay=backoff(row.attempts, base=2, ceiling=300))
    assert await service.outbox.claim_due("w1", lease=30) == []
    clock.advance(seconds=2.5)
    [again] = await service.outbox.claim_due("w1", lease=30)
    assert again.id == row.id and again.attempts == 2
    assert [backoff(n, base=2, ceiling=300) for n in (1, 2, 3, 8, 9, 20)] == [2, 4, 8, 256, 300, 300]
    assert await service.outbox.failed(again, "w1", "403 Missing Access")
    assert await service.outbox.pending_count() == 1  # the DM after it is free to go


async def test_a_dm_never_holds_up_the_boards_of_its_game(service: Service, clock: FakeClock) -> None:
    """Order is kept per destination (issue 25): a DM Discord keeps refusing waits alone; the DM itself
    waits only for the board it links to."""
    game = await new_game(service)
    clock.advance(seconds=60)
    board = await service.outbox.claim_due("w1", lease=30)
    assert [(p.stream, p.announcement.kind) for p in board] == [(f"game:{game.id}", AnnouncementKind.GAME_STARTED)]
    assert await service.outbox.delivered(board[0], "w1", channel_id=1, message_id=1)
    dm = await service.outbox.claim_due("w1", lease=30)
    assert [(p.stream, p.announcement.kind) for p in dm] == [(f"player:{ALICE}", AnnouncementKind.YOUR_MOVE)]
    assert await service.outbox.retry_later(dm[0], "w1", "503 Service Unavailable", delay=3600)
    await service.games.play(game.id, ALICE, "22-18")
    clock.advance(seconds=60)
    moved = await service.outbox.claim_due("w1", lease=30)
    assert [(p.stream, p.announcement.kind) for p in moved] == [(f"game:{game.id}", AnnouncementKind.MOVED)]
    assert await service.outbox.delivered(moved[0], "w1", channel_id=1, message_id=2)
    told = await service.outbox.claim_due("w1", lease=30)  # Bob's DM, once the board it links to is out
    assert [(p.stream, p.announcement.kind) for p in told] == [(f"player:{BOB}", AnnouncementKind.YOUR_MOVE)]
