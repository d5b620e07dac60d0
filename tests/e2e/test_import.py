"""/import over the loopback Discord (issue 14): a file of three games with one broken, the per-game report,
then the imported games shown by /board, /pdn and /replay, and hidden from another server."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.e2e.helpers import check_board_image, rows
from tests.fakediscord import Upload
from tests.fakediscord.fixtures import bot_launcher, fake_discord  # noqa: F401

pytestmark = pytest.mark.asyncio

FILES = Path(__file__).resolve().parents[1] / "rules" / "pdn_files"

# Italian, no GameType (the server's default variant, Italian, reads them). Game 2 has a corrupt move at ply 3.
THREE_GAMES = (
    b'[Event "one"]\n[White "Ann"]\n[Black "Bo"]\n1. 21-17 9-13 2. 25-21 5-9 1-0\n\n'
    b'[Event "two"]\n'
    b"1. 21-17 9-13 2. 22-l8 5-9 0-1\n\n"
    b'[Event "three"]\n1. 21-17 9-13 2. 25-21 5-9 3. 23-19 1-5 *\n'
)


async def test_import_a_file_with_one_broken_game_then_show_the_others(
    fake_discord, bot_launcher  # noqa: F811
) -> None:
    fake = fake_discord
    mallory = fake.add_user("mallory")  # a member of another server the bot is also in
    elsewhere = fake.add_channel("other-server-games", guild_id=fake.snow.next())
    bot = await bot_launcher.process("bot")
    alice, bob = fake.alice, fake.bob

    sent = await fake.slash(alice, "import", file=Upload("club.pdn", THREE_GAMES))
    report = await fake.wait_for_reply(sent)
    lines = report.content.splitlines()
    assert lines[0].startswith("Imported 2 of 3 games from club.pdn."), report.content
    assert lines[1] == "Game 1 (Ann – Bo): imported as #1 (Italian draughts, 4 plies, 1-0).", lines[1]
    assert lines[2].startswith("Game 2, line 7, ply 3 (22-l8): not imported. '22-l8' is not a move"), lines[2]
    assert lines[3] == "Game 3: imported as #2 (Italian draughts, 6 plies, *).", lines[3]
    assert rows(bot.database_path, "SELECT id, variant, moves, result FROM imported_games ORDER BY id") == [
        (1, "italian", "21-17 9-13 25-21 5-9", "1-0"),
        (2, "italian", "21-17 9-13 25-21 5-9 23-19 1-5", "*"),
    ]
    assert rows(bot.database_path, "SELECT COUNT(*) FROM games") == [(0,)]  # records, not games played here

    board = await fake.wait_for_reply(await fake.slash(bob, "board", imported=1))
    assert board.content == "Imported game #1: Ann – Bo, one.", board.content
    check_board_image(board)

    pdn = await fake.wait_for_reply(await fake.slash(bob, "pdn", imported=2))
    assert pdn.ephemeral and pdn.files and pdn.files[0].filename == "dama-imported-2.pdn"
    text = pdn.files[0].data.decode()
    assert '[GameType "22,W,8,8,N2,1"]' in text and "1. 21-17 9-13 2. 25-21 5-9 3. 23-19 1-5 *" in text

    replay = await fake.wait_for_reply(await fake.slash(bob, "replay", imported=1))
    assert replay.content == "Replay of imported game #1 (4 moves).", replay.content
    assert replay.files and replay.files[0].data[:6] == b"GIF89a"

    for command in ("board", "pdn", "replay"):  # a member of another server sees nothing
        hidden = await fake.wait_for_reply(await fake.slash(mallory, command, imported=1, channel=elsewhere))
        assert hidden.ephemeral and hidden.content == "There is no imported game #1.", (command, hidden.content)
        assert not hidden.files


async def test_import_pasted_text_and_refusals(fake_discord, bot_launcher) -> None:  # noqa: F811
    fake = fake_discord
    await bot_launcher.process("bot")
    alice = fake.alice

    nothing = await fake.wait_for_reply(await fake.slash(alice, "import"))
    assert nothing.ephemeral and nothing.content == "Attach a PDN file or paste the PDN text to import."

    # Eleven-man English positions without GameType: the server plays Italian, so say the variant.
    english = (FILES / "11_man_english-3.pdn").read_text()
    pasted = await fake.wait_for_reply(await fake.slash(alice, "import", text=english, variant="english"))
    assert pasted.content.startswith("Imported 3 of 3 games from the pasted text."), pasted.content
