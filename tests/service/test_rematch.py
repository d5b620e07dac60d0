"""Rematches: same variant, start, days, rating mode and bot level; colours swapped; only after the end."""

from __future__ import annotations

import pytest

from service import BOT_ID, GameSettings, NotAParticipant, RematchNotYet, RematchPending, Service
from tests.service.conftest import ALICE, BOB, CAROL

pytestmark = pytest.mark.asyncio

TEACHING = "B:WK14,22:B5,6"  # Italian, Black to move (see tests/e2e/test_fen_start.py)


async def test_a_rematch_swaps_colours_and_keeps_everything_else(service: Service) -> None:
    challenge = await service.challenges.create(
        ALICE,
        BOB,
        settings=GameSettings(variant="italian", color="black", days_per_move=5, rated=True, start_fen=TEACHING),
        guild_id=9,
    )
    game = (await service.challenges.accept(challenge.id, BOB)).game
    with pytest.raises(RematchNotYet):
        await service.challenges.rematch(game.id, BOB)
    await service.games.resign(game.id, ALICE)
    with pytest.raises(NotAParticipant):
        await service.challenges.rematch(game.id, CAROL)
    again = await service.challenges.rematch(game.id, BOB)
    with pytest.raises(RematchPending) as twice:  # a second click asks nothing new
        await service.challenges.rematch(game.id, BOB)
    assert twice.value.by_you and twice.value.challenge_id == again.id
    with pytest.raises(RematchPending) as crossed:  # Alice asks too: she is told to answer Bob's
        await service.challenges.rematch(game.id, ALICE)
    assert not crossed.value.by_you and crossed.value.challenge_id == again.id
    assert (again.challenger_id, again.opponent_id, again.color) == (BOB, ALICE, "black")  # Bob had White
    assert (again.variant, again.days_per_move, again.rated, again.start_fen, again.guild_id) == (
        "italian", 5, True, TEACHING, 9
    )
    new = (await service.challenges.accept(again.id, ALICE)).game
    assert (new.white_id, new.black_id) == (ALICE, BOB)


async def test_a_rematch_against_the_bot_keeps_its_level(service: Service) -> None:
    started = await service.challenges.play_bot_game(ALICE, settings=GameSettings(bot_level=3, color="white"))
    await service.games.resign(started.game.id, ALICE)
    again = await service.challenges.rematch(started.game.id, ALICE)
    assert (again.opponent_id, again.bot_level, again.color) == (BOT_ID, 3, "black")
    new = await service.challenges.accept(again.id, BOT_ID)
    assert (new.game.white_id, new.game.black_id, new.game.bot_level) == (BOT_ID, ALICE, 3)
    assert new.bot_move is not None  # the bot has White now and opens at once
