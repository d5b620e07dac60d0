"""Puzzles for players: solving and failing (ratings, streaks, the refutation), bad moves, a server's own
puzzles first and never another server's, and finding puzzles in finished games."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Sequence
from datetime import UTC, datetime
from pathlib import Path

import pytest

from data.models import ServerPuzzleRow
from engine import Analysis
from messages.play import describe_game_error
from rules import Position, RulesError, parse_move
from service import GameSettings, Service
from service.errors import InvalidSetting
from service.puzzles import NoPuzzleLeft, PuzzleOutcome, PuzzleOver, bundled_puzzles
from tests.service.conftest import ALICE, BOB, FakeClock

GUILD, OTHER_GUILD = 5001, 5002
# A shot from a published Italian game (tests/engine/pdn/partite-shots.pdn, game 6, ply 28):
# 18-14 gives a man, 11x18 takes it, 22x6 takes two.
SHOT_FEN = "W:W16,18,19,22,27,29,30,32:B1,4,7,9,10,11,12,21,24"


class Refuter:
    """Stands in for the engine pool: answers with the first legal move and remembers the position."""

    def __init__(self) -> None:
        self.asked: list[Position] = []

    async def __call__(self, position: Position, history: Sequence[Position]) -> Analysis:
        self.asked.append(position)
        move = position.legal_moves()[0]
        return Analysis(move, 2.0, (move,), 10, 1000, 1000, 0.01)


@pytest.fixture
def refuter() -> Refuter:
    return Refuter()


@pytest.fixture
def puzzles_service(service: Service, refuter: Refuter) -> Service:
    service.puzzles._refuter = refuter
    return service


@pytest.mark.asyncio
async def test_solving_a_puzzle_raises_the_rating_and_starts_a_streak(puzzles_service: Service) -> None:
    puzzles = puzzles_service.puzzles
    view = await puzzles.next(ALICE, "italian", GUILD)
    assert view.step == 0 and view.position.turn is view.solver
    solution = view.puzzle.solution
    for index in range(0, len(solution), 2):
        result = await puzzles.move(ALICE, view.puzzle.id, solution[index], step=index // 2)
        if index + 1 < len(solution):
            assert result.outcome is PuzzleOutcome.CORRECT
            assert result.reply == solution[index + 1]  # the opponent's reply plays itself
    assert result.outcome is PuzzleOutcome.SOLVED
    assert result.rating_after > result.rating_before
    assert result.streak == 1
    stats = await puzzles.stats(ALICE)
    assert (stats.solved, stats.failed, stats.streak, stats.best_streak) == (1, 0, 1, 1)
    assert stats.rating == pytest.approx(result.rating_after)
    with pytest.raises(PuzzleOver):
        await puzzles.move(ALICE, view.puzzle.id, solution[0])


@pytest.mark.asyncio
async def test_a_wrong_move_fails_lowers_the_rating_and_shows_the_refutation(
    puzzles_service: Service, refuter: Refuter
) -> None:
    puzzles = puzzles_service.puzzles
    view = await puzzles.next(ALICE, "italian", GUILD)
    right = parse_move(view.position, view.puzzle.solution[0])
    wrong = next(m for m in view.position.legal_moves() if m.identity != right.identity)
    result = await puzzles.move(ALICE, view.puzzle.id, wrong)
    assert result.outcome is PuzzleOutcome.FAILED
    assert refuter.asked == [view.position.apply(wrong)]  # the reply to the wrong move, searched
    assert result.reply is not None and parse_move(refuter.asked[0], result.reply)
    assert result.rating_after < result.rating_before
    stats = await puzzles.stats(ALICE)
    assert (stats.solved, stats.failed, stats.streak) == (0, 1, 0)


@pytest.mark.asyncio
async def test_a_bad_move_text_changes_nothing(puzzles_service: Service) -> None:
    puzzles = puzzles_service.puzzles
    view = await puzzles.next(ALICE, "italian", GUILD)
    for text in ("99-100", "hello", "1-2"):
        with pytest.raises(RulesError):
            await puzzles.move(ALICE, view.puzzle.id, text)
    again = await puzzles.puzzle(ALICE, view.puzzle.id)
    assert again.step == 0
    assert (await puzzles.stats(ALICE)).failed == 0


@pytest.mark.asyncio
async def test_each_bundled_puzzle_is_given_once(puzzles_service: Service) -> None:
    puzzles = puzzles_service.puzzles
    seen = set()
    for _ in range(5):
        view = await puzzles.next(ALICE, "italian", None)
        assert view.puzzle.id not in seen
        seen.add(view.puzzle.id)
    assert seen <= {p.id for p in bundled_puzzles("italian")}


async def finished_game_from(service: Service, guild_id: int) -> int:
    challenge = await service.challenges.create(
        ALICE,
        BOB,
        settings=GameSettings(color="white", start_fen=SHOT_FEN, variant="italian"),
        guild_id=guild_id,
    )
    game = (await service.challenges.accept(challenge.id, BOB)).game
    await service.games.play(game.id, ALICE, "18-14")
    await service.games.play(game.id, BOB, "11x18")
    await service.games.play(game.id, ALICE, "22x6")
    await service.games.resign(game.id, BOB)
    return game.id


@pytest.mark.asyncio
async def test_finished_games_yield_the_servers_own_puzzles_first_and_only_there(puzzles_service: Service) -> None:
    game_id = await finished_game_from(puzzles_service, GUILD)
    puzzles = puzzles_service.puzzles
    assert await puzzles.collect() >= 1
    assert await puzzles.collect() == 0  # each game is searched once
    own = await puzzles.next(BOB, "italian", GUILD)
    assert own.puzzle.fen == SHOT_FEN
    assert own.puzzle.solution[0] == "18-14"
    assert own.puzzle.source == {"game": game_id, "ply": 0}  # the game and ply; no names
    elsewhere = await puzzles.next(BOB, "italian", OTHER_GUILD)
    assert elsewhere.puzzle.fen != SHOT_FEN
    assert elsewhere.puzzle.id in {p.id for p in bundled_puzzles("italian")}


@pytest.mark.asyncio
async def test_a_server_puzzle_is_never_opened_from_another_server(puzzles_service: Service) -> None:
    bundle = bundled_puzzles("italian")[0]
    data = json.dumps(bundle.to_json() | {"id": "ownpuzzle1", "source": {"game": 1, "ply": 3}})
    async with puzzles_service.ctx.db.write() as repos:
        await repos.puzzles.add_found(ServerPuzzleRow(GUILD, "ownpuzzle1", "italian", None, 1500, data, "2025"))
    view = await puzzles_service.puzzles.next(ALICE, "italian", GUILD)
    assert view.puzzle.id == "ownpuzzle1"
    other = await puzzles_service.puzzles.next(BOB, "italian", OTHER_GUILD)
    assert other.puzzle.id != "ownpuzzle1"


@pytest.mark.asyncio
async def test_the_daily_puzzle_waits_for_its_hour_posts_once_and_counts_the_last_ones_solvers(
    puzzles_service: Service, clock: FakeClock
) -> None:
    service = puzzles_service
    clock.now = datetime(2025, 3, 1, 8, 30, tzinfo=UTC)
    await service.players.update_server(GUILD, daily_puzzle_channel=777, daily_puzzle_hour=9)
    assert await service.daily_puzzles.post_due() == 0  # 08:30: not yet
    clock.now = datetime(2025, 3, 1, 9, 0, 5, tzinfo=UTC)
    other = Service(service.ctx.db, clock=clock)  # a second process on the same database
    posted = await asyncio.gather(service.daily_puzzles.post_due(), other.daily_puzzles.post_due())
    assert sorted(posted) == [0, 1]
    assert await service.daily_puzzles.post_due() == 0
    first = await service.daily_puzzles.open(ALICE, GUILD, "2025-03-01")
    for index in range(0, len(first.puzzle.solution), 2):
        await service.puzzles.move(ALICE, first.puzzle.id, first.puzzle.solution[index])
    clock.now = datetime(2025, 3, 2, 10, 0, tzinfo=UTC)  # the next day, past the hour (a late start)
    assert await service.daily_puzzles.post_due() == 1
    async with service.ctx.db.read() as repos:
        payloads = await repos.conn.execute_fetchall(
            "SELECT payload FROM outbox WHERE kind = 'daily_puzzle' ORDER BY id", ()
        )
    counts = [json.loads(row[0])["count"] for row in payloads]
    assert counts == [None, 1]
    second = await service.daily_puzzles.puzzle_of(GUILD, "2025-03-02")
    assert second.id != first.puzzle.id


@pytest.mark.asyncio
async def test_a_server_time_zone_sets_the_daily_puzzles_hour_and_day(
    puzzles_service: Service, clock: FakeClock
) -> None:
    service = puzzles_service
    # Tokyo is UTC+9 all year: 07:00 there is 22:00 UTC the day before.
    settings = await service.players.update_server(
        GUILD, daily_puzzle_channel=777, daily_puzzle_hour=7, time_zone="asia/tokyo"
    )
    assert settings.time_zone == "Asia/Tokyo"  # stored in its IANA spelling
    clock.now = datetime(2025, 3, 1, 21, 59, tzinfo=UTC)  # 06:59 in Tokyo on 2 March
    assert await service.daily_puzzles.post_due() == 0
    clock.now = datetime(2025, 3, 1, 22, 0, 1, tzinfo=UTC)  # 07:00 in Tokyo; 22:00 in UTC is past 7
    assert await service.daily_puzzles.post_due() == 1
    async with service.ctx.db.read() as repos:
        assert await repos.puzzles.daily(GUILD, "2025-03-02") is not None  # Tokyo's date, not UTC's
        assert await repos.puzzles.daily(GUILD, "2025-03-01") is None
    clock.now = datetime(2025, 3, 2, 12, 0, tzinfo=UTC)  # 21:00 in Tokyo, still 2 March: nothing more
    assert await service.daily_puzzles.post_due() == 0
    settings = await service.players.update_server(GUILD, time_zone="UTC")
    assert settings.time_zone is None


@pytest.mark.asyncio
async def test_a_daylight_saving_zone_posts_at_its_local_hour_in_winter_and_summer(
    puzzles_service: Service, clock: FakeClock
) -> None:
    service = puzzles_service
    await service.players.update_server(GUILD, daily_puzzle_channel=777, daily_puzzle_hour=9, time_zone="Europe/Rome")
    clock.now = datetime(2025, 1, 15, 7, 59, tzinfo=UTC)  # 08:59 in Rome (UTC+1 in winter)
    assert await service.daily_puzzles.post_due() == 0
    clock.now = datetime(2025, 1, 15, 8, 0, tzinfo=UTC)
    assert await service.daily_puzzles.post_due() == 1
    clock.now = datetime(2025, 7, 15, 6, 59, tzinfo=UTC)  # 08:59 in Rome (UTC+2 in summer)
    assert await service.daily_puzzles.post_due() == 0
    clock.now = datetime(2025, 7, 15, 7, 0, tzinfo=UTC)
    assert await service.daily_puzzles.post_due() == 1


@pytest.mark.asyncio
@pytest.mark.parametrize("zone", ["Mars/Olympus_Mons", "Europe/Rome; DROP TABLE servers", "+02:00", ""])
async def test_an_unknown_time_zone_is_refused_in_words_and_changes_nothing(
    puzzles_service: Service, zone: str
) -> None:
    service = puzzles_service
    await service.players.update_server(GUILD, daily_puzzle_channel=777, daily_puzzle_hour=9, time_zone="Europe/Rome")
    with pytest.raises(InvalidSetting) as raised:
        await service.players.update_server(GUILD, daily_puzzle_hour=10, time_zone=zone)
    said = describe_game_error(raised.value, str)
    assert said.startswith(f"I do not know the time zone {zone}.") and "Europe/Rome" in said
    settings = await service.players.server_settings(GUILD)
    assert (settings.time_zone, settings.daily_puzzle_hour) == ("Europe/Rome", 9)


@pytest.mark.asyncio
async def test_finished_games_are_searched_in_batches_half_an_hour_apart_by_one_process(
    puzzles_service: Service, clock: FakeClock
) -> None:
    service = puzzles_service
    first = await finished_game_from(service, GUILD)
    assert await service.puzzles.collect_due() >= 1
    second = await finished_game_from(service, GUILD)
    other = Service(service.ctx.db, clock=clock)  # another process sharing the database
    assert await service.puzzles.collect_due() == 0
    assert await other.puzzles.collect_due() == 0

    async def scanned() -> list[int]:
        async with service.ctx.db.read() as repos:
            return sorted(
                int(row[0])
                for row in await repos.conn.execute_fetchall("SELECT source_id FROM puzzle_scans WHERE kind = 'game'")
            )

    assert await scanned() == [first]
    clock.advance(minutes=31)
    await other.puzzles.collect_due()
    assert await scanned() == [first, second]


@pytest.mark.asyncio
async def test_a_variant_without_puzzles_says_so_and_a_dm_gets_no_other_players_games(
    puzzles_service: Service,
) -> None:
    with pytest.raises(NoPuzzleLeft) as raised:
        await puzzles_service.puzzles.next(ALICE, "frisian", GUILD)
    assert raised.value.none_at_all
    assert describe_game_error(raised.value, str) == "There are no Frisian draughts puzzles yet."
    bundle = bundled_puzzles("italian")[0]
    data = json.dumps(bundle.to_json() | {"id": "dmgame0001", "source": {"game": 9, "ply": 1}})
    async with puzzles_service.ctx.db.write() as repos:
        await repos.puzzles.add_found(ServerPuzzleRow(0, "dmgame0001", "italian", 9, 1500, data, "2025"))
    dm = await puzzles_service.puzzles.next(BOB, "italian", None, own_games=False)
    assert dm.puzzle.id != "dmgame0001"
    local = await puzzles_service.puzzles.next(ALICE, "italian", None)
    assert local.puzzle.id == "dmgame0001"


@pytest.mark.asyncio
async def test_imported_records_yield_puzzles_for_their_server_without_names(puzzles_service: Service) -> None:
    record = (Path(__file__).parents[1] / "engine" / "pdn" / "partite-shots.pdn").read_bytes()
    report = await puzzles_service.imports.import_pdn(record, importer_id=ALICE, guild_id=GUILD, variant="italian")
    assert report.entries
    assert await puzzles_service.puzzles.collect() >= 3
    async with puzzles_service.ctx.db.read() as repos:
        rows = await repos.conn.execute_fetchall("SELECT scope, game_id, data FROM server_puzzles", ())
    sources = [json.loads(row[2])["source"] for row in rows]
    assert {row[0] for row in rows} == {GUILD} and {row[1] for row in rows} == {None}
    assert all(set(source) == {"imported", "ply"} for source in sources)  # no player names
    shot = next(json.loads(row[2]) for row in rows if json.loads(row[2])["fen"] == SHOT_FEN)
    assert shot["source"]["ply"] == 28 and shot["solution"][:3] == ["18-14", "11x18", "22x6"]
    assert await puzzles_service.puzzles.collect() == 0  # each record once
