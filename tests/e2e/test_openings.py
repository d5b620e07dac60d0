"""Ballots and the explorer over the loopback Discord: a ballot challenge starts two games from one ballot with
colours reversed; /explore refuses the position of the asker's game in play; after the games finish it shows
their moves with the right counts."""

from __future__ import annotations

import pytest

from rules import find_variant
from rules.openings import find_ballot
from tests.e2e.helpers import check_board_image, game_id_of, rows
from tests.fakediscord.fixtures import bot_launcher, fake_discord  # noqa: F401

pytestmark = pytest.mark.asyncio
SLOW = 60.0  # the engine scores the explorer's moves (a hint's search each) on a shared machine


async def test_ballot_pair_then_explore(fake_discord, bot_launcher) -> None:  # noqa: F811
    fake = fake_discord
    bot = await bot_launcher.process("bot")
    alice, bob = fake.alice, fake.bob
    offer = await fake.wait_for_reply(
        await fake.slash(alice, "challenge", opponent=bob, colour="white", variant="english", ballot=True)
    )
    assert not offer.ephemeral and "ballot" in offer.content, offer.content
    accept = next(c for c in offer.custom_ids() if c.startswith("dama:accept:"))
    click = await fake.click(bob, offer, accept)
    boards = await fake.wait_for_followups(click, 2)
    for board in boards:
        check_board_image(board)
    first, second = sorted(game_id_of(board) for board in boards)

    games = rows(bot.database_path, "SELECT id, white_id, black_id, ballot, ballot_pair_id, ply FROM games ORDER BY id")
    assert [g[0] for g in games] == [first, second]
    (_, white_a, black_a, ballot_a, pair_a, ply_a), (_, white_b, black_b, ballot_b, pair_b, ply_b) = games
    assert (white_a, black_a) == (alice.id, bob.id) and (white_b, black_b) == (bob.id, alice.id)
    assert ballot_a == ballot_b and (pair_a, pair_b) == (second, first) and ply_a == ply_b == 3
    ballot = find_ballot(find_variant("english"), ballot_a)
    assert ballot is not None
    accepted = fake.message_by_id(offer.message_id)
    assert f"games #{first} and #{second} both start from ballot {ballot.number}" in accepted.content
    for game in (first, second):
        played = rows(bot.database_path, "SELECT notation FROM moves WHERE game_id = ? ORDER BY ply", (game,))
        assert tuple(m for (m,) in played) == ballot.moves

    line = " ".join(ballot.moves)
    refused = await fake.wait_for_reply(await fake.slash(alice, "explore", variant="english", moves=line))
    assert refused.ephemeral
    # Both of Alice's games stand there; the refusal names one of them.
    assert any(
        refused.content.startswith(f"That is the position of your game #{game}, which is still being played")
        for game in (first, second)
    ), refused.content

    for game in (first, second):  # White is to move after a three-move ballot: Alice resigns the first, Bob the second
        loser = alice if game == first else bob
        await fake.wait_for_reply(await fake.slash(loser, "resign", game=game))

    # Bob asks (Alice just used /explore and waits out its cooldown).
    asked = await fake.slash(bob, "explore", variant="english", moves=" ".join(ballot.moves[:2]))
    answer = await fake.wait_for_reply(asked, timeout=SLOW)
    assert answer.ephemeral
    assert answer.embeds, (answer.content, bot.tail())
    embed = answer.embeds[0]
    assert (
        embed["title"] == f"Opening explorer: English draughts / American checkers after {' '.join(ballot.moves[:2])}"
    )
    assert embed["description"] == "2 games here reached this position."
    assert embed["fields"][0]["name"] == "Moves played"
    listed = embed["fields"][0]["value"]
    # Game 1: White (Alice) resigned: Black won. Game 2: White (Bob) resigned: Black won.
    assert listed == f"{ballot.moves[2]}: 2× (White 0, draws 0, Black 2); most recent: game #{second}"
    # Finished games only: a hint would be given here, so the engine scores the move (from its player's side).
    assert embed["fields"][1]["name"] == "Engine"
    assert embed["fields"][1]["value"].startswith(f"{ballot.moves[2]}: ")
    assert embed["fields"][1]["value"].endswith(" for the side that plays it (in men)")
    assert answer.message is not None
    assert [a.filename for a in answer.message.attachments] == ["explorer.png"]
