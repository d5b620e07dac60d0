"""My games, history, positions at a ply, PDN export, preferences and deleting a player's data."""

from __future__ import annotations

import threading

import pytest

import service.queries as queries
import service.results as results
from rules import find_variant, parse_fen
from rules.pdn import read_games
from service import GameNotFound, InvalidSetting, PlyOutOfRange, Service
from tests.service.conftest import ALICE, BOB, CAROL, new_game

ITALIAN = find_variant("italian")


@pytest.mark.asyncio
async def test_my_games_lists_games_waiting_for_me_first(service: Service) -> None:
    first = await new_game(service)  # Alice to move
    second = await new_game(service)
    await service.games.play(second.id, ALICE, "21-18")  # now Bob to move
    mine = await service.queries.my_games(ALICE)
    assert [(g.game.id, g.my_turn) for g in mine] == [(first.id, True), (second.id, False)]
    assert mine[0].deadline == first.move_deadline and mine[0].opponent_id == BOB
    assert [g.game.id for g in await service.queries.my_games(BOB) if g.my_turn] == [second.id]
    assert await service.queries.my_games(CAROL) == []


@pytest.mark.asyncio
async def test_history_and_position_at_any_ply(service: Service) -> None:
    game = await new_game(service)
    one = await service.games.play(game.id, ALICE, "21-18")
    two = await service.games.play(game.id, BOB, "10-13")
    assert [m.notation for m in await service.queries.history(game.id)] == ["21-18", "10-13"]
    start = await service.queries.position_at(game.id, 0)
    assert start.position == parse_fen(ITALIAN, ITALIAN.start_fen) and start.last_move is None
    after_one = await service.queries.position_at(game.id, 1)
    assert after_one.fen == one.game.fen and after_one.last_move is not None
    assert after_one.last_move.notation == "21-18"
    assert (await service.queries.position_at(game.id, 2)).fen == two.game.fen
    with pytest.raises(PlyOutOfRange):
        await service.queries.position_at(game.id, 3)
    with pytest.raises(GameNotFound):
        await service.queries.history(555)


@pytest.mark.asyncio
async def test_pdn_export_reads_back(service: Service) -> None:
    await service.players.ensure(ALICE, "Alice")
    await service.players.ensure(BOB, "Bob")
    game = await new_game(service)
    await service.games.play(game.id, ALICE, "21-18")
    await service.games.play(game.id, BOB, "10-13")
    await service.games.resign(game.id, BOB)
    text = await service.queries.export_pdn(game.id)
    (parsed,) = read_games(text)
    assert parsed.tags["White"] == "Alice" and parsed.tags["Black"] == "Bob"
    assert parsed.tags["Result"] == "1-0" and parsed.tags["Date"] == "2025.03.01"
    assert parsed.tags["GameType"].startswith("22")  # PDN GameType 22 is Italian draughts
    assert {"Event", "Site"} <= parsed.tags.keys()
    assert parsed.moves == ["21-18", "10-13"]


@pytest.mark.asyncio
async def test_preferences_and_server_settings(service: Service) -> None:
    prefs = await service.players.set_preferences(ALICE, notifications="channel", orientation="black")
    assert (prefs.notifications, prefs.orientation, prefs.language) == ("channel", "black", "en")
    with pytest.raises(InvalidSetting):
        await service.players.set_preferences(ALICE, notifications="pigeon")
    settings = await service.players.update_server(5, days_per_move=10, allow_channels=(77,), hint_policy="never")
    assert (settings.days_per_move, settings.allowed_channels, settings.hint_policy) == (10, (77,), "never")
    assert await service.players.channel_allowed(5, 77) and not await service.players.channel_allowed(5, 78)
    assert await service.players.channel_allowed(6, 78)  # no list: anywhere


@pytest.mark.asyncio
async def test_deleting_a_player_keeps_games_but_not_the_player(service: Service) -> None:
    await service.players.ensure(ALICE, "Alice")
    finished = await new_game(service, rated=True)
    await service.games.resign(finished.id, BOB)
    active = await new_game(service)
    open_challenge = await service.challenges.create(ALICE, CAROL)
    report = await service.players.delete_data(ALICE)
    assert report.games_ended == (active.id,) and report.challenges_cancelled == (open_challenge.id,)
    assert report.anonymous_id < 0
    kept = await service.queries.game(finished.id)
    assert kept.white_id == report.anonymous_id and kept.result == "1-0"
    assert (await service.queries.game(active.id)).result == "0-1"
    assert await service.queries.my_games(ALICE, active_only=False) == []
    assert await service.queries.ratings(ALICE) == []
    assert "Alice" not in await service.queries.export_pdn(finished.id)


@pytest.mark.asyncio
async def test_a_game_is_replayed_off_the_event_loop(service: Service, monkeypatch: pytest.MonkeyPatch) -> None:
    game = await new_game(service)
    await service.games.play(game.id, ALICE, "21-18")
    threads: list[threading.Thread] = []
    replayed = queries._replayed

    def watched(*args: object) -> object:
        threads.append(threading.current_thread())
        return replayed(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(queries, "_replayed", watched)
    replay = await service.queries.replay(game.id)
    assert replay.ply == 1 and replay.fen == (await service.queries.position_at(game.id, 1)).fen
    assert threads and threads[0] is not threading.main_thread()


@pytest.mark.asyncio
async def test_listing_games_parses_no_position(service: Service, monkeypatch: pytest.MonkeyPatch) -> None:
    games = [await new_game(service) for _ in range(100)]
    for game in games[::2]:
        await service.games.play(game.id, ALICE, "21-18")  # Bob to move in half of them
    parses: list[str] = []

    def counted(rules, text, **options):  # type: ignore[no-untyped-def]
        parses.append(text)
        return parse_fen(rules, text, **options)

    monkeypatch.setattr(results, "parse_fen", counted)
    mine = await service.queries.my_games(ALICE)
    assert len(mine) == 100 and sum(g.my_turn for g in mine) == 50
    assert parses == []  # whose turn it is comes from the FEN's turn field, not a parsed position
    waiting = mine[0].game
    assert waiting.position.turn is waiting.turn and waiting.position is waiting.position
    assert parses == [waiting.fen]  # parsed on first use, once
    for entry in mine:  # the turn read without parsing agrees with the parsed position's
        assert parse_fen(ITALIAN, entry.game.fen).turn is entry.game.turn
