"""The engine's explanations speak the reader's language (issue 57): a hint, a whole post-game analysis and a
puzzle refutation, rendered in every shipped language, hold no word of the English catalogue that the
language does not use itself.

The English vocabulary is every word of the template's msgids; a language's own vocabulary is every word of
its msgstrs. A word both share (a name, "blunder" in Dutch) is allowed; notation, numbers and the players'
names are not words of either. So an English phrase built outside the catalogue ("after 13x22 ... White
wins a piece" inside a Russian analysis) fails, whichever sentence carries it.
"""

from __future__ import annotations

import re
from functools import cache

import pytest
from babel.messages.pofile import read_po

from engine import Analysis
from engine.hint import Hint, Outcome
from engine.puzzles import Puzzle
from messages.analysis import graph_note, headline, summary
from messages.hints import hint_sentence, hint_text
from messages.i18n import LOCALE_DIR, SHIPPED, Words, words
from messages.openings import explorer_evaluation, explorer_move, explorer_no_engine
from messages.puzzles import result_text
from messages.study import engine_line
from rules import Color, Game, Position, find_variant, format_move, parse_fen, parse_move
from service.analysis import PositionScore, Subject, derive
from service.explorer import ExplorerMove
from service.puzzles import PuzzleOutcome, PuzzleResult, view_at

PLACEHOLDER = re.compile(r"\{[^}]*\}")
TOKEN = re.compile(r"\w+")
NAMES = {1: "Zorba", 2: "Quilla"}


def vocabulary(texts: list[str]) -> set[str]:
    """Lower-case words of the texts, placeholders left out; tokens with a digit are notation or numbers."""
    found: set[str] = set()
    for text in texts:
        for token in TOKEN.findall(PLACEHOLDER.sub(" ", text).lower()):
            if not any(ch.isdigit() for ch in token) and "_" not in token:
                found.add(token)
    return found


def _texts(strings: object) -> list[str]:
    if isinstance(strings, str):
        return [strings]
    return [s for s in strings if s] if isinstance(strings, tuple | list) else []


@cache
def english_vocabulary() -> frozenset[str]:
    with (LOCALE_DIR / "dama.pot").open("rb") as handle:
        template = read_po(handle)
    return frozenset(vocabulary([text for message in template if message.id for text in _texts(message.id)]))


@cache
def own_vocabulary(locale: str) -> frozenset[str]:
    with (LOCALE_DIR / f"{locale}.po").open("rb") as handle:
        catalogue = read_po(handle, locale=locale.replace("-", "_"))
    return frozenset(vocabulary([text for message in catalogue if message.id for text in _texts(message.string)]))


def english_left(locale: str, text: str) -> set[str]:
    return (vocabulary([text]) & english_vocabulary()) - own_vocabulary(locale)


def line(position: Position, texts: list[str]) -> tuple[Position, tuple[str, ...]]:
    moves = []
    at = position
    for text in texts:
        move = parse_move(at, text)
        moves.append(format_move(at, move, full=True))
        at = at.apply(move)
    return at, tuple(moves)


def a_hint(w: Words) -> list[str]:
    """A real hint (the Italian shot 22-18 13x22 26x12: White wins a piece) as the hint command and a study's
    engine line say it, every outcome's sentence with a line and without one, and the explorer's lines."""
    position = parse_fen(find_variant("italian"), "W:W22,26,29,31:B1,13,15")
    pv = []
    at = position
    for text in ("22-18", "13x22", "26x12"):
        move = parse_move(at, text)
        pv.append(move)
        at = at.apply(move)
    analysis = Analysis(pv[0], 1.0, tuple(pv), 6, 1, 1, 0.0)
    said = [hint_text(position, analysis, w), engine_line(analysis.score, hint_text(position, analysis, w), w)]
    for imported in (False, True):
        explored = ExplorerMove("22-18", 4, 2, 1, 1, 9, imported, 0.35)
        said += [explorer_move(w, explored), explorer_evaluation(w, explored)]
    said += [explorer_no_engine(w), explorer_no_engine(w, near_game=True)]
    for outcome in Outcome:
        for count in (1, 2, 5):
            for shown in ((), ("13x22", "26x12")):
                found = Hint("22-18", shown, outcome, Color.BLACK, count, 1.4)
                said.append(hint_sentence(w, found))
    return said


def an_analysis(w: Words) -> list[str]:
    """Italian 22-18 11-15 23-20 9-13 18x9 with an inaccuracy, a mistake and a blunder, each with the engine's
    better line and its answer to the move played (the lines are the first legal moves: words are judged here,
    not the engine)."""
    rules = find_variant("italian")
    played = ["22-18", "11-15", "23-20", "9-13", "18x9"]
    replay = Game.from_moves(rules, played)
    scores = (10, 5, 30, 40, 60, -150)
    found = []
    for index, position in enumerate(replay.positions):
        moves = position.legal_moves()
        if not moves:
            found.append(PositionScore(scores[index], None, None, (), 8))
            continue
        others = [m for m in moves if index >= len(played) or format_move(position, m) != played[index]] or moves
        _, pv = line(position, [format_move(position, others[0])])
        at = position.apply(others[0])
        for _ in range(3):
            replies = at.legal_moves()
            if not replies:
                break
            pv = (*pv, format_move(at, replies[0], full=True))
            at = at.apply(replies[0])
        found.append(PositionScore(scores[index], None, pv[0], pv, 8))
    subject = Subject(7, None, "italian", None, "1-0", (1, 2), ("", ""))
    review = derive(subject, replay, found, 0.5)
    assert {m.verdict.value for m in review.critical} == {"inaccuracy", "mistake", "blunder"}, review.critical
    assert all(m.refutation is not None for m in review.critical)
    return [headline(review, w), *summary(review, NAMES.__getitem__, w), graph_note(w)]


def a_puzzle_refutation(w: Words) -> list[str]:
    puzzle = Puzzle("t1", "italian", "W:W22,26,29,31:B1,13,15", ("22-18", "13x22", "26x12"), ("shot",), {}, 1500)
    view = view_at(puzzle, 0)
    return [result_text(PuzzleResult(PuzzleOutcome.FAILED, "22-19", "13-17", view, 1500.0, 1480.0, 0), w)]


def test_the_vocabularies_are_read() -> None:
    """The check can fail: an English explanation inside Russian is caught, a shared name is not."""
    assert {"after", "wins", "piece", "white"} <= english_vocabulary()
    assert english_left("ru", "Лучше d4-c5: after d6:b4 the position stays level.") == {
        "after", "the", "position", "stays", "level"
    }
    assert english_left("ru", "Zorba 22-18 Белые") == set()


@pytest.mark.parametrize("locale", SHIPPED)
@pytest.mark.parametrize("render", [a_hint, an_analysis, a_puzzle_refutation])
def test_the_engines_explanations_are_in_the_readers_language(locale: str, render: object) -> None:
    assert callable(render)
    w = words(locale)
    left = {text: english_left(locale, text) for text in render(w)}
    assert {text: found for text, found in left.items() if found} == {}
