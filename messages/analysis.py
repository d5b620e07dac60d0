"""Words for the post-game analysis (/analyse and local mode's analyse), in the reader's language."""

from __future__ import annotations

from collections.abc import Callable

from messages import colour_name
from messages.hints import hint_sentence
from messages.i18n import ENGLISH, Words
from messages.variants import variant_name
from service.analysis import AnalysisProgress, CriticalMoment, GameReview, PlayerReview, Subject, Verdict

Namer = Callable[[int], str]
SYMBOLS = {Verdict.INACCURACY: "?!", Verdict.MISTAKE: "?", Verdict.BLUNDER: "??"}


def verdict_word(w: Words, verdict: Verdict) -> str:
    if verdict is Verdict.INACCURACY:
        return w.say("analysis.verdict.inaccuracy", "inaccuracy")
    if verdict is Verdict.MISTAKE:
        return w.say("analysis.verdict.mistake", "mistake")
    return w.say("analysis.verdict.blunder", "blunder")


def label(game_id: int | None, imported_id: int | None, w: Words = ENGLISH) -> str:
    """'game #12' or 'imported game #3'."""
    if game_id is not None:
        return w.say("analysis.label.game", "game #{game}", game=game_id)
    return w.say("analysis.label.imported", "imported game #{number}", number=imported_id)


def what(subject: Subject, w: Words = ENGLISH) -> str:
    return label(subject.game_id, subject.imported_id, w)


def progress_text(shown: str, step: AnalysisProgress, w: Words = ENGLISH) -> str:
    """shown: label() of the game."""
    if step.ahead:
        return w.plural(
            "analysis.waits",
            "Waiting for {count} analysis before {game} on this server...",
            "Waiting for {count} analyses before {game} on this server...",
            step.ahead,
            game=shown,
        )
    return w.say(
        "analysis.progress",
        "Analysing {game}: position {done} of {total}...",
        game=shown,
        done=step.done,
        total=step.total,
    )


def player_line(player: PlayerReview, w: Words = ENGLISH) -> str:
    return w.say(
        "analysis.player_line",
        "accuracy {accuracy} % · {inaccuracies}, {mistakes}, {blunders}",
        accuracy=f"{player.accuracy:.0f}",
        inaccuracies=w.plural(
            "analysis.count.inaccuracies", "{count} inaccuracy", "{count} inaccuracies", player.inaccuracies
        ),
        mistakes=w.plural("analysis.count.mistakes", "{count} mistake", "{count} mistakes", player.mistakes),
        blunders=w.plural("analysis.count.blunders", "{count} blunder", "{count} blunders", player.blunders),
    )


def headline(review: GameReview, w: Words = ENGLISH) -> str:
    subject = review.subject
    if review.from_store:
        how = w.say("analysis.from_store", "stored analysis, shown again")
    else:
        how = w.say("analysis.speed", "{seconds} s per position", seconds=f"{review.seconds_per_position:g}")
    return w.plural(
        "analysis.headline",
        "Analysis of {game} ({variant}, {count} ply; {how}).",
        "Analysis of {game} ({variant}, {count} plies; {how}).",
        len(review.plies),
        game=what(subject, w),
        variant=variant_name(w, subject.variant),
        how=how,
    )


def title(review: GameReview, w: Words = ENGLISH) -> str:
    return w.say("analysis.title", "Analysis of {game}", game=what(review.subject, w))


def player_name(player: PlayerReview, name: Namer) -> str:
    """A player of a game here as the front end names them; an imported record's as its file says."""
    if player.player_id is not None:
        return name(player.player_id)
    return player.name or "?"


def which_game(w: Words) -> str:
    return w.say(
        "analysis.which_game",
        "Say which game to analyse: {game}:N (a finished game) or {imported}:N (a record from {command}).",
        game=w.option("game"),
        imported=w.option("imported"),
        command=w.command("import"),
    )


def moments(review: GameReview, w: Words = ENGLISH) -> list[str]:
    """The critical moments: the move played, the better move and the line that shows why, the answer to the
    move played and what it leads to; each a whole sentence."""
    lines = [moment_text(moment, w) for moment in review.critical]
    return lines or [clean_game(w)]


def moment_text(moment: CriticalMoment, w: Words = ENGLISH) -> str:
    """One critical moment in whole sentences: the move played, the better move and why, the answer."""
    better = hint_sentence(w, moment.better_line)
    said = [_moment(w, moment), w.say("analysis.better", "Better: {hint}.", hint=better)]
    if moment.refutation:
        said.append(
            w.say("analysis.answer", "The answer to {move}: {hint}.", move=moment.played,
                  hint=hint_sentence(w, moment.refutation))
        )
    return " ".join(said)


def clean_game(w: Words = ENGLISH) -> str:
    return w.say("analysis.clean", "No inaccuracies, mistakes or blunders: a clean game by the engine's measure.")


def critical_heading(w: Words = ENGLISH) -> str:
    """The heading above the critical moments where they are a list of their own (the web page)."""
    return w.say("analysis.critical_heading", "Critical moments")


def _moment(w: Words, moment: CriticalMoment) -> str:
    values = {
        "number": (moment.ply + 1) // 2,
        "dots": "." if moment.ply % 2 else "...",
        "move": moment.played,
        "side": colour_name(w, moment.mover),
        "loss": f"{moment.loss / 100:.1f}",
    }
    if moment.verdict is Verdict.INACCURACY:
        return w.say(
            "analysis.moment.inaccuracy", "{number}{dots} {move}?! (an inaccuracy: {side} gave away {loss}).", **values
        )
    if moment.verdict is Verdict.MISTAKE:
        return w.say(
            "analysis.moment.mistake", "{number}{dots} {move}? (a mistake: {side} gave away {loss}).", **values
        )
    return w.say("analysis.moment.blunder", "{number}{dots} {move}?? (a blunder: {side} gave away {loss}).", **values)


def summary(review: GameReview, name: Namer, w: Words = ENGLISH) -> list[str]:
    """Per player counts and accuracy, then the critical moments."""
    out = player_lines(review, name, w)
    out.append(w.say("analysis.critical", "Critical moments:"))
    out.extend(moments(review, w))
    return out


def player_lines(review: GameReview, name: Namer, w: Words = ENGLISH) -> list[str]:
    """Each player's counts and accuracy."""
    return [
        w.say(
            "analysis.player",
            "{side} ({name}): {counts}",
            side=colour_name(w, player.color),
            name=player_name(player, name),
            counts=player_line(player, w),
        )
        for player in review.players
    ]


def graph_note(w: Words = ENGLISH) -> str:
    return w.say(
        "analysis.graph_note",
        "The graph shows the engine's score after every ply (in men, clipped at ±4), dots on the bad moves.",
    )


def saved_pdn(path: str, w: Words = ENGLISH) -> str:
    return w.say("analysis.saved_pdn", "The annotated PDN ([%eval] comments, NAGs on the bad moves): {path}", path=path)


def saved_graph(path: str, w: Words = ENGLISH) -> str:
    return w.say("analysis.saved_graph", "The evaluation graph: {path}", path=path)


def analyse_imported_usage(w: Words, example: str) -> str:
    """example: how local mode's players type it in their language ("analizza importata 3")."""
    return w.say("analysis.imported_usage", "Which imported game? For example: {example}", example=example)
