"""Journey 1: two members play a rated game by slash commands, with a refused capture; then resign."""

from __future__ import annotations

import math

import pytest

from tests.e2e.helpers import check_board_image, field, game_id_of, rows, slash_move, start_game, wait_dms
from tests.fakediscord.fixtures import bot_launcher, fake_discord  # noqa: F401

pytestmark = pytest.mark.asyncio

# Italian. After 24-20 12-16 22-18 11-14 18x11 White's men stand on 11 and 20: Black's man on 7 could
# jump 11 alone (7x14), but the man on 6 takes 11 and then 20 (6x15x24), and the most pieces must be
# taken (FID rules, docs/RULES.md).
OPENING = ["24-20", "12-16", "22-18", "11-14", "18x11"]


def glicko2_first_game(score: float) -> tuple[float, float]:
    """Glickman's Glicko-2 step for a new player (1500, RD 350, volatility 0.06) after one game against
    another new player. The volatility barely moves in one game, so sigma' = sigma is close enough."""
    scale = 173.7178
    phi, sigma = 350 / scale, 0.06
    g = 1 / math.sqrt(1 + 3 * phi**2 / math.pi**2)
    expected = 0.5
    v = 1 / (g**2 * expected * (1 - expected))
    phi_star = math.sqrt(phi**2 + sigma**2)
    phi_new = 1 / math.sqrt(1 / phi_star**2 + 1 / v)
    mu_new = phi_new**2 * g * (score - expected)
    return 1500 + scale * mu_new, scale * phi_new


async def test_challenge_moves_refusal_capture_resign_rating(fake_discord, bot_launcher) -> None:  # noqa: F811
    fake = fake_discord
    bot = await bot_launcher.process("bot")
    alice, bob = fake.alice, fake.bob
    first = await start_game(fake, alice, bob, rated=True)
    game = game_id_of(first)
    check_board_image(first)
    assert field(first, "To move") == f"White: {alice.mention}"

    players = [alice, bob]
    for ply, move in enumerate(OPENING):
        reply = await slash_move(fake, players[ply % 2], move)
        assert not reply.ephemeral, reply.content
        assert reply.content.startswith(f"{players[ply % 2].mention} played {move}."), reply.content
        check_board_image(reply)
        assert field(reply, "Last move") == (move if "x" not in move else f"{move} (takes 14)")
        assert field(reply, "To move") == ("Black: " if ply % 2 == 0 else "White: ") + players[(ply + 1) % 2].mention

    refused = await slash_move(fake, bob, "7x14")
    assert refused.ephemeral
    assert refused.content == "You must capture 2 pieces; 7x14 captures only 1. Legal: 6x15x24."
    assert rows(bot.database_path, "SELECT ply FROM games WHERE id = ?", (game,)) == [(5,)]

    capture = await slash_move(fake, bob, "6x15x24")
    assert not capture.ephemeral and capture.content.startswith(f"{bob.mention} played 6x24.")
    assert field(capture, "Last move") == "6x24 (takes 11, 20)"
    check_board_image(capture)

    # the player to move is told by DM (the default): alice at the start and after bob's three moves
    await wait_dms(fake, alice, 4)
    await wait_dms(fake, bob, 3)

    resign = await fake.wait_for_reply(await fake.slash(alice, "resign", game=game))
    assert "resigned. Black wins. Ratings: " in resign.content, resign.content
    assert field(resign, "Result") == "0-1 · Black wins: White resigned."
    check_board_image(resign)
    assert resign.custom_ids() == [f"dama:rematch:{game}", f"dama:study:{game}"]  # no move buttons

    assert rows(bot.database_path, "SELECT status, result, termination, ply FROM games") == [
        ("finished", "0-1", "resignation", 6)
    ]
    moves = rows(bot.database_path, "SELECT path, captures FROM moves WHERE game_id = ? ORDER BY ply", (game,))
    assert moves == [("24-20", ""), ("12-16", ""), ("22-18", ""), ("11-14", ""), ("18x11", "14"),
                     ("6x15x24", "11,20")]

    for user in (alice, bob):
        listing = await fake.wait_for_reply(await fake.slash(user, "games"))
        assert listing.ephemeral and "no active games" in listing.content

    winner_rating, winner_rd = glicko2_first_game(1.0)
    loser_rating, loser_rd = glicko2_first_game(0.0)
    for user, rating, rd, record in ((bob, winner_rating, winner_rd, "1W 0L 0D"),
                                     (alice, loser_rating, loser_rd, "0W 1L 0D")):
        reply = await fake.wait_for_reply(await fake.slash(alice, "rating", user=user))
        value = field(reply, "Italian draughts")
        assert value == f"{rating:.0f} ±{2 * rd:.0f} (1 game) · {record}", (value, rating, rd)
