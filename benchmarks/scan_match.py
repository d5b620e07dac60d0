"""International matches against Scan 2.0 (Fabien Letouzey's engine, GPL) over its Hub protocol.

    python -m benchmarks.scan_match --scan /path/to/scan --pairs 20 --time 0.5
    python -m benchmarks.scan_match --scan /path/to/scan --pairs 10 --scan-depth 6   # Scan held to depth 6

Scan is an outside program: build it yourself (its source is public: `make` in its src/, then put the binary
beside its scan.ini and data/); the project never contains, imports or needs it. Each game starts a fresh Scan
process in the binary's folder, with the settings the README's figures used (no opening book, one thread,
tt-size 22), in colour-reversed pairs from the International ballots. Before each of its moves Scan is sent
the whole position (`pos`), so it knows no game history (repetitions); every move of both sides is checked by
the rules library, and an illegal one stops the match. Dama plays at `--level` (5: full strength) for the
same time per move: its search gets the move's whole time less 5 ms for its own work around it (the bot keeps
7% in hand), and the report gives both engines' wall time a move and mean completed depth. `--params`,
`--selective`, `--probcut` (with `--probcut-pieces`) and `--patterns` set Dama's search switches and learned
term as `benchmarks.match` does for its players:

    python -m benchmarks.scan_match --scan /path/to/scan --pairs 20 --params 100,4,60 --selective 2,3,0,40,1
    python -m benchmarks.scan_match --scan /path/to/scan --pairs 20 --probcut 10 --probcut-pieces 24

`--pdn FILE` writes every game there as it ends, each engine move followed by its score from White's side and
the depth it completed (`{[%eval -0.35] depth 17}`; `#n`: a win in n moves as the mover saw it), so a reader
can see where a loss began and which side saw it first. The report ends with both engines' mean depths and, for
the losses, how many moves sooner Scan's score than Dama's gave Scan half a man, and from which move on Scan's
score never fell below that (where the game was decided, as Scan saw it).
"""

from __future__ import annotations

import argparse
import multiprocessing
import statistics
import subprocess
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO

from benchmarks.match import (
    GameRecord,
    Knobs,
    ballots,
    checked_knobs,
    checked_move,
    checked_weights,
    history_keys,
    knob_label,
    play_out,
    summarize,
)
from engine.native import LARGE_TABLE_FILE_PIECES, TIME_SHARE, NativeSearcher, learned_weights, make_searcher
from engine.search import TABLE_BOUND, TABLE_WIN, WIN, WIN_BOUND, Searcher
from engine.worker import Job, play_level
from rules import Color, Game, Move, Position, find_variant
from rules.pdn_annotated import Note, write_annotated

SCAN_SETTINGS = (("book", "false"), ("threads", "1"), ("tt-size", "22"))
# Forced results: Scan's score.h counts a win as Inf (2000) less the plies to it, and scores a position its
# bitbases call won BB_Inf (1900) less the plies to that position (no distance to the end: written as a score).
# Dama's are engine.search's WIN and TABLE_WIN less the plies.
SCAN_BB_INF, SCAN_INF = 1900, 2000
# Scan's evaluations stay within Eval_Inf; a score beyond it is a result its bitbases or search proved
SCAN_EVAL_INF = 1800
# The most pieces a position in either engine's endgame tables holds: Dama's International file, and Scan's
# bb-size (4 in its scan.ini)
TABLE_PIECES = LARGE_TABLE_FILE_PIECES["international"]
# Seconds of a Dama move spent outside its search (the game's history hashed, the move checked): about 1 ms
# measured, 5 ms allowed
OWN_WORK = 0.005


@dataclass(frozen=True, slots=True)
class Thought:
    """What an engine reported for the move it played: its score for the mover (centi-men) and depth."""

    score: int
    depth: int
    decided_at: int = 0  # the score a forced result in zero plies would have (0: the score is an evaluation)


def thought_from_info(line: str) -> Thought | None:
    """Scan's progress line after each completed depth, "info DEPTH MEAN-DEPTH SCORE NODES SECONDS MNPS PV..."."""
    fields = line.split()
    if len(fields) < 4 or fields[0] != "info":
        return None
    try:
        depth, score = int(fields[1]), int(fields[3])
    except ValueError:
        return None
    return Thought(score, depth, SCAN_INF if abs(score) > SCAN_BB_INF else 0)


def eval_comment(thought: Thought, white_to_move: bool) -> str:
    """The PDN comment for a move: `[%eval 0.35] depth 17`, from White's side; `#n` for a forced result."""
    white = thought.score if white_to_move else -thought.score
    if thought.decided_at:
        plies = thought.decided_at - abs(thought.score)
        moves = max(1, (plies + 1) // 2)
        text = f"#{moves if white > 0 else -moves}"
    else:
        text = f"{white / 100:.2f}"
    return f"[%eval {text}] depth {thought.depth}"


def hub_position(position: Position) -> str:
    """'w' or 'b', then squares 1..50: w b (men), W B (kings), e (empty)."""
    board = position.board
    out = ["w" if position.turn is Color.WHITE else "b"]
    for bit in board.squares:
        mask = 1 << bit
        king = bool(position.kings & mask)
        if position.white & mask:
            out.append("W" if king else "w")
        elif position.black & mask:
            out.append("B" if king else "b")
        else:
            out.append("e")
    return "".join(out)


def hub_move(position: Position, move: Move) -> str:
    """Scan's spelling: from-to, or fromxto then x and every captured square."""
    number = position.board.order
    start, end = number[move.start] + 1, number[move.end] + 1
    if not move.captures:
        return f"{start}-{end}"
    return f"{start}x{end}" + "".join(f"x{number[sq] + 1}" for sq in move.captures)


def move_from_hub(position: Position, text: str) -> Move:
    """The legal move Scan means (start, end and captured squares); RuntimeError when there is none."""
    parts = text.replace("-", "x").split("x")
    numbers = [int(p) for p in parts]
    squares = position.board.squares
    start, end = squares[numbers[0] - 1], squares[numbers[1] - 1]
    captured = {squares[n - 1] for n in numbers[2:]}
    for move in position.legal_moves():
        if move.start == start and move.end == end and (not captured or set(move.captures) == captured):
            if not move.captures and captured:
                continue
            return move
    raise RuntimeError(f"Scan played {text}, which is not legal in {hub_position(position)}")


class Scan:
    """One Scan process speaking Hub; closed after the game."""

    def __init__(self, binary: Path, depth: int | None) -> None:
        self.process = subprocess.Popen(
            [str(binary), "hub"], cwd=binary.parent, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
        )
        self.depth = depth
        self.thoughts: dict[int, Thought] = {}  # by ply of the game
        self.seconds: list[float] = []  # wall time of each searched move, from "go" to its answer
        self._last: Thought | None = None  # the latest "info" line of the search under way
        self.send("hub")
        self.expect("wait")
        for name, value in SCAN_SETTINGS:
            self.send(f"set {name} {value}")
        self.send("init")
        self.expect("ready")

    def send(self, line: str) -> None:
        stdin: IO[str] = self.process.stdin  # type: ignore[assignment]
        stdin.write(line + "\n")
        stdin.flush()

    def expect(self, word: str) -> str:
        stdout: IO[str] = self.process.stdout  # type: ignore[assignment]
        while True:
            line = stdout.readline()
            if not line:
                raise RuntimeError(f"Scan exited while Dama waited for '{word}'")
            if line.split(maxsplit=1)[:1] == [word]:
                return line.strip()
            self._last = thought_from_info(line) or self._last

    def play(self, game: Game, seconds: float) -> Move:
        position = game.position
        self.send(f"pos {hub_position(position)}")
        self.send(f"depth {self.depth}" if self.depth is not None else f"time {round(seconds * 1000)}")
        self.send("go")
        self._last = None
        started = time.monotonic()
        answer = self.expect("move").split()
        if self._last is not None:
            self.thoughts[game.ply] = self._last
            if self._last.depth:
                self.seconds.append(time.monotonic() - started)
        return move_from_hub(position, answer[1])

    def close(self) -> None:
        try:
            self.send("quit")
            self.process.wait(timeout=5)
        except (OSError, subprocess.TimeoutExpired):
            self.process.kill()


@dataclass
class DamaPlayer:
    """Dama at a level, recording the depth each search completed."""

    level: int
    seed: int
    depths: list[int]
    knobs: Knobs | None = None  # search switches and learned term (None: the variant's own)
    seconds: list[float] = field(default_factory=list)  # wall time of each move with a choice, all work included
    weights: dict[str, int] = field(default_factory=dict)  # hand-set weight overrides (benchmarks.match's --a-weights)

    def __post_init__(self) -> None:
        self.searcher: Searcher | object | None = None
        self.counter = self.seed
        self.thoughts: dict[int, Thought] = {}  # by ply of the game

    def __call__(self, game: Game, seconds: float) -> Move:
        started = time.monotonic()
        position = game.position
        if self.searcher is None:
            # the hand-set weights that go with the learned term Dama adds, then --weights' changes
            tables = (self.knobs or Knobs()).pattern_tables(position.rules)
            self.searcher = make_searcher(position.rules, weights=learned_weights(position.rules, tables, self.weights))
            if self.knobs is not None and isinstance(self.searcher, NativeSearcher):
                self.knobs.apply(self.searcher.core)
        searcher = self.searcher
        history = history_keys(searcher, game)  # type: ignore[arg-type]
        self.counter += 1
        # The bot keeps a share of its budget for its process's work (TIME_SHARE); here the search gets the
        # move's whole time less the few milliseconds this method spends around it, as Scan does.
        budget = max(0.0, seconds - OWN_WORK) / TIME_SHARE
        job = Job(position.rules.id, position.white, position.black, position.kings, int(position.turn),
                  budget, None, (), 0, self.level, self.counter, position.king_streaks)
        result = play_level(searcher, job, history, lambda: False)  # type: ignore[arg-type]
        self.depths.append(result.depth)
        size = abs(result.score)
        decided_at = WIN if size > WIN_BOUND else TABLE_WIN if size > TABLE_BOUND else 0
        self.thoughts[game.ply] = Thought(result.score, result.depth, decided_at)
        move = checked_move(position, result.move, "Dama")
        if len(game.legal_moves()) > 1:
            self.seconds.append(time.monotonic() - started)
        return move


@dataclass
class PairResult:
    records: list[GameRecord]
    dama_depths: list[int]
    scan_depths: list[int]  # searched moves only (Scan plays a forced move at once, reporting depth 0)
    lags: list[float]  # in each loss both engines saw coming: how many moves before Dama that Scan saw it
    pdn: list[str]  # each game's PDN text (empty unless asked for)
    dama_seconds: list[float] = field(default_factory=list)  # wall time of each move with a choice
    scan_seconds: list[float] = field(default_factory=list)  # of each move Scan searched (it plays forced ones at once)
    decided: list[int] = field(default_factory=list)  # in each loss: the ply from which Scan kept half a man
    # the depths each engine completed in the ten moves before that ply (forced moves left out)
    dama_depths_before: list[int] = field(default_factory=list)
    scan_depths_before: list[int] = field(default_factory=list)
    # searched moves whose score was an evaluation, not a proven result: once a result is proven, Dama stops
    # searching and reports the depth that proved it, Scan searches on to its last depth (79)
    dama_open_depths: list[int] = field(default_factory=list)
    scan_open_depths: list[int] = field(default_factory=list)
    # searched moves with more pieces on the board than either engine's tables hold: with the position itself in
    # its tables an engine iterates to its ceiling at once (Dama to 112 plies), which says nothing of its search
    dama_untabled_depths: list[int] = field(default_factory=list)
    scan_untabled_depths: list[int] = field(default_factory=list)

    def add(self, other: PairResult) -> None:
        self.records.extend(other.records)
        self.dama_depths.extend(other.dama_depths)
        self.scan_depths.extend(other.scan_depths)
        self.lags.extend(other.lags)
        self.dama_seconds.extend(other.dama_seconds)
        self.scan_seconds.extend(other.scan_seconds)
        self.decided.extend(other.decided)
        self.dama_depths_before.extend(other.dama_depths_before)
        self.scan_depths_before.extend(other.scan_depths_before)
        self.dama_open_depths.extend(other.dama_open_depths)
        self.scan_open_depths.extend(other.scan_open_depths)
        self.dama_untabled_depths.extend(other.dama_untabled_depths)
        self.scan_untabled_depths.extend(other.scan_untabled_depths)


# A lead of half a man: where a loss shows in an engine's score
WARNING = 50


def warning_lag(dama: dict[int, Thought], scan: dict[int, Thought]) -> float | None:
    """Moves between the first Scan score and the first Dama score that gave Scan half a man or more."""
    scan_first = min((ply for ply, t in scan.items() if t.score >= WARNING), default=None)
    dama_first = min((ply for ply, t in dama.items() if t.score <= -WARNING), default=None)
    if scan_first is None or dama_first is None:
        return None
    return (dama_first - scan_first) / 2


def decided_from(scan: dict[int, Thought]) -> int | None:
    """The ply from which every score Scan searched gave it half a man or more, to the game's end."""
    searched = sorted((ply, t.score) for ply, t in scan.items() if t.depth)  # forced moves report depth 0, score 0
    start = None
    for ply, score in searched:
        if score < WARNING:
            start = None
        elif start is None:
            start = ply
    return start


# Ten moves of both sides: the stretch before a decided loss whose depths the report gives
BEFORE_DECIDED = 20


def depths_at(thoughts: dict[int, Thought], plies: range) -> list[int]:
    """The depths an engine completed at these plies, its forced moves (depth 0) left out."""
    return [t.depth for ply, t in thoughts.items() if ply in plies and t.depth]


def open_depths(thoughts: dict[int, Thought], proven_beyond: int) -> list[int]:
    """The depths an engine completed where its score was an evaluation (within proven_beyond), forced moves
    (depth 0) left out."""
    return [t.depth for t in thoughts.values() if t.depth and abs(t.score) <= proven_beyond]


def untabled_depths(thoughts: dict[int, Thought], game: Game) -> list[int]:
    """The depths of searched moves made with more than TABLE_PIECES pieces on the board."""
    pieces = [(p.white | p.black).bit_count() for p in game.positions]
    return [t.depth for ply, t in thoughts.items() if t.depth and pieces[ply] > TABLE_PIECES]


def game_pdn(game: Game, thoughts: dict[int, Thought], tags: dict[str, str], result: str) -> str:
    """The game with each engine move's score and depth as a comment (the ballot's moves have none)."""
    notes = [Note(comment=eval_comment(thoughts[ply], game.positions[ply].turn is Color.WHITE))
             if ply in thoughts else Note() for ply in range(len(game.moves))]
    return write_annotated(game, notes, tags, result)


def _pair(
    args: tuple[str, list[str], int, float, int, int | None, Knobs | None, bool, dict[str, int]],
) -> PairResult:
    binary, opening, level, seconds, seed, scan_depth, knobs, want_pdn, weights = args
    rules = find_variant("international")
    out = PairResult([], [], [], [], [])
    scan_label = f"Scan 2.0 (depth {scan_depth})" if scan_depth else "Scan 2.0"
    for dama_white in (True, False):
        scan = Scan(Path(binary), scan_depth)
        dama = DamaPlayer(level, seed * 2 + (1 if dama_white else 2), out.dama_depths, knobs, weights=weights)
        game = Game(rules)
        for text in opening:
            game.play(text)
        try:
            white, black = (dama, scan.play) if dama_white else (scan.play, dama)
            score, plies, how = play_out(game, white, black, seconds)
        finally:
            scan.close()
        out.records.append(GameRecord(tuple(opening), dama_white, score if dama_white else 1 - score, plies, how))
        out.scan_depths.extend(t.depth for t in scan.thoughts.values() if t.depth)
        out.dama_open_depths.extend(open_depths(dama.thoughts, TABLE_BOUND))
        out.scan_open_depths.extend(open_depths(scan.thoughts, SCAN_EVAL_INF))
        out.dama_untabled_depths.extend(untabled_depths(dama.thoughts, game))
        out.scan_untabled_depths.extend(untabled_depths(scan.thoughts, game))
        out.dama_seconds.extend(dama.seconds)
        out.scan_seconds.extend(scan.seconds)
        if (score if dama_white else 1 - score) == 0.0:
            lag = warning_lag(dama.thoughts, scan.thoughts)
            if lag is not None:
                out.lags.append(lag)
            decided = decided_from(scan.thoughts)
            if decided is not None:
                out.decided.append(decided)
                before = range(decided - BEFORE_DECIDED, decided)
                out.dama_depths_before.extend(depths_at(dama.thoughts, before))
                out.scan_depths_before.extend(depths_at(scan.thoughts, before))
        if want_pdn:
            names = (f"Dama level {level}", scan_label) if dama_white else (scan_label, f"Dama level {level}")
            tags = {"Event": f"Dama vs Scan 2.0, {seconds:g} s a move", "Round": f"{seed + 1}",
                    "White": names[0], "Black": names[1], "Termination": how}
            result = {1.0: "1-0", 0.0: "0-1"}.get(score, "1/2-1/2")
            out.pdn.append(game_pdn(game, {**dama.thoughts, **scan.thoughts}, tags, result))
    return out


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.scan_match")
    parser.add_argument("--scan", required=True, help="the Scan binary (its scan.ini and data/ beside it)")
    parser.add_argument("--pairs", type=int, default=10, help="colour-reversed pairs of games")
    parser.add_argument("--time", type=float, default=0.5, help="seconds per move, each side")
    parser.add_argument("--level", type=int, default=5, help="Dama's level (5: full strength)")
    parser.add_argument("--scan-depth", type=int, default=None, help="hold Scan to this depth instead of the time")
    parser.add_argument("--workers", type=int, default=1, help="games played side by side")
    parser.add_argument("--params", default="", help="Dama's set_params (lmr divisor x100, prune depth, margin), "
                        "or legacy")
    parser.add_argument("--selective", default="", help="Dama's set_selective (lmr from, lmp, hang, probcut depth "
                        "%%, malus[, countermove, quiet quiescence, king reduction cap, flat reductions]), or legacy")
    parser.add_argument("--probcut", type=int, default=None, help="Dama's ProbCut margin per ply (0: off)")
    parser.add_argument("--probcut-pieces", type=int, default=None,
                        help="with --probcut: ProbCut only where at most this many pieces stand (0: anywhere)")
    parser.add_argument("--patterns", default="on", help="Dama's learned pattern term: on (the shipped file), off "
                        "(hand-set only) or a pattern file's path")
    parser.add_argument("--weights", default="", help="Dama's hand-set weight overrides, e.g. king=330,edge=-10 "
                        "(as benchmarks.train --joint and benchmarks.tune print them)")
    parser.add_argument("--pdn", type=Path, default=None, help="write the games here, with each engine's score and "
                        "depth after its moves")
    args = parser.parse_args(argv)
    binary = Path(args.scan).resolve()
    if not binary.is_file():
        parser.error(f"no Scan binary at {binary}: build it (make in its src/) and name the binary with --scan")
    knobs = checked_knobs(parser, args.probcut, args.params, args.selective, args.patterns,
                          probcut_pieces=args.probcut_pieces)
    weights = checked_weights(parser, "international", args.weights, "--weights")
    if args.pdn is not None:
        try:
            args.pdn.write_text("", encoding="utf-8")
        except OSError as error:
            parser.error(f"cannot write the games to {args.pdn}: {error.strerror or error}")
    openings = ballots(find_variant("international"))
    jobs = [(str(binary), openings[i % len(openings)], args.level, args.time, i, args.scan_depth, knobs,
             args.pdn is not None, weights) for i in range(args.pairs)]
    total = PairResult([], [], [], [], [])
    with multiprocessing.get_context("spawn").Pool(args.workers) as pool:
        for pair in pool.imap_unordered(_pair, jobs):
            total.add(pair)
            if args.pdn is not None:
                with args.pdn.open("a", encoding="utf-8") as out:
                    out.write("".join(text + "\n" for text in pair.pdn))
            print(summarize(f"  after {len(total.records)} games", total.records), flush=True)
    scan_label = f"Scan 2.0 at depth {args.scan_depth}" if args.scan_depth else "Scan 2.0"
    tuned = f" weights {args.weights}" if weights else ""
    label = f"international: Dama level {args.level}{knob_label(knobs)}{tuned} vs {scan_label} at {args.time}s/move"
    print(summarize(label, total.records))
    print(report(total))


def report(total: PairResult) -> str:
    """Both engines' mean depths and wall time a move, how much sooner Scan saw the losses coming, and when."""
    lines = []
    for name, depths in (("Dama", total.dama_depths), ("Scan", total.scan_depths)):
        if depths:
            lines.append(f"{name}'s mean completed depth: {sum(depths) / len(depths):.1f} over {len(depths)} moves")
    open_pairs = (("Dama", total.dama_open_depths), ("Scan", total.scan_open_depths))
    if all(depths for _, depths in open_pairs):
        lines.append("Where the score was an evaluation, not a proven result, mean completed depth: " + ", ".join(
            f"{name} {statistics.fmean(depths):.1f} over {len(depths)} moves" for name, depths in open_pairs))
    untabled = (("Dama", total.dama_untabled_depths), ("Scan", total.scan_untabled_depths))
    if all(depths for _, depths in untabled):
        lines.append(f"With more than {TABLE_PIECES} pieces on the board (no table holds the position), mean completed "
                     "depth: " + ", ".join(f"{name} {statistics.fmean(depths):.1f} over {len(depths)} moves"
                                          for name, depths in untabled))
    for name, spent in (("Dama", total.dama_seconds), ("Scan", total.scan_seconds)):
        if spent:
            lines.append(f"{name}'s wall time a move: median {statistics.median(spent):.3f} s, mean "
                         f"{statistics.fmean(spent):.3f} s, longest {max(spent):.3f} s over {len(spent)} moves")
    lags = sorted(total.lags)
    if lags:
        lines.append(f"In {len(lags)} losses Scan's score gave it half a man a median {lags[len(lags) // 2]:g} "
                     f"moves before Dama's did (from {lags[0]:g} to {lags[-1]:g})")
    moves = sorted(ply // 2 + 1 for ply in total.decided)  # a game's ply 0 is White's first move
    if moves:
        lines.append(f"In {len(moves)} losses Scan's score kept half a man or more from a median move "
                     f"{statistics.median(moves):g} on (from move {moves[0]} to {moves[-1]})")
    stretch = (("Dama", total.dama_depths_before), ("Scan", total.scan_depths_before))
    before = [(name, depths) for name, depths in stretch if depths]
    if before:
        lines.append("Over the ten moves before it, mean completed depth: " + ", ".join(
            f"{name} {statistics.fmean(depths):.1f}" for name, depths in before))
    return "\n".join(lines)


if __name__ == "__main__":
    main()
