"""The Hub spelling benchmarks.scan_match speaks to Scan: positions and moves as Scan's protocol writes them."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

from benchmarks import match, scan_match, search_profile
from benchmarks.match import Knobs
from benchmarks.scan_match import hub_move, hub_position, move_from_hub
from engine import patterns
from engine.api import to_moves
from engine.native import TIME_SHARE, NativeSearcher, learned_weights
from engine.patterns import tables_for as pattern_tables_for
from engine.search import TABLE_BOUND, TABLE_WIN, WIN
from engine.worker import Job
from rules import Color, Game, find_variant, format_fen, format_move
from rules.fen import parse_fen
from rules.pdn import read_games


def test_the_start_position_in_hub_spelling() -> None:
    # Hub: the side to move, then squares 1..50; Black's men on 1-20, White's on 31-50, White to move
    assert hub_position(Game(find_variant("international")).position) == "w" + "b" * 20 + "e" * 10 + "w" * 20


def test_a_capture_names_every_captured_square_and_reads_back() -> None:
    rules = find_variant("international")
    # White man on 32 takes 27 and 18 (landing on 21, then 12 ... as the rules allow): one legal capture
    position = parse_fen(rules, "W:W32:B27,17")
    (move,) = position.legal_moves()
    text = hub_move(position, move)
    assert text.startswith("32x") and sorted(text.split("x")[2:]) == ["17", "27"]
    assert move_from_hub(position, text) == move
    assert hub_position(position)[0] == "w"


def test_a_move_that_is_not_legal_is_refused() -> None:
    position = Game(find_variant("international")).position
    assert move_from_hub(position, "32-28") in position.legal_moves()
    with pytest.raises(RuntimeError):
        move_from_hub(position, "46-41")  # 41 holds a White man


def test_dama_plays_with_the_switches_it_was_given(monkeypatch: pytest.MonkeyPatch) -> None:
    applied: list[object] = []
    monkeypatch.setattr(Knobs, "apply", lambda self, core: applied.append((self.selective, core)))
    depths: list[int] = []
    player = scan_match.DamaPlayer(5, 1, depths, Knobs(selective=(2, 3, 0, 40, 1)))
    game = Game(find_variant("international"))
    move = player(game, 0.05)
    assert move in game.position.legal_moves() and len(depths) == 1
    assert isinstance(player.searcher, NativeSearcher)
    assert applied == [((2, 3, 0, 40, 1), player.searcher.core)]  # once, on the searcher that played
    player(game, 0.05)
    assert len(applied) == 1


def test_dama_evaluates_with_the_weights_it_was_given() -> None:
    # a king worth 9 men: where White has the only king, the score rises by exactly the king's change
    position = parse_fen(find_variant("international"), "W:WK46,31,32:B19,20,21")
    game = Game(find_variant("international"))
    scores = []
    for weights in ({}, {"king": 900}):
        player = scan_match.DamaPlayer(5, 1, [], weights=weights)
        player(game, 0.02)
        assert isinstance(player.searcher, NativeSearcher)
        scores.append(player.searcher.core.evaluate(position.white, position.black, position.kings, 0))
    rules = find_variant("international")
    assert scores[1] - scores[0] == 900 - learned_weights(rules, pattern_tables_for(rules)).king


# Search switches, which scan_match, match (per player) and search_profile all take
BAD_SWITCHES = [
    (["--params", "100,four,60"], "whole numbers separated by commas"),
    (["--selective", "2,3,,40"], "whole numbers separated by commas"),
    (["--selective", "2,0,0,40,1,0,0,0,2"], "selectivity switches out of range"),
    (["--selective", "2,0,0,40,1,0,0,0,1,1"], "selective 4 to 9"),
    (["--params", "180,4,60", "--probcut", "-5"], "ProbCut"),
    (["--probcut-pieces", "24"], "a ProbCut piece limit goes with a ProbCut margin"),
    (["--probcut", "10", "--probcut-pieces", "-1"], "a ProbCut piece limit goes with a ProbCut margin"),
]


@pytest.mark.parametrize("flags, words", [
    (["--weights", "kong=3"], "unknown evaluation weights: kong"),
    (["--weights", "king=many"], "king=many"),
    *BAD_SWITCHES,
    (["--patterns", "/no/such/file.pat"], "no pattern file at /no/such/file.pat"),
    (["--patterns", "{tmp}/junk.pat"], "junk.pat is not a pattern file"),
    (["--patterns", "{tmp}/tempo.pat"], "blends its tables by a measure this engine does not have"),
    (["--patterns", "{tmp}/queen.pat"], "names hand-set weights this engine does not have"),
])
@pytest.mark.parametrize("command", ["scan_match", "match"])
def test_bad_switches_are_refused_in_words(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], flags: list[str], words: str, command: str
) -> None:
    binary = tmp_path / "scan"
    binary.write_text("")
    (tmp_path / "junk.pat").write_text("junk")
    shipped = pattern_tables_for(find_variant("international"))
    assert shipped is not None
    for name, extra in (("tempo", {"phase": "tempo"}), ("queen", {"weights": {"queen": 3}})):
        about = {**{k: v for k, v in shipped.header.items() if k not in ("variant", "windows", "full")}, **extra}
        patterns.write(tmp_path / f"{name}.pat", "international", shipped.windows, shipped.full, shipped.tables, about)
    flags = [f.replace("{tmp}", str(tmp_path)) for f in flags]
    with pytest.raises(SystemExit) as stopped:
        if command == "scan_match":
            scan_match.main(["--scan", str(binary), *flags])
        else:  # benchmarks.match spells the same switches per player
            match.main(["international", "--pairs", "1", *[f"--a-{f[2:]}" if f.startswith("--") else f for f in flags]])
    assert stopped.value.code == 2
    err = capsys.readouterr().err
    assert words in err and "Traceback" not in err


@pytest.mark.parametrize("flags, words", BAD_SWITCHES)
def test_the_search_profile_refuses_bad_switches_in_words(
    capsys: pytest.CaptureFixture[str], flags: list[str], words: str
) -> None:
    with pytest.raises(SystemExit) as stopped:
        search_profile.main(["international", "--depth", "2", "--positions", "1", *flags])
    assert stopped.value.code == 2
    err = capsys.readouterr().err
    assert words in err and "Traceback" not in err


def test_dama_searches_for_the_whole_move_time_less_its_own_work(monkeypatch: pytest.MonkeyPatch) -> None:
    # The bot's searches keep TIME_SHARE of their budget; against Scan, Dama's wall time a move should match Scan's
    budgets: list[float] = []
    real = scan_match.play_level

    def noting_the_budget(searcher: object, job: Job, history: list[int], stopped: object) -> object:
        budgets.append(job.seconds)
        return real(searcher, job, history, stopped)  # type: ignore[arg-type]

    monkeypatch.setattr(scan_match, "play_level", noting_the_budget)
    scan_match.DamaPlayer(5, 1, [])(Game(find_variant("international")), 0.2)
    assert budgets and budgets[0] * TIME_SHARE == pytest.approx(0.2 - scan_match.OWN_WORK)


def test_the_report_gives_each_engines_depth_and_wall_time() -> None:
    total = scan_match.PairResult([], [16, 18], [20, 24, 28], [1.5, 4.0, 2.5], [], [0.49, 0.5, 0.52], [0.3, 0.5],
                                  [71, 40, 101], [15, 16, 17, 18], [20, 22], [16], [20, 24])
    assert scan_match.report(total).splitlines() == [
        "Dama's mean completed depth: 17.0 over 2 moves",
        "Scan's mean completed depth: 24.0 over 3 moves",
        "Where the score was an evaluation, not a proven result, mean completed depth: Dama 16.0 over 1 moves, "
        "Scan 22.0 over 2 moves",
        "Dama's wall time a move: median 0.500 s, mean 0.503 s, longest 0.520 s over 3 moves",
        "Scan's wall time a move: median 0.400 s, mean 0.400 s, longest 0.500 s over 2 moves",
        "In 3 losses Scan's score gave it half a man a median 2.5 moves before Dama's did (from 1.5 to 4)",
        "In 3 losses Scan's score kept half a man or more from a median move 36 on (from move 21 to 51)",
        "Over the ten moves before it, mean completed depth: Dama 16.5, Scan 21.0",
    ]


def test_depths_where_a_result_was_proven_are_left_out_of_the_open_depths() -> None:
    # Scan (score.h): evaluations within Eval_Inf (1800), bitbase results to BB_Inf (1900), mates to Inf (2000)
    scan = {0: scan_match.Thought(1750, 30), 2: scan_match.Thought(1895, 79), 4: scan_match.Thought(-1990, 79, 2000),
            6: scan_match.Thought(0, 0), 8: scan_match.Thought(-1800, 41)}
    assert scan_match.open_depths(scan, scan_match.SCAN_EVAL_INF) == [30, 41]
    # Dama: engine.search's WIN and TABLE_WIN less the plies; a proof stops its search at the depth that found it
    dama = {1: scan_match.Thought(WIN - 5, 5, WIN), 3: scan_match.Thought(-(TABLE_WIN - 40), 21, TABLE_WIN),
            5: scan_match.Thought(-563, 18)}
    assert scan_match.open_depths(dama, TABLE_BOUND) == [18]


def test_moves_made_with_the_position_in_the_tables_are_left_out_of_the_untabled_depths() -> None:
    """Five pieces or more on the board: counted; four or fewer (both engines' tables hold the position): not."""
    game = Game(find_variant("international"), "W:W38,K50:B18,24,K1")  # five pieces
    for move in ("38-33", "24-29", "33x24", "18-22"):  # four from the position after 33x24 (ply 3)
        game.play(move)
    thoughts = {0: scan_match.Thought(10, 21), 1: scan_match.Thought(-8, 19), 2: scan_match.Thought(0, 0),
                3: scan_match.Thought(-5, 60)}
    assert scan_match.untabled_depths(thoughts, game) == [21, 19]
    total = scan_match.PairResult([], [], [], [], [], dama_untabled_depths=[20, 23], scan_untabled_depths=[25])
    assert scan_match.report(total).splitlines() == [
        "With more than 4 pieces on the board (no table holds the position), mean completed depth: Dama 21.5 over "
        "2 moves, Scan 25.0 over 1 moves"
    ]


def test_a_decided_score_reads_as_moves_to_the_end_from_whites_side() -> None:
    # Scan: Inf (2000) less the plies to the end; Black to move and winning in 10 plies is White lost in 5 moves
    assert scan_match.eval_comment(scan_match.Thought(1990, 12, 2000), white_to_move=False) == "[%eval #-5] depth 12"
    assert scan_match.eval_comment(scan_match.Thought(-1989, 9, 2000), white_to_move=False) == "[%eval #6] depth 9"
    assert scan_match.eval_comment(scan_match.Thought(-35, 17), white_to_move=True) == "[%eval -0.35] depth 17"


def test_the_warning_lag_counts_moves_from_scans_alarm_to_damas() -> None:
    think = scan_match.Thought
    scan = {1: think(20, 15), 3: think(55, 16), 5: think(120, 18)}  # Scan, the mover, half a man up at ply 3
    dama = {0: think(10, 14), 2: think(-30, 14), 4: think(-49, 15), 6: think(-80, 15)}  # Dama sees it at ply 6
    assert scan_match.warning_lag(dama, scan) == 1.5
    assert scan_match.warning_lag({0: think(0, 14)}, scan) is None  # Dama never saw it


def test_a_loss_is_decided_where_scans_score_last_rose_to_half_a_man_and_stayed() -> None:
    think = scan_match.Thought
    # half a man at ply 3, back to 0.40 at ply 7, then half a man or more to the end; ply 11 a forced move, which
    # Scan plays at once reporting depth 0 and score 0
    scan = {1: think(20, 15), 3: think(55, 16), 5: think(70, 17), 7: think(40, 17), 9: think(60, 18),
            11: think(0, 0), 13: think(1990, 20, 2000)}
    assert scan_match.decided_from(scan) == 9
    assert scan_match.decided_from({**scan, 15: think(49, 21)}) is None  # it fell below at the end
    assert scan_match.decided_from({}) is None
    dama = {0: think(10, 14), 2: think(0, 0), 4: think(-30, 15), 8: think(-80, 16), 10: think(-90, 17)}
    assert scan_match.depths_at(dama, range(9 - scan_match.BEFORE_DECIDED, 9)) == [14, 15, 16]  # forced move out
    assert scan_match.depths_at(scan, range(9 - scan_match.BEFORE_DECIDED, 9)) == [15, 16, 17, 17]


def test_a_match_writes_each_game_as_pdn_with_both_engines_scores_and_depths(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # A stand-in Hub engine (tests/engine/hub_first_move.py) plays the first legal move, claiming 0.30 at depth 7
    binary = tmp_path / "scan"
    script = Path(__file__).with_name("hub_first_move.py")
    binary.write_text(f"#!/bin/sh\nexec {sys.executable} {script}\n")
    binary.chmod(0o755)
    record = tmp_path / "games.pdn"
    scan_match.main(["--scan", str(binary), "--pairs", "1", "--time", "0.02", "--pdn", str(record)])
    out = capsys.readouterr().out
    assert "Scan's mean completed depth: 7.0" in out  # forced moves (reported at depth 0) are left out
    text = record.read_text(encoding="utf-8")
    games = read_games(text)
    searched = re.search(r"Scan's mean completed depth: 7.0 over (\d+) moves", out)
    timed = re.search(r"Scan's wall time a move: median [\d.]+ s, mean [\d.]+ s, longest [\d.]+ s over (\d+)", out)
    assert searched and timed and timed[1] == searched[1]  # the moves Scan searched, forced ones left out
    rules = find_variant("international")
    choices = 0  # Dama's moves with more than one legal move
    for index, pdn_game in enumerate(games):
        game = pdn_game.to_game(rules)
        dama_colour = Color.WHITE if index == 0 else Color.BLACK
        choices += sum(1 for ply in range(len(match.ballots(rules)[0]), len(game.moves))
                       if game.positions[ply].turn is dama_colour and len(game.positions[ply].legal_moves()) > 1)
    assert re.search(rf"Dama's wall time a move: median [\d.]+ s, mean [\d.]+ s, longest [\d.]+ s over {choices} moves",
                     out)
    assert [(g.tags["White"], g.tags["Black"]) for g in games] == [
        ("Dama level 5", "Scan 2.0"), ("Scan 2.0", "Dama level 5")]
    for index, (pdn_game, chunk) in enumerate(zip(games, text.split("[Event ")[1:], strict=True)):
        game = pdn_game.to_game(rules)
        assert game.notations[:2] == match.ballots(rules)[0][:2]
        outcome = game.outcome()
        assert outcome is not None and pdn_game.tags["Result"] == outcome.result
        body = chunk.partition("\n\n")[2]
        noted = re.findall(r"(\d+\.(?:\.\.)?\s)?(\S+)\s\{\[%eval (\S+)\] depth (\d+)\}", body)
        ballot = len(match.ballots(rules)[0])
        assert len(noted) == len(game.moves) - ballot  # every engine move, and no ballot move, has a comment
        stand_in_is_white = index == 1
        for ply, (_, move, value, depth) in enumerate(noted, start=ballot):
            assert move == game.notations[ply]
            stand_in = (game.positions[ply].turn is Color.WHITE) == stand_in_is_white
            if stand_in and len(game.positions[ply].legal_moves()) > 1:
                assert (value, depth) == (("0.30" if stand_in_is_white else "-0.30"), "7")
            elif not stand_in:
                assert int(depth) >= 1


def test_scans_progress_lines_are_read_as_its_printf_writes_them() -> None:
    # search.cpp: "info %d %.1f %d %lld %.2f %.1f %s" (depth, mean depth, score, nodes, time, Mnps, pv)
    read = scan_match.thought_from_info
    assert read("info 18 21.3 -35 1234567 0.46 2.7 32-28 19-23") == scan_match.Thought(-35, 18)
    assert read("info 24 30.0 1990 99 0.10 1.0 27-21") == scan_match.Thought(1990, 24, 2000)  # a win in 10 plies
    assert read("info 24 30.0 1868 99 0.10 1.0 27-21") == scan_match.Thought(1868, 24)  # bitbase win: a score
    assert read("move 32-28") is None and read("info x 1.0 5") is None and read("info") is None


def _histories_given(monkeypatch: pytest.MonkeyPatch, game: Game) -> list[int]:
    given: list[list[int]] = []
    real = scan_match.play_level

    def noting_the_history(searcher: object, job: Job, history: list[int], stopped: object) -> object:
        given.append(list(history))
        return real(searcher, job, history, stopped)  # type: ignore[arg-type]

    monkeypatch.setattr(scan_match, "play_level", noting_the_history)
    scan_match.DamaPlayer(5, 1, [])(game, 0.05)
    return given[0]


def test_dama_is_given_only_the_positions_since_the_last_man_move_or_capture(monkeypatch: pytest.MonkeyPatch) -> None:
    """The search counts the 25-move rule's plies from its history's length, so a history reaching back past a man
    move or a capture makes it see draws that are not there. Here a king takes a king (the men stay as they were)
    and two king moves follow: the two positions since the capture can repeat, none before it."""
    rules = find_variant("international")
    game = Game(rules, "W:WK49,46:BK2,K13,5")
    for text in ("49-16", "2-8", "16-2", "8-3", "2x19", "3-9", "19-2"):
        game.play(text)
    since = 0
    for move in reversed(game.moves):
        if not move.is_reversible:
            break
        since += 1
    history = _histories_given(monkeypatch, game)
    searcher = NativeSearcher(rules)
    assert since == 2
    assert history == [searcher.hash_of(p.white, p.black, p.kings, int(p.turn)) for p in game.positions[-3:-1]]


# A game Dama lost to Scan 2.0 (benchmarks.scan_match, 29 November 2026), to White's 63rd move: White (Dama) has a
# king on 23 and men on 29, 38 and 47; Black a king on 30 and men on 12, 16, 18 and 26. Given the whole game as
# its history, Dama scored every king move a draw (the 25-move rule seemingly due) and played 23-19, after
# which Black's king takes it (30x2).
LOST_ON_MOVE_63 = (
    "33-29 18-23 29x18 12x23 32-28 23x32 37x28 7-12 41-37 17-21 37-32 19-23 28x19 14x23 46-41 21-26 41-37 1-7 "
    "34-29 23x34 39x30 11-17 44-39 10-14 30-25 12-18 40-34 20-24 50-44 7-12 39-33 4-10 44-39 14-20 25x14 "
    "10x19 31-27 5-10 33-28 17-22 28x17 12x21 39-33 10-14 33-28 2-7 45-40 18-23 34-30 14-20 30-25 7-12 25x14 "
    "9x20 38-33 3-9 37-31 26x37 32x41 21x32 28x37 6-11 36-31 24-29 33x24 20x29 40-34 29x40 35x44 15-20 37-32 "
    "11-17 31-27 19-24 43-38 20-25 38-33 13-19 44-40 9-13 40-35 24-30 35x24 19x30 49-44 13-19 41-37 19-24 "
    "48-43 30-34 42-38 24-29 33x24 25-30 24x35 34-40 44-39 40-45 37-31 45-50 39-34 17-21 35-30 50-44 30-25 "
    "44-49 32-28 21x32 28x37 23-28 37-32 28x26 25-20 49-44 20-14 44-39 34-29 39x48 14-10 12-18 10-5 48-30 "
    "5-23 8-12"
)


def test_dama_sees_no_draw_in_a_king_ending_where_men_still_move(monkeypatch: pytest.MonkeyPatch) -> None:
    rules = find_variant("international")
    game = Game(rules)
    for text in LOST_ON_MOVE_63.split():
        game.play(text)
    position = game.position
    assert format_fen(position) == "W:WK23,29,38,47:B12,16,18,26,K30"
    history = _histories_given(monkeypatch, game)
    searcher = NativeSearcher(rules)
    result = searcher.search(position.white, position.black, position.kings, int(position.turn), depth=10,
                             history=history, all_scores=True)
    scores = {format_move(position, to_moves(position, [m])[0]): s for m, s in result.root_scores}
    assert scores["23-19"] < -200  # the king is lost at once
    assert result.score < -20 and scores["23-19"] < result.score
