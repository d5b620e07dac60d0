"""Local mode (the local package): scripted sessions through the real service and SQLite file.

The expected facts come from the Italian rules and board geometry (worked out by hand in the comments),
not from the session's own output.
"""

from __future__ import annotations

import asyncio
import io
import random
import re
import sqlite3
from pathlib import Path

import pytest
from PIL import Image

import engine
from data import Database
from engine import Analysis
from local import ALICE_ID, BOB_ID, LocalSession, board_text, run_session
from render import RenderOptions, render_board
from rules import Position, find_variant, format_move, parse_fen
from service import RandomEngine, Service
from tests.scripted import FirstMoveEngine, waiting_line

# Italian, White = local:alice. After 24-20 12-16 22-18 11-14 18x11 White's man stands on 11 and on 20:
# Black's man on 7 can jump 11 alone (7x14), but the man on 6 takes 11 then 20 (6x15x24), and the most
# pieces must be taken (FID rules, docs/RULES.md).
OPENING = ["24-20", "12-16", "22-18", "11-14", "18x11"]


def session(lines: list[str], tmp_path: Path, **kwargs: object) -> str:
    out = io.StringIO()
    code = run_session(
        io.StringIO("".join(line + "\n" for line in lines)),
        out,
        database_path=tmp_path / "dama.sqlite3",
        boards_dir=tmp_path / "boards",
        echo=True,
        **kwargs,  # type: ignore[arg-type]
    )
    assert code == 0
    return out.getvalue()


def table(path: Path, sql: str) -> list[tuple[object, ...]]:
    with sqlite3.connect(path) as conn:
        return list(conn.execute(sql))


def squares_of(rows: list[str]) -> dict[int, str]:
    """Square number -> symbol from a printed Italian diagram (dark squares in reading order = 1..32)."""
    symbols = [cell for row in rows for cell in row.split("|")[0].split()]
    assert len(symbols) == 32
    return {n: symbols[n - 1] for n in range(1, 33)}


def test_hot_seat_game_with_refused_capture_and_multi_capture(tmp_path: Path) -> None:
    text = session(["challenge bob white", *OPENING, "7x14", "6x15x24", "board", "quit"], tmp_path)
    assert "Game #1 begins: local:alice (White) against local:bob (Black)" in text
    assert "You must capture 2 pieces; 7x14 captures only 1. Legal: 6x15x24." in text
    assert "local:bob played 6x24 (takes 11, 20)." in text or "local:bob played 6x15x24 (takes 11, 20)." in text
    # the prompt names whose turn it is: Black (local:bob) after 18x11, White (local:alice) after 6x15x24
    assert "#1 local:bob (Black) to move> 7x14" in text
    assert "#1 local:alice (White) to move> board" in text
    db = tmp_path / "dama.sqlite3"
    assert table(db, "SELECT white_id, black_id, ply, status FROM games") == [(ALICE_ID, BOB_ID, 6, "active")]
    assert [r[0] for r in table(db, "SELECT path FROM moves ORDER BY ply")] == [*OPENING, "6x15x24"]
    # one picture per game, rewritten at every ply (no pile of files in dama-boards/)
    pictures = sorted((tmp_path / "boards").iterdir())
    assert [p.name for p in pictures] == ["game-1.png"]
    for picture in pictures:
        with Image.open(picture) as image:
            assert image.format == "PNG" and image.width == 560 and image.height >= 560
    # the last diagram: 11 and 20 were captured, Black's man went 6 -> 24, 7 still there
    last = text[text.rindex("Game #1 · Italian draughts") :]
    rows = last.splitlines()[1:9]
    squares = squares_of(rows)
    assert squares[11] == squares[20] == squares[6] == "."
    assert squares[24] == "b" and squares[7] == "b"
    assert sum(s == "w" for s in squares.values()) == 10 and sum(s == "b" for s in squares.values()) == 11


def test_game_against_the_bot_hint_pdn_rules_resign(tmp_path: Path) -> None:
    calls: list[Position] = []

    async def analyser(position: Position, history: object) -> Analysis:

        calls.append(position)
        return await engine.analyse(position, depth=3)

    text = session(
        ["rules", "rules frisian", "play level 1 white", "21-17", "hint", "pdn", "resign", "quit"],
        tmp_path,
        analyser=analyser,
    )
    # rules: the Italian and Frisian facts players need (board size, who starts, how moves are written)
    assert "Italian draughts (8x8, White moves first)" in text
    assert "Frisian draughts (10x10, White moves first)" in text
    assert "Game #1 begins: local:alice (White) against Dama bot (level 1) (Black)" in text
    assert "local:alice played 21-17." in text
    bot_move = re.search(r"Dama bot \(level 1\) played (\S+)\.", text)
    assert bot_move is not None
    assert re.search(r"Hint for game #1: \d+[-x]\d+", text)
    assert len(calls) == 1 and calls[0].turn.label == "White"
    assert (tmp_path / "boards" / "game-1-hint.png").is_file()
    # PDN: the two moves as played, the players' names, no result yet
    assert '[White "local:alice"]' in text and '[Black "Dama bot (level 1)"]' in text
    assert f"1. 21-17 {bot_move.group(1)}" in text
    assert (tmp_path / "boards" / "game-1.pdn").read_text().startswith('[Event "Dama correspondence game 1"]')
    assert "local:alice resigned. Game #1 is over. Black wins: White resigned." in text
    db = tmp_path / "dama.sqlite3"
    assert table(db, "SELECT result, termination FROM games") == [("0-1", "resignation")]


def test_games_survive_a_restart(tmp_path: Path) -> None:
    session(["challenge bob black", "22-18", "quit"], tmp_path)
    second = session(["games", "quit"], tmp_path)
    assert "You have 1 active game" in second
    assert "#1 · Italian draughts · local:bob (White) vs local:alice (Black) · move 1 · local:alice to move" in second
    # the current game is restored: the prompt shows it
    assert "#1 local:alice (Black) to move> games" in second


def test_end_of_input_quits_cleanly(tmp_path: Path) -> None:
    out = io.StringIO()
    assert run_session(io.StringIO("challenge bob\n"), out, database_path=tmp_path / "d.sqlite3",
                       boards_dir=tmp_path / "b") == 0
    assert out.getvalue().rstrip().endswith("run python -m bot again to continue them.")


BAD_INPUT = [
    ("board", "There is no current game. Start one with: challenge bob, or challenge bot."),
    ("move 22-18", "There is no current game."),
    ("hint", "There is no current game."),
    ("frobnicate", "Unknown command 'frobnicate'. Type help for the list."),
    ('challenge "bob', "I could not read that"),
    ("challenge", "Whom? challenge bob"),
    ("challenge carol", "There is no local player 'carol'"),
    ("challenge alice", "you cannot play against yourself"),
    ("challenge bob klingon", "I don't understand 'klingon'. Variants: italian,"),
    ("play level x", "level needs a number"),
    ("play level 9", "The bot level cannot be 9: allowed are 1-5."),
    ("rules klingon", "klingon"),
    ("board #999", "There is no game #999."),
    ("board #x1", "'#x1' is not a game number"),
    ("pdn 999", "There is no game #999."),
    ("switch", "Which game?"),
    ("challenge bob white", "Game #1 begins"),
    ("games extra", "games takes no options"),
    ("board 1 2", "I don't understand '1 2' here."),
    ("move", "Which move?"),
    ("hello", "Unknown command 'hello'."),
    ("move hello", "I could not read that move"),
    ("99-1", "99 is not a square on this board."),
    ("22-17", "22-17 is not a legal move for that piece."),
    ("22-26", "26 is already occupied."),  # a White man starts on 26
    ("rules #1", "rules takes a variant, not a game"),
    ("resign", "local:alice resigned."),
    ("22-18", "Game #1 is over. Black wins: White resigned."),
    ("resign", "Game #1 is over"),
    ("hint", "Hint for game #1:"),  # finished games are open to hints
]


def test_bad_input_everywhere_gets_a_sentence_and_changes_nothing(tmp_path: Path) -> None:
    async def analyser(position: Position, history: object) -> Analysis:

        return await engine.analyse(position, depth=2)

    text = session([line for line, _ in BAD_INPUT] + ["quit"], tmp_path, analyser=analyser)
    assert "Traceback" not in text
    chunks = re.split(r"^(?:dama|#\d+[^>\n]*)> ", text, flags=re.MULTILINE)[1:]
    assert len(chunks) == len(BAD_INPUT) + 1
    for (line, expected), chunk in zip(BAD_INPUT, chunks, strict=False):
        assert chunk.startswith(line + "\n"), (line, chunk)
        assert expected in chunk, (line, chunk)
    db = tmp_path / "dama.sqlite3"
    assert table(db, "SELECT ply, result, termination FROM games") == [(0, "0-1", "resignation")]
    assert table(db, "SELECT count(*) FROM moves") == [(0,)]


def test_games_of_discord_players_are_not_played_locally(tmp_path: Path) -> None:
    async def scenario() -> str:
        db = await Database.open(tmp_path / "dama.sqlite3")
        try:
            service = Service(db, engine=RandomEngine(random.Random(1)))
            challenge = await service.challenges.create(10**17, 10**17 + 1)
            started = await service.challenges.accept(challenge.id, 10**17 + 1)
            out = io.StringIO()
            local = LocalSession(service, out, boards_dir=tmp_path / "boards")
            await local.start()
            for line in (f"board #{started.game.id}", f"move 22-18 #{started.game.id}", "games"):
                await local.handle(line)
            version = (await service.queries.game(started.game.id)).version
            assert version == started.game.version
            return out.getvalue()
        finally:
            await db.close()

    text = asyncio.run(scenario())
    assert text.count("Game #1 is not a local game (it is played on Discord).") == 2
    assert "No active games." in text


def test_a_whole_game_against_the_bot(tmp_path: Path) -> None:
    """Play the first legal move each turn until the game ends; the bot answers every move."""

    async def scenario() -> tuple[str, int]:
        db = await Database.open(tmp_path / "dama.sqlite3")
        try:
            service = Service(db, engine=RandomEngine(random.Random(3)))
            out = io.StringIO()
            local = LocalSession(service, out, boards_dir=tmp_path / "boards")
            await local.start()
            await local.handle("play white level 2")
            for _ in range(400):
                game = await service.queries.game(1)
                if not game.active:
                    break
                first = game.position.legal_moves()[0]
                await local.handle("move " + format_move(game.position, first, full=True))
            return out.getvalue(), (await service.queries.game(1)).ply
        finally:
            await db.close()

    text, plies = asyncio.run(scenario())
    assert "Game #1 is over. " in text
    assert text.count("local:alice played") == (plies + 1) // 2
    assert text.count("Dama bot (level 2) played") == plies // 2


def test_board_text_geometry() -> None:
    italian = find_variant("italian")
    rows = board_text(parse_fen(italian, italian.start_fen)).splitlines()
    squares = squares_of(rows)
    assert all(squares[n] == "b" for n in range(1, 13))
    assert all(squares[n] == "." for n in range(13, 21))
    assert all(squares[n] == "w" for n in range(21, 33))
    # square 1 is a8: top row, left-most dark square (docs/RULES.md: 1 = a8, dark corner at the bottom right)
    assert rows[0].split("|")[1].split()[0] == "1"
    assert rows[7].split("|")[0].rstrip().endswith("w") and rows[7].split("|")[1].split()[-1] == "32"
    # an algebraic variant gets files and ranks instead of numbers
    russian = find_variant("russian")
    text = board_text(parse_fen(russian, russian.start_fen)).splitlines()
    assert text[-1].split() == list("abcdefgh")
    assert text[0].startswith(" 8") and text[7].startswith(" 1")


@pytest.mark.parametrize("variant", ["international", "frisian"])
def test_board_text_of_ten_by_ten(variant: str) -> None:
    rules = find_variant(variant)
    rows = board_text(parse_fen(rules, rules.start_fen)).splitlines()
    squares = [cell for row in rows for cell in row.split("|")[0].split()]
    assert len(rows) == 10 and len(squares) == 50
    assert squares[:20] == ["b"] * 20 and squares[30:] == ["w"] * 20


def test_algebraic_moves_typed_alone_and_examples_in_the_games_notation(tmp_path: Path) -> None:
    """Russian: squares a1-h8, White's men on ranks 1-3 (a1, c1, ..., h2, ..., g3), Black's on ranks 6-8."""
    text = session(
        ["challenge bob russian white", "f6-e5", "21-17", "move", "c3-d4", "quit"],
        tmp_path,
        engine=RandomEngine(random.Random(1)),
    )
    assert "Unknown command" not in text
    # f6 holds a black man: the rules' own reason, with the legal moves in algebraic notation
    assert "The piece on f6 belongs to your opponent. Legal: a3-b4, c3-b4, c3-d4" in text
    # a numeric move in an algebraic game: the examples are Russian moves, never 22-18
    refused = text[text.index("> 21-17") :].splitlines()[1]
    assert "22-18" not in refused and re.search(r"Write (it|a move) like [a-h][1-8]-[a-h][1-8]", refused)
    assert re.search(r"Which move\? For example: move [a-h][1-8]-[a-h][1-8]", text)
    assert "local:alice played c3-d4." in text


def test_playing_black_puts_black_at_the_bottom_of_text_and_picture(tmp_path: Path) -> None:
    """Italian: squares 1-4 are Black's back row (1 = a8). Seen from Black they are the bottom row."""
    text = session(["play level 1 black", "quit"], tmp_path, engine=RandomEngine(random.Random(2)))
    diagram = text[text.rindex("Game #1 · Italian draughts") :].splitlines()[1:9]
    bottom_cells, bottom_key = diagram[-1].split("|")
    top_cells, _ = diagram[0].split("|")
    assert bottom_cells.split() == ["b"] * 4  # Black's back row, untouched by White's first move
    assert sorted(int(n) for n in bottom_key.split()) == [1, 2, 3, 4]
    assert "b" not in top_cells.split()
    with Image.open(tmp_path / "boards" / "game-1.png") as shown:
        game_fen = table(tmp_path / "dama.sqlite3", "SELECT current_fen FROM games")[0][0]
        assert isinstance(game_fen, str)
        position = parse_fen(find_variant("italian"), game_fen)


        flipped = Image.open(io.BytesIO(render_board(position, RenderOptions(size=560, flip=True))))
        upright = Image.open(io.BytesIO(render_board(position, RenderOptions(size=560))))
        # compare the board area (the caption band differs): closer to the flipped drawing
        box = (0, 0, 560, 560)
        def distance(a: Image.Image, b: Image.Image) -> int:
            pa, pb = a.convert("L").crop(box).tobytes(), b.convert("L").crop(box).tobytes()
            return sum(abs(x - y) for x, y in zip(pa, pb, strict=True))
        assert distance(shown, flipped) < distance(shown, upright)


def test_local_pdn_names_local_mode_and_finished_hints_point_to_earlier_plies(tmp_path: Path) -> None:
    calls: list[Position] = []

    async def analyser(position: Position, history: object) -> Analysis:
        calls.append(position)
        return await engine.analyse(position, depth=2)

    text = session(
        ["challenge bob white", "22-18", "11-14", "hint ply 1", "resign", "pdn", "hint ply 1", "hint ply 9", "games"],
        tmp_path,
        analyser=analyser,
    )
    assert '[Site "Dama local mode"]' in text and '[Site "Discord' not in text
    assert "Choosing an earlier position is for finished games" in text
    assert "Hint for game #1 after ply 1:" in text
    assert calls and calls[-1].turn.label == "Black"  # after ply 1 Black is to move
    assert "Game #1 has 2 plies; choose a ply from 0 to 2." in text


def test_pictures_can_be_switched_off(tmp_path: Path) -> None:
    text = session(["pictures off", "challenge bob white", "22-18", "games", "quit"], tmp_path)
    assert "Board pictures off" in text and "Board picture:" not in text
    assert not (tmp_path / "boards").exists()
    assert "* marks the current game" in text


def test_a_local_game_can_start_from_a_fen(tmp_path: Path) -> None:
    """Italian: White king on 14 and man on 22, Black men on 5 (b7) and 6 (d7), Black to move. A FEN with
    no piece of one side starts no game (W:W22 would be over after one move)."""
    text = session(
        ["challenge bob white fen B:W33:B5", "play italian fen W:W22", "challenge bob fen B:W:B5",
         "challenge bob white fen B:WK14,22:B5,6", "5-9", "quit"],
        tmp_path,
    )  # fmt: skip
    assert "In that FEN, 33 is not a square of this board." in text
    assert "A game cannot start from that position: Black has no piece. Give both sides pieces" in text
    assert "A game cannot start from that position: White has no piece. Give both sides pieces" in text
    assert "local:bob played 5-9." in text
    assert table(tmp_path / "dama.sqlite3", "SELECT start_fen, ply FROM games") == [("B:WK14,22:B5,6", 1)]


def test_a_move_meets_the_waiting_reply_and_the_bot_answers_it_at_once(tmp_path: Path) -> None:
    """The service's one move loop, as Discord and the timers play it (tests/e2e/test_move_loop.py): the player
    enters a conditional reply while the bot thinks; the bot's answer meets it, and the bot answers again."""
    first, line, plies = waiting_line()

    async def scenario() -> tuple[str, list[tuple[str, int]]]:
        db = await Database.open(tmp_path / "dama.sqlite3")
        try:
            async def enter_line() -> None:
                await service.premoves.add(1, ALICE_ID, line)

            service = Service(db, engine=FirstMoveEngine(enter_line))
            out = io.StringIO()
            local = LocalSession(service, out, boards_dir=tmp_path / "boards", pictures=False)
            await local.start()
            await local.handle("play white level 1")
            await local.handle("move " + first)
            return out.getvalue(), [(m.notation, m.player_id) for m in await service.queries.history(1)]
        finally:
            await db.close()

    text, played = asyncio.run(scenario())
    assert [n for n, _ in played] == plies and played[0][1] == played[2][1] == ALICE_ID
    assert f"local:alice played {first}." in text
    assert plies[2] in text and plies[3] in text  # the conditional reply and the bot's answer to it, each shown
