"""The game commands of local mode: challenge, play, move, board, hint, resign, games, switch, pdn, rules."""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING

from engine import hint_text
from local.text import ALICE_ID, BOB_ID, NAMES, Command, InputError, Parsed, name_of, parse_options, write_file
from messages.play import HINT_REFUSALS
from rules import find_variant
from service import HintPolicy, hint_refusal, move_number, rules_card

if TYPE_CHECKING:
    from local.session import LocalSession


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
    options = parse_options(parsed.args[1:], allowed=("variant", "colour", "rated", "days"))
    service = session.service
    challenge = await service.challenges.create(
        ALICE_ID,
        BOB_ID,
        variant=options.variant,
        color=options.colour,
        days_per_move=options.days,
        rated=options.rated,
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
    options = parse_options(parsed.args, allowed=("variant", "colour", "level"))
    started = await session.service.challenges.play_bot_game(
        ALICE_ID, level=options.level, variant=options.variant, color=options.colour
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
    if not parsed.args:
        raise InputError("Which move? For example: move 22-18")
    game_id = parsed.game_id if parsed.game_id is not None else session.current
    if game_id is None:
        raise InputError("There is no current game. Start one with: challenge bob, or challenge bot.")
    await session.play_move(game_id, " ".join(parsed.args))


async def board(session: LocalSession, parsed: Parsed) -> None:
    game = await session.local_game(session.target(parsed))
    session.current = game.id
    await session.show(game)


async def hint(session: LocalSession, parsed: Parsed) -> None:
    game = await session.local_game(session.target(parsed))
    session.current = game.id
    viewer = game.to_move_id if game.to_move_id in NAMES else ALICE_ID
    assert viewer is not None
    refused = hint_refusal(game, viewer, HintPolicy.UNRATED)  # as on Discord; no server, the default
    if refused is not None:
        raise InputError(HINT_REFUSALS[refused])
    position = game.position
    if not position.legal_moves():
        raise InputError(f"Game #{game.id} is over: there is no move to suggest.")
    session.say("Thinking...")
    history = (await session.service.queries.replay(game.id)).positions
    analysis = await session.analyser(position, history)
    session.say(f"Hint for game #{game.id}: {hint_text(position, analysis)}")
    path = await session.png(game, hint=analysis.move, suffix="-hint")
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
    text = await session.service.queries.export_pdn(game.id)
    path = session.boards_dir / f"game-{game.id}.pdn"
    await asyncio.to_thread(write_file, path, text.encode("utf-8"))
    session.say(text.rstrip("\n"))
    session.say(f"Saved as {path}")


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
        "challenge bob [VARIANT] [white|black|random] [rated] [days N]",
        "a game between local:alice (you) and local:bob (same keyboard); challenge bot ... plays the bot",
    ),
    Command("play", play, "play [VARIANT] [level 1-5] [white|black|random]", "a game against the bot"),
    Command("move", move, "move MOVE [#N]", "play a move for the side to move (or just type the move)"),
    Command("board", board, "board [#N]", "show the board"),
    Command("hint", hint, "hint [#N]", "the engine's suggestion"),
    Command("resign", resign, "resign [#N]", "the player to move resigns (against the bot: you)"),
    Command("games", games, "games", "the local players' active games (* marks the current one)"),
    Command("switch", switch, "switch N", "make game N the current one"),
    Command("pdn", pdn, "pdn [#N]", "the game in PDN"),
    Command("rules", rules, "rules [VARIANT]", "how a variant is played"),
)
