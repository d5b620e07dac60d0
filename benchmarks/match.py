"""Engine matches: colour-reversed game pairs from ballot openings, with score and Elo difference.

    python -m benchmarks.match italian --a 5 --b 1 --pairs 12 --time 0.1
    python -m benchmarks.match italian --a 5 --b 5 --a-weights king=180,centre=6 --pairs 50   # tuned vs current
    python -m benchmarks.match russian --a 5 --b 5 --b-probcut 0 --pairs 30   # ProbCut against none
    python -m benchmarks.match international --a 5 --b 5 --a-probcut 10 --pairs 30
        # ProbCut everywhere against the variant's own search (ProbCut at 24 pieces or fewer)
    python -m benchmarks.match international --a 5 --b 5 --b-params legacy --b-selective legacy --b-probcut 0 \
        --pairs 30
        # the search as chosen in issue 30 against the one before it
    python -m benchmarks.match italian --a 5 --b 5 --b-patterns off --pairs 50   # learned evaluation or not
    python -m benchmarks.match international --a 5 --b 5 --a-selective 2,0,0,40,1,0,0,3 --starts games.pdn \
        --start-ply 60   # endgame switches, from the positions after 60 plies of recorded games

Players here are our own levels (engine.levels), each with its own searcher, evaluating with the variant's
weights or with --a-weights/--b-weights (name=value overrides, as benchmarks.tune prints them);
benchmarks/pydraughts_match.py reuses the game loop against an outside engine. Games end by the rules (no
moves, repetition, move limit) or, past MAX_PLIES, by adjudication: a lead of two men or more wins, anything
less is a draw. `--starts` replaces the ballots by the first `--start-ply` plies of each game in a PDN file
that reaches that ply still on and with the material level (a switch that acts in endgames only is measured
where it acts). While a king stands and the variant has endgame draw clauses, a game past MAX_PLIES plays on
(PLAY_ON plies more at most) for the rules to end it: two kings against one is a lead of three and a draw.
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import random
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from benchmarks import reference
from engine.api import repeatable_tail, to_moves
from engine.evaluate import weights_for
from engine.native import LEGACY_PARAMS, LEGACY_SELECTIVE, NativeSearcher, learned_weights, make_searcher
from engine.native import core as native_core
from engine.native import covered as native_covers
from engine.patterns import PatternFileError, PatternTables
from engine.patterns import install as install_patterns
from engine.patterns import read as read_patterns
from engine.patterns import tables_for as pattern_tables_for
from engine.patterns import unusable as unusable_patterns
from engine.search import SearchCore
from engine.worker import Job, play_level
from rules import Color, Game, Move, Position, RuleSet, find_variant, format_move, start_position
from rules.errors import RulesError
from rules.movegen import FastMove
from rules.pdn_replay import replay, tag
from rules.pdn_scan import decode as decode_pdn
from rules.pdn_scan import read_records

BALLOTS = Path(__file__).resolve().parent.parent / "engine" / "ballots"
MAX_PLIES = 200
PLAY_ON = 100
FROZEN = 0  # as level B: the engine before the compiled core, built from a pinned revision (benchmarks/reference.py)

# A player: (game, seconds per move) -> move.
Player = Callable[[Game, float], Move]


def ballots(rules: RuleSet) -> list[list[str]]:
    """Opening lines from engine/ballots/<id>.txt, or every two-ply opening when there is no file."""
    path = BALLOTS / f"{rules.id}.txt"
    if path.exists():
        lines = [line.split() for line in path.read_text().splitlines() if line.strip()]
        return [line for line in lines if not line[0].startswith("#")]

    out = []
    start = start_position(rules)
    for first in start.legal_moves():
        after = start.apply(first)
        for second in after.legal_moves():
            out.append([format_move(start, first), format_move(after, second)])
    random.Random(1).shuffle(out)
    return out


def starts_from(rules: RuleSet, text: str, ply: int) -> tuple[list[list[str]], int]:
    """The first `ply` moves of each game of a PDN text that reaches that ply from the start position, still on
    and with the material level, as opening lines; and how many games gave none."""
    lines: list[list[str]] = []
    records = list(read_records(text))
    for record in records:
        if tag(record, "FEN"):
            continue
        replayed = replay(record, rules)  # the rules library's notation handling (short, algebraic, numbered)
        recorded = replayed.game
        if replayed.rules is None or replayed.rules.id != rules.id or recorded is None or len(recorded.moves) < ply:
            continue
        moves = [format_move(recorded.positions[i], recorded.moves[i]) for i in range(ply)]
        game = Game(rules)
        try:
            for move in moves:
                game.play(move)
        except RulesError:
            continue
        if game.outcome() is None and material(game.position) == 0:
            lines.append(moves)
    return lines, len(records) - len(lines)


def checked_starts(parser: argparse.ArgumentParser, variant: str, path: Path, ply: int) -> list[list[str]]:
    """starts_from for a command line: an unreadable file or no usable game stops with a usage error in words."""
    if ply < 1:
        parser.error("--start-ply is a number of plies, 1 or more")
    try:
        rules = find_variant(variant)
        text = decode_pdn(path.read_bytes())
    except (OSError, RulesError) as exc:
        parser.error(f"cannot read the starts from {path}: {exc.strerror if isinstance(exc, OSError) else exc}")
    lines, skipped = starts_from(rules, text, ply)
    if not lines:
        parser.error(f"no game in {path} reaches ply {ply} still on with the material level")
    print(f"{len(lines)} starts from {path} after {ply} plies ({skipped} games left out)", flush=True)
    return lines


def parse_weights(text: str) -> dict[str, int]:
    """"king=180,centre=6" -> {"king": 180, "centre": 6} ("" -> {})."""
    out = {}
    for item in filter(None, (part.strip() for part in text.split(","))):
        name, _, value = item.partition("=")
        try:
            out[name.strip()] = int(value)
        except ValueError:
            raise ValueError(f"{item} is not name=whole number (as in king=330)") from None
    return out


def checked_weights(parser: argparse.ArgumentParser, variant: str, text: str, flag: str) -> dict[str, int]:
    """--a-weights and the like read, or the command refused in words."""
    try:
        weights = parse_weights(text)
        weights_for(find_variant(variant), weights)
    except (ValueError, KeyError) as error:
        parser.error(f"{flag} {text}: {error}")
    return weights


@dataclass(frozen=True, slots=True)
class Knobs:
    """Search switches of the compiled core for one player (None: the variant's own)."""

    probcut: int | None = None
    params: tuple[int, ...] | None = None  # set_params: lmr divisor x100, prune depth, margin
    selective: tuple[int, ...] | None = None  # set_selective: lmr from, lmp, hang, probcut depth %
    patterns: str = "on"  # off: the hand-set evaluation alone; a path: that pattern file instead of the shipped one
    table_files: bool = True  # False: the built-in endgame tables only, even where a table file was built
    probcut_pieces: int = 0  # with probcut: ProbCut only where at most this many pieces stand (0: anywhere)

    def pattern_tables(self, rules: RuleSet) -> PatternTables | None:
        """The learned term this player adds (None: the hand-set evaluation alone)."""
        if self.patterns == "off":
            return None
        return pattern_tables_for(rules) if self.patterns == "on" else read_patterns(Path(self.patterns))

    def apply(self, core: object) -> None:
        if self.patterns == "off":
            install_patterns(core, None)
        elif self.patterns != "on":
            install_patterns(core, read_patterns(Path(self.patterns)))
        if self.params is not None:
            core.set_params(*self.params)  # type: ignore[attr-defined]
        if self.selective is not None:
            core.set_selective(*self.selective)  # type: ignore[attr-defined]
        if self.probcut is not None:
            core.set_probcut(self.probcut, self.probcut_pieces)  # type: ignore[attr-defined]


def parse_knobs(
    probcut: int | None, params: str, selective: str, patterns: str = "on", table_files: str = "on",
    probcut_pieces: int = 0,
) -> Knobs:
    """'legacy' for params/selective restores the search as it was before issue 30 (LEGACY_* in engine.native)."""
    def ints(text: str, legacy: tuple[int, ...]) -> tuple[int, ...] | None:
        if not text:
            return None
        return legacy if text == "legacy" else tuple(int(x) for x in text.split(","))

    on_file = table_files != "off"
    return Knobs(probcut, ints(params, LEGACY_PARAMS), ints(selective, LEGACY_SELECTIVE), patterns, on_file,
                 probcut_pieces)


SWITCH_COUNTS = "params take 3 whole numbers and selective 4 to 9"


def checked_knobs(
    parser: argparse.ArgumentParser, probcut: int | None, params: str, selective: str, patterns: str = "on",
    table_files: str = "on", probcut_pieces: int | None = None,
) -> Knobs:
    """parse_knobs for a command line: a bad value stops with a usage error in words, not a traceback."""
    if probcut_pieces is not None and (probcut is None or probcut_pieces < 0):
        parser.error("a ProbCut piece limit goes with a ProbCut margin, and is 0 (anywhere) or more")
    try:
        knobs = parse_knobs(probcut, params, selective, patterns, table_files, probcut_pieces or 0)
    except ValueError:
        parser.error("params and selective switches take whole numbers separated by commas, or legacy")
    if native_core is not None:
        try:  # the core knows the switches' ranges: ask it before any game starts
            Knobs(knobs.probcut, knobs.params, knobs.selective, probcut_pieces=knobs.probcut_pieces).apply(
                NativeSearcher(find_variant("international"), tt_bits=10, endgame=False).core)
        except TypeError:
            parser.error(SWITCH_COUNTS)
        except ValueError as exc:  # the core's own sentence: which switches are out of range
            parser.error(str(exc))
    if knobs.patterns not in ("on", "off"):
        if not Path(knobs.patterns).is_file():
            parser.error(f"no pattern file at {knobs.patterns}")
        try:
            tables = read_patterns(Path(knobs.patterns))
        except (OSError, PatternFileError) as exc:
            parser.error(str(exc))
        reason = unusable_patterns(tables)
        if reason:
            parser.error(f"{knobs.patterns} {reason}")
    return knobs


def level_player(
    level: int, seed: int = 0, weights: dict[str, int] | None = None, probcut: int | None = None,
    knobs: Knobs | None = None,
) -> Player:
    """A level with a searcher of its own (two players never share a transposition table)."""
    counter = [seed]
    searchers: dict[str, SearchCore] = {}

    def play(game: Game, seconds: float) -> Move:
        position = game.position
        legal = position.legal_moves()
        if len(legal) == 1:  # as engine.api.choose: a forced move needs no search when no score is wanted
            return legal[0]
        searcher = searchers.get(position.rules.id)
        if searcher is None:
            rules = position.rules
            # the hand-set weights that go with the learned term this player adds, then its own changes
            tables = (knobs or Knobs()).pattern_tables(rules) if native_covers(rules) else None
            chosen = learned_weights(rules, tables, weights)
            if knobs is not None and not knobs.table_files and native_covers(rules):
                searcher = NativeSearcher(rules, 20, weights=chosen, table_files=False)
                searchers[rules.id] = searcher
            else:
                searcher = searchers[rules.id] = make_searcher(rules, weights=chosen)
            if isinstance(searcher, NativeSearcher):
                (knobs or Knobs(probcut)).apply(searcher.core)
        history = history_keys(searcher, game)
        counter[0] += 1
        job = Job(position.rules.id, position.white, position.black, position.kings, int(position.turn),
                  seconds, None, (), 0, level, counter[0], position.king_streaks)
        result = play_level(searcher, job, history, lambda: False)
        return checked_move(position, result.move, type(searcher).__name__)

    return play


def checked_move(position: Position, fast: FastMove | None, who: str) -> Move:
    """The rules.Move for a searcher's answer; an illegal answer stops the match (it is a bug)."""
    moves = to_moves(position, [fast] if fast else [])
    if not moves:
        raise RuntimeError(f"{who} returned an illegal move {fast} in {position.rules.id} position {position.key}")
    return moves[0]


_frozen: dict[str, Any] = {}


def frozen_player() -> Player:
    """The engine before issue 16 (benchmarks/reference.py: built from a pinned revision), at full strength for the
    time given."""

    def play(game: Game, seconds: float) -> Move:
        position = game.position
        searcher = _frozen.get(position.rules.id)
        if searcher is None:
            searcher = _frozen[position.rules.id] = reference.searcher_class()(position.rules)
        history = [searcher.hash_of(p.white, p.black, p.kings, int(p.turn)) for p in repeatable_history(game)]
        result = searcher.search(position.white, position.black, position.kings, int(position.turn),
                                 seconds=seconds, history=history)
        return checked_move(position, result.move, "the engine before the compiled core")

    return play


def repeatable_history(game: Game) -> list[Position]:
    """The game's earlier positions that can repeat (engine.api.repeatable_tail), the history a search is given."""
    return repeatable_tail(game.position, game.positions[:-1])


def history_keys(searcher: SearchCore, game: Game) -> list[int]:
    """The keys of repeatable_history(game) as searcher hashes them."""
    return [searcher.hash_of(p.white, p.black, p.kings, int(p.turn), p.king_streaks) for p in repeatable_history(game)]


def material(position: Position, king: int = 3) -> int:
    """White's material lead in men (kings count `king`)."""
    wk = (position.white & position.kings).bit_count()
    bk = (position.black & position.kings).bit_count()
    return (position.white.bit_count() - wk + king * wk) - (position.black.bit_count() - bk + king * bk)


def rules_can_end(game: Game) -> bool:
    """Whether the variant's endgame clauses will end this game soon: a king stands and the rules count
    king moves or material (adjudicating by the material count there gets lone-king draws wrong)."""
    rules = game.rules
    has_clauses = rules.draw_rule is not None or rules.draw_reversible_plies is not None
    return has_clauses and game.position.kings != 0


@dataclass(frozen=True, slots=True)
class GameRecord:
    opening: tuple[str, ...]
    a_is_white: bool
    result: float  # for player A: 1, 0.5, 0
    plies: int
    how: str


def play_game(
    rules: RuleSet, opening: list[str], white: Player, black: Player, seconds: float
) -> tuple[float, int, str]:
    """White's score (1, 0.5, 0), plies played, and how it ended."""
    game = Game(rules)
    for text in opening:
        game.play(text)
    return play_out(game, white, black, seconds)


def play_out(
    game: Game, white: Player, black: Player, seconds: float, max_plies: int = MAX_PLIES
) -> tuple[float, int, str]:
    """play_game from the game as it stands (its positions are the game's record afterwards)."""
    rules = game.rules
    while True:
        outcome = game.outcome()
        if outcome is not None:
            if outcome.winner is None:
                return 0.5, game.ply, outcome.termination.value
            return (1.0 if outcome.winner is Color.WHITE else 0.0), game.ply, outcome.termination.value
        if game.ply >= max_plies and not (game.ply < max_plies + PLAY_ON and rules_can_end(game)):
            lead = material(game.position)
            if rules.giveaway:
                lead = -lead
            if lead >= 2:
                return 1.0, game.ply, "adjudicated"
            if lead <= -2:
                return 0.0, game.ply, "adjudicated"
            return 0.5, game.ply, "adjudicated"
        mover = white if game.turn is Color.WHITE else black
        game.push(mover(game, seconds))


def elo(score: float, n: int, results: list[float]) -> tuple[float, float]:
    """Elo difference for a score fraction, with a 95% margin from the per-game spread."""
    def to_elo(s: float) -> float:
        s = min(max(s, 1e-3), 1 - 1e-3)
        return -400 * math.log10(1 / s - 1)

    mean = score
    var = sum((r - mean) ** 2 for r in results) / max(1, n - 1)
    se = math.sqrt(var / max(1, n))
    return to_elo(mean), (to_elo(min(mean + 1.96 * se, 1)) - to_elo(max(mean - 1.96 * se, 0))) / 2


def summarize(label: str, records: list[GameRecord]) -> str:
    results = [r.result for r in records]
    n = len(results)
    score = sum(results) / n if n else 0.0
    wins = sum(1 for r in results if r == 1.0)
    draws = sum(1 for r in results if r == 0.5)
    losses = n - wins - draws
    diff, margin = elo(score, n, results)
    adjudicated = sum(1 for r in records if r.how == "adjudicated")
    return (
        f"{label}: {n} games, +{wins} ={draws} -{losses}, score {100 * score:.1f}%, "
        f"Elo {diff:+.0f} ± {margin:.0f} (95%), {adjudicated} adjudicated"
    )


Weighting = dict[str, int] | None


def _pair(args: tuple[str, list[str], int, int, float, int, Weighting, Weighting, Knobs, Knobs]) -> list[GameRecord]:
    variant, opening, a, b, seconds, seed, a_weights, b_weights, a_knobs, b_knobs = args
    rules = find_variant(variant)
    out = []
    for a_white in (True, False):
        pa = level_player(a, seed * 2 + 1, a_weights, knobs=a_knobs)
        pb = frozen_player() if b == FROZEN else level_player(b, seed * 2 + 2, b_weights, knobs=b_knobs)
        white, black = (pa, pb) if a_white else (pb, pa)
        score, plies, how = play_game(rules, opening, white, black, seconds)
        out.append(GameRecord(tuple(opening), a_white, score if a_white else 1 - score, plies, how))
    return out


def run_levels(
    variant: str,
    a: int,
    b: int,
    pairs: int,
    seconds: float,
    workers: int = 2,
    a_weights: Weighting = None,
    b_weights: Weighting = None,
    b_probcut: int | None = None,
    a_knobs: Knobs | None = None,
    b_knobs: Knobs | None = None,
    openings: list[list[str]] | None = None,
) -> list[GameRecord]:
    """Colour-reversed pairs from the ballots (or from `openings`, each line a list of move texts)."""
    rules = find_variant(variant)
    weights_for(rules, a_weights)  # an unknown weight name fails here, not in every worker
    weights_for(rules, b_weights)
    openings = openings or ballots(rules)
    a_knobs = a_knobs or Knobs()
    b_knobs = b_knobs or Knobs(b_probcut)
    jobs = [
        (rules.id, openings[i % len(openings)], a, b, seconds, i, a_weights, b_weights, a_knobs, b_knobs)
        for i in range(pairs)
    ]
    records: list[GameRecord] = []
    with multiprocessing.get_context("spawn").Pool(workers) as pool:
        for pair in pool.imap_unordered(_pair, jobs):
            records.extend(pair)
            # Progress, so a match cut short still reports what it played.
            print(summarize(f"  after {len(records)} games", records), flush=True)
    return records


def knob_label(knobs: Knobs) -> str:
    limit = f" at {knobs.probcut_pieces} pieces or fewer" if knobs.probcut_pieces else ""
    out = f" [ProbCut {knobs.probcut}{limit}]" if knobs.probcut is not None else ""
    out += f" [params {knobs.params}]" if knobs.params is not None else ""
    out += "" if knobs.table_files else " [built-in endgame tables only]"
    out += {"on": "", "off": " [hand-set evaluation only]"}.get(knobs.patterns, f" [patterns {knobs.patterns}]")
    return out + (f" [selective {knobs.selective}]" if knobs.selective is not None else "")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.match")
    parser.add_argument("variant")
    parser.add_argument("--a", type=int, default=5, help="level of player A (default 5: full strength)")
    parser.add_argument("--b", type=int, default=1, help="level of player B (default 1, the easiest: "
                        "give --b 5 to match two full-strength engines; 0: the engine before issue 16, "
                        "built from a pinned revision)")
    parser.add_argument("--pairs", type=int, default=12)
    parser.add_argument("--time", type=float, default=0.1, help="seconds per move")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--a-weights", default="", help="evaluation weights for A, e.g. king=180,centre=6")
    parser.add_argument("--b-weights", default="", help="the same for B (default: the variant's own)")
    parser.add_argument("--b-probcut", type=int, default=None,
                        help="B's ProbCut margin per ply in the compiled search (0: off; default: the variant's own)")
    for side in ("a", "b"):
        parser.add_argument(f"--{side}-params", default="", help=f"{side.upper()}'s set_params (lmr divisor x100, "
                            "prune depth, margin), or legacy")
        parser.add_argument(f"--{side}-selective", default="", help=f"{side.upper()}'s set_selective (lmr from, "
                            "lmp, hang, probcut depth %%[, malus, countermove, quiet quiescence, king reduction cap, "
                            "flat reductions]), or legacy")
        parser.add_argument(f"--{side}-patterns", default="on",
                            help=f"{side.upper()}'s learned pattern term: on (the shipped file), off (hand-set only) "
                            "or a pattern file's path")
        parser.add_argument(f"--{side}-table-files", choices=("on", "off"), default="on",
                            help=f"{side.upper()} probes the endgame table file where one was built (off: the "
                            "built-in tables only)")
    parser.add_argument("--a-probcut", type=int, default=None, help="A's ProbCut margin per ply")
    for side in ("a", "b"):
        parser.add_argument(f"--{side}-probcut-pieces", type=int, default=None,
                            help=f"with --{side}-probcut: ProbCut only where at most this many pieces stand "
                            "(0: anywhere)")
    parser.add_argument("--starts", type=Path, default=None,
                        help="a PDN file: start each pair after --start-ply plies of one of its games, not a ballot")
    parser.add_argument("--start-ply", type=int, default=60, help="with --starts: plies played from each game")
    args = parser.parse_args(argv)
    openings = checked_starts(parser, args.variant, args.starts, args.start_ply) if args.starts else None
    a_weights = checked_weights(parser, args.variant, args.a_weights, "--a-weights")
    b_weights = checked_weights(parser, args.variant, args.b_weights, "--b-weights")
    a_knobs = checked_knobs(
        parser, args.a_probcut, args.a_params, args.a_selective, args.a_patterns, args.a_table_files,
        args.a_probcut_pieces,
    )
    b_knobs = checked_knobs(
        parser, args.b_probcut, args.b_params, args.b_selective, args.b_patterns, args.b_table_files,
        args.b_probcut_pieces,
    )
    if args.b == FROZEN:
        try:
            reference.build()  # here, so that a clone without the pinned revision says so before any game
        except reference.ReferenceUnavailable as error:
            parser.exit(2, f"error: {error}\n")
    records = run_levels(
        args.variant, args.a, args.b, args.pairs, args.time, args.workers, a_weights, b_weights, args.b_probcut,
        a_knobs, b_knobs, openings,
    )
    other = "the engine before the compiled core" if args.b == FROZEN else f"level {args.b}"
    a_label = f"level {args.a}" + (f" [{args.a_weights}]" if a_weights else "") + knob_label(a_knobs)
    b_label = other + (f" [{args.b_weights}]" if b_weights else "") + knob_label(b_knobs)
    print(summarize(f"{args.variant}: {a_label} vs {b_label} at {args.time}s/move", records))


if __name__ == "__main__":
    main()
