"""Runs inside benchmarks/.pydraughts-venv only (py-draughts is GPL: never imported by the project).

Line protocol on stdin/stdout, one JSON object per line:
  {"variant": "russian", "engine": "simple"|"turbo", "time": 0.5}        -> {"ok": true}
  {"fen": "W:W21,22:B1,K2"}   (numeric squares, 1 = top-left dark square) -> {"path": [...], "captures": [...]}
  {"legal": "W:W...:B..."}                                               -> {"moves": [[path, captures], ...]}
Squares in replies are 1-based, in the same numbering.
"""

import json
import sys

import draughts

BOARDS = {
    "international": draughts.StandardBoard,
    "russian": draughts.RussianBoard,
    "brazilian": draughts.BrazilianBoard,
}


def reply(obj):
    sys.stdout.write(json.dumps(obj) + "\n")
    sys.stdout.flush()


def main():
    board_class = None
    engine = None
    for line in sys.stdin:
        request = json.loads(line)
        if "variant" in request:
            board_class = BOARDS[request["variant"]]
            kind = draughts.TurboEngine if request["engine"] == "turbo" else draughts.SimpleEngine
            if kind is draughts.SimpleEngine:
                engine = kind(depth_limit=64, time_limit=request["time"])
            else:
                engine = kind(time_limit=request["time"])
            reply({"ok": True})
        elif "legal" in request:
            board = board_class.from_fen(request["legal"])
            moves = [[[s + 1 for s in m.square_list], [s + 1 for s in m.captured_list]] for m in board.legal_moves]
            reply({"moves": moves})
        else:
            board = board_class.from_fen(request["fen"])
            move = engine.get_best_move(board)
            reply({"path": [s + 1 for s in move.square_list], "captures": [s + 1 for s in move.captured_list]})


if __name__ == "__main__":
    main()
