"""Local mode: play Dama in a terminal, without Discord, through the same game service and database.

Two local players share the keyboard (hot seat): local:alice (you) and local:bob, plus the bot. Every board is
printed as text and written as a PNG (./dama-boards/game-<id>-ply-<n>.png). Games are ordinary rows in the
database, so they are still there next time. The commands live in local/commands.py and the modules it lists.
"""

from __future__ import annotations

import asyncio
import re
import shlex
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TextIO

import messages
from engine import Analysis
from local import tournament
from local.commands import COMMANDS
from local.games import no_current_game
from local.puzzles import puzzle_move
from local.study import STUDY_COMMANDS, study_prompt
from local.text import ALICE_ID, BOB_ID, NAMES, InputError, Parsed, board_text, name_of, readable, write_file
from local.vocabulary import AmbiguousCommand, command_word, find_command, in_english, is_quit
from messages import colour_name, example_moves
from messages.clock import game_banks, time_left_line
from messages.i18n import Words, words
from messages.openings import opening_line
from messages.play import describe_game_error, game_over
from messages.premove import conditional_reply
from messages.variants import variant_name
from messages.web import local_link
from render import RenderOptions, render_board
from rules import Color, Move, Position, RulesError
from service import (
    BOT_ID,
    Analyser,
    AnalysisRefused,
    GameError,
    GameFinished,
    GameView,
    MoveRefused,
    MoveResult,
    RatingChange,
    Service,
    Study,
    board_flipped,
    hint_analyser,
    move_number,
)
from service.errors import LineTooLong
from service.puzzles import PuzzleOver

BOARDS_DIR = Path("dama-boards")
# Square names start a move: 22-18 (numbers), c3-d4 (algebraic), cd4 (short algebraic, file then square).
MOVE_START = re.compile(r"^(\d|[a-l]{1,2}\d)", re.IGNORECASE)
BOARD_SIZE = 560  # the same picture size as on Discord


def looks_like_move(text: str) -> bool:
    return bool(MOVE_START.match(text.strip()))


class LocalSession:
    """One terminal session. `handle(line)` runs one command and returns False when it is time to quit."""

    def __init__(
        self,
        service: Service,
        output: TextIO,
        *,
        boards_dir: Path = BOARDS_DIR,
        analyser: Analyser | None = None,
        pictures: bool = True,
        language: str | None = None,
    ) -> None:
        self.w = words(language)  # LANG or --lang; English when unknown
        self.service = service
        self.out = output
        self.boards_dir = boards_dir
        self.pictures = pictures  # the `pictures off` command and LOCAL_PICTURES=off turn PNG files off
        self.analyser = analyser or hint_analyser
        self.current: int | None = None
        self.solving = False  # a puzzle is open and the prompt says so: a bare move is for it, not the game
        self.puzzle_side: Color | None = None  # the open puzzle's solver, for the prompt
        self.study: Study | None = None  # the open study board (local/study.py), in memory only
        self.studying = False  # a study command was the last one: the prompt shows the study's side to move
        self.study_evaluations: dict[Position, Analysis] = {}  # the open study's, so none is searched twice
        self.vote_team: int | None = None  # the vote game last started or begun here (local/votes.py)

    def say(self, text: str = "") -> None:
        self.out.write(text + "\n")
        self.out.flush()

    async def start(self) -> None:
        for player_id, name in NAMES.items():
            await self.service.players.ensure(player_id, name)
        mine = await self.active_games()
        waiting = [g for g in mine if g.to_move_id in NAMES]
        if mine:
            self.current = (waiting or mine)[0].id
            self.say(
                self.w.plural(
                    "local.active_games",
                    "You have {count} active game; type {games} to list them.",
                    "You have {count} active games; type {games} to list them.",
                    len(mine),
                    games=command_word(self.w, "games"),
                )
            )

    async def prompt(self) -> str:
        if self.solving and self.puzzle_side is not None:
            return self.w.say(
                "local.prompt_puzzle",
                "{puzzle} ({side} to move)> ",
                puzzle=command_word(self.w, "puzzle"),
                side=colour_name(self.w, self.puzzle_side),
            )
        if self.studying and self.study is not None:
            return study_prompt(self.study, self.w)
        if self.current is None:
            return "dama> "
        try:
            game = await self.service.queries.game(self.current)
        except GameError:
            self.current = None
            return "dama> "
        if not game.active:
            return self.w.say("local.prompt_over", "#{game} (over)> ", game=game.id)
        to_move = game.to_move_id
        assert to_move is not None
        return self.w.say(
            "local.prompt",
            "#{game} {player} ({side}) to move> ",
            game=game.id,
            player=name_of(game, to_move, self.w),
            side=colour_name(self.w, game.turn),
        )

    # ---- dispatch -----------------------------------------------------------------------------

    async def handle(self, line: str) -> bool:
        line = line.strip()
        if not line:
            return True
        try:
            parsed = self._parse(line)
            if is_quit(parsed.command, self.w):
                return False
            await self._run(parsed, line)
        except InputError as error:
            self.say(error.words(self.w))
        except RulesError as error:
            self.say(messages.describe(error, None, self.w))
        except GameError as error:
            self.say(self.game_error(error))
        finally:
            await self.service.outbox.settle_for_players(tuple(NAMES))
        return True

    def _parse(self, line: str) -> Parsed:
        try:
            tokens = shlex.split(line)
        except ValueError as error:
            problem = str(error)
            raise InputError(
                lambda w: w.say(
                    "local.unreadable",
                    "I could not read that ({problem}). Type {help} for the commands.",
                    problem=problem,
                    help=command_word(w, "help"),
                )
            ) from None
        command, args = tokens[0].lower().lstrip("/"), tokens[1:]
        if command.startswith("#"):  # a game's number alone makes it the current game (and the prompt's)
            command, args = "switch", tokens
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
            raise InputError(
                lambda w: w.say(
                    "local.not_a_game_number",
                    "{text!r} is not a game number; write it like #12.",
                    text=readable(token),
                )
            )
        return int(digits)

    async def _run(self, parsed: Parsed, line: str) -> None:
        command = parsed.command
        try:
            name = find_command(command, self.w, COMMANDS)
        except AmbiguousCommand as error:
            ambiguity = error
            raise InputError(lambda w: _ambiguous(w, ambiguity)) from None
        known = COMMANDS.get(name) if name is not None else None
        if known is not None and name is not None:
            parsed.args = in_english(self.w, name, parsed.args)
            # any command about games gives the prompt, and bare moves, back to the current game
            self.solving = self.solving and name in KEEP_PUZZLE
            self.studying = name in STUDY_COMMANDS
            await known.run(self, parsed)
            return
        if looks_like_move(line) and self.solving:
            await puzzle_move(self, line)
            return
        if looks_like_move(line) and self.current is not None:  # a bare move: 22-18, 22x13x6, c3-d4, cd4
            await self.play_move(self.current, line)
            return
        if looks_like_move(line):
            typed = line
            raise InputError(lambda w: no_game_for_move(w, readable(typed)))
        raise InputError(
            lambda w: w.say(
                "local.unknown_command",
                "Unknown command {command!r}. Type {help} for the list.",
                command=readable(command),
                help=command_word(w, "help"),
            )
        )

    async def example_move(self, game_id: int | None) -> str:
        """A move as the game writes it, for the examples in our sentences (22-18, c3-d4, ...)."""
        if game_id is not None:
            try:
                game = await self.local_game(game_id)
            except (GameError, InputError):
                game = None
            if game is not None and game.active:
                return example_moves(game.position, 1)[0]
        return "22-18"

    def target(self, parsed: Parsed, *, allow_bare: bool = True) -> int:
        """The game named (#N, or a bare number), else the current game."""
        if allow_bare and parsed.game_id is None and len(parsed.args) == 1 and parsed.args[0].isdigit():
            parsed.game_id = self._game_number(parsed.args.pop())
        if parsed.args:
            typed = readable(" ".join(parsed.args))
            raise InputError(
                lambda w: w.say(
                    "local.not_understood",
                    "I don't understand {text!r} here. Type {help} for the commands.",
                    text=typed,
                    help=command_word(w, "help"),
                )
            )
        if parsed.game_id is not None:
            return parsed.game_id
        if self.current is None:
            raise InputError(no_current_game)
        return self.current

    async def local_game(self, game_id: int) -> GameView:
        game = await self.service.queries.game(game_id)
        if not NAMES.keys() & {game.white_id, game.black_id}:
            raise InputError(
                lambda w: w.say(
                    "local.not_local", "Game #{game} is not a local game (it is played on Discord).", game=game_id
                )
            )
        return game

    # ---- shared by the commands ---------------------------------------------------------------

    async def play_move(self, game_id: int, text: str) -> None:
        game = await self.local_game(game_id)
        self.current = game.id
        mover = game.to_move_id
        if mover is None or mover == BOT_ID:
            mover = ALICE_ID if ALICE_ID in (game.white_id, game.black_id) else BOB_ID
        try:  # the service's one move loop: each step (a conditional reply, the bot's) is shown as it is stored
            await self.service.games.move(game.id, mover, text, on_ply=self.moved)
        except MoveRefused as refused:
            self.say(messages.describe(refused.error, refused.position, self.w))

    async def moved(self, result: MoveResult) -> None:
        game = result.game
        w = self.w
        player = name_of(game, result.move.player_id, self.w)
        if result.move.captures:
            self.say(
                w.say(
                    "local.played_takes",
                    "{player} played {move} (takes {taken}).",
                    player=player,
                    move=result.move.notation,
                    taken=w.join(list(result.move.captures)),
                )
            )
        else:
            self.say(w.say("game.played", "{player} played {move}.", player=player, move=result.move.notation))
        reply = result.premove_reply
        if reply is not None:
            result, game = reply, reply.game
            self.say(conditional_reply(name_of(game, reply.move.player_id, self.w), reply.move.notation, w))
        if result.ended is not None:
            await self.finished(GameFinished(game, result.ended, result.rating_changes))
        else:
            await self.show(game)

    async def finished(self, finished: GameFinished, headline: str = "") -> None:
        game = finished.game
        await self.show(game)
        ratings = self.ratings(game, finished.rating_changes)
        over = game_over(self.w, game)
        self.say(" ".join(filter(None, [headline, over, ratings])))
        await tournament.after_game(self, game.id)  # a tournament game: its next round, or the end

    def ratings(self, game: GameView, changes: Sequence[RatingChange]) -> str:
        shown = [
            f"{name_of(game, c.player_id, self.w)} {c.rating_after:.0f} ({c.delta:+.0f})"
            for c in changes
            if c.player_id != BOT_ID
        ]
        return self.w.say("game.ratings", "Ratings: {ratings}", ratings=", ".join(shown) + ".") if shown else ""

    # ---- helpers ------------------------------------------------------------------------------

    async def active_games(self) -> list[GameView]:
        seen: dict[int, GameView] = {}
        for player_id in NAMES:
            for item in await self.service.queries.my_games(player_id):
                seen.setdefault(item.game.id, item.game)
        return sorted(seen.values(), key=lambda g: g.id)

    def viewer(self, game: GameView) -> int:
        """Whose eyes the board is drawn for: the local player to move, else the local player in the game."""
        to_move = game.to_move_id
        if to_move in NAMES:
            assert to_move is not None
            return to_move
        return ALICE_ID if ALICE_ID in (game.white_id, game.black_id) else BOB_ID

    async def flipped(self, game: GameView) -> bool:
        viewer = self.viewer(game)
        prefs = await self.service.players.preferences(viewer)
        return board_flipped(prefs.orientation, game.color_of(viewer))

    async def show(self, game: GameView) -> None:
        w = self.w
        self.say(
            w.say(
                "local.board_title",
                "Game #{game} · {variant} · move {number} · White: {white} · Black: {black}",
                game=game.id,
                variant=variant_name(w, game.variant),
                number=move_number(game.ply),
                white=name_of(game, game.white_id, self.w),
                black=name_of(game, game.black_id, self.w),
            )
        )
        self.say(board_text(game.position, flip=await self.flipped(game)))
        opening = await self.service.queries.opening(game.id)
        if opening is not None:
            self.say(opening_line(w, opening))
        if game.active:
            to_move = game.to_move_id
            assert to_move is not None
            self.say(
                w.say(
                    "local.to_move",
                    "{side} to move: {player}.",
                    side=colour_name(w, game.turn),
                    player=name_of(game, to_move, self.w),
                )
            )
            if game.clock is not None:
                white, black = name_of(game, game.white_id, w), name_of(game, game.black_id, w)
                self.say(time_left_line(w, game_banks(w, game, white, black, self.service.ctx.now())))
        path = await self.png(game)
        if path is not None:
            self.say(w.say("local.board_picture", "Board picture: {path}", path=path))
        link = await self.service.web.link(game)  # None unless WEB_PORT is set
        if link is not None:
            self.say(local_link(w, game.id, link))

    async def png(
        self, game: GameView, *, hint: Move | None = None, suffix: str = "", ply: int | None = None
    ) -> Path | None:
        """The board as a PNG, one file per game (and one for its hint), rewritten as the game goes on;
        None when pictures are switched off."""
        if not self.pictures:
            return None
        shown = game.ply if ply is None else ply
        record, last = await self.service.queries.last_move(game, shown)
        position = game.position
        if shown != game.ply:
            position = (await self.service.queries.position_at(game.id, shown)).position
        options = RenderOptions(
            size=BOARD_SIZE,
            flip=await self.flipped(game),
            last_move=last,
            hint=hint,
            white_name=name_of(game, game.white_id, self.w),
            black_name=name_of(game, game.black_id, self.w),
            move_number=move_number(shown),
            result=game.result if shown == game.ply else None,
            note=record.notation if record else None,
            language=self.w.locale,
        )
        png = await asyncio.to_thread(render_board, position, options)
        path = self.boards_dir / f"game-{game.id}{suffix}.png"
        await asyncio.to_thread(write_file, path, png)
        return path

    def game_error(self, error: GameError) -> str:
        w = self.w
        local = LOCAL_ERRORS.get(type(error))
        if local is not None:
            said = local(error, w)
            if said is not None:
                return said
        return describe_game_error(error, lambda player: NAMES.get(player, w.say("local.the_bot", "the bot")), w)


# Commands that leave an open puzzle open (they are about neither a game nor a puzzle's answer).
KEEP_PUZZLE = ("puzzle", "help", "pictures", "rules")


def no_game_for_move(w: Words, move: str) -> str:
    return w.say(
        "local.no_game_for_move",
        "There is no game to play {move} in: start one first with {play} (against the bot) or {challenge} bob.",
        move=move,
        play=command_word(w, "play"),
        challenge=command_word(w, "challenge"),
    )


def _analysis_refused(error: GameError, w: Words) -> str | None:
    assert isinstance(error, AnalysisRefused)
    if error.reason != "active":
        return None
    return w.say(
        "local.analysis_refused_active",
        "Game #{game} is still being played: analyses are for finished games ({hint} gives a hint where the "
        "game allows it).",
        game=error.game_id,
        hint=command_word(w, "hint"),
    )


def _puzzle_over(error: GameError, w: Words) -> str:
    return w.say(
        "local.puzzle_over",
        "This puzzle is over (or that move was already played). Type {puzzle} for a new one.",
        puzzle=command_word(w, "puzzle"),
    )


def _line_too_long(error: GameError, w: Words) -> str:
    assert isinstance(error, LineTooLong)
    return w.say(
        "local.study_line_too_long",
        "A tried line can have at most {limit} moves: type {back} to take back a tried move, or step to another "
        "position to start again.",
        limit=error.limit,
        back=command_word(w, "back"),
    )


# Refusals whose Discord words name a slash command or a button: here they name what is typed at the prompt.
LOCAL_ERRORS: dict[type[GameError], Callable[[GameError, Words], str | None]] = {
    AnalysisRefused: _analysis_refused,
    PuzzleOver: _puzzle_over,
    LineTooLong: _line_too_long,
}


def _ambiguous(w: Words, error: AmbiguousCommand) -> str:
    return w.say(
        "local.ambiguous_command",
        "{word!r} names more than one command here ({commands}): type the English name of the one you mean.",
        word=readable(error.word),
        commands=w.join(list(error.names)),
    )
