"""The game commands of local mode: challenge, play, move, board, hint, resign, games, switch, pdn, rules."""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING

from engine import hint_text
from local.text import ALICE_ID, BOB_ID, NAMES, Command, InputError, Parsed, name_of, parse_options, write_file
from messages.play import hint_refusal as hint_refusal_words
from rules import find_variant
from service import HintPolicy, hint_refusal, move_number, rules_card

if TYPE_CHECKING:
    from local.session import LocalSession

LOCAL_SITE = "Dama local mode"  # the PDN Site of games played in a terminal


async def challenge(session: LocalSession, parsed: Parsed) -> None:
    if not parsed.args:
        raise InputError("Whom? challenge bob (the second local player) or challenge bot.")
    who = parsed.args[0].lower().removeprefix("local:").removeprefix("@")
    if who == "bot":
        await play(session, Parsed("play", parsed.args[1:], None))
        return
    if who == "alice":
        raise InputError("You are local:alice: you cannot play against yourself. Try challenge bob.")
    if who != "bob":
        raise InputError(f"There is no local player {parsed.args[0]!r}: challenge bob or challenge bot.")
    options = parse_options(parsed.args[1:], allowed=("variant", "colour", "rated", "days", "fen"))
    service = session.service
    challenge = await service.challenges.create(
        ALICE_ID,
        BOB_ID,
        variant=options.variant,
        color=options.colour,
        days_per_move=options.days,
        rated=options.rated,
        start_fen=options.fen,
    )
    started = await service.challenges.accept(challenge.id, BOB_ID)
    game = started.game
    session.current = game.id
    session.say(
        f"local:bob accepts. Game #{game.id} begins: {name_of(game, game.white_id)} (White) against "
        f"{name_of(game, game.black_id)} (Black), {find_variant(game.variant).name}, "
        f"{'rated' if game.rated else 'unrated'}."
    )
    await session.show(game)


async def play(session: LocalSession, parsed: Parsed) -> None:
    options = parse_options(parsed.args, allowed=("variant", "colour", "level", "fen"))
    started = await session.service.challenges.play_bot_game(
        ALICE_ID, level=options.level, variant=options.variant, color=options.colour, start_fen=options.fen
    )
    game = started.game
    session.current = game.id
    headline = (
        f"Game #{game.id} begins: {name_of(game, game.white_id)} (White) against "
        f"{name_of(game, game.black_id)} (Black), {find_variant(game.variant).name}."
    )
    if started.bot_move is not None:
        headline += f" The bot opened with {started.bot_move.move.notation}."
    session.say(headline)
    await session.show(game)


async def move(session: LocalSession, parsed: Parsed) -> None:
    game_id = parsed.game_id if parsed.game_id is not None else session.current
    if not parsed.args:
        raise InputError(f"Which move? For example: move {await session.example_move(game_id)}")
    if game_id is None:
        raise InputError("There is no current game. Start one with: challenge bob, or challenge bot.")
    await session.play_move(game_id, " ".join(parsed.args))


async def board(session: LocalSession, parsed: Parsed) -> None:
    game = await session.local_game(session.target(parsed))
    session.current = game.id
    await session.show(game)


def _take_ply(parsed: Parsed) -> int | None:
    """`ply K` among the arguments (for finished games: analyse the position after K plies)."""
    words = [w.lower() for w in parsed.args]
    if "ply" not in words:
        return None
    at = words.index("ply")
    value = parsed.args[at + 1] if at + 1 < len(parsed.args) else ""
    if not value.isdigit() or len(value) > 6:
        raise InputError("ply needs a number of plies (half-moves), for example: hint ply 12")
    del parsed.args[at : at + 2]
    return int(value)


async def hint(session: LocalSession, parsed: Parsed) -> None:
    ply = _take_ply(parsed)
    game = await session.local_game(session.target(parsed))
    session.current = game.id
    in_tournament = await session.service.tournaments.is_tournament_game(game.id)
    # as on Discord; no server: the default policy
    refused = hint_refusal(game, session.viewer(game), HintPolicy.UNRATED, tournament=in_tournament)
    if refused is not None:
        raise InputError(hint_refusal_words(session.w, refused))
    if ply is not None and game.active:
        raise InputError("Choosing an earlier position is for finished games; type hint alone for a hint now.")
    shown = game.ply if ply is None else ply
    if shown > game.ply:
        raise InputError(f"Game #{game.id} has {game.ply} plies; choose a ply from 0 to {game.ply}.")
    history = (await session.service.queries.replay(game.id)).positions[: shown + 1]
    position = history[-1]
    if not position.legal_moves():
        raise InputError(
            f"Game #{game.id} is over and the position after ply {shown} has no move to suggest. "
            f"To study an earlier position of the game, type: hint #{game.id} ply N (N from 0 to {game.ply - 1})."
        )
    session.say("Thinking...")
    analysis = await session.analyser(position, history)
    where = "" if shown == game.ply else f" after ply {shown}"
    session.say(f"Hint for game #{game.id}{where}: {hint_text(position, analysis)}")
    path = await session.png(game, hint=analysis.move, suffix="-hint", ply=shown)
    if path is not None:
        session.say(f"Board with the hint arrow: {path}")


async def resign(session: LocalSession, parsed: Parsed) -> None:
    game = await session.local_game(session.target(parsed))
    session.current = game.id
    player = game.to_move_id
    if player is None or player not in NAMES:
        player = ALICE_ID if ALICE_ID in (game.white_id, game.black_id) else BOB_ID
    finished = await session.service.games.resign(game.id, player)
    await session.finished(finished, f"{name_of(game, player)} resigned.")


async def games(session: LocalSession, parsed: Parsed) -> None:
    if parsed.args or parsed.game_id is not None:
        raise InputError("games takes no options: it lists every active local game.")
    mine = await session.active_games()
    if not mine:
        session.say("No active games. Start one with: challenge bob, or challenge bot.")
        return
    session.say("* marks the current game: moves and commands without #N go to it (switch N changes it).")
    for game in mine:
        to_move = game.to_move_id
        assert to_move is not None
        marker = "*" if game.id == session.current else " "
        deadline = game.move_deadline.strftime("%Y-%m-%d %H:%M UTC") if game.move_deadline else "none"
        session.say(
            f"{marker}#{game.id} · {find_variant(game.variant).name} · {name_of(game, game.white_id)} (White) "
            f"vs {name_of(game, game.black_id)} (Black) · move {move_number(game.ply)} · "
            f"{name_of(game, to_move)} to move · deadline {deadline}"
        )


async def switch(session: LocalSession, parsed: Parsed) -> None:
    if parsed.game_id is None and not parsed.args:
        raise InputError("Which game? For example: switch 3")
    game = await session.local_game(session.target(parsed))
    session.current = game.id
    await session.show(game)


async def pdn(session: LocalSession, parsed: Parsed) -> None:
    game = await session.local_game(session.target(parsed))
    text = await session.service.queries.export_pdn(game.id, site=LOCAL_SITE)
    path = session.boards_dir / f"game-{game.id}.pdn"
    await asyncio.to_thread(write_file, path, text.encode("utf-8"))
    session.say(text.rstrip("\n"))
    session.say(f"Saved as {path}")


async def pictures(session: LocalSession, parsed: Parsed) -> None:
    choice = " ".join(parsed.args).lower()
    if choice not in ("on", "off") or parsed.game_id is not None:
        state = "on" if session.pictures else "off"
        raise InputError(f"Board pictures are {state}. Type pictures on or pictures off.")
    session.pictures = choice == "on"
    where = f"one file per game in {session.boards_dir}/" if session.pictures else "no more PNG files"
    session.say(f"Board pictures {choice}: {where}.")


async def rules(session: LocalSession, parsed: Parsed) -> None:
    if parsed.game_id is not None:
        raise InputError("rules takes a variant, not a game: for example rules italian")
    name = " ".join(parsed.args) or "italian"
    card = rules_card(name)
    session.say(f"{card.name} ({card.width}x{card.height}, {card.first_player.label} moves first)")
    session.say(card.summary)
    session.say(f"Moves are written like: {', '.join(card.examples)}")


COMMANDS = (
    Command(
        "challenge",
        challenge,
        "challenge bob [VARIANT] [white|black|random] [rated] [days N] [fen FEN]",
        "a game between local:alice (you) and local:bob (same keyboard); challenge bot ... plays the bot",
    ),
    Command("play", play, "play [VARIANT] [level 1-5] [white|black|random] [fen FEN]", "a game against the bot"),
    Command("move", move, "move MOVE [#N]", "play a move for the side to move (or just type the move)"),
    Command("board", board, "board [#N]", "show the board"),
    Command("hint", hint, "hint [#N] [ply K]", "the engine's suggestion (finished games: after ply K)"),
    Command("resign", resign, "resign [#N]", "the player to move resigns (against the bot: you)"),
    Command("games", games, "games", "the local players' active games (* marks the current one)"),
    Command("switch", switch, "switch N", "make game N the current one"),
    Command("pdn", pdn, "pdn [#N]", "the game in PDN"),
    Command("rules", rules, "rules [VARIANT]", "how a variant is played"),
    Command("pictures", pictures, "pictures on|off", "write board pictures (PNG) or not"),
)
