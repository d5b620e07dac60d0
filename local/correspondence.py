"""Local mode's correspondence commands: premove (conditional moves), rematch and analyse."""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING

from local.text import ALICE_ID, BOB_ID, NAMES, Command, InputError, Parsed, name_of, write_file
from local.vocabulary import command_word
from messages.analysis import analyse_imported_usage, headline, label, progress_text, saved_graph, saved_pdn, summary
from messages.premove import premove_list
from messages.rematch import opened, rematch_started
from render import render_eval_graph
from rules import Color
from service import AnalysisProgress, GameView

PROGRESS_EVERY = 10  # positions between progress lines

if TYPE_CHECKING:
    from local.session import LocalSession


def _waiting_player(game: GameView) -> int:
    """The local player whose opponent is to move (the one who may plan replies)."""
    to_move = game.to_move_id
    locals_in_game = [p for p in (game.white_id, game.black_id) if p in NAMES]
    waiting = [p for p in locals_in_game if p != to_move]
    if waiting:
        return waiting[0]
    return ALICE_ID if ALICE_ID in locals_in_game else BOB_ID


async def premove(session: LocalSession, parsed: Parsed) -> None:
    clear = bool(parsed.args) and parsed.args[0].lower() == "clear"
    if clear:
        parsed.args.pop(0)
    moves = " ".join(parsed.args)
    parsed.args.clear()
    game = await session.local_game(session.target(parsed))
    player = _waiting_player(game)
    premoves = session.service.premoves
    if moves:
        if clear:
            await premoves.clear(game.id, player)
        session.say(premove_list(await premoves.add(game.id, player, moves), added=True, w=session.w))
    elif clear:
        session.say(premove_list(await premoves.clear(game.id, player), w=session.w))
    else:
        session.say(premove_list(await premoves.lines(game.id, player), w=session.w))


async def rematch(session: LocalSession, parsed: Parsed) -> None:
    game = await session.local_game(session.target(parsed))
    asker = ALICE_ID if ALICE_ID in (game.white_id, game.black_id) else BOB_ID
    challenges = session.service.challenges
    challenge = await challenges.rematch(game.id, asker)
    assert challenge.opponent_id is not None
    started = await challenges.accept(challenge.id, challenge.opponent_id)  # hot seat: the other side agrees
    new = started.game
    session.current = new.id
    w = session.w
    white, black = name_of(new, new.white_id, w), name_of(new, new.black_id, w)
    session.say(
        rematch_started(game.id, new.id, white, black, w)
        + (opened(started.bot_move.move.notation, w) if started.bot_move is not None else "")
    )
    await session.show(new)


async def analyse(session: LocalSession, parsed: Parsed) -> None:
    """analyse [#N] for a finished game, analyse imported N for an imported record."""
    imported: int | None = None
    if parsed.args and parsed.args[0].lower() == "imported":
        number = parsed.args[1] if len(parsed.args) > 1 else ""
        if not number.isdigit() or len(number) > 12 or len(parsed.args) > 2:
            example = f"{command_word(session.w, 'analyse')} {session.w.option('imported')} 3"
            raise InputError(analyse_imported_usage(session.w, example))
        imported = int(number)
        game: GameView | None = None
        player = ALICE_ID
    else:
        game = await session.local_game(session.target(parsed))
        player = session.viewer(game)
    shown = label(game.id if game else None, imported, session.w)

    async def progress(step: AnalysisProgress) -> None:
        if step.ahead or step.done % PROGRESS_EVERY == 0:
            session.say(progress_text(shown, step, session.w))

    if game is not None:
        review = await session.service.analysis.analyse(game.id, player, progress)
        stem = f"game-{game.id}"
    else:
        assert imported is not None
        review = await session.service.analysis.analyse_imported(imported, player, progress)
        stem = f"imported-{imported}"
    session.say(headline(review, session.w))
    players_of = review.subject.game  # None for an imported record: its names come from the file
    for line in summary(review, lambda who: name_of(players_of, who, session.w) if players_of else "?", session.w):
        session.say(line)
    pdn_path = session.boards_dir / f"{stem}-analysed.pdn"
    await asyncio.to_thread(write_file, pdn_path, review.pdn.encode("utf-8"))
    session.say(saved_pdn(str(pdn_path), session.w))
    if session.pictures:
        theme = (await session.service.players.preferences(player)).board_theme
        side = Color.BLACK if game is not None and game.color_of(player) is Color.BLACK else Color.WHITE
        scores = [score / 100 for score in review.white_scores]
        png = await asyncio.to_thread(render_eval_graph, scores, review.marks, theme=theme, view=side)
        graph_path = session.boards_dir / f"{stem}-analysis.png"
        await asyncio.to_thread(write_file, graph_path, png)
        session.say(saved_graph(str(graph_path), session.w))


COMMANDS = (
    Command(
        "premove",
        premove,
        "premove [#N] [clear] [MOVES]",
        lambda w: w.say(
            "local.help.premove", "conditional moves of the player waiting: pairs of the opponent's move and the reply"
        ),
    ),
    Command(
        "rematch",
        rematch,
        "rematch [#N]",
        lambda w: w.say("local.help.rematch", "a finished game again, colours swapped"),
    ),
    Command(
        "analyse",
        analyse,
        "analyse [#N] | analyse imported N",
        lambda w: w.say("local.help.analyse", "the engine's analysis of a finished game (graph, PDN)"),
    ),
)
