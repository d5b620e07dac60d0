"""Importing PDN: every readable game stored as an imported record of its server; the rest reported."""

from __future__ import annotations

from pathlib import Path

import pytest

from messages.imports import import_report
from rules import find_variant
from rules.pdn import read_games
from service import Caller, ImportedGameNotFound, ImportTooLarge, Service, acting_as
from service.bounds import MAX_IMPORT_BYTES, MAX_IMPORT_GAMES

pytestmark = pytest.mark.asyncio

FILES = Path(__file__).resolve().parents[1] / "rules" / "pdn_files"
GUILD = 500
ALICE, BOB, EVE = 11, 12, 13

# Three Italian games from a real file's forms; the second has a corrupt move at ply 3 (line 7).
THREE_GAMES = (
    b'[Event "one"]\n[White "Ann"]\n[Black "Bo"]\n1. 21-17 9-13 2. 25-21 5-9 1-0\n\n'
    b'[Event "two"]\n'
    b"1. 21-17 9-13 2. 22-l8 5-9 0-1\n\n"
    b'[Event "three"]\n1. 21-17 9-13 2. 25-21 5-9 3. 23-19 1-5 *\n'
)


async def test_a_multi_game_file_with_one_broken_game(service: Service) -> None:
    report = await service.imports.import_pdn(THREE_GAMES, importer_id=ALICE, guild_id=GUILD, variant="italian")
    assert [e.imported_id is not None for e in report.entries] == [True, False, True]
    assert report.stored == 2
    broken = report.entries[1].replay.failure
    assert broken is not None and (broken.reason, broken.line, broken.ply, broken.text) == (
        "unreadable_move", 7, 3, "22-l8",
    )  # fmt: skip
    words = import_report(report, "games.pdn")
    assert words.splitlines()[0].startswith("Imported 2 of 3 games from games.pdn.")
    assert "Game 2, line 7, ply 3 (22-l8): not imported." in words

    first = report.entries[0].imported_id
    assert first is not None
    shown = await service.imports.get(first)
    assert shown.rules.id == "italian" and shown.game.ply == 4
    assert (shown.row.white_name, shown.row.black_name, shown.row.result) == ("Ann", "Bo", "1-0")
    (again,) = read_games(await service.imports.export_pdn(first))
    assert again.moves == ["21-17", "9-13", "25-21", "5-9"] and again.result == "1-0"
    assert again.tags["White"] == "Ann" and again.tags["GameType"] == find_variant("italian").pdn_gametype


async def test_an_imported_game_belongs_to_its_server(service: Service) -> None:
    report = await service.imports.import_pdn(THREE_GAMES, importer_id=ALICE, guild_id=GUILD, variant="italian")
    imported = report.entries[0].imported_id
    assert imported is not None
    with acting_as(Caller(BOB, GUILD)):
        assert (await service.imports.get(imported)).row.id == imported
    with acting_as(Caller(EVE, GUILD + 1)), pytest.raises(ImportedGameNotFound):
        await service.imports.get(imported)
    with acting_as(Caller(EVE, None)), pytest.raises(ImportedGameNotFound):
        await service.imports.get(imported)
    with acting_as(Caller(ALICE, None)):  # the importer, from a DM
        assert (await service.imports.get(imported)).row.id == imported
    with pytest.raises(ImportedGameNotFound):
        await service.imports.get(2**70)


async def test_a_record_goes_on_past_a_draw_the_rules_would_end(service: Service) -> None:
    data = (FILES / "partite-game97.pdn").read_bytes()
    report = await service.imports.import_pdn(data, importer_id=ALICE, guild_id=GUILD, variant=None)
    (entry,) = report.entries
    assert entry.imported_id is not None
    shown = await service.imports.get(entry.imported_id)
    assert shown.game.ply == 174 and shown.rules.id == "italian"


async def test_without_gametype_the_servers_variant_decides(service: Service) -> None:
    data = (FILES / "11_man_english-3.pdn").read_bytes()
    refused = await service.imports.import_pdn(data, importer_id=ALICE, guild_id=GUILD, variant=None)
    assert refused.stored == 0
    assert "say which variant" in import_report(refused, "openings.pdn")
    english = await service.imports.import_pdn(data, importer_id=ALICE, guild_id=GUILD, variant="english")
    assert english.stored == 3
    first = english.entries[0].imported_id
    assert first is not None and (await service.imports.get(first)).rules.id == "english"


async def test_limits(service: Service) -> None:
    with pytest.raises(ImportTooLarge):
        await service.imports.import_pdn(b" " * (MAX_IMPORT_BYTES + 1), importer_id=ALICE, guild_id=GUILD, variant=None)
    many = b"".join(b'[GameType "22"]\n1. 21-17 *\n' for _ in range(MAX_IMPORT_GAMES + 1))
    with pytest.raises(ImportTooLarge):
        await service.imports.import_pdn(many, importer_id=ALICE, guild_id=GUILD, variant=None)
    empty = await service.imports.import_pdn(b"", importer_id=ALICE, guild_id=GUILD, variant=None)
    assert empty.entries == () and import_report(empty, "x") == "I found no game in that PDN."


async def test_deleting_the_importers_data_forgets_who_imported(service: Service) -> None:
    report = await service.imports.import_pdn(THREE_GAMES, importer_id=ALICE, guild_id=None, variant="italian")
    imported = report.entries[0].imported_id
    assert imported is not None
    deletion = await service.players.delete_data(ALICE)
    shown = await service.imports.get(imported)  # as nobody (a maintenance task): still there
    assert shown.row.importer_id == deletion.anonymous_id != ALICE
    with acting_as(Caller(ALICE, None)), pytest.raises(ImportedGameNotFound):
        await service.imports.get(imported)  # a DM import was the importer's alone
