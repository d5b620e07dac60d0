"""The tolerant PDN reader and the record replay, on real files (tests/rules/pdn_files/SOURCES.md) and on the
forms real files use."""

from __future__ import annotations

from pathlib import Path

import pytest

from messages.pdn import failure_sentence
from rules.errors import Reason
from rules.fen import format_fen, parse_fen
from rules.game import Game
from rules.pdn import PdnGame, VariantNeededError, read_games, write_game
from rules.pdn_replay import Replay, replay
from rules.pdn_scan import PdnReason, decode, read_records
from rules.variants import VARIANTS, find_variant

FILES = Path(__file__).parent / "pdn_files"


def replay_all(source: bytes | str, variant: str | None = None) -> list[Replay]:
    rules = find_variant(variant) if variant else None
    return [replay(record, rules) for record in read_records(source)]


def only(source: bytes | str, variant: str | None = None) -> Replay:
    (single,) = replay_all(source, variant)
    return single


def reasons(result: Replay) -> list[str]:
    return [str(note.reason) for note in result.notes]


# --- real files ----------------------------------------------------------------------------------------


def test_czech_algebraic_without_gametype_replays_its_ply_count() -> None:
    data = (FILES / "czech-2008-game1.pdn").read_bytes()
    result = only(data, "czech")
    assert result.ok, failure_sentence(result)
    assert result.game is not None
    assert result.game.ply == int(result.record.tags["PlyCount"]) == 50
    assert result.result == "1/2-1/2"


def test_a_repetition_does_not_stop_a_record() -> None:
    """Italian game 97 of partite.pdn repeats a position at ply 102 and goes on to a win at ply 174."""
    result = only((FILES / "partite-game97.pdn").read_bytes(), "italian")
    assert result.ok, failure_sentence(result)
    assert result.game is not None and result.game.ply == 174
    (draw,) = [note for note in result.notes if note.reason == PdnReason.DRAW_REACHED]
    assert (draw.ply, draw.text, draw.detail("termination")) == (102, "17-21", "repetition")
    # A live game still ends there: the same moves refused after the repetition.
    live = Game(find_variant("italian"))
    for move in result.record.moves[:102]:
        live.play(move.text)
    with pytest.raises(Exception, match="game_over"):
        live.play(result.record.moves[102].text)


def test_move_number_typo_is_read_as_a_move_number() -> None:
    result = only((FILES / "prof2-game4.pdn").read_bytes())
    assert result.ok, failure_sentence(result)
    assert result.rules is not None and result.rules.id == "international"  # no 8x8 board has square 46
    (typo,) = result.notes
    assert (typo.reason, typo.text, typo.line) == (PdnReason.MOVE_NUMBER_TYPO, "9n", 9)
    assert result.record.result == "0-1"


def test_latin1_italian_without_gametype_is_italian_by_its_moves() -> None:
    data = (FILES / "40champ-1996-game1.pdn").read_bytes()
    with pytest.raises(UnicodeDecodeError):
        data.decode("utf-8")
    result = only(data)
    assert result.ok and result.rules is not None and result.rules.id == "italian"
    assert result.record.tags["Event"] == "acfb265 40° Champ."
    assert PdnReason.VARIANT_INFERRED in reasons(result)


def test_eleven_man_english_positions_are_never_silently_italian() -> None:
    data = (FILES / "11_man_english-3.pdn").read_bytes()
    results = replay_all(data)
    assert len(results) == 3
    for result in results:
        assert result.failure is not None and result.failure.reason == PdnReason.VARIANT_NEEDED
        assert "english" in result.failure.text and "italian" in result.failure.text
        assert "say which variant" in failure_sentence(result)
    english = replay_all(data, "english")
    assert all(r.ok and r.rules is not None and r.rules.id == "english" for r in english)
    with pytest.raises(VariantNeededError):
        PdnGame({"FEN": "B:W19,23,22,21,27,26,25,32,31,30,29:B4,3,2,1,7,6,5,12,11,10,9"}).variant()


def test_english_without_gametype_is_english_by_its_moves() -> None:
    result = only((FILES / "kingsrow-experiment-2.pdn").read_bytes())
    assert result.ok and result.rules is not None and result.rules.id == "english"
    assert result.game is not None and result.game.outcome() is not None
    # KingsRow had Black and won; the file says 0-1, the PDN standard's way round.
    assert result.record.tags["Black"] == "KingsRow" and result.result == "0-1"


def test_result_written_the_other_way_round_is_settled_by_the_board() -> None:
    """Games-Checkers writes "1-0" for a Black win in English ({black win...} in the file itself)."""
    result = only((FILES / "games-checkers-test.pdn").read_bytes())
    assert result.ok
    assert result.record.result == "1-0"
    assert result.result == "0-1"
    (note,) = [n for n in result.notes if n.reason == PdnReason.RESULT_OTHER_CONVENTION]
    assert note.detail("board") == "0-1"


def test_hcheckers_upper_case_squares_and_a_corrupt_game() -> None:
    results = replay_all((FILES / "hcheckers-draw10-101-55.pdn").read_bytes())
    assert [r.ok for r in results] == [False, True, True]
    broken = results[0]
    assert broken.failure is not None
    assert (broken.failure.reason, broken.failure.ply, broken.failure.text) == ("not_a_legal_step", 1, "A1-A5")
    assert failure_sentence(broken).startswith("a1-a5 is not a legal move for that piece. Legal: a3-b4")
    # C5-E3 is a capture written with a dash; the position after it is the Russian one.
    assert results[2].game is not None and results[2].game.ply == 6


def test_windows_1251_short_notation_equals_the_full_notation_with_bom() -> None:
    short_bytes = (FILES / "russian-short-cp1251.pdn").read_bytes()
    assert decode(short_bytes).startswith('[Event "Чемпионат клуба"]')
    short = only(short_bytes)  # no GameType: short notation and Cyrillic tags are the Russian school's
    full = only((FILES / "russian-full-bom.pdn").read_bytes())
    assert short.ok and full.ok, (failure_sentence(short), failure_sentence(full))
    assert short.rules is not None and short.rules.id == "russian"
    assert short.game is not None and full.game is not None
    assert short.game.ply == full.game.ply == 40
    assert [format_fen(p) for p in short.game.positions] == [format_fen(p) for p in full.game.positions]
    assert short.result == full.result == "1/2-1/2"
    assert full.record.tags["GameType"] == "25"  # the BOM did not eat the first tag


# --- forms ---------------------------------------------------------------------------------------------

ITALIAN = '[GameType "22"]\n'


@pytest.mark.parametrize(
    ("written", "read"),
    [("1-0", "1-0"), ("0-1", "0-1"), ("1/2-1/2", "1/2-1/2"), ("2-0", "1-0"), ("1-1", "1/2-1/2"), ("0-2", "0-1"),
     ("0:1", "0-1"), ("1/2:1/2", "1/2-1/2"), ("½-½", "1/2-1/2"), ("*", "*")],
)  # fmt: skip
def test_results(written: str, read: str) -> None:
    result = only(f"{ITALIAN}1. 21-17 10-13 {written}\n")
    assert result.ok and result.record.result == read
    assert result.game is not None and result.game.ply == 2


def test_numbers_comments_variations_nags_and_commands() -> None:
    text = (
        ITALIAN + "1. 21-17! {a [%clk 0:10] comment} 9-13?! 2. 25-21 (2. 22-18 (2. 24-20) 12-16) $3 2... 5-9 "
        "; a line comment\n3. 23-19 1-5 * "
    )
    result = only(text)
    assert result.ok, failure_sentence(result)
    assert [m.text for m in result.record.moves] == ["21-17", "9-13", "25-21", "5-9", "23-19", "1-5"]


def test_commands_outside_comments_are_skipped() -> None:
    result = only(ITALIAN + "1. 21-17 [%eval 0.3] 10-13 *")
    assert result.ok and len(result.record.moves) == 2


def test_a_broken_game_is_reported_and_the_next_one_read() -> None:
    text = (
        '[Event "one"]\n' + ITALIAN + "1. 21-17 9-13 2. 25-21 1-0\n\n"
        '[Event "two"]\n' + ITALIAN + "1. 21-17 10-13 2. 22-l8 9-14 1-0\n\n"
        '[Event "three]\n' + ITALIAN + "1. 22-18 *\n"
    )
    results = replay_all(text)
    assert [r.record.tags["Event"] for r in results] == ["one", "two", "three"]
    assert [r.ok for r in results] == [True, False, True]
    broken = results[1].failure
    assert broken is not None
    assert (broken.reason, broken.line, broken.ply, broken.text) == ("unreadable_move", 7, 3, "22-l8")
    assert PdnReason.TAG_REPAIRED in reasons(results[2])


def test_placeholder_moves_are_missing_moves() -> None:
    results = replay_all(ITALIAN + "1. - - 2. - - 1-0\n" + ITALIAN + "1. 21-17 *")
    assert results[0].failure is not None and results[0].failure.reason == PdnReason.MISSING_MOVE
    assert results[1].ok


def test_unbraced_words_are_skipped_and_noted() -> None:
    result = only(ITALIAN + "1. 21-17 9-13 2. 25-21 Black resigns 1-0")
    assert result.ok and result.record.result == "1-0"
    assert [n.text for n in result.notes if n.reason == PdnReason.STRAY_TEXT] == ["Black", "resigns"]


def test_an_unclosed_comment_loses_only_its_game() -> None:
    text = ITALIAN + "1. 21-17 {never closed 10-13 *\n\n" + ITALIAN + "1. 22-18 *\n"
    results = replay_all(text)
    assert results[0].failure is not None and results[0].failure.reason == PdnReason.UNCLOSED_COMMENT
    assert results[1].ok and results[1].record.moves[0].text == "22-18"


def test_an_unclosed_variation_loses_only_its_game() -> None:
    results = replay_all(ITALIAN + "1. 21-17 (1. 22-18 10-13\n\n" + ITALIAN + "1. 22-18 *\n")
    assert results[0].failure is not None and results[0].failure.reason == PdnReason.UNCLOSED_VARIATION
    assert results[1].ok


def test_short_notation_ambiguous_names_its_candidates() -> None:
    fen = "W:WKc3,c1,a1:Bh8"  # the king on c3 and the man on c1 may both go to d2
    result = only(f'[GameType "25"]\n[FEN "{fen}"]\n1. cd2 *')
    assert result.failure is not None and result.failure.reason == PdnReason.AMBIGUOUS_MOVE
    assert "c1-d2" in failure_sentence(result) and "c3-d2" in failure_sentence(result)


def test_short_capture_through_its_landing_squares() -> None:
    result = only('[GameType "25"]\n[FEN "W:Wc3:Bd4,f6"]\n1. c:e5:g7 *')
    assert result.ok, failure_sentence(result)
    assert result.game is not None and format_fen(result.game.position) == "B:Wg7:B"


def test_capture_path_through_other_landing_squares() -> None:
    """Czech: b8xe5xh2 takes c7 and f4 like the generator's b8xd6xh2, so it is that move."""
    fen = "W:WKb8,f6,c3,f2,c1,e1,g1:Bf8,h8,c7,a5,f4,b2"
    for written in ("b8xe5xh2", "b8xd6xh2", "b8:e5:h2", "b8xh2"):
        result = only(f'[GameType "29"]\n[FEN "{fen}"]\n1. {written} *')
        assert result.ok, (written, failure_sentence(result))
        assert result.game is not None
        assert result.game.position == parse_fen(find_variant("czech"), "B:WKh2,f6,c3,f2,c1,e1,g1:Bf8,h8,a5,b2")


def test_a_refused_capture_path_states_the_real_reason() -> None:
    fen = "W:WKb8,f6,c3,f2,c1,e1,g1:Bf8,h8,c7,a5,f4,b2"
    result = only(f'[GameType "29"]\n[FEN "{fen}"]\n1. b8xe5 *')
    assert result.failure is not None
    assert result.failure.reason == Reason.CAPTURE_INCOMPLETE.value
    assert "king must make the capture" not in failure_sentence(result)


def test_unknown_gametype_and_bad_fen() -> None:
    unknown = only('[GameType "99"]\n1. 1-2 *')
    assert unknown.failure is not None and unknown.failure.reason == PdnReason.UNKNOWN_VARIANT
    bad = only('[GameType "22"]\n[FEN "W:W99:B1"]\n1. 1-2 *')
    assert bad.failure is not None and bad.failure.reason == PdnReason.BAD_FEN
    for fen in ("W:W22", "W:W:B5", "B:W22:B"):  # a side without a piece: no game to replay, import or study
        empty = only(f'[GameType "22"]\n[FEN "{fen}"]\n1. 22-18 *')
        assert empty.failure is not None and empty.failure.reason == PdnReason.BAD_FEN, fen
        assert empty.game is None


def test_callers_variant_comes_after_gametype_and_before_inference() -> None:
    assert only("1. 11-15 *", "english").rules == find_variant("english")
    assert only('[GameType "21"]\n1. 11-15 *', "italian").rules == find_variant("english")


def test_read_games_still_raises_on_a_broken_game() -> None:
    with pytest.raises(Exception, match="unreadable_move"):
        read_games(ITALIAN + "1. 21-17 10-l3 *")


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_dama_pdn_reads_back_identically(variant: str) -> None:
    rules = find_variant(variant)
    game = Game(rules)
    for _ in range(30):
        legal = game.legal_moves()
        if not legal:
            break
        game.push(legal[len(game.moves) * 7 % len(legal)])
    text = write_game(game, {"White": "Ann", "Black": "Bo"})
    result = only(text.encode())
    assert result.ok and result.game is not None
    assert result.game.moves == game.moves
    assert write_game(result.game, {"White": "Ann", "Black": "Bo"}) == text


def test_latin1_accents_are_not_taken_for_cyrillic() -> None:
    """Windows-1251 is chosen for runs of Cyrillic letters, not for accents among Latin letters."""
    assert decode('[Event "Città di Università"]'.encode("latin-1")) == '[Event "Città di Università"]'
    assert decode('[Event "Кубок России"]'.encode("cp1251")) == '[Event "Кубок России"]'
    assert decode("“Dama” École".encode("cp1252")) == "“Dama” École"


def test_numbers_and_words_outside_braces_are_notes_damaged_moves_are_not() -> None:
    result = only(ITALIAN + "1 21-17 9-13 2 25-21 Black wins in 5 moves 1-0")
    assert result.ok and [m.text for m in result.record.moves] == ["21-17", "9-13", "25-21"]
    assert [n.text for n in result.notes] == ["1", "2", "Black", "wins", "in", "5", "moves"]
    upper = only(ITALIAN + "1. 21-17 9-13 2. 25-21 5-9 3. 23-19 1-5 4. 19-15 12X19 *")
    assert upper.ok and upper.record.moves[-1].text == "12x19"
    for damaged in ("22-l8", "1O-14", "e5"):
        broken = only(ITALIAN + f"1. 21-17 {damaged} *")
        assert broken.failure is not None and broken.failure.reason == PdnReason.UNREADABLE_MOVE, damaged


# The example game of the "Portable Draughts Notation" article on Wikipedia (English draughts): captures
# written with "-", a star after a move ("27-20*"), comments between moves, the result twice.
WIKIPEDIA_EXAMPLE = """[Event "itsyourturn.com USA vs. World 8/04"]
[Site ""]
[Date "2004.08.23"]
[Round "1"]
[Black "Lindus Edwards"]
[White "Anthony Perez"]
[Result "1/2-1/2"]
1. 11-15 23-18 2. 8-11 26-23 {Crescent Cross} 3. 10-14 30-26 4. 6-10 24-19 5.
15-24 27-20* {28-19 loses PP} 6. 4-8 {the popular book line is 12-16 28-24 4-8
22-17* 8-12 32-28* = even} 32-27 {Perez' cook; 28-24 apparently goes to the
previous note} 7. 12-16 {seems to be the only move with any strength} 27-24 8.
8-12 22-17 {returning to the previously mentioned book line} 9. 10-15 17-10 10.
7-14 26-22* 1/2-1/2 {a very popular position} 1/2-1/2
"""


def test_the_wikipedia_example_with_starred_moves() -> None:
    results = replay_all(WIKIPEDIA_EXAMPLE, "english")
    assert len(results) == 1, [r.record.moves for r in results]
    (result,) = results
    assert result.ok, failure_sentence(result)
    assert result.game is not None and result.game.ply == 20
    assert result.record.moves[9].text == "27-20" and result.result == "1/2-1/2"


def test_russian_files_may_number_their_squares() -> None:
    """Russian programs write FENs (and some moves) with the 8x8 PDN numbers, 1 = b8 at the top left: 26 is d2,
    8 g7, 9 b6, 10 d6, 11 f6, 19 f4, 22 c3, 17 b4. The king on d2 then takes f4, g7, d6 and b6 in one move."""
    result = only('[GameType "25"]\n[FEN "W:WK26:B8,9,10,11,19"]\n\n1. d2xh6xf8xc5xa7 f6-g5 2-0\n')
    assert result.ok, failure_sentence(result)
    assert result.game is not None
    assert result.game.position == parse_fen(find_variant("russian"), "W:WKa7:Bg5")
    numbered = only('[GameType "25"]\n1. 22-17 *')
    assert numbered.ok and numbered.game is not None
    assert numbered.game.notations == ["c3-b4"]


def test_hand_typed_russian_records() -> None:
    """Move numbers closed with ")", Cyrillic с/е/а/х typed for Latin c/e/a/x, a UTF-16 file with its BOM."""
    text = '[GameType "25"]\n1) с3-d4 f6-e5 2) d4хf6! g7:e5 *\n'
    result = only(text.encode("utf-16"))
    assert result.ok, failure_sentence(result)
    assert [m.text for m in result.record.moves] == ["c3-d4", "f6-e5", "d4xf6", "g7:e5"]
    assert [n.reason for n in result.notes] == [PdnReason.CYRILLIC_LETTERS] * 2
    assert result.game is not None and result.game.ply == 4


def test_a_short_international_game_within_squares_1_to_32() -> None:
    result = only("1. 32-28 19-23 2. 28x19 14x23 *")
    assert result.ok and result.rules is not None and result.rules.id == "international"


def test_a_broken_record_without_gametype_reports_its_own_defect() -> None:
    """No GameType and a damaged move at ply 5: the moves before it are Italian only, so the report names the
    damaged move, not the missing variant; an illegal move after 12 Italian plies likewise."""
    opening = "1. 21-17 9-13 2. 25-21 5-9 3. 23-19 1-5 4. 19-15 12x19 5. 22x15 11x20 6. 24x15 13-18 "
    damaged = only(opening + "7. 2l-14 *")
    assert damaged.failure is not None and damaged.failure.reason == PdnReason.UNREADABLE_MOVE
    assert damaged.rules is not None and damaged.rules.id == "italian"
    illegal = only(opening + "7. 6-10 *")  # White to move; 6 holds a black man
    assert illegal.failure is not None and (illegal.failure.reason, illegal.failure.ply) == ("not_your_piece", 13)
    assert illegal.rules is not None and illegal.rules.id == "italian"


def test_the_event_tag_settles_a_tie_between_variants() -> None:
    """Czech game 5 of 2008 replays under Russian, Brazilian and Czech rules alike; its Event names Česká dáma."""
    data = (FILES / "czech-2008-game5.pdn").read_bytes()
    result = only(data)
    assert result.ok and result.rules is not None and result.rules.id == "czech"
    renamed = only(data.replace(b"Ceska Dama", b"Team championship"))
    assert renamed.failure is not None and renamed.failure.reason == PdnReason.VARIANT_NEEDED
    assert set(renamed.failure.text.split(",")) == {"russian", "brazilian", "czech"}
