"""PDN games: read (tags, move numbers, comments, variations skipped, results) and write."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from rules.errors import NotationError, RulesError, UnknownVariantError
from rules.game import Game
from rules.ruleset import Color, RuleSet
from rules.variants import VARIANTS, find_variant

MAX_PDN_LENGTH = 2_000_000
RESULTS = ("1-0", "0-1", "1/2-1/2", "2-0", "0-2", "1-1", "0-0", "*")
_TOKEN = re.compile(
    r"""
    (?P<tag>\[\s*(?P<name>[A-Za-z0-9_]+)\s+"(?P<value>(?:[^"\\]|\\.)*)"\s*\])
  | (?P<comment>\{[^}]*\})
  | (?P<line_comment>;[^\n]*)
  | (?P<open>\()
  | (?P<close>\))
  | (?P<result>1-0|0-1|1/2-1/2|2-0|0-2|1-1|0-0|\*)(?![\w-])
  | (?P<number>\d+\s*\.(?:\s*\.\s*\.)?)
  | (?P<nag>\$\d+)
  | (?P<move>[A-Za-z]?\d+(?:\s*[-x:]\s*[A-Za-z]?\d+)+)(?P<annotation>[!?]{0,2})
  | (?P<space>\s+)
  | (?P<other>.)
    """,
    re.VERBOSE,
)


class PdnError(NotationError):
    """A PDN text that cannot be read."""


@dataclass
class PdnGame:
    tags: dict[str, str] = field(default_factory=dict)
    moves: list[str] = field(default_factory=list)
    result: str = "*"

    def variant(self, default: RuleSet | None = None) -> RuleSet:
        """The rule set named by the GameType tag (or default, or Italian)."""
        gametype = self.tags.get("GameType")
        if gametype:
            return variant_for_gametype(gametype)
        return default or find_variant("italian")

    def to_game(self, rules: RuleSet | None = None) -> Game:
        """Replay the moves; raises the rules' typed errors on an illegal or unreadable move."""
        chosen = rules or self.variant()
        game = Game(chosen, self.tags.get("FEN") or None)
        for index, text in enumerate(self.moves):
            try:
                game.play(text)
            except RulesError as error:
                raise PdnError(f"move {index + 1} ({text}): {error}", text=text) from error
        return game


def variant_for_gametype(value: str) -> RuleSet:
    text = value.strip()
    number = text.split(",")[0].strip()
    if not number.isdigit():
        raise PdnError(f"GameType {value!r} is not a number", text=value)
    matches = [r for r in VARIANTS.values() if r.gametype_number == int(number)]
    if not matches:
        raise UnknownVariantError(f"GameType {number}", tuple(VARIANTS))
    exact = [r for r in matches if r.pdn_gametype == text.replace(" ", "")]
    return (exact or matches)[0]


def read_games(text: str) -> list[PdnGame]:  # noqa: C901 - the PDN grammar in one scanner
    if not isinstance(text, str):
        raise PdnError("PDN must be text")
    if len(text) > MAX_PDN_LENGTH:
        raise PdnError("the PDN file is too large")
    games: list[PdnGame] = []
    current = PdnGame()
    depth = 0
    started = False  # the current game has tags or moves
    for match in _TOKEN.finditer(text):
        kind = "move" if match.group("move") is not None else match.lastgroup
        if kind in ("space", "comment", "line_comment", "nag", "number"):
            continue
        if kind == "open":
            depth += 1
            continue
        if kind == "close":
            if depth == 0:
                raise PdnError("a ')' without its '('", text=match.group())
            depth -= 1
            continue
        if depth:
            continue  # inside a variation: skipped
        if kind == "tag":
            if current.moves:
                games.append(current)
                current = PdnGame()
            value = match.group("value").replace('\\"', '"').replace("\\\\", "\\")
            current.tags[match.group("name")] = value
            started = True
        elif kind == "move":
            current.moves.append(re.sub(r"\s+", "", match.group("move")))
            started = True
        elif kind == "result":
            current.result = match.group("result")
            games.append(current)
            current = PdnGame()
            started = False
        else:
            raise PdnError(f"unexpected {match.group()!r} in PDN", text=match.group())
    if depth:
        raise PdnError("a '(' variation is not closed")
    if started:
        games.append(current)
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
    if game.start_fen != rules.start_fen:
        merged["FEN"] = game.start_fen
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
        words.append(notation)
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


__all__ = ["RESULTS", "Color", "PdnError", "PdnGame", "read_games", "variant_for_gametype", "write_game"]
