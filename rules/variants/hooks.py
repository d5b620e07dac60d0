"""Generator subclasses for the few rules that RuleSet switches cannot express.

Each subclass says how it differs from the plain Generator; everything else is inherited.
"""

from __future__ import annotations

from rules.movegen import Generator
from rules.ruleset import Color, RuleSet


class LinearMoveGenerator(Generator):
    """Dameo: besides the plain step, a man at the back of an unbroken straight line of own men may
    move the line one square along its own direction (straight or diagonally forward) when the square
    in front is empty. The result equals the rear man jumping to that square, so it is a quiet move
    from the rear man's square to the square in front of the line. Kings never move this way."""

    def quiet_pairs(self, color: Color, own: int, opp: int, kings: int) -> list[tuple[int, int]]:
        pairs = super().quiet_pairs(color, own, opp, kings)
        men = own & ~kings
        empty = self.mask & ~(own | opp)
        for frm in self.board.bits(men):
            for table in self.man_move_tables[color]:
                cur = table[frm]
                if cur < 0 or not men >> cur & 1:
                    continue  # a plain step (or none): the parent handles it
                while cur >= 0 and men >> cur & 1:
                    cur = table[cur]
                if cur >= 0 and empty >> cur & 1:
                    pairs.append((frm, cur))
        return pairs


def linear_moves(rules: RuleSet) -> Generator:
    return LinearMoveGenerator(rules)
