"""Runs inside benchmarks/.pydraughts-aod-venv only: pydraughts (AttackingOrDefending, GPL), never imported
by the project. One JSON request per line, {"variant": "italian", "fen": "W:W21,22:B1"}, answered with
{"moves": [[steps, captures], ...]} in pydraughts' square numbers, or {"error": "..."}.
"""

import json
import sys

from draughts import Board


def main():
    for line in sys.stdin:
        request = json.loads(line)
        try:
            board = Board(variant=request["variant"], fen=request["fen"])
            answer = {"moves": [[list(m.steps_move), list(m.captures)] for m in board.legal_moves()]}
        except Exception as error:  # a position it cannot read: reported, never fatal
            answer = {"error": repr(error)}
        sys.stdout.write(json.dumps(answer) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
