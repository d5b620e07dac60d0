"""PDN with a comment and a NAG per move (an analysed game): `1. 22-18 {[%eval 0.10]} 11-15 $2 {...}`."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rules.game import Game
from rules.pdn import write_game


@dataclass(frozen=True, slots=True)
class Note:
    nag: int | None = None  # $2 poor, $4 blunder, $6 dubious
    comment: str | None = None  # without braces; "}" is removed (PDN comments cannot contain it)
    variation: str | None = None  # a move to play instead (written as a PDN variation after the move)


def write_annotated(
    game: Game, notes: Sequence[Note], tags: dict[str, str] | None = None, result: str | None = None
) -> str:
    """The game as write_game writes it, with notes[i] after the i-th move (0-based)."""
    plain = write_game(game, tags, result)
    head, _, _ = plain.partition("\n\n")
    words: list[str] = []
    number = 1
    first = game.rules.first_player
    for index, notation in enumerate(game.notations):
        mover = game.positions[index].turn
        if mover is first:
            words.append(f"{number}.")
        elif index == 0 or (index > 0 and (notes[index - 1].comment or notes[index - 1].variation)):
            words.append(f"{number}...")  # a comment before Black's move: say again which move this is
        words.append(notation)
        note = notes[index] if index < len(notes) else Note()
        if note.nag is not None:
            words.append(f"${note.nag}")
        if note.comment:
            words.append("{" + note.comment.replace("}", ")") + "}")
        if note.variation:
            words.append(f"({number}{'.' if mover is first else '...'} {note.variation})")
        if mover is not first:
            number += 1
    outcome = game.outcome()
    words.append(result or (outcome.result if outcome else "*"))
    body: list[str] = []
    line = ""
    for word in words:
        if line and len(line) + 1 + len(word) > 79:
            body.append(line)
            line = word
        else:
            line = f"{line} {word}" if line else word
    body.append(line)
    return head + "\n\n" + "\n".join(body) + "\n"
