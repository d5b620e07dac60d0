"""The command line contract and animated replays."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from render import RenderOptions, render_replay
from render.cli import main
from render.replay import FRAME_MS, LAST_FRAME_MS
from tests.render.support import ITALIAN

MOVES = "23-19 10-13 21-18 6-10 26-21 13-17 29-26 2-6 28-23 10-14 19x10 5x14 22-19 12-15 19x10 6x29"


def test_cli_writes_a_png(tmp_path):
    out = tmp_path / "board.png"
    code = main(
        [
            "italian",
            "--moves",
            "22-18 9-13",
            "--last-move",
            "18x9",
            "--theme",
            "dark",
            "--flip",
            "--size",
            "400",
            "-o",
            str(out),
        ]
    )
    assert code == 0
    image = Image.open(out)
    assert image.format == "PNG" and image.width == 400


def test_cli_clamps_sizes_to_what_discord_shows(tmp_path):
    out = tmp_path / "big.png"
    assert main(["italian", "--size", "5000", "-o", str(out)]) == 0
    assert Image.open(out).width == 1200


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["italian", "--theme", "neon"], "unknown theme"),
        (["italian", "--size", "0"], "--size"),
        (["italian", "--size", "huge"], "--size"),
        (["italian", "--fen", "W:W99:B1"], "FEN"),
        (
            ["italian", "--moves", "22-19 9-14 19-15"],
            "move 2 (9-14): 9-14 is not a legal move for that piece. Legal: 9-13",
        ),
        # a capture was due: the rules' reason in words with the legal moves, never an internal code
        (["italian", "--moves", "22-18 11-14 18x11 10-14"], "Capturing is compulsory: you must capture 1 piece"),
        (["italian", "--last-move", "banana"], "Write it like 21-17"),
        (["no-such-variant"], "I don't know the variant 'no-such-variant'"),
        (["italian", "--bogus"], "unrecognized"),
        (["italian", "--replay"], "--replay needs --moves"),
    ],
)
def test_cli_bad_options_give_one_line_and_exit_2(tmp_path, capsys, args, words):
    code = main([*args, "-o", str(tmp_path / "x.png")])
    err = capsys.readouterr().err
    assert code == 2
    assert err.count("\n") == 1 and err.startswith("render: error:") and "Traceback" not in err
    assert words in err
    assert "_" not in err.split("Known:")[0].replace(str(tmp_path), "")  # no reason codes like capture_compulsory
    assert not (tmp_path / "x.png").exists()


def test_cli_replay_writes_an_animation(tmp_path):
    out = tmp_path / "game.gif"
    assert main(["italian", "--replay", "--moves", MOVES, "--size", "300", "-o", str(out)]) == 0
    image = Image.open(out)
    assert image.format == "GIF" and image.n_frames == len(MOVES.split()) + 1


def _durations(image: Image.Image) -> list[int]:
    out = []
    for index in range(image.n_frames):
        image.seek(index)
        out.append(int(image.info["duration"]))
    return out


@pytest.mark.parametrize("fmt", ["gif", "webp"])
def test_replay_one_frame_per_ply_last_held_longer(fmt):
    moves = MOVES.split()
    data = render_replay(ITALIAN, None, moves, RenderOptions(size=260), fmt=fmt)
    image = Image.open(io.BytesIO(data))
    assert image.format == fmt.upper() and image.n_frames == len(moves) + 1
    if fmt == "gif":  # Pillow reports per-frame durations for GIF only
        _check_durations(_durations(image))
    # the frames differ: a move is drawn on each
    image.seek(1)
    one = image.convert("RGB").tobytes()
    image.seek(2)
    assert image.convert("RGB").tobytes() != one


def _check_durations(durations: list[int]) -> None:
    assert durations[-1] == LAST_FRAME_MS > FRAME_MS
    assert set(durations[1:-1]) == {FRAME_MS}


def test_replay_is_deterministic():
    moves = MOVES.split()[:6]
    assert render_replay(ITALIAN, None, moves, RenderOptions(size=240)) == render_replay(
        ITALIAN, None, moves, RenderOptions(size=240)
    )
