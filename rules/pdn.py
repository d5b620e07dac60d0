"""PDN games: read (tags, move numbers, comments, variations skipped, results) and write.

Dama writes the PDN standard's result: "1-0" is a win for White, in every variant (English and Pool
included, where Black moves first). The tolerant reader is rules.pdn_scan, the replay rules.pdn_replay.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from rules.errors import NotationError
from rules.game import Game
from rules.openings import game_opening
from rules.pdn_replay import VariantNeededError, choose_variant, replay, variant_for_gametype
from rules.pdn_scan import PdnRecord, RecordMove, read_records
from rules.ruleset import Color, RuleSet

MAX_PDN_LENGTH = 2_000_000
RESULTS = ("1-0", "0-1", "1/2-1/2", "*")


class PdnError(NotationError):
    """A PDN text that cannot be read."""


@dataclass
class PdnGame:
    tags: dict[str, str] = field(default_factory=dict)
    moves: list[str] = field(default_factory=list)
    result: str = "*"

    def _record(self) -> PdnRecord:
        record = PdnRecord(1, 1, dict(self.tags), [RecordMove(m, 1) for m in self.moves], self.result)
        record.short_notation = any(m[:1].isalpha() and not m[1:2].isdigit() for m in self.moves)
        return record

    def variant(self, default: RuleSet | None = None) -> RuleSet:
        """The GameType tag's variant, else default, else what the board and notation settle.

        Raises VariantNeededError rather than guess (an English position is never read as Italian).
        """
        chosen = choose_variant(self._record(), default)
        if chosen is None:
            raise VariantNeededError(())
        return chosen

    def to_game(self, rules: RuleSet | None = None) -> Game:
        """Replay the moves as a record (a draw on the way does not stop it); raises PdnError on a bad move."""
        outcome = replay(self._record(), rules)
        if outcome.failure is not None or outcome.game is None:
            if isinstance(outcome.error, VariantNeededError):
                raise outcome.error
            failure = outcome.failure
            text = failure.text if failure else ""
            raise PdnError(f"move {failure.ply if failure else 0} ({text}): {outcome.error}", text=text)
        return outcome.game


def read_games(text: str) -> list[PdnGame]:
    """Every game of a PDN text; raises PdnError naming the first broken game (see read_records for a
    reader that reports each game and goes on)."""
    if not isinstance(text, str):
        raise PdnError("PDN must be text")
    if len(text) > MAX_PDN_LENGTH:
        raise PdnError("the PDN file is too large")
    games: list[PdnGame] = []
    for record in read_records(text):
        if record.defect is not None:
            defect = record.defect
            where = f"game {record.number}, line {defect.line}"
            raise PdnError(f"{where}: {defect.reason} {defect.text!r}", text=defect.text)
        games.append(PdnGame(dict(record.tags), [m.text for m in record.moves], record.result))
    return games


def _escape(value: str) -> str:
    return value.replace("\\", "\\\\").replace('"', '\\"')


def write_game(game: Game, tags: dict[str, str] | None = None, result: str | None = None) -> str:
    """PDN text of a game: tags (with GameType, FEN when not the start position) and numbered moves."""
    rules = game.rules
    outcome = game.outcome()
    final = result or (outcome.result if outcome else "*")
    merged: dict[str, str] = {"Event": "?", "Site": "?", "Date": "????.??.??", "White": "?", "Black": "?"}
    merged.update(tags or {})
    merged["Result"] = final
    if rules.pdn_gametype:
        merged["GameType"] = rules.pdn_gametype
    else:  # no GameType number exists for it (giveaway, Dameo…): Dama's own tag says which
        merged["Variant"] = rules.id
    if game.start_fen != rules.start_fen:
        merged["FEN"] = game.start_fen
    opening = game_opening(rules, game.start_fen, game.notations)
    if opening and "Opening" not in merged:
        merged["Opening"] = opening
    lines = [f'[{name} "{_escape(str(value))}"]' for name, value in merged.items()]
    words: list[str] = []
    number = 1
    for index, notation in enumerate(game.notations):
        mover = game.positions[index].turn
        if mover is game.rules.first_player or index == 0:
            if mover is not game.rules.first_player:
                words.append(f"{number}...")
            else:
                words.append(f"{number}.")
        # PDN writes captures with x in every variant (pydraughts and most readers know no other mark).
        move = game.moves[index]
        separator = game.rules.capture_separator if move.captures else game.rules.move_separator
        words.append(notation.replace(separator, "x" if move.captures else "-"))
        if mover is not game.rules.first_player:
            number += 1
    words.append(final)
    body: list[str] = []
    line = ""
    for word in words:
        if line and len(line) + 1 + len(word) > 79:
            body.append(line)
            line = word
        else:
            line = f"{line} {word}" if line else word
    body.append(line)
    return "\n".join(lines) + "\n\n" + "\n".join(body) + "\n"


__all__ = [
    "RESULTS",
    "Color",
    "PdnError",
    "PdnGame",
    "VariantNeededError",
    "read_games",
    "variant_for_gametype",
    "write_game",
]
