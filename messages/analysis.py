"""Words for the post-game analysis (/analyse and local mode's analyse)."""

from __future__ import annotations

from collections.abc import Callable

from messages.i18n import Words
from rules import find_variant
from service.analysis import AnalysisProgress, GameReview, PlayerReview, Subject, Verdict

Namer = Callable[[int], str]
VERDICT_WORDS = {Verdict.INACCURACY: "inaccuracy", Verdict.MISTAKE: "mistake", Verdict.BLUNDER: "blunder"}
SYMBOLS = {Verdict.INACCURACY: "?!", Verdict.MISTAKE: "?", Verdict.BLUNDER: "??"}


def label(game_id: int | None, imported_id: int | None) -> str:
    """'game #12' or 'imported game #3'."""
    return f"game #{game_id}" if game_id is not None else f"imported game #{imported_id}"


def what(subject: Subject) -> str:
    return label(subject.game_id, subject.imported_id)


def progress_text(shown: str, step: AnalysisProgress) -> str:
    """shown: label() of the game."""
    if step.ahead:
        waits = f"{step.ahead} analysis{'es' * (step.ahead != 1)}"
        return f"{shown[:1].upper()}{shown[1:]} waits for {waits} before it on this server..."
    return f"Analysing {shown}: position {step.done} of {step.total}..."


def _count(n: int, word: str) -> str:
    return f"{n} {word}{'s' * (n != 1)}" if word != "inaccuracy" else f"{n} inaccurac{'ies' if n != 1 else 'y'}"


def player_line(player: PlayerReview) -> str:
    return (
        f"accuracy {player.accuracy:.0f} % · {_count(player.inaccuracies, 'inaccuracy')}, "
        f"{_count(player.mistakes, 'mistake')}, {_count(player.blunders, 'blunder')}"
    )


def headline(review: GameReview) -> str:
    subject = review.subject
    how = "stored analysis, shown again" if review.from_store else f"{review.seconds_per_position:g} s per position"
    variant = find_variant(subject.variant).name
    return f"Analysis of {what(subject)} ({variant}, {len(review.plies)} plies; {how})."


def player_name(player: PlayerReview, name: Namer) -> str:
    """A player of a game here as the front end names them; an imported record's as its file says."""
    if player.player_id is not None:
        return name(player.player_id)
    return player.name or "?"


def which_game(w: Words) -> str:
    return w.say(
        "analysis.which_game",
        "Say which game to analyse: game:N (a finished game) or imported:N (a record from /import).",
    )


def moments(review: GameReview) -> list[str]:
    """The critical moments: the move played, the better move and the line that shows why."""
    lines = []
    for moment in review.critical:
        number = (moment.ply + 1) // 2
        dots = "." if moment.ply % 2 else "..."
        said = (
            f"{number}{dots} {moment.played}{SYMBOLS[moment.verdict]} ({VERDICT_WORDS[moment.verdict]}, "
            f"{moment.mover.label} gave away {moment.loss / 100:.1f}). Better {moment.better_line}."
        )
        if moment.refutation:
            said += f" After {moment.played}, {moment.refutation}."
        lines.append(said)
    if not lines:
        lines.append("No inaccuracies, mistakes or blunders: a clean game by the engine's measure.")
    return lines


def summary(review: GameReview, name: Namer) -> list[str]:
    """Per player counts and accuracy, then the critical moments."""
    out = [f"{player.color.label} ({player_name(player, name)}): {player_line(player)}" for player in review.players]
    out.append("Critical moments:")
    out.extend(moments(review))
    return out


GRAPH_NOTE = "The graph shows the engine's score after every ply (in men, clipped at ±4), dots on the bad moves."


def saved_pdn(path: str) -> str:
    return f"The annotated PDN ([%eval] comments, NAGs on the bad moves): {path}"


def saved_graph(path: str) -> str:
    return f"The evaluation graph: {path}"


ANALYSE_IMPORTED_USAGE = "Which imported game? For example: analyse imported 3"
