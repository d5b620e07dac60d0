"""benchmarks.match --starts: pairs start after a number of plies of recorded games instead of the ballots, only
from games that reach that ply from the start position, still on and with the material level."""

from __future__ import annotations

from pathlib import Path

import pytest

from benchmarks import match
from benchmarks.match import starts_from
from rules import find_variant

EXCHANGE = '[Event "an exchange"]\n1. 32-28 19-23 2. 28x19 14x23 3. 37-32 *\n'
SHORT = '[Event "too short"]\n1. 32-28 19-23 *\n'
# the same moves, legal from its own position too, but not a game from the start
SET_UP = '[Event "set up"]\n[FEN "W:W32,37:B14,19"]\n1. 32-28 19-23 2. 28x19 14x23 *\n'
# 28-22 with 28x19 on offer: captures are compulsory (FMJD Art. 4.1)
ILLEGAL = '[Event "illegal"]\n1. 32-28 19-23 2. 28-22 17x28 3. 33x22 *\n'
INTERNATIONAL = find_variant("international")


def test_only_games_that_reach_the_ply_legally_from_the_start_give_a_start() -> None:
    lines, left_out = starts_from(INTERNATIONAL, "\n".join([EXCHANGE, SHORT, SET_UP, ILLEGAL]), 4)
    assert lines == [["32-28", "19-23", "28x19", "14x23"]]
    assert left_out == 3


def test_a_start_with_one_side_a_man_up_is_left_out() -> None:
    # after 28x19, before Black takes back, White leads by a man
    assert starts_from(INTERNATIONAL, EXCHANGE, 3) == ([], 1)
    assert starts_from(INTERNATIONAL, EXCHANGE, 5) == ([["32-28", "19-23", "28x19", "14x23", "37-32"]], 0)


def test_the_pairs_are_played_from_the_starts() -> None:
    records = match.run_levels("international", 1, 1, 1, 0.01, workers=1,
                               openings=starts_from(INTERNATIONAL, EXCHANGE, 4)[0])
    assert [(r.opening, r.a_is_white) for r in records] == [
        (("32-28", "19-23", "28x19", "14x23"), True), (("32-28", "19-23", "28x19", "14x23"), False)]
    assert all(r.plies > 4 for r in records)


@pytest.mark.parametrize("content, flags, words", [
    (None, ["--start-ply", "4"], "cannot read the starts from"),
    (SHORT, ["--start-ply", "4"], "reaches ply 4 still on with the material level"),
    (EXCHANGE, ["--start-ply", "0"], "--start-ply is a number of plies, 1 or more"),
    (b"\xff\xfe\x00\xd8", ["--start-ply", "4"], "reaches ply 4"),  # UTF-16 with a lone surrogate: no game
])
def test_bad_starts_are_refused_in_words(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], content: str | bytes | None, flags: list[str], words: str
) -> None:
    starts = tmp_path / "games.pdn"
    if isinstance(content, bytes):
        starts.write_bytes(content)
    elif content is not None:
        starts.write_text(content)
    with pytest.raises(SystemExit) as stopped:
        match.main(["international", "--pairs", "1", "--starts", str(starts), *flags])
    assert stopped.value.code == 2
    err = capsys.readouterr().err
    assert words in err and "Traceback" not in err


def test_a_game_of_another_variant_gives_no_start() -> None:
    """The record's GameType decides its rules (as the rules library reads PDN): a Brazilian game's moves are
    not International ones even where they parse as such."""
    brazilian = '[GameType "26"]\n' + EXCHANGE
    assert starts_from(INTERNATIONAL, brazilian, 4) == ([], 1)
    international = '[GameType "20"]\n' + EXCHANGE
    assert starts_from(INTERNATIONAL, international, 4) == ([["32-28", "19-23", "28x19", "14x23"]], 0)
