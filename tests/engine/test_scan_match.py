"""The Hub spelling benchmarks.scan_match speaks to Scan: positions and moves as Scan's protocol writes them."""

from __future__ import annotations

from pathlib import Path

import pytest

from benchmarks import match, scan_match
from benchmarks.match import Knobs
from benchmarks.scan_match import hub_move, hub_position, move_from_hub
from engine.native import NativeSearcher
from rules import Game, find_variant
from rules.fen import parse_fen


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


@pytest.mark.parametrize("flags, words", [
    (["--params", "100,four,60"], "whole numbers separated by commas"),
    (["--selective", "2,3,,40"], "whole numbers separated by commas"),
    (["--patterns", "/no/such/file.pat"], "no pattern file at /no/such/file.pat"),
])
@pytest.mark.parametrize("command", ["scan_match", "match"])
def test_bad_switches_are_refused_in_words(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], flags: list[str], words: str, command: str
) -> None:
    binary = tmp_path / "scan"
    binary.write_text("")
    with pytest.raises(SystemExit) as stopped:
        if command == "scan_match":
            scan_match.main(["--scan", str(binary), *flags])
        else:  # benchmarks.match spells the same switches per player
            match.main(["international", "--pairs", "1", *[f"--a-{f[2:]}" if f.startswith("--") else f for f in flags]])
    assert stopped.value.code == 2
    err = capsys.readouterr().err
    assert words in err and "Traceback" not in err
