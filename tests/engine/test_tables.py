"""The endgame table files (engine/core/tables.c, `python -m engine tables build`), checked against the rules
library and published results, never against themselves.

The files of up to four pieces are built here for the four variants (seconds each); the five-piece build is
in the slow tier. Each sampled claim is proved by test_endgame's AND-OR search over rules.movegen's moves (a
win or loss in d plies provable in d and not fewer, a draw surviving a horizon); every sampled entry, however
long, must also be the best of its successors' entries as rules.movegen generates them; and the file must
agree with the in-memory tables (checked there against a Python solution) wherever both exist.
"""

from __future__ import annotations

import itertools
import logging
import mmap
import random
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from engine import api, native, tablefiles, worker
from engine.cli import main
from engine.search import TABLE_BOUND, TABLE_WIN, WIN
from engine.tables import build_tables
from rules import VARIANTS, Color, Position, format_move, parse_fen
from rules.movegen import generator_for
from tests.engine.test_endgame import (
    assert_proved,
    children,
    four_king_positions,
    legal,
    lone_king_positions,
    positions,
    prover,
)

Key = tuple[int, int, int, int]  # white, black, kings, colour to move
VARIANT_IDS = ["english", "italian", "russian", "brazilian"]


@pytest.fixture(autouse=True)
def _compiled_core() -> None:
    """The tables live in the compiled core: without it these tests fail, saying so (never skip)."""
    if native.core is None:
        pytest.fail("the compiled core engine._core is not built: run `make .venv/.installed` (needs gcc)")


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The four-piece table files of the four variants."""
    out = tmp_path_factory.mktemp("tables")
    for variant in VARIANT_IDS:
        report = build_tables(VARIANTS[variant], 4, out)
        assert report.path == out / f"{variant}.dtb" and report.size == report.path.stat().st_size
    return out


@pytest.fixture
def use_folder(folder: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    monkeypatch.setenv("DAMA_TABLES", str(folder))
    tablefiles.forget_images()
    yield folder
    tablefiles.forget_images()


def file_tables(variant: str, path: Path) -> object:
    """A core handle probing only the file at path (no in-memory tables)."""
    handle = native.build_core(VARIANTS[variant], 10)
    with path.open("rb") as file:
        image = mmap.mmap(file.fileno(), 0, access=mmap.ACCESS_READ)
    assert handle.tables_use(image) >= 4  # type: ignore[attr-defined]
    return handle


def memory_tables(variant: str) -> object:
    rules = VARIANTS[variant]
    handle = native.build_core(rules, 10)
    assert native.install_endgame(handle, rules, files=False)
    return handle


def squares_of(variant: str) -> list[int]:
    board = generator_for(VARIANTS[variant]).board
    return [bit for bit in range(64) if board.mask >> bit & 1]


def probe(handle: object, position: Key) -> tuple[int, int]:
    return tuple(handle.endgame_probe(*position))  # type: ignore[attr-defined,no-any-return]


def with_men(squares: list[int], pieces: int, rng: random.Random, count: int) -> list[Key]:
    """Random positions of `pieces` pieces, at least one of them a man."""
    out: list[Key] = []
    while len(out) < count:
        chosen = rng.sample(squares, pieces)
        kinds = [rng.randrange(4) for _ in chosen]
        if all(kind & 1 for kind in kinds):
            continue
        white = sum(1 << sq for sq, kind in zip(chosen, kinds, strict=True) if not kind & 2)
        black = sum(1 << sq for sq, kind in zip(chosen, kinds, strict=True) if kind & 2)
        kings = sum(1 << sq for sq, kind in zip(chosen, kinds, strict=True) if kind & 1)
        out.append((white, black, kings, rng.randrange(2)))
    return out


@pytest.mark.parametrize("variant", VARIANT_IDS)
def test_the_file_agrees_with_the_in_memory_tables(variant: str, folder: Path) -> None:
    """Every position of up to three pieces, and sampled four-king positions."""
    from_file, in_memory = file_tables(variant, folder / f"{variant}.dtb"), memory_tables(variant)
    squares = squares_of(variant)
    sample = [p for k in (2, 3) for p in positions(squares, k) if legal(variant, p)]
    sample += random.Random(7).sample(four_king_positions(squares), 20000)
    mismatches = [p for p in sample if legal(variant, p) and probe(from_file, p) != probe(in_memory, p)]
    assert not mismatches, mismatches[:5]


def expected_from_children(handle: object, variant: str, position: Key) -> tuple[int, int]:
    """The result rules.movegen's moves give from the table's values of the successors (the minimax step)."""
    kids = children(variant, position)
    results = []
    for child in kids:
        white, black, _, color = child
        results.append((-1, 0) if not (white if color == 0 else black) else probe(handle, child))
    lost = [plies for outcome, plies in results if outcome == -1]
    if lost:
        return 1, min(lost) + 1
    if all(outcome == 1 for outcome, _ in results):
        return -1, max((plies for _, plies in results), default=-1) + 1
    return 0, 0


@pytest.mark.parametrize("variant", VARIANT_IDS)
def test_sampled_four_piece_entries_with_men_are_proved_by_search(variant: str, folder: Path) -> None:
    """Wins, losses and draws of four pieces with men: short ones proved exactly, every one (however long)
    the best of its successors under the rules library's moves."""
    handle = file_tables(variant, folder / f"{variant}.dtb")
    wins, loses = prover(variant)
    seen = {-1: 0, 0: 0, 1: 0}
    longest = 0
    for position in with_men(squares_of(variant), 4, random.Random(30), 6000):
        if not legal(variant, position):
            continue
        outcome, plies = probe(handle, position)
        assert (outcome, plies) == expected_from_children(handle, variant, position), position
        longest = max(longest, plies)
        if seen[outcome] >= 12 or plies > 9:  # longer proofs take the Python search too long
            continue
        seen[outcome] += 1
        assert_proved(wins, loses, position, outcome, plies, 6)
    assert min(seen.values()) >= 5, seen
    assert longest > 20  # the minimax check reached long results, not only captures


@pytest.mark.parametrize("variant", VARIANT_IDS)
def test_colours_swapped_and_board_turned_give_the_same_result(variant: str, folder: Path) -> None:
    """The file keeps one of each pair of mirrored signatures; the board turned half round (by the rules
    library's coordinates) with the colours swapped must read the same result for the side to move."""
    handle = file_tables(variant, folder / f"{variant}.dtb")
    board = generator_for(VARIANTS[variant]).board
    at = {coords: bit for bit, coords in board.coords.items()}
    size = max(row for row, _ in board.coords.values()) + 1

    def turned(bits: int) -> int:
        cells = [coords for bit, coords in board.coords.items() if bits >> bit & 1]
        return sum(1 << at[size - 1 - row, size - 1 - col] for row, col in cells)

    results = set()
    for white, black, kings, color in with_men(squares_of(variant), 4, random.Random(11), 3000):
        if not legal(variant, (white, black, kings, color)):
            continue
        mirror = (turned(black), turned(white), turned(kings), 1 - color)
        assert legal(variant, mirror)
        result = probe(handle, (white, black, kings, color))
        assert probe(handle, mirror) == result, (white, black, kings, color)
        results.add(result[0])
    assert results == {-1, 0, 1}


def test_known_result_first_position_without(folder: Path) -> None:
    """English: a published study (Bob Newell, after Dr. Call's Midget problems), B:W22,K5:BK15,K6, Black to
    play and win, and the position after its first move, 15-10, is lost for White."""
    rules = VARIANTS["english"]
    position = parse_fen(rules, "B:W22,K5:BK15,K6")
    key = (position.white, position.black, position.kings, int(position.turn))
    handle = file_tables("english", folder / "english.dtb")
    outcome, plies = probe(handle, key)
    assert outcome == 1, plies
    moved = [c for c in children("english", key) if probe(handle, c)[0] == -1]
    assert moved, "no move keeps the win"


@pytest.mark.parametrize("variant", ["russian", "brazilian"])
def test_known_result_petrovs_triangle_from_the_file(variant: str, folder: Path) -> None:
    """Flying kings on 8x8 (Russian, and Brazilian alike): three kings beat a lone king when White holds the
    long diagonal a1-h8, and draw when the lone king holds it (docs/RULES.md), now read from the file."""
    rules = VARIANTS[variant]
    handle = file_tables(variant, folder / f"{variant}.dtb")
    coords = generator_for(rules).board.coords
    squares = squares_of(variant)
    long_diagonal = {bit for bit, (row, col) in coords.items() if row == col}
    if len(long_diagonal) != 8:
        long_diagonal = {bit for bit, (row, col) in coords.items() if row + col == 7}
    holding, shut_out = [], []
    for three in itertools.combinations(squares, 3):
        white = sum(1 << sq for sq in three)
        on_diagonal = sum(sq in long_diagonal for sq in three)
        for lone in squares:
            if lone in three:
                continue
            if lone in long_diagonal and not on_diagonal:
                holding.append(probe(handle, (white, 1 << lone, white | 1 << lone, 1))[0])
            elif lone not in long_diagonal and on_diagonal == 1:
                shut_out.append(probe(handle, (white, 1 << lone, white | 1 << lone, 0))[0])
    assert holding.count(0) / len(holding) > 0.95
    assert shut_out.count(1) / len(shut_out) > 0.95


def test_known_results_two_kings_against_one_from_the_file(folder: Path) -> None:
    """Short kings (English) win two against one nearly everywhere; flying kings (Russian, Brazilian) escape
    along the long diagonal and most positions are drawn."""
    for variant, least, most in (("english", 0.99, 1.0), ("russian", 0.0, 0.6), ("brazilian", 0.0, 0.6)):
        handle = file_tables(variant, folder / f"{variant}.dtb")
        found = [probe(handle, p)[0] for p in lone_king_positions(squares_of(variant), 2)]
        assert least <= found.count(1) / len(found) <= most, variant


def test_the_search_and_the_analysis_use_the_file(use_folder: Path) -> None:
    """With the file a four-piece position with men is scored exactly (win_in), without it it is not."""
    rules = VARIANTS["italian"]
    handle = file_tables("italian", use_folder / "italian.dtb")
    target = None
    for position in with_men(squares_of("italian"), 4, random.Random(5), 4000):
        if legal("italian", position) and probe(handle, position)[0] == 1 and probe(handle, position)[1] >= 15:
            target = position
            break
    assert target is not None
    _, plies = probe(handle, target)
    searcher = native.NativeSearcher(rules, 16)
    result = searcher.search(*target, depth=3)
    assert result.score == TABLE_WIN - plies
    white, black, kings, color = target
    position = Position(rules, white, black, kings, Color(color))
    analysis = api.make_analysis(position, worker.Outcome(result.move, result.score, tuple(result.pv), 3, 1, 0.1))
    assert analysis.win_in == plies
    without = native.NativeSearcher(rules, 16, endgame=False)
    assert abs(without.search(*target, depth=3).score) < TABLE_BOUND


@pytest.mark.parametrize("variant", ["italian", "russian"])
def test_the_search_converts_four_piece_wins_with_men_within_their_distance(variant: str, use_folder: Path) -> None:
    """Both sides play the compiled search with the file; every score on the way is the table's exact one and the
    stronger side wins within the promised plies, every move checked against the rules library."""
    rules = VARIANTS[variant]
    handle = file_tables(variant, use_folder / f"{variant}.dtb")
    searcher = native.NativeSearcher(rules, 16)
    played = 0
    for start in with_men(squares_of(variant), 4, random.Random(8), 2000):
        outcome, plies = probe(handle, start) if legal(variant, start) else (0, 0)
        if outcome != 1 or not 9 <= plies <= 41:
            continue
        played += 1
        current = start
        for step in range(plies):
            result = searcher.search(*current, depth=4)
            remaining = plies - step
            exact = WIN - 1 if remaining == 1 else TABLE_WIN - remaining
            assert result.score == (exact if step % 2 == 0 else -exact), (start, step)
            mover, captured, crowned = result.move
            white, black, kings, color = current
            if color == 0:
                current = (white ^ mover, black & ~captured, (kings & ~captured) ^ crowned, 1)
            else:
                current = (white & ~captured, black ^ mover, (kings & ~captured) ^ crowned, 0)
            assert current in children(variant, (white, black, kings, color))
        assert not children(variant, current) and current[3] != start[3], start
        if played == 3:
            break
    assert played == 3


def test_a_file_for_other_rules_or_cut_short_is_refused(
    folder: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """The engine then works as without files: the in-memory tables, and one warning naming the file."""
    english = (folder / "english.dtb").read_bytes()
    (tmp_path / "italian.dtb").write_bytes(english)  # English's tables under Italian's name
    (tmp_path / "russian.dtb").write_bytes(english[: len(english) // 2])  # cut short
    handle = native.build_core(VARIANTS["italian"], 10)
    with pytest.raises(ValueError):
        handle.tables_use(english)
    monkeypatch.setenv("DAMA_TABLES", str(tmp_path))
    tablefiles.forget_images()
    try:
        for variant in ("italian", "russian"):
            rules = VARIANTS[variant]
            with caplog.at_level(logging.WARNING, logger="engine.native"):
                handle = native.build_core(rules, 10)
                assert native.install_endgame(handle, rules)
            assert str(tmp_path / f"{variant}.dtb") in caplog.text
            assert probe(handle, (1 << squares_of(variant)[0], 1 << squares_of(variant)[-1], 0, 0)) is not None
            men_four = with_men(squares_of(variant), 4, random.Random(1), 50)
            assert all(handle.endgame_probe(*p) is None for p in men_four)  # type: ignore[attr-defined]
    finally:
        tablefiles.forget_images()


def test_cli_builds_a_file_and_refuses_bad_input(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tables", "build", "english", "--pieces", "3", "--folder", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert "english: every position of up to 3 pieces" in out and (tmp_path / "english.dtb").exists()
    for argv in (
        ["tables", "build", "frisian"],
        ["tables", "build", "italian", "--pieces", "6"],
        ["tables", "build", "italian", "--pieces", "1"],
        ["tables", "build", "nonsense"],
    ):
        assert main([*argv, "--folder", str(tmp_path)]) == 2
        err = capsys.readouterr().err
        assert err.startswith("error: ") and "Traceback" not in err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["english.dtb"]
    blocked = tmp_path / "english.dtb" / "not a folder"
    assert main(["tables", "build", "english", "--pieces", "2", "--folder", str(blocked)]) == 2
    assert capsys.readouterr().err.startswith(f"error: cannot write {blocked / 'english.dtb'}")


@pytest.fixture(scope="module")
def five_pieces(tmp_path_factory: pytest.TempPathFactory) -> Callable[[str], object]:
    """The five-piece file of a variant, built on first use (about a minute of CPU each)."""
    out = tmp_path_factory.mktemp("five")
    handles: dict[str, object] = {}

    def get(variant: str) -> object:
        if variant not in handles:
            handles[variant] = file_tables(variant, build_tables(VARIANTS[variant], 5, out).path)
        return handles[variant]

    return get


@pytest.mark.slow
@pytest.mark.parametrize("variant", VARIANT_IDS)
def test_five_piece_entries_are_proved_by_search(variant: str, five_pieces: Callable[[str], object]) -> None:
    """Sampled five-piece entries with men: short ones proved, all checked against their successors."""
    handle = five_pieces(variant)
    wins, loses = prover(variant)
    seen = {-1: 0, 0: 0, 1: 0}
    longest = 0
    for position in with_men(squares_of(variant), 5, random.Random(50), 3000):
        if not legal(variant, position):
            continue
        outcome, plies = probe(handle, position)
        assert (outcome, plies) == expected_from_children(handle, variant, position), position
        longest = max(longest, plies)
        if seen[outcome] >= 8 or plies > 7:
            continue
        seen[outcome] += 1
        assert_proved(wins, loses, position, outcome, plies, 5)
    assert min(seen.values()) >= 4, seen
    assert longest > 40


@pytest.mark.slow
def test_known_result_three_kings_against_two_in_english(five_pieces: Callable[[str], object]) -> None:
    """Bob Newell's study W:WK22,K23,K24:BK31,K32, "either to play, White to win", with its solution's first
    move 22-25 (a shot: 32-28 25-30 28x26 30x23)."""
    rules = VARIANTS["english"]
    handle = five_pieces("english")
    for turn in ("W", "B"):
        position = parse_fen(rules, f"{turn}:WK22,K23,K24:BK31,K32", check_counts=False)
        key = (position.white, position.black, position.kings, int(position.turn))
        assert probe(handle, key)[0] == (1 if turn == "W" else -1), turn
        if turn == "W":
            after = position.apply(next(m for m in position.legal_moves() if format_move(position, m) == "22-25"))
            assert probe(handle, (after.white, after.black, after.kings, int(after.turn)))[0] == -1
