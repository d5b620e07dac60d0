"""Replaying a PDN record: the variant it is written for, its moves (short notation too), its result.

Replaying a record is not playing a game: a draw the rules would end or let a player claim (repetition,
move limits, endgame clauses) does not refuse the record's later moves; the replay notes where it arose.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from rules.board import board_for
from rules.errors import (
    AmbiguousMoveError,
    IllegalMoveError,
    InvalidPositionError,
    NotationError,
    RulesError,
    UnknownVariantError,
)
from rules.game import Game, Termination
from rules.move import Move
from rules.notation import parse_move, parse_short
from rules.pdn_scan import Defect, PdnReason, PdnRecord
from rules.position import Position
from rules.ruleset import BoardKind, Color, Numbering, RuleSet
from rules.variants import VARIANTS, find_variant

_SQUARE_TOKEN = re.compile(r"[a-z]?\d+")
_CYRILLIC = re.compile(r"[\u0400-\u04ff]")


class VariantNeededError(RulesError):
    """No GameType tag, no variant from the caller, and the record does not settle it."""

    def __init__(self, candidates: tuple[str, ...]) -> None:
        super().__init__("the record does not say which variant it is written for")
        self.candidates = candidates


def tag(record: PdnRecord, name: str) -> str:
    """A tag's value whatever the case of its name (files write GameType, Gametype, GAMETYPE)."""
    wanted = name.lower()
    for key, value in record.tags.items():
        if key.lower() == wanted:
            return value.strip()
    return ""


def players(record: PdnRecord) -> tuple[str, str]:
    """The White and Black tags ("" when missing)."""
    return tag(record, "White"), tag(record, "Black")


def event_and_date(record: PdnRecord) -> tuple[str, str]:
    return tag(record, "Event"), tag(record, "Date")


def variant_for_gametype(value: str) -> RuleSet:
    text = value.strip()
    number = text.split(",")[0].strip()
    if not number.isdigit():
        raise UnknownVariantError(f"GameType {value}", tuple(VARIANTS))
    matches = [r for r in VARIANTS.values() if r.gametype_number == int(number)]
    if not matches:
        raise UnknownVariantError(f"GameType {number}", tuple(VARIANTS))
    exact = [r for r in matches if r.pdn_gametype == text.replace(" ", "")]
    return (exact or matches)[0]


def _fen_squares(fen: str) -> list[str]:
    squares: list[str] = []
    for part in fen.lower().split(":")[1:]:
        for item in part[1:].split(","):
            item = item.strip().rstrip(".")
            if item[:1] == "k":  # a king; no board with a PDN GameType has a k-file
                item = item[1:]
            squares.extend(_SQUARE_TOKEN.findall(item))
    return squares


def _candidates(algebraic: bool) -> tuple[str, ...]:
    return tuple(
        r.id
        for r in VARIANTS.values()
        if r.pdn_gametype and r.width == 8 and (r.numbering is Numbering.ALGEBRAIC) == algebraic
    )


def infer_variant(record: PdnRecord) -> RuleSet | None:
    """The variant a record's board and notation settle, None when there is nothing to go on.

    Numbers above 32 mean a 10x10 board: International, the PDN standard's default (GameType 20); above 50,
    Canadian. Numbers up to 32 fit every 8x8 numbered variant (English, Italian, Pool, Spanish…): the caller
    must say. Algebraic 8x8 squares fit Russian, Brazilian, Czech…; the short notation (`cd4`) and Cyrillic
    tags are the Russian school's, so those records are Russian.
    """
    squares = [s for move in record.moves for s in _SQUARE_TOKEN.findall(move.text.replace("x", " "))]
    squares += _fen_squares(tag(record, "FEN"))
    if not squares:
        return None
    if any(s[0].isalpha() for s in squares):
        files = max((ord(s[0]) - ord("a") + 1 for s in squares if s[0].isalpha()), default=0)
        ranks = max(int(s[1:]) for s in squares if s[0].isalpha())
        if files <= 8 and ranks <= 8:
            cyrillic = any(_CYRILLIC.search(value) for value in record.tags.values())
            if record.short_notation or cyrillic:
                return find_variant("russian")
            raise VariantNeededError(_candidates(True))
        raise VariantNeededError(())
    top = max(int(s) for s in squares)
    if top > 72:
        raise VariantNeededError(())
    if top > 50:
        return find_variant("canadian")
    if top > 32:
        return find_variant("international")
    # A short 10x10 game may stay within squares 1-32: the PDN default (International) is a candidate too.
    raise VariantNeededError((*_candidates(False), "international"))


def choose_variant(record: PdnRecord, caller: RuleSet | None = None) -> RuleSet | None:
    """GameType tag (or Dama's Variant tag), else the caller's variant, else what the record settles (None: no
    moves, no FEN)."""
    gametype = tag(record, "GameType")
    if gametype:
        return variant_for_gametype(gametype)
    own = tag(record, "Variant")  # written by Dama for variants without a GameType number
    if own and own.lower() in VARIANTS:
        return VARIANTS[own.lower()]
    if caller is not None:
        return caller
    return infer_variant(record)


def numbered_names(rules: RuleSet) -> list[str]:
    """An algebraic board's dark squares numbered like a PDN 8x8 board: 1 at the top left in White's view,
    row by row (Russian files write FENs and even moves this way: W:WK26:B8,9 is Kd2, g7, b6)."""
    board = board_for(rules)
    dark = sorted(board.coords, key=lambda bit: board.coords[bit])
    return [board.name(bit) for bit in dark]


def _numbered_to_algebraic(rules: RuleSet, text: str) -> str:
    names = numbered_names(rules)

    def name(match: re.Match[str]) -> str:
        number = int(match.group())
        return names[number - 1] if 1 <= number <= len(names) else match.group()

    return re.sub(r"\d+", name, text)


def _fen_for(rules: RuleSet, fen: str) -> str:
    """A numbered FEN on an algebraic board, translated (see numbered_names)."""
    if not rules.algebraic or any(square[:1].isalpha() for square in _fen_squares(fen)):
        return fen
    head, _, rest = fen.partition(":")
    return head + ":" + _numbered_to_algebraic(rules, rest)


def _parse(position: Position, text: str) -> Move:
    if position.rules.algebraic and text[:1].isdigit() and position.board.kind is BoardKind.DIAGONAL:
        return parse_move(position, _numbered_to_algebraic(position.rules, text))  # 22-17 for c3-b4
    return parse_move(position, text)


@dataclass
class Replay:
    """A record replayed as far as it goes. failure is None when every move replayed."""

    record: PdnRecord
    rules: RuleSet | None
    game: Game | None
    failure: Defect | None = None
    error: RulesError | None = None  # the rules' own error behind failure, for its sentence
    position: Position | None = None  # where the failing move was tried
    notes: list[Defect] = field(default_factory=list)
    result: str = "*"  # the record's result read with the side convention settled

    @property
    def ok(self) -> bool:
        return self.failure is None


def _fail(replay: Replay, reason: str, ply: int, line: int, text: str, error: RulesError | None) -> Replay:
    replay.failure = Defect(reason, line, ply, text)
    replay.error = error
    return replay


def _move_reason(error: RulesError) -> str:
    if isinstance(error, IllegalMoveError):
        return error.reason.value
    if isinstance(error, AmbiguousMoveError):
        return PdnReason.AMBIGUOUS_MOVE.value
    return PdnReason.BAD_SQUARE.value


def replay(record: PdnRecord, caller: RuleSet | None = None) -> Replay:
    """Replay one record; every problem is returned, none raised."""
    result = Replay(record, None, None, notes=list(record.notes), result=record.result)
    try:
        rules = choose_variant(record, caller)
    except VariantNeededError as error:
        return _by_elimination(record, result, error)
    except UnknownVariantError as error:
        return _fail(result, PdnReason.UNKNOWN_VARIANT, 0, record.line, tag(record, "GameType"), error)
    if rules is None:
        if record.defect is not None:
            result.failure = record.defect
        return result
    result.rules = rules
    fen = tag(record, "FEN") or None
    try:
        game = Game(rules, _fen_for(rules, fen) if fen else None)
        if not (game.position.white and game.position.black):  # W:W22: no game, one move and it is over
            raise InvalidPositionError("a side has no piece", reason="empty_side")
    except (InvalidPositionError, NotationError) as error:
        return _fail(result, PdnReason.BAD_FEN, 0, record.line, fen or "", error)
    result.game = game
    failed = _replay_moves(result, game)
    if failed is not None:
        return failed
    if record.defect is not None:
        result.failure = record.defect
        return result
    _settle_result(result, game)
    return result


def _replay_moves(result: Replay, game: Game) -> Replay | None:
    draw_noted = False
    for ply, move in enumerate(result.record.moves, start=1):
        position = game.position
        try:
            chosen = _parse(position, move.text)
        except RulesError as error:
            result.position = position
            return _fail(result, _move_reason(error), ply, move.line, move.written or move.text, error)
        game.push(chosen)
        if not draw_noted:
            outcome = game.outcome()
            if outcome is not None and outcome.termination is not Termination.NO_MOVES:
                draw_noted = True
                detail = (("termination", outcome.termination.value),)
                result.notes.append(Defect(PdnReason.DRAW_REACHED, move.line, ply, move.text, detail))
    return None


CLEAR_LEAD = 10  # plies: a variant that replays this much further than every other one is the record's


def _named_in_tags(record: PdnRecord, rules: RuleSet) -> bool:
    """The Event or Site tag names the variant (its name or an alias, as whole words)."""
    text = " ".join((tag(record, "Event"), tag(record, "Site"))).lower()
    names = {rules.id, rules.name.lower(), *(alias.lower() for alias in rules.aliases)}
    return any(re.search(rf"(?<!\w){re.escape(name)}(?!\w)", text) for name in names if name)


def _replayed(result: Replay) -> int:
    return result.game.ply if result.game is not None else -1


def _by_elimination(record: PdnRecord, result: Replay, error: VariantNeededError) -> Replay:
    """Several variants share the board and notation: the record settles it if only one replays it all
    (an Italian game opens with White from 21-32, which no other numbered 8x8 variant allows). A record broken
    further on is judged the same way: the variant that replays up to its defect, or clearly furthest."""
    tries = [(rules, replay(record, rules)) for rules in map(find_variant, error.candidates)]
    fits = [(rules, tried) for rules, tried in tries if tried.failure is None or tried.failure is record.defect]
    if len(fits) != 1 and not fits:
        ranked = sorted(tries, key=lambda pair: _replayed(pair[1]), reverse=True)
        if len(ranked) == 1 or (len(ranked) > 1 and _replayed(ranked[0][1]) >= _replayed(ranked[1][1]) + CLEAR_LEAD):
            fits = ranked[:1]
    if len(fits) > 1:  # the record may name its game: "MR Ceska Dama Druzstev" among Russian, Brazilian, Czech
        named = [(rules, tried) for rules, tried in fits if _named_in_tags(record, rules)]
        fits = named if len(named) == 1 else fits
    if len(fits) == 1:
        rules, found = fits[0]
        found.notes.append(Defect(PdnReason.VARIANT_INFERRED, record.line, 0, rules.id))
        return found
    names = tuple(rules.id for rules, _ in fits) if len(fits) > 1 else error.candidates
    return _fail(result, PdnReason.VARIANT_NEEDED, 0, record.line, ",".join(names), VariantNeededError(names))


def _settle_result(result: Replay, game: Game) -> None:
    """English and Pool writers disagree on which side "1-0" names: when the board decides, it settles it."""
    written = result.record.result
    outcome = game.outcome()
    if written not in ("1-0", "0-1") or outcome is None or outcome.winner is None:
        return
    if outcome.result == written:
        return
    line = result.record.moves[-1].line if result.record.moves else result.record.line
    reason = PdnReason.RESULT_DISAGREES
    if game.rules.first_player is Color.BLACK:
        reason = PdnReason.RESULT_OTHER_CONVENTION
        result.result = outcome.result
    result.notes.append(Defect(reason, line, game.ply, written, (("board", outcome.result),)))


__all__ = [
    "Replay",
    "VariantNeededError",
    "choose_variant",
    "event_and_date",
    "infer_variant",
    "parse_short",
    "players",
    "replay",
    "tag",
    "variant_for_gametype",
]
