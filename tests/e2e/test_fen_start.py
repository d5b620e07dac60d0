"""A game started from a position (issue 14): /challenge with a FEN, refused FENs in words, then play on."""

from __future__ import annotations

import pytest

from rules import find_variant, parse_fen
from tests.e2e.helpers import check_board_image, field, game_id_of, rows, slash_move
from tests.fakediscord.fixtures import bot_launcher, fake_discord  # noqa: F401

pytestmark = pytest.mark.asyncio

# Italian, 1 = a8 ... 32 = h1 (row 8: a8 c8 e8 g8 = 1-4; row 7: b7 d7 f7 h7 = 5-8; row 6: a6 c6 e6 g6 =
# 9-12), White moves up. White: king on 14, man on 22; Black: men on 5 (b7) and 6 (d7), Black to move. 5 steps
# to 9 (a6) or 10 (c6), 6 to 10 or 11 (e6); nothing can capture (Italian men may not take kings, and 22 is far),
# so Black has exactly 5-9, 5-10, 6-10, 6-11.
TEACHING = "B:WK14,22:B5,6"


async def test_a_challenge_from_a_fen_starts_there_and_bad_fens_are_refused(
    fake_discord, bot_launcher  # noqa: F811
) -> None:
    fake = fake_discord
    bot = await bot_launcher.process("bot")
    alice, bob = fake.alice, fake.bob

    for bad, words in (
        ("W:W33:B1", "In that FEN, 33 is not a square of this board."),
        ("W:W2:B30", "a man stands on its promotion row (2)"),
        ("B:W5,10:B1", "the side to move has no move"),  # Black's man on 1: 5 and 10 block both ways
        ("B:WK1:B", "Black has no piece. Give both sides pieces (after W: and B:)."),
        ("W:W22", "Black has no piece. Give both sides pieces (after W: and B:)."),  # one move, then over
        ("B:W:B5", "White has no piece."),
    ):
        refused = await fake.wait_for_reply(await fake.slash(alice, "challenge", opponent=bob, fen=bad))
        assert refused.ephemeral and words in refused.content, refused.content
    assert rows(bot.database_path, "SELECT COUNT(*) FROM challenges") == [(0,)]

    offer = await fake.wait_for_reply(
        await fake.slash(alice, "challenge", opponent=bob, colour="white", variant="italian", fen=TEACHING)
    )
    assert not offer.ephemeral and "from the position B:WK14,22:B5,6" in offer.content, offer.content
    accept = next(c for c in offer.custom_ids() if c.startswith("dama:accept:"))
    board = (await fake.wait_for_followups(await fake.click(bob, offer, accept), 1))[0]
    check_board_image(board)
    game = game_id_of(board)
    assert field(board, "To move") == f"Black: {bob.mention}"

    wrong = await slash_move(fake, bob, "10-14")
    assert wrong.ephemeral and wrong.content == "There is no piece on 10. Legal: 5-9, 5-10, 6-10, 6-11."

    played = await slash_move(fake, bob, "6-10")
    assert not played.ephemeral and played.content.startswith(f"{bob.mention} played 6-10."), played.content
    assert rows(bot.database_path, "SELECT start_fen, ply FROM games WHERE id = ?", (game,)) == [
        (TEACHING, 1)
    ]


async def test_play_against_the_bot_from_a_fen(fake_discord, bot_launcher) -> None:  # noqa: F811
    """/play with a FEN (issue 14): Russian, White's man on c3, Black's men on d4 and f6. c3 takes d4 landing on
    e5 and must go on over f6 to g7 in the same move (c3:e5:g7), which leaves Black without pieces: 1-0."""
    fake = fake_discord
    bot = await bot_launcher.process("bot")
    alice = fake.alice

    refused = await fake.wait_for_reply(
        await fake.slash(alice, "play", variant="russian", colour="white", fen="W:Wc3:Bd4,f9")
    )
    assert refused.ephemeral and "f9" in refused.content, refused.content
    assert rows(bot.database_path, "SELECT COUNT(*) FROM games") == [(0,)]

    started = await fake.wait_for_reply(
        await fake.slash(alice, "play", variant="russian", colour="white", fen="W:Wc3:Bd4,f6")
    )
    game = game_id_of(started)
    ((variant, start),) = rows(bot.database_path, "SELECT variant, start_fen FROM games WHERE id = ?", (game,))
    assert variant == "russian"
    assert parse_fen(find_variant("russian"), start) == parse_fen(find_variant("russian"), "W:Wc3:Bd4,f6")
    stopped = await slash_move(fake, alice, "c3:e5")
    assert stopped.ephemeral and "keep capturing from e5" in stopped.content, stopped.content
    played = await slash_move(fake, alice, "c3:e5:g7")
    assert not played.ephemeral, played.content
    assert rows(bot.database_path, "SELECT status, result FROM games WHERE id = ?", (game,)) == [("finished", "1-0")]
