"""Words for ballots and the opening explorer, shared by Discord and local mode."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Any

from messages import describe
from messages.i18n import Words
from messages.variants import variant_name
from service.errors import BallotWithPosition, ExploreActiveGame, ExploreBadMove, ExploreTooDeep, GameError, NoBallots
from service.explorer import ExplorerMove, ExplorerView

OPENING_ERRORS: dict[type[GameError], Callable[[Any, Callable[[int], str], Words], str]] = {
    ExploreActiveGame: lambda e, name, w: w.say(
        "explore.active_game",
        "That is the position of your game #{game}, which is still being played: the explorer does not look "
        "at it, just as no hint is given there.",
        game=e.game_id,
    ),
    ExploreBadMove: lambda e, name, w: describe(e.error, e.position, w),
    ExploreTooDeep: lambda e, name, w: w.say(
        "explore.too_deep",
        "The explorer follows games for their first {plies} plies; give fewer moves.",
        plies=e.plies,
    ),
    NoBallots: lambda e, name, w: w.say(
        "ballot.none",
        "{variant} has no published ballots; play it without a ballot.",
        variant=variant_name(w, e.variant),
    ),
    BallotWithPosition: lambda e, name, w: w.say(
        "ballot.with_position",
        "A ballot game starts from the usual position with the ballot's moves: leave out the position.",
    ),
}


def ballot_terms(w: Words, terms: str, number: int, moves: Sequence[str]) -> str:
    """A challenge's terms with its drawn ballot."""
    return w.say(
        "challenge.terms_ballot", "{terms}, ballot {number}: {moves}", terms=terms, number=number, moves=" ".join(moves)
    )


def ballot_accepted(
    w: Words, player: str, challenger: str, game: int, pair: int, number: int, moves: Sequence[str]
) -> str:
    return w.say(
        "challenge.accepted_ballot",
        "{player} accepted {challenger}'s ballot challenge: games #{game} and #{pair} both start from ballot "
        "{number} ({moves}), with colours reversed.",
        player=player,
        challenger=challenger,
        game=game,
        pair=pair,
        number=number,
        moves=" ".join(moves),
    )


# A published line without a name of its own (FID names Italian ballots by their moves): "22-18 11-15".
MOVES_ONLY = re.compile(r"[a-l]?\d{1,2}(?:[-x:][a-l]?\d{1,2})+(?: [a-l]?\d{1,2}(?:[-x:][a-l]?\d{1,2})+)*")


def opening_line(w: Words, name: str) -> str:
    """The opening's name where the opening book knows one, else its moves, labelled as moves."""
    if MOVES_ONLY.fullmatch(name):
        return w.say("opening.moves", "Opening moves: {moves}", moves=name)
    return w.say("opening.named", "Opening: {name}", name=name)


def opening_heading(w: Words, name: str = "") -> str:
    """The board's field naming the published opening the game has played (its moves where it has no name)."""
    if MOVES_ONLY.fullmatch(name):
        return w.say("board.opening_moves", "Opening moves")
    return w.say("board.opening", "Opening")


def explorer_title(w: Words, view: ExplorerView) -> str:
    variant = variant_name(w, view.variant)
    if not view.moves_played:
        return w.say("explore.title_start", "Opening explorer: {variant}, from the start", variant=variant)
    return w.say(
        "explore.title_after",
        "Opening explorer: {variant} after {moves}",
        variant=variant,
        moves=" ".join(view.moves_played),
    )


def explorer_total(w: Words, view: ExplorerView) -> str:
    if not view.moves:
        return w.say("explore.none", "No game here has reached this position yet.")
    return w.plural(
        "explore.total",
        "{count} game here reached this position.",
        "{count} games here reached this position.",
        view.games,
    )


def explorer_move(w: Words, move: ExplorerMove) -> str:
    """One move's line: how often, how it went (White wins / draws / Black wins), its most recent game."""
    values = {
        "move": move.move,
        "count": move.games,
        "white": move.white_wins,
        "draws": move.draws,
        "black": move.black_wins,
        "game": move.last_game_id,
    }
    if move.last_imported:
        return w.say(
            "explore.move_imported",
            "{move}: {count}× (White {white}, draws {draws}, Black {black}); most recent: imported record #{game}",
            **values,
        )
    return w.say(
        "explore.move",
        "{move}: {count}× (White {white}, draws {draws}, Black {black}); most recent: game #{game}",
        **values,
    )


def explorer_evaluation(w: Words, move: ExplorerMove) -> str:
    return w.say(
        "explore.evaluation",
        "{move}: {score} for the side that plays it (in men)",
        move=move.move,
        score=f"{move.score:+.2f}" if move.score is not None else "?",
    )


def explorer_no_engine(w: Words, *, near_game: bool = False) -> str:
    if near_game:
        return w.say(
            "explore.no_engine_near",
            "No engine evaluation here: a game in play is one move before this position, and the engine's word on "
            "the replies would be a hint in that game.",
        )
    return w.say(
        "explore.no_engine",
        "No engine evaluation here: a game in play stands in this position, and a hint would not be given there.",
    )


def explorer_moves_heading(w: Words) -> str:
    return w.say("explore.moves", "Moves played")


def explorer_engine_heading(w: Words) -> str:
    return w.say("explore.engine", "Engine")


def tournament_ballots(w: Words) -> str:
    return w.say(
        "tournament.ballots",
        "Ballots: each pairing plays one drawn published opening twice, each player once with each colour.",
    )
