"""Dama's rules library: pure Python, standard library only.

Public API: variants (find_variant, VARIANTS, RuleSet), positions and moves, legal move generation,
notation (moves, FEN, PDN), games with outcomes, and typed errors.
"""

from rules.board import Board, board_for
from rules.errors import (
    AmbiguousMoveError,
    IllegalMoveError,
    InvalidPositionError,
    NotationError,
    Reason,
    RulesError,
    SquareError,
    UnknownVariantError,
)
from rules.fen import fen_turn, format_fen, parse_fen
from rules.game import Game, Outcome, Termination
from rules.move import Move
from rules.movegen import generator_for
from rules.notation import format_move, parse_move
from rules.perft import perft
from rules.position import Piece, Position
from rules.ruleset import BoardKind, Color, RuleSet
from rules.variants import VARIANTS, find_variant

__all__ = [
    "VARIANTS",
    "AmbiguousMoveError",
    "Board",
    "BoardKind",
    "Color",
    "Game",
    "IllegalMoveError",
    "InvalidPositionError",
    "Move",
    "NotationError",
    "Outcome",
    "Piece",
    "Position",
    "Reason",
    "RuleSet",
    "RulesError",
    "SquareError",
    "Termination",
    "UnknownVariantError",
    "board_for",
    "fen_turn",
    "find_variant",
    "format_fen",
    "format_move",
    "generator_for",
    "parse_fen",
    "parse_move",
    "perft",
    "start_position",
]


def start_position(variant: str | RuleSet) -> Position:
    rules = variant if isinstance(variant, RuleSet) else find_variant(variant)
    return parse_fen(rules, rules.start_fen)
