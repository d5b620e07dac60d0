"""PDN written by Dama, read back by Dama and by pydraughts (AttackingOrDefending, GPL), over random games.

    python -m benchmarks.pdn_crosscheck [VARIANT ...] [--games 40] [--plies 150] [--seed 1]

For every variant pydraughts knows, random games (biased towards captures and kings) are written with
rules.pdn.write_game. Dama must read each text back to the same moves and write the same text again;
pydraughts (in its own virtualenv, benchmarks/.pydraughts-aod-venv, over benchmarks/pydraughts/bridge_aod.py)
must read the same variant and result and play the same moves (start, end, captured squares). Exit status 1
on any difference, with the game's PDN.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from typing import IO, Any

from benchmarks.pydraughts_crosscheck import AOD_VARIANTS, AodPydraughts
from rules import Game, find_variant
from rules.pdn import write_game
from rules.pdn_replay import replay
from rules.pdn_scan import read_records

Key = tuple[int, int, frozenset[int]]


def random_game(variant: str, plies: int, rng: random.Random) -> Game:
    game = Game(find_variant(variant))
    for _ in range(plies):
        if game.outcome() is not None:
            break
        moves = game.position.legal_moves()
        weights = [1 + 3 * len(m.captures) + 2 * m.king_move for m in moves]
        game.push(rng.choices(moves, weights)[0])
    return game


def dama_reads_back(game: Game, text: str) -> str | None:
    (record,) = read_records(text.encode("utf-8"))
    again = replay(record)
    if again.failure is not None or again.game is None:
        return f"Dama could not read its own PDN: {again.failure}"
    if again.game.moves != game.moves:
        return "Dama read other moves back"
    if write_game(again.game, TAGS) != text:
        return "Dama wrote a different text the second time"
    return None


def ask_pdn(reference: AodPydraughts, text: str) -> dict[str, Any]:
    stdin: IO[str] = reference.process.stdin  # type: ignore[assignment]
    stdout: IO[str] = reference.process.stdout  # type: ignore[assignment]
    stdin.write(json.dumps({"pdn": text}) + "\n")
    stdin.flush()
    answer: dict[str, Any] = json.loads(stdout.readline())
    return answer


def pydraughts_reads(reference: AodPydraughts, game: Game, text: str) -> str | None:
    if game.rules.pdn_gametype is None:
        return None  # no GameType number exists for it: pydraughts' reader cannot know the variant
    answer = ask_pdn(reference, text)
    if "error" in answer:
        return f"pydraughts could not read it: {answer['error']}"
    if answer["variant"] != reference.variant:
        return f"pydraughts read the variant {answer['variant']!r}"
    written = game.outcome().result if game.outcome() is not None else "*"  # type: ignore[union-attr]
    if answer["result"] != written:
        return f"pydraughts read the result {answer['result']!r}, not {written!r}"
    sq = reference.square
    theirs = [(sq[s[0]], sq[s[-1]], frozenset(sq[c] for c in caps)) for s, caps in answer["played"]]
    ours: list[Key] = [(m.start, m.end, frozenset(m.captures)) for m in game.moves]
    if theirs != ours:
        first = next(i for i, (a, b) in enumerate(zip(theirs + [None] * len(ours), ours, strict=False)) if a != b)
        return f"pydraughts played other moves from ply {first + 1}"
    return None


TAGS = {"Event": "Cross-check", "White": "Ann", "Black": "Bo"}


def check(variant: str, games: int, plies: int, seed: int) -> int:
    rng = random.Random(seed)
    reference = AodPydraughts(find_variant(variant))
    problems = total_plies = 0
    try:
        for _ in range(games):
            game = random_game(variant, plies, rng)
            total_plies += game.ply
            text = write_game(game, TAGS)
            problem = dama_reads_back(game, text) or pydraughts_reads(reference, game, text)
            if problem:
                problems += 1
                print(f"{variant}: {problem}\n{text}")
    finally:
        reference.close()
    who = "Dama and pydraughts" if find_variant(variant).pdn_gametype else "Dama (pydraughts has no GameType for it)"
    print(f"{variant}: {games} games, {total_plies:,} plies written, read by {who}; {problems} read back differently")
    return problems


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.pdn_crosscheck")
    parser.add_argument("variants", nargs="*", help="default: every variant pydraughts knows")
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--plies", type=int, default=150)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    unknown = set(args.variants) - set(AOD_VARIANTS)
    if unknown:
        parser.error(f"pydraughts has no {', '.join(sorted(unknown))}; choose from {', '.join(AOD_VARIANTS)}")
    failed = sum(check(v, args.games, args.plies, args.seed) for v in args.variants or AOD_VARIANTS)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
