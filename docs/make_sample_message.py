"""Draw docs/sample-message.png: what a game message looks like in Discord (a mock-up of the client).

The board is the real renderer's output for a real game; the embed fields are the ones bot/boards.py
game_embed() sends. Run: .venv/bin/python docs/make_sample_message.py
"""

from __future__ import annotations

import io
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

from render import RenderOptions, render_board
from rules import Game, find_variant, format_move

OUT = Path(__file__).with_name("sample-message.png")
MOVES = "23-19 10-13 21-18 6-10 26-21 13-17 29-26 2-6 28-23 10-14 19x10 5x14 22-19 12-15 19x10 6x13x22x29".split()  # noqa: SIM905


def main() -> None:
    rules = find_variant("italian")
    game = Game(rules)
    for text in MOVES[:-1]:
        game.play(text)
    before = game.position
    last = game.play(MOVES[-1])
    board_png = render_board(game.position, RenderOptions(size=400, last_move=last, white_name="Giulia",
                                                          black_name="Marco", move_number=game.ply // 2 + 1))
    board = Image.open(io.BytesIO(board_png)).convert("RGB")
    names = before.board.names
    last_text = format_move(before, last, full=True)
    if last.captures:
        last_text += " (takes " + ", ".join(names[s] for s in last.captures) + ")"

    width, height = 640, 300 + board.height
    image = Image.new("RGB", (width, height), "#313338")
    draw = ImageDraw.Draw(image)
    font = ImageFont.load_default(15)
    bold = ImageFont.load_default(16)
    small = ImageFont.load_default(12)
    draw.ellipse((16, 16, 56, 56), fill="#5865f2")
    draw.text((26, 26), "D", font=ImageFont.load_default(20), fill="white")
    draw.text((70, 16), "Dama", font=bold, fill="#f2f3f5")
    draw.rounded_rectangle((118, 18, 150, 34), 3, fill="#5865f2")
    draw.text((122, 19), "APP", font=small, fill="white")
    draw.text((70, 38), f"Marco played {last_text}. @Giulia, your move.", font=font, fill="#dbdee1")
    top = 66
    draw.rounded_rectangle((70, top, width - 16, height - 60), 4, fill="#2b2d31")
    draw.rectangle((70, top, 74, height - 60), fill="#b5651d")
    draw.text((88, top + 12), f"Game #12 · {rules.name}", font=bold, fill="#f2f3f5")
    fields = [
        ("White", "Giulia"), ("Black", "Marco"), ("Move", str(game.ply // 2 + 1)),
        ("Last move", format_move(before, last)), ("To move", "White: Giulia"), ("Deadline", "in 3 days"),
    ]
    for index, (name, value) in enumerate(fields):
        x = 88 + (index % 3) * 180
        y = top + 42 + (index // 3) * 44
        draw.text((x, y), name, font=small, fill="#b5bac1")
        draw.text((x, y + 16), value, font=font, fill="#dbdee1")
    image.paste(board, (88, top + 134))
    draw.text((88, top + 142 + board.height), "rated · 3 days per move", font=small, fill="#b5bac1")
    x = 70
    for label, colour in (("Move", "#248046"), ("Type a move", "#4e5058"), ("Offer draw", "#4e5058"),
                          ("Resign", "#da373c")):
        w = int(draw.textlength(label, font=font)) + 28
        draw.rounded_rectangle((x, height - 48, x + w, height - 16), 4, fill=colour)
        draw.text((x + 14, height - 41), label, font=font, fill="white")
        x += w + 8
    image.save(OUT, optimize=True)
    print(OUT)  # noqa: T201


if __name__ == "__main__":
    main()
