"""The game commands of local mode: challenge, play, move, board, hint, resign, games, switch, pdn, rules."""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING

from local.text import (
    ALICE_ID,
    BOB_ID,
    NAMES,
    Command,
    InputError,
    Parsed,
    name_of,
    parse_options,
    readable,
    write_file,
)
from local.vocabulary import choice_word, command_word
from messages import colour_name
from messages.hints import hint_text
from messages.i18n import Words
from messages.openings import ballot_accepted
from messages.play import hint_refusal as hint_refusal_words
from messages.rematch import opened
from messages.variants import variant_name, variant_summary
from rules import find_variant
from rules.openings import find_ballot
from service import GameSettings, GameStarted, HintPolicy, hint_refusal, move_number, rules_card

if TYPE_CHECKING:
    from local.session import LocalSession



async def challenge(session: LocalSession, parsed: Parsed) -> None:
    if not parsed.args:
        raise InputError(
            lambda w: w.say(
                "local.whom",
                "Whom? {challenge} bob (the second local player) or {challenge} bot.",
                challenge=command_word(w, "challenge"),
            )
        )
    who = parsed.args[0].lower().removeprefix("local:").removeprefix("@")
    if who == "bot":
        await play(session, Parsed("play", parsed.args[1:], None))
        return
    if who == "alice":
        raise InputError(
            lambda w: w.say(
                "local.not_yourself",
                "You are local:alice: you cannot play against yourself. Try {challenge} bob.",
                challenge=command_word(w, "challenge"),
            )
        )
    if who != "bob":
        typed = readable(parsed.args[0])
        raise InputError(
            lambda w: w.say(
                "local.no_such_player",
                "There is no local player {name!r}: {challenge} bob or {challenge} bot.",
                name=typed,
                challenge=command_word(w, "challenge"),
            )
        )
    options = parse_options(parsed.args[1:], allowed=("variant", "colour", "rated", "days", "fen", "ballot", "clock"))
    service = session.service
    challenge = await service.challenges.create(
        ALICE_ID,
        BOB_ID,
        settings=GameSettings(
            variant=options.variant,
            color=options.colour,
            days_per_move=options.days,
            rated=options.rated,
            start_fen=options.fen,
            ballot=options.ballot,
            clock=options.clock,
        ),
    )
    started = await service.challenges.accept(challenge.id, BOB_ID)
    game = started.game
    session.current = game.id
    w = session.w
    session.say(
        w.say(
            "local.bob_accepts",
            "local:bob accepts. Game #{game} begins: {white} (White) against {black} (Black), {variant}, {rated}.",
            game=game.id,
            white=name_of(game, game.white_id, session.w),
            black=name_of(game, game.black_id, session.w),
            variant=variant_name(w, game.variant),
            rated=w.say("terms.rated", "rated") if game.rated else w.say("terms.unrated", "unrated"),
        )
    )
    if started.pair is not None and challenge.ballot is not None:
        session.say(ballot_pair(w, started, challenge.ballot))
    await session.show(game)


def ballot_pair(w: Words, started: GameStarted, number: int) -> str:
    ballot = find_ballot(find_variant(started.game.variant), number)
    assert started.pair is not None and ballot is not None
    return ballot_accepted(w, NAMES[BOB_ID], NAMES[ALICE_ID], started.game.id, started.pair.id, number, ballot.moves)


async def play(session: LocalSession, parsed: Parsed) -> None:
    options = parse_options(parsed.args, allowed=("variant", "colour", "level", "fen", "ballot"))
    started = await session.service.challenges.play_bot_game(
        ALICE_ID,
        settings=GameSettings(
            bot_level=options.level,
            variant=options.variant,
            color=options.colour,
            start_fen=options.fen,
            ballot=options.ballot,
        ),
    )
    game = started.game
    session.current = game.id
    w = session.w
    headline = w.say(
        "local.game_begins",
        "Game #{game} begins: {white} (White) against {black} (Black), {variant}.",
        game=game.id,
        white=name_of(game, game.white_id, session.w),
        black=name_of(game, game.black_id, session.w),
        variant=variant_name(w, game.variant),
    )
    if started.bot_move is not None:
        headline += opened(started.bot_move.move.notation, w)
    session.say(headline)
    await session.show(game)


async def move(session: LocalSession, parsed: Parsed) -> None:
    game_id = parsed.game_id if parsed.game_id is not None else session.current
    if not parsed.args:
        example = await session.example_move(game_id)
        raise InputError(
            lambda w: w.say(
                "local.which_move",
                "Which move? For example: {command} {move}",
                command=command_word(w, "move"),
                move=example,
            )
        )
    if game_id is None:
        raise InputError(no_current_game)
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
        raise InputError(
            lambda w: w.say(
                "local.ply_number",
                "{ply} needs a number of plies (half-moves), for example: {hint} {ply} 12",
                ply=w.option("ply"),
                hint=command_word(w, "hint"),
            )
        )
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
        raise InputError(
            lambda w: w.say(
                "local.ply_only_finished",
                "Choosing an earlier position is for finished games; type {hint} alone for a hint now.",
                hint=command_word(w, "hint"),
            )
        )
    shown = game.ply if ply is None else ply
    if shown > game.ply:
        raise InputError(
            lambda w: w.plural(
                "hint.ply_range",
                "Game #{game} has {count} ply; choose a ply from 0 to {count}.",
                "Game #{game} has {count} plies; choose a ply from 0 to {count}.",
                game.ply,
                game=game.id,
            )
        )
    history = (await session.service.queries.replay(game.id)).positions[: shown + 1]
    position = history[-1]
    if not position.legal_moves():
        raise InputError(
            lambda w: w.say(
                "local.hint_over",
                "Game #{game} is over and the position after ply {ply} has no move to suggest. To study an "
                "earlier position of the game, type: {hint} #{game} {ply_word} N (N from 0 to {last}).",
                hint=command_word(w, "hint"),
                ply_word=w.option("ply"),
                game=game.id,
                ply=shown,
                last=game.ply - 1,
            )
        )
    w = session.w
    session.say(w.say("local.thinking", "Thinking..."))
    analysis = await session.analyser(position, history)
    said = hint_text(position, analysis, w)
    if shown == game.ply:
        session.say(w.say("hint.for_game", "Hint for game #{game}: {hint}", game=game.id, hint=said))
    else:
        session.say(
            w.say(
                "hint.for_game_at", "Hint for game #{game} after ply {ply}: {hint}", game=game.id, ply=shown, hint=said
            )
        )
    path = await session.png(game, hint=analysis.move, suffix="-hint", ply=shown)
    if path is not None:
        session.say(w.say("local.hint_picture", "Board with the hint arrow: {path}", path=path))


async def resign(session: LocalSession, parsed: Parsed) -> None:
    game = await session.local_game(session.target(parsed))
    session.current = game.id
    player = game.to_move_id
    if player is None or player not in NAMES:
        player = ALICE_ID if ALICE_ID in (game.white_id, game.black_id) else BOB_ID
    finished = await session.service.games.resign(game.id, player)
    resigned = session.w.say("game.resigned", "{player} resigned.", player=name_of(game, player, session.w))
    await session.finished(finished, resigned)


async def games(session: LocalSession, parsed: Parsed) -> None:
    if parsed.args or parsed.game_id is not None:
        raise InputError(
            lambda w: w.say(
                "local.games_no_options",
                "{games} takes no options: it lists every active local game.",
                games=command_word(w, "games"),
            )
        )
    w = session.w
    mine = await session.active_games()
    if not mine:
        challenge = command_word(w, "challenge")
        session.say(
            w.say(
                "local.no_games",
                "No active games. Start one with: {challenge} bob, or {challenge} bot.",
                challenge=challenge,
            )
        )
        return
    session.say(
        w.say(
            "local.current_marker",
            "* marks the current game: moves and commands without #N go to it ({switch} N changes it).",
            switch=command_word(w, "switch"),
        )
    )
    for game in mine:
        to_move = game.to_move_id
        assert to_move is not None
        marker = "*" if game.id == session.current else " "
        if game.move_deadline:
            deadline = game.move_deadline.strftime("%Y-%m-%d %H:%M UTC")
        else:
            deadline = w.say("board.no_deadline", "none")
        line = w.say(
            "local.games_line",
            "#{game} · {variant} · {white} (White) vs {black} (Black) · move {number} · {mover} to move · "
            "deadline {deadline}",
            game=game.id,
            variant=variant_name(w, game.variant),
            white=name_of(game, game.white_id, session.w),
            black=name_of(game, game.black_id, session.w),
            number=move_number(game.ply),
            mover=name_of(game, to_move, session.w),
            deadline=deadline,
        )
        session.say(marker + line)


async def switch(session: LocalSession, parsed: Parsed) -> None:
    if parsed.game_id is None and not parsed.args:
        raise InputError(
            lambda w: w.say("local.which_game", "Which game? For example: {switch} 3", switch=command_word(w, "switch"))
        )
    game = await session.local_game(session.target(parsed))
    session.current = game.id
    await session.show(game)


async def pdn(session: LocalSession, parsed: Parsed) -> None:
    game = await session.local_game(session.target(parsed))
    text = await session.service.queries.export_pdn(game.id)
    path = session.boards_dir / f"game-{game.id}.pdn"
    await asyncio.to_thread(write_file, path, text.encode("utf-8"))
    session.say(text.rstrip("\n"))
    session.say(session.w.say("local.saved_as", "Saved as {path}", path=path))


async def pictures(session: LocalSession, parsed: Parsed) -> None:
    choice = " ".join(parsed.args).lower()
    if choice not in ("on", "off") or parsed.game_id is not None:
        on = session.pictures
        raise InputError(
            lambda w: (
                w.say(
                    "local.pictures_on",
                    "Board pictures are on. Type {pictures} {on} or {pictures} {off}.",
                    pictures=command_word(w, "pictures"),
                    on=choice_word(w, "on"),
                    off=choice_word(w, "off"),
                )
                if on
                else w.say(
                    "local.pictures_off",
                    "Board pictures are off. Type {pictures} {on} or {pictures} {off}.",
                    pictures=command_word(w, "pictures"),
                    on=choice_word(w, "on"),
                    off=choice_word(w, "off"),
                )
            )
        )
    session.pictures = choice == "on"
    w = session.w
    if session.pictures:
        session.say(
            w.say(
                "local.pictures_now_on", "Board pictures on: one file per game in {folder}/.", folder=session.boards_dir
            )
        )
    else:
        session.say(w.say("local.pictures_now_off", "Board pictures off: no more PNG files."))


async def rules(session: LocalSession, parsed: Parsed) -> None:
    if parsed.game_id is not None:
        raise InputError(
            lambda w: w.say(
                "local.rules_variant",
                "{rules} takes a variant, not a game: for example {rules} italian",
                rules=command_word(w, "rules"),
            )
        )
    name = " ".join(parsed.args) or "italian"
    card = rules_card(name)
    w = session.w
    session.say(
        w.say(
            "local.rules_title",
            "{variant} ({width}x{height}, {first} moves first)",
            variant=variant_name(w, card.variant),
            width=card.width,
            height=card.height,
            first=colour_name(w, card.first_player),
        )
    )
    session.say(variant_summary(w, card.variant))
    session.say(w.say("local.moves_written", "Moves are written like: {moves}", moves=", ".join(card.examples)))


COMMANDS = (
    Command(
        "challenge",
        challenge,
        "challenge bob [VARIANT] [white|black|random] [rated] [days N] [clock 10d+1d] [fen FEN] [ballot]",
        lambda w: w.say(
            "local.help.challenge",
            "a game between local:alice (you) and local:bob (same keyboard); {challenge} bot ... plays the bot",
            challenge=command_word(w, "challenge"),
        ),
    ),
    Command(
        "play",
        play,
        "play [VARIANT] [level 1-5] [white|black|random] [fen FEN] [ballot]",
        lambda w: w.say("local.help.play", "a game against the bot"),
    ),
    Command(
        "move",
        move,
        "move MOVE [#N]",
        lambda w: w.say("local.help.move", "play a move for the side to move (or just type the move)"),
    ),
    Command("board", board, "board [#N]", lambda w: w.say("local.help.board", "show the board")),
    Command(
        "hint",
        hint,
        "hint [#N] [ply K]",
        lambda w: w.say("local.help.hint", "the engine's suggestion (finished games: after ply K)"),
    ),
    Command(
        "resign",
        resign,
        "resign [#N]",
        lambda w: w.say("local.help.resign", "the player to move resigns (against the bot: you)"),
    ),
    Command(
        "games",
        games,
        "games",
        lambda w: w.say("local.help.games", "the local players' active games (* marks the current one)"),
    ),
    Command("switch", switch, "switch N", lambda w: w.say("local.help.switch", "make game N the current one")),
    Command("pdn", pdn, "pdn [#N]", lambda w: w.say("local.help.pdn", "the game in PDN")),
    Command("rules", rules, "rules [VARIANT]", lambda w: w.say("local.help.rules", "how a variant is played")),
    Command(
        "pictures",
        pictures,
        "pictures on|off",
        lambda w: w.say("local.help.pictures", "write board pictures (PNG) or not"),
    ),
)


def no_current_game(w: Words) -> str:
    return w.say(
        "local.no_current_game",
        "There is no current game. Start one with: {challenge} bob, or {challenge} bot.",
        challenge=command_word(w, "challenge"),
    )
