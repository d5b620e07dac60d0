"""How long a record may be, over the loopback Discord (security review 2026-12-01, rows 1 and 13).

A 1,200-ply record of two kings shuttling (English, `1-6 32-27 6-1 27-32` again and again) is refused at
/import with a sentence naming the bound; a record stored before the bound existed (written into the
database here) is refused by /replay and /analyse before any frame is drawn or position searched.
"""

from __future__ import annotations

import sqlite3

import pytest

from service.bounds import MAX_ANALYSIS_PLIES, MAX_RECORD_PLIES, MAX_REPLAY_PLIES
from tests.e2e.helpers import rows
from tests.fakediscord import Upload
from tests.fakediscord.fixtures import bot_launcher, fake_discord  # noqa: F401

pytestmark = pytest.mark.asyncio

SHUTTLE = ["1-6", "32-27", "6-1", "27-32"]


def shuttling(plies: int) -> list[str]:
    return (SHUTTLE * (plies // len(SHUTTLE) + 1))[:plies]


def record(plies: int, white: str = "Ann") -> bytes:
    moves = shuttling(plies)
    numbered = " ".join(
        f"{i // 2 + 1}. {' '.join(moves[i : i + 2])}" for i in range(0, len(moves), 2)
    )
    return f'[White "{white}"]\n[Black "Bo"]\n[FEN "W:WK1:BK32"]\n\n{numbered} *\n'.encode()


async def test_a_record_past_the_bound_is_not_imported(fake_discord, bot_launcher) -> None:  # noqa: F811
    fake = fake_discord
    bot = await bot_launcher.process("bot")
    data = record(1200) + b"\n" + record(MAX_RECORD_PLIES)
    assert len(data) < 20_000  # the review's 9 KB record, and one at the bound
    sent = await fake.slash(fake.alice, "import", file=Upload("kings.pdn", data), variant="english")
    report = await fake.wait_for_reply(sent, timeout=30)
    lines = report.content.splitlines()
    assert lines[0].startswith("Imported 1 of 2 games from kings.pdn."), report.content
    assert lines[1] == (
        f"Game 1 (Ann – Bo): not imported. It has 1200 plies; a record may have at most {MAX_RECORD_PLIES}."
    ), lines[1]
    english = "English draughts / American checkers"
    assert lines[2].startswith(f"Game 2 (Ann – Bo): imported as #1 ({english}, {MAX_RECORD_PLIES} plies"), lines[2]
    assert rows(bot.database_path, "SELECT id, length(moves) > 0 FROM imported_games") == [(1, 1)]


def lengthen(database: object, imported_id: int, plies: int) -> None:
    """What an import before the bound could store: the same record, longer."""
    conn = sqlite3.connect(str(database), timeout=10)
    try:
        with conn:
            conn.execute(
                "UPDATE imported_games SET moves = ? WHERE id = ?", (" ".join(shuttling(plies)), imported_id)
            )
    finally:
        conn.close()


async def test_replay_and_analysis_refuse_a_stored_record_past_their_bounds(
    fake_discord, bot_launcher  # noqa: F811
) -> None:
    fake = fake_discord
    bot = await bot_launcher.process("bot")
    alice = fake.alice
    report = await fake.wait_for_reply(
        await fake.slash(alice, "import", file=Upload("kings.pdn", record(4)), variant="english")
    )
    assert "imported as #1" in report.content, report.content
    lengthen(bot.database_path, 1, 1200)

    replay = await fake.wait_for_reply(await fake.slash(alice, "replay", imported=1), timeout=30)
    assert replay.ephemeral and not replay.files, replay.content
    assert replay.content == (
        f"Imported game #1 has 1200 plies; a replay shows at most {MAX_REPLAY_PLIES}. Try /pdn."
    ), replay.content

    analysis = await fake.wait_for_reply(await fake.slash(alice, "analyse", imported=1), timeout=30)
    assert analysis.ephemeral, analysis.content
    assert analysis.content == (
        f"Imported game #1 has 1200 plies; an analysis covers at most {MAX_ANALYSIS_PLIES}."
    ), analysis.content
    assert rows(bot.database_path, "SELECT COUNT(*) FROM imported_analyses") == [(0,)]

    # at the bound, the replay is drawn (and the record itself still opens)
    lengthen(bot.database_path, 1, MAX_REPLAY_PLIES)
    drawn = await fake.wait_for_reply(await fake.slash(fake.bob, "replay", imported=1), timeout=120)
    assert drawn.content == f"Replay of imported game #1 ({MAX_REPLAY_PLIES} moves).", drawn.content
    assert drawn.files and drawn.files[0].data[:6] == b"GIF89a"
