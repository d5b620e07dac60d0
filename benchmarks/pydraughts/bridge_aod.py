"""Runs inside benchmarks/.pydraughts-aod-venv only: pydraughts (AttackingOrDefending, GPL), never imported
by the project. One JSON request per line, {"variant": "italian", "fen": "W:W21,22:B1"}, answered with
{"moves": [[steps, captures], ...]} in pydraughts' square numbers, or {"error": "..."}.
{"pdn": "..."} asks pydraughts to read a PDN game and play its moves: {"variant", "result", "played":
[[steps, captures], ...]}.
"""

import json
import sys

from draughts import Board, Move
from draughts.PDN import PDNReader


def read_pdn(text):
    (game,) = PDNReader(pdn_text=text).games
    board = Board(variant=game.variant, fen=game.tags.get("FEN", "startpos"))
    played = []
    for pdn_move in game.moves:
        move = Move(board, pdn_move=pdn_move)
        played.append([list(move.steps_move), list(move.captures)])
        board.push(move)
    return {"variant": game.variant, "result": game.game_ending, "played": played}


def main():
    for line in sys.stdin:
        request = json.loads(line)
        try:
            if "pdn" in request:
                sys.stdout.write(json.dumps(read_pdn(request["pdn"])) + "\n")
                sys.stdout.flush()
                continue
            board = Board(variant=request["variant"], fen=request["fen"])
            answer = {"moves": [[list(m.steps_move), list(m.captures)] for m in board.legal_moves()]}
        except Exception as error:  # a position it cannot read: reported, never fatal
            answer = {"error": repr(error)}
        sys.stdout.write(json.dumps(answer) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
