"""/analyse through the loopback Discord with the real engine: refused for a game being played; for a
finished game the reply shows progress, then the graph and the annotated PDN; asked again, the stored
analysis comes back without the engine."""

from __future__ import annotations

import pytest

from rules.pdn import read_games
from tests.e2e.helpers import game_id_of, png_size, rows, slash_move, start_game
from tests.fakediscord.fixtures import bot_launcher, fake_discord  # noqa: F401
from tests.fakediscord.model import Message, Upload

pytestmark = pytest.mark.asyncio

# Italian: Black's 9-13 gives 18x9 a man for nothing (see tests/service/test_analysis.py).
MOVES = ["22-18", "11-15", "23-20", "9-13", "18x9"]


async def test_analyse_a_finished_game_and_refuse_an_active_one(fake_discord, bot_launcher) -> None:  # noqa: F811
    fake = fake_discord
    bot = await bot_launcher.process("bot")
    alice, bob = fake.alice, fake.bob
    game = game_id_of(await start_game(fake, alice, bob))
    for ply, move in enumerate(MOVES):
        await slash_move(fake, (alice, bob)[ply % 2], move)

    early = await fake.wait_for_reply(await fake.slash(alice, "analyse", game=game))
    assert early.ephemeral and early.content.startswith(f"Game #{game} is still being played"), early.content
    assert rows(bot.database_path, "SELECT COUNT(*) FROM analyses") == [(0,)]

    assert await fake.autocomplete(alice, "analyse", focused="game") == []  # only finished games are offered
    await fake.wait_for_reply(await fake.slash(bob, "resign", game=game))
    offered = await fake.autocomplete(alice, "analyse", focused="game")
    assert [c["value"] for c in offered] == [game] and offered[0]["name"].endswith("1-0"), offered
    asked = await fake.slash(alice, "analyse", game=game)
    first = await fake.wait_for_reply(asked, timeout=30)
    assert not first.ephemeral
    reply = fake.message_by_id(first.message_id)

    def done() -> Message | None:
        return reply if reply.content.startswith(f"Analysis of game #{game}") else None

    final = await fake.wait_until(done, timeout=90, what="the finished analysis")
    shown = [old.content for old in final.history]
    assert any(text.startswith(f"Analysing game #{game}: position ") for text in shown), shown
    assert "0.6 s per position" in final.content
    graph, pdn = sorted(final.attachments, key=lambda a: a.filename)[::-1]  # .png before .pdn
    assert graph.filename == f"dama-game-{game}-analysis.png" and png_size(graph.data) == (560, 220)
    assert pdn.filename == f"dama-game-{game}-analysed.pdn"
    text = pdn.data.decode("utf-8")
    parsed = read_games(text)[0]
    assert parsed.moves == MOVES and parsed.result == "1-0"
    assert text.count("[%eval ") == len(MOVES) and "9-13 $4 {[%eval " in text
    embed = final.embeds[0]
    assert embed["image"]["url"] == f"attachment://{graph.filename}"
    fields = {f["name"]: f["value"] for f in embed["fields"]}
    assert "1 blunder" in fields[f"Black: {bob.mention}"] and "0 blunders" in fields[f"White: {alice.mention}"]
    assert "9-13??" in embed["description"], embed["description"]
    assert rows(bot.database_path, "SELECT game_id, plies FROM analyses") == [(game, len(MOVES))]

    again = await fake.wait_for_reply(await fake.slash(bob, "analyse", game=game), timeout=30)
    second = fake.message_by_id(again.message_id)
    repeat = await fake.wait_until(
        lambda: second if second.content.startswith("Analysis") else None, what="the stored analysis"
    )
    assert "stored analysis, shown again" in repeat.content
    assert len(repeat.attachments) == 2


CLUB_GAME = b'[Event "Club night"]\n[White "Ann"]\n[Black "Bo"]\n1. 22-18 11-15 2. 23-20 9-13 3. 18x9 1-0\n'


async def test_analyse_an_imported_record(fake_discord, bot_launcher) -> None:  # noqa: F811
    fake = fake_discord
    bot = await bot_launcher.process("bot")
    alice = fake.alice
    report = await fake.wait_for_reply(await fake.slash(alice, "import", file=Upload("club.pdn", CLUB_GAME)))
    assert "imported as #1" in report.content, report.content
    neither = await fake.wait_for_reply(await fake.slash(alice, "analyse"))
    assert neither.ephemeral and neither.content.startswith("Say which game to analyse"), neither.content
    first = await fake.wait_for_reply(await fake.slash(alice, "analyse", imported=1), timeout=30)
    reply = fake.message_by_id(first.message_id)
    final = await fake.wait_until(
        lambda: reply if reply.content.startswith("Analysis of imported game #1") else None, timeout=90,
        what="the analysis of the imported game",
    )
    names = sorted(a.filename for a in final.attachments)
    assert names == ["dama-imported-1-analysed.pdn", "dama-imported-1-analysis.png"]
    fields = {f["name"]: f["value"] for f in final.embeds[0]["fields"]}
    assert "1 blunder" in fields["Black: Bo"] and "0 blunders" in fields["White: Ann"]
    assert rows(bot.database_path, "SELECT imported_id, plies FROM imported_analyses") == [(1, 5)]
