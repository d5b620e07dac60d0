"""Local mode: play Dama in a terminal, without Discord, through the same game service and SQLite file.

`python -m bot` (`make run`) lands here when no DISCORD_TOKEN is set and stdin is a terminal. Two local
players share the keyboard (hot seat): local:alice (you) and local:bob, plus the bot. Every board is
printed as text and written as a PNG (./dama-boards/game-<id>-ply-<n>.png). Games are ordinary rows in
DATABASE_PATH, so they are still there next time.

`run_session(input, output, ...)` is the scriptable entry point (tests feed it a StringIO).
"""

from __future__ import annotations

import asyncio
import shlex
import sys
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TextIO

import engine as engine_module
import messages
from data.db import Database
from engine import hint_text
from messages.play import HINT_REFUSALS, describe_game_error, ending
from render import RenderOptions, render_board
from rules import (
    VARIANTS,
    Move,
    Position,
    RulesError,
    UnknownVariantError,
    find_variant,
)
from service import (
    BOT_ID,
    Analyser,
    Engine,
    GameError,
    GameFinished,
    GameView,
    HintPolicy,
    MoveResult,
    RatingChange,
    Service,
    bot_label,
    hint_analyser,
    hint_refusal,
    move_number,
    rules_card,
)

# Reserved ids: Discord snowflakes are > 2**22, 0 is the bot, negative ids are anonymised players.
ALICE_ID = 1
BOB_ID = 2
NAMES = {ALICE_ID: "local:alice", BOB_ID: "local:bob"}
BOARDS_DIR = Path("dama-boards")
BOARD_SIZE = 560  # the same picture size as on Discord
COLOURS = ("white", "black", "random")


HELP = """\
Commands (the same as on Discord; [#N] picks a game, default: the current one):
  challenge bob [VARIANT] [white|black|random] [rated] [days N]
                              a game between local:alice (you) and local:bob (same keyboard)
  challenge bot [VARIANT] [level 1-5] [white|black|random]    a game against the bot (also: play ...)
  move MOVE [#N]              play a move for the side to move, e.g. move 22-18 (or just type 22-18)
  board [#N]                  show the board
  hint [#N]                   the engine's suggestion
  resign [#N]                 the player to move resigns (against the bot: you)
  games                       the local players' active games
  switch N                    make game N the current one
  pdn [#N]                    the game in PDN
  rules [VARIANT]             how a variant is played (variants: {variants})
  help                        this list
  quit                        leave (games stay in the database)"""


class InputError(Exception):
    """Something typed at the prompt that we cannot use; the message says what would work."""


def name_of(game: GameView, player_id: int) -> str:
    if player_id == BOT_ID:
        return bot_label(game.bot_level)
    return NAMES.get(player_id, f"player {player_id}")


def board_text(position: Position) -> str:
    """The position as text, White at the bottom: w/b men, W/B kings, '.' an empty dark square; beside
    it the square names (numeric notations), or files and ranks around it (algebraic ones)."""
    board = position.board
    symbols = {"WHITE_MAN": "w", "WHITE_KING": "W", "BLACK_MAN": "b", "BLACK_KING": "B"}
    names = [board.name(square) for square in board.squares]
    numeric = all(name.isdigit() for name in names)
    width = max(len(name) for name in names) + 1
    lines = []
    for row in range(board.height):
        cells, key = [], []
        for col in range(board.width):
            square = board.by_coord.get((row, col))
            if square is None:
                cells.append(" " * width)
                key.append(" " * width)
                continue
            piece = position.piece_at(square)
            cells.append((symbols[piece.name] if piece else ".").rjust(width))
            key.append(board.name(square).rjust(width))
        if numeric:
            lines.append("".join(cells) + "  |" + "".join(key))
        else:
            lines.append(f"{board.height - row:>2}" + "".join(cells))
    if not numeric:
        lines.append("  " + "".join(chr(ord("a") + col).rjust(width) for col in range(board.width)))
    return "\n".join(lines)


@dataclass
class Parsed:
    command: str
    args: list[str]
    game_id: int | None


class LocalSession:
    """One terminal session. `handle(line)` runs one command and returns False when it is time to quit."""

    def __init__(
        self,
        service: Service,
        output: TextIO,
        *,
        boards_dir: Path = BOARDS_DIR,
        analyser: Analyser | None = None,
    ) -> None:
        self.service = service
        self.out = output
        self.boards_dir = boards_dir
        self.analyser = analyser or hint_analyser
        self.current: int | None = None

    def say(self, text: str = "") -> None:
        self.out.write(text + "\n")
        self.out.flush()

    async def start(self) -> None:
        for player_id, name in NAMES.items():
            await self.service.players.ensure(player_id, name)
        mine = await self._active_games()
        waiting = [g for g in mine if g.to_move_id in NAMES]
        if mine:
            self.current = (waiting or mine)[0].id
            self.say(f"You have {len(mine)} active game{'s' * (len(mine) != 1)}; type games to list them.")

    async def prompt(self) -> str:
        if self.current is None:
            return "dama> "
        try:
            game = await self.service.queries.game(self.current)
        except GameError:
            self.current = None
            return "dama> "
        if not game.active:
            return f"#{game.id} (over)> "
        to_move = game.to_move_id
        assert to_move is not None
        return f"#{game.id} {name_of(game, to_move)} ({game.turn.label}) to move> "

    # ---- dispatch -----------------------------------------------------------------------------

    async def handle(self, line: str) -> bool:
        line = line.strip()
        if not line:
            return True
        try:
            parsed = self._parse(line)
            if parsed.command in ("quit", "exit", "q"):
                return False
            await self._run(parsed, line)
        except InputError as error:
            self.say(str(error))
        except RulesError as error:
            self.say(messages.describe(error))
        except GameError as error:
            self.say(self._game_error(error))
        return True

    def _parse(self, line: str) -> Parsed:
        try:
            tokens = shlex.split(line)
        except ValueError as error:
            raise InputError(f"I could not read that ({error}). Type help for the commands.") from None
        command, args = tokens[0].lower().lstrip("/"), tokens[1:]
        game_id: int | None = None
        rest: list[str] = []
        for token in args:
            if token.startswith("#"):
                game_id = self._game_number(token)
            else:
                rest.append(token)
        return Parsed(command, rest, game_id)

    @staticmethod
    def _game_number(token: str) -> int:
        digits = token.lstrip("#")
        if not digits.isdigit() or len(digits) > 12:
            raise InputError(f"{token!r} is not a game number; write it like #12.")
        return int(digits)

    async def _run(self, parsed: Parsed, line: str) -> None:
        command = parsed.command
        handlers: dict[str, Callable[[Parsed], Awaitable[None]]] = {
            "help": self.help,
            "challenge": self.challenge,
            "play": self.play,
            "move": self.move,
            "board": self.board,
            "hint": self.hint,
            "resign": self.resign,
            "games": self.games,
            "switch": self.switch,
            "pdn": self.pdn,
            "rules": self.rules,
        }
        handler = handlers.get(command)
        if handler is not None:
            await handler(parsed)
            return
        if command[:1].isdigit() and self.current is not None:  # a bare move: 22-18, 22x13x6
            await self._play(self.current, line)
            return
        raise InputError(f"Unknown command {command!r}. Type help for the list.")

    def _target(self, parsed: Parsed, *, allow_bare: bool = True) -> int:
        """The game named (#N, or a bare number), else the current game."""
        if allow_bare and parsed.game_id is None and len(parsed.args) == 1 and parsed.args[0].isdigit():
            parsed.game_id = self._game_number(parsed.args.pop())
        if parsed.args:
            raise InputError(f"I don't understand {' '.join(parsed.args)!r} here. Type help for the commands.")
        if parsed.game_id is not None:
            return parsed.game_id
        if self.current is None:
            raise InputError("There is no current game. Start one with: challenge bob, or challenge bot.")
        return self.current

    async def _local_game(self, game_id: int) -> GameView:
        game = await self.service.queries.game(game_id)
        if not NAMES.keys() & {game.white_id, game.black_id}:
            raise InputError(f"Game #{game_id} is not a local game (it is played on Discord).")
        return game

    # ---- commands -----------------------------------------------------------------------------

    async def help(self, parsed: Parsed) -> None:
        self.say(HELP.format(variants=", ".join(VARIANTS)))

    async def challenge(self, parsed: Parsed) -> None:
        if not parsed.args:
            raise InputError("Whom? challenge bob (the second local player) or challenge bot.")
        who = parsed.args[0].lower().removeprefix("local:").removeprefix("@")
        if who == "bot":
            await self.play(Parsed("play", parsed.args[1:], None))
            return
        if who == "alice":
            raise InputError("You are local:alice: you cannot play against yourself. Try challenge bob.")
        if who != "bob":
            raise InputError(f"There is no local player {parsed.args[0]!r}: challenge bob or challenge bot.")
        options = self._options(parsed.args[1:], allowed=("variant", "colour", "rated", "days"))
        service = self.service
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
        self.current = game.id
        self.say(
            f"local:bob accepts. Game #{game.id} begins: {name_of(game, game.white_id)} (White) against "
            f"{name_of(game, game.black_id)} (Black), {find_variant(game.variant).name}, "
            f"{'rated' if game.rated else 'unrated'}."
        )
        await self._show(game)

    async def play(self, parsed: Parsed) -> None:
        options = self._options(parsed.args, allowed=("variant", "colour", "level"))
        started = await self.service.challenges.play_bot_game(
            ALICE_ID, level=options.level, variant=options.variant, color=options.colour
        )
        game = started.game
        self.current = game.id
        headline = (
            f"Game #{game.id} begins: {name_of(game, game.white_id)} (White) against "
            f"{name_of(game, game.black_id)} (Black), {find_variant(game.variant).name}."
        )
        if started.bot_move is not None:
            headline += f" The bot opened with {started.bot_move.move.notation}."
        self.say(headline)
        await self._show(game)

    async def move(self, parsed: Parsed) -> None:
        if not parsed.args:
            raise InputError("Which move? For example: move 22-18")
        game_id = parsed.game_id if parsed.game_id is not None else self.current
        if game_id is None:
            raise InputError("There is no current game. Start one with: challenge bob, or challenge bot.")
        await self._play(game_id, " ".join(parsed.args))

    async def _play(self, game_id: int, text: str) -> None:
        game = await self._local_game(game_id)
        self.current = game.id
        mover = game.to_move_id
        if mover is None or mover == BOT_ID:
            mover = ALICE_ID if ALICE_ID in (game.white_id, game.black_id) else BOB_ID
        try:
            result = await self.service.games.play(game.id, mover, text, bot_reply=False)
        except RulesError as error:
            self.say(messages.describe(error, game.position))
            return
        await self._moved(result)
        if result.next_player_id == BOT_ID:
            reply = await self.service.games.play_bot(game.id, expected_version=result.game.version)
            if reply is not None:
                await self._moved(reply)

    async def _moved(self, result: MoveResult) -> None:
        game = result.game
        took = f" (takes {', '.join(result.move.captures)})" if result.move.captures else ""
        self.say(f"{name_of(game, result.move.player_id)} played {result.move.notation}{took}.")
        if result.ended is not None:
            await self._finished(GameFinished(game, result.ended, result.rating_changes))
        else:
            await self._show(game)

    async def _finished(self, finished: GameFinished, headline: str = "") -> None:
        game = finished.game
        await self._show(game)
        ratings = self._ratings(game, finished.rating_changes)
        self.say(" ".join(filter(None, [headline, f"Game #{game.id} is over: {ending(game)}.", ratings])))

    @staticmethod
    def _ratings(game: GameView, changes: Sequence[RatingChange]) -> str:
        shown = [
            f"{name_of(game, c.player_id)} {c.rating_after:.0f} ({c.delta:+.0f})"
            for c in changes
            if c.player_id != BOT_ID
        ]
        return ("Ratings: " + ", ".join(shown) + ".") if shown else ""

    async def board(self, parsed: Parsed) -> None:
        game = await self._local_game(self._target(parsed))
        self.current = game.id
        await self._show(game)

    async def hint(self, parsed: Parsed) -> None:
        game = await self._local_game(self._target(parsed))
        self.current = game.id
        viewer = game.to_move_id if game.to_move_id in NAMES else ALICE_ID
        assert viewer is not None
        refused = hint_refusal(game, viewer, HintPolicy.UNRATED)  # as on Discord; no server, the default
        if refused is not None:
            raise InputError(HINT_REFUSALS[refused])
        position = game.position
        if not position.legal_moves():
            raise InputError(f"Game #{game.id} is over: there is no move to suggest.")
        self.say("Thinking...")
        history = (await self.service.queries.replay(game.id)).positions
        analysis = await self.analyser(position, history)
        self.say(f"Hint for game #{game.id}: {hint_text(position, analysis)}")
        path = await self._png(game, hint=analysis.move, suffix="-hint")
        self.say(f"Board with the hint arrow: {path}")

    async def resign(self, parsed: Parsed) -> None:
        game = await self._local_game(self._target(parsed))
        self.current = game.id
        player = game.to_move_id
        if player is None or player not in NAMES:
            player = ALICE_ID if ALICE_ID in (game.white_id, game.black_id) else BOB_ID
        finished = await self.service.games.resign(game.id, player)
        await self._finished(finished, f"{name_of(game, player)} resigned.")

    async def games(self, parsed: Parsed) -> None:
        if parsed.args or parsed.game_id is not None:
            raise InputError("games takes no options: it lists every active local game.")
        mine = await self._active_games()
        if not mine:
            self.say("No active games. Start one with: challenge bob, or challenge bot.")
            return
        for game in mine:
            to_move = game.to_move_id
            assert to_move is not None
            marker = "*" if game.id == self.current else " "
            deadline = game.move_deadline.strftime("%Y-%m-%d %H:%M UTC") if game.move_deadline else "none"
            self.say(
                f"{marker}#{game.id} · {find_variant(game.variant).name} · {name_of(game, game.white_id)} (White) "
                f"vs {name_of(game, game.black_id)} (Black) · move {move_number(game.ply)} · "
                f"{name_of(game, to_move)} to move · deadline {deadline}"
            )

    async def switch(self, parsed: Parsed) -> None:
        if parsed.game_id is None and not parsed.args:
            raise InputError("Which game? For example: switch 3")
        game = await self._local_game(self._target(parsed))
        self.current = game.id
        await self._show(game)

    async def pdn(self, parsed: Parsed) -> None:
        game = await self._local_game(self._target(parsed))
        text = await self.service.queries.export_pdn(game.id)
        path = self.boards_dir / f"game-{game.id}.pdn"
        await asyncio.to_thread(_write, path, text.encode("utf-8"))
        self.say(text.rstrip("\n"))
        self.say(f"Saved as {path}")

    async def rules(self, parsed: Parsed) -> None:
        if parsed.game_id is not None:
            raise InputError("rules takes a variant, not a game: for example rules italian")
        name = " ".join(parsed.args) or "italian"
        card = rules_card(name)
        self.say(f"{card.name} ({card.width}x{card.height}, {card.first_player.label} moves first)")
        self.say(card.summary)
        self.say(f"Moves are written like: {', '.join(card.examples)}")

    # ---- helpers ------------------------------------------------------------------------------

    @dataclass
    class Options:
        variant: str | None = None
        colour: str = "random"
        rated: bool = False
        days: int | None = None
        level: int = 1

    def _options(self, args: list[str], *, allowed: tuple[str, ...]) -> LocalSession.Options:
        options = LocalSession.Options()
        words = list(args)
        unknown: list[str] = []
        while words:
            word = words.pop(0)
            key, _, value = word.lower().partition("=")
            if key in ("level", "days") and key in allowed:
                value = value or (words.pop(0) if words else "")
                if not value.isdigit():
                    raise InputError(f"{key} needs a number, for example {key} {'2' if key == 'level' else '3'}.")
                if key == "level":
                    options.level = int(value)
                else:
                    options.days = int(value)
            elif key in COLOURS and "colour" in allowed:
                options.colour = key
            elif key in ("rated", "unrated") and "rated" in allowed:
                options.rated = key == "rated"
            else:
                unknown.append(word)
        if unknown:
            name = " ".join(unknown)
            try:
                options.variant = find_variant(name).id
            except UnknownVariantError:
                raise InputError(
                    f"I don't understand {name!r}. Variants: {', '.join(VARIANTS)}; "
                    f"options: {', '.join(allowed)}."
                ) from None
        return options

    async def _active_games(self) -> list[GameView]:
        seen: dict[int, GameView] = {}
        for player_id in NAMES:
            for item in await self.service.queries.my_games(player_id):
                seen.setdefault(item.game.id, item.game)
        return sorted(seen.values(), key=lambda g: g.id)

    async def _show(self, game: GameView) -> None:
        rules = find_variant(game.variant)
        self.say(
            f"Game #{game.id} · {rules.name} · move {move_number(game.ply)} · White: {name_of(game, game.white_id)}"
            f" · Black: {name_of(game, game.black_id)}"
        )
        self.say(board_text(game.position))
        if game.active:
            to_move = game.to_move_id
            assert to_move is not None
            self.say(f"{game.turn.label} to move: {name_of(game, to_move)}.")
        path = await self._png(game)
        self.say(f"Board picture: {path}")

    async def _png(self, game: GameView, *, hint: Move | None = None, suffix: str = "") -> Path:
        record, last = await self.service.queries.last_move(game)
        options = RenderOptions(
            size=BOARD_SIZE,
            last_move=last,
            hint=hint,
            white_name=name_of(game, game.white_id),
            black_name=name_of(game, game.black_id),
            move_number=move_number(game.ply),
            result=game.result,
            note=record.notation if record else None,
        )
        png = await asyncio.to_thread(render_board, game.position, options)
        path = self.boards_dir / f"game-{game.id}-ply-{game.ply}{suffix}.png"
        await asyncio.to_thread(_write, path, png)
        return path

    def _game_error(self, error: GameError) -> str:
        return describe_game_error(error, lambda player: NAMES.get(player, "the bot"))


def _write(path: Path, data: bytes) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)



def run_session(
    input: TextIO,
    output: TextIO,
    *,
    database_path: Path | str,
    boards_dir: Path = BOARDS_DIR,
    engine: Engine | None = None,
    analyser: Analyser | None = None,
    echo: bool = False,
    banner: bool = True,
) -> int:
    """Read commands from `input` until quit or end of input; write everything to `output`.

    engine/analyser default to the real engine (its process pool is shut down at the end). With echo,
    each command is written after its prompt, so a scripted transcript reads like a terminal.
    """
    own_engine = engine is None
    with asyncio.Runner() as runner:
        db = runner.run(Database.open(database_path))
        try:
            service = Service(db, engine=engine or engine_module.default_engine())
            session = LocalSession(service, output, boards_dir=boards_dir, analyser=analyser)
            if banner:
                session.say(
                    "Dama local mode (DISCORD_TOKEN is not set, so no Discord): you are local:alice; "
                    "local:bob shares your keyboard, and the bot is always ready."
                )
                session.say(f"Games are kept in {database_path}; board pictures go to {boards_dir}/.")
                session.say("Boards: w/b are White's/Black's men, W/B their kings, . an empty square.")
                session.say("Type help for the commands, quit to leave.")
            runner.run(session.start())
            while True:
                output.write(runner.run(session.prompt()))
                output.flush()
                try:
                    line = input.readline()
                except KeyboardInterrupt:
                    line = ""
                if not line:  # end of input (Ctrl-D) or Ctrl-C
                    output.write("\n")
                    break
                if echo:
                    output.write(line if line.endswith("\n") else line + "\n")
                if not runner.run(session.handle(line)):
                    break
            session.say("Bye. Your games are saved; run python -m bot again to continue them.")
        finally:
            runner.run(db.close())
            if own_engine:
                engine_module.shutdown()
    return 0


def main(database_path: Path | str) -> int:
    """Local mode in this terminal (`python -m bot` starts it when there is no token and stdin is a TTY)."""
    return run_session(sys.stdin, sys.stdout, database_path=database_path)


__all__ = ["ALICE_ID", "BOB_ID", "NAMES", "LocalSession", "board_text", "main", "run_session"]
